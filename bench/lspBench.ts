/**
 * Server CPU per keystroke, memory, and hover and completion round trips over LSP (`npm run bench:lsp`; `--nodes=1000,5000`,
 * `--edits=N`, `--entries=N`, `--transport=ipc|stdio`, `--json`).
 *
 * For each size, starts the built server (`dist/server.js`) as VS Code does (over Node IPC:
 * {@link vsCodeTransport}; `--transport=stdio` as editors that talk to it over its standard
 * streams, which costs more per message), opens a
 * generated text Pearl (bench/pearlGenerator.ts, 1,000 and 5,000 nodes by default) and types one character at a time into
 * the script of a late node (incremental `didChange`, inside a string literal). Each keystroke waits
 * for the diagnostics of its version, then until the server has been idle a moment, so the whole
 * cost of the keystroke (parse, every rule, publishing, the garbage it leaves) falls in its window.
 * CPU time is the sum over the server's threads (main, garbage collector, libuv) of
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds on the CPU), read before and after: Linux only.
 * Memory is the server's resident set after the typing and its peak (/proc/<pid>/status VmRSS and
 * VmHWM), what the editor's machine gives the server.
 *
 * Before the typing, the client (announcing VS Code's completion capabilities) times round trips
 * on the value of a `toNodeId` at about 90% of the file: hovers, and completions each followed by
 * the `completionItem/resolve` of the first item when the list leaves details to it (VS Code
 * resolves the item it focuses at once), one request at a time, after a warm-up.
 *
 * Last, at each size, it types in a Pearl inside a workspace folder as a repository has one
 * (about `--entries` folder entries, 20,000 by default, and 63 walks files, 3 of them of that
 * Pearl: {@link writeWalksWorkspace}), each keystroke followed by a pause and the requests VS Code
 * makes then ({@link requestsAfterPause}), and reports the server's CPU from the keystroke to idle
 * after the pause: what a user who types a little then stops costs.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Position } from 'vscode-languageserver-types';
import { walksRecheckDelayMs } from '../server/src/walks/walksWorkspace';
import { LspClient } from '../test/helpers/lspClient';
import { generateTextPearl } from './pearlGenerator';
import { generateWalksFile } from './walksGenerator';

/** Report of one run, times in milliseconds. */
export interface LspBenchReport {
  nodes: number;
  edits: number;
  /** How the bench talked to the server. */
  transport: LspTransport;
  /** Median, 90th percentile and maximum of server CPU time per keystroke. */
  cpuP50Ms: number;
  cpuP90Ms: number;
  cpuMaxMs: number;
  /** Median wall time from sending the change to receiving its diagnostics (includes the 200 ms debounce). */
  latencyP50Ms: number;
  /** Median round trip of a hover, and of a completion (with its resolve), on a late `toNodeId` value. */
  hoverP50Ms: number;
  completionP50Ms: number;
  /** The server's resident set after the typing (VmRSS) and its peak over the run (VmHWM), in MiB. */
  rssMiB: number;
  peakRssMiB: number;
  loadAverage: number[];
  date: string;
}

/** The resident set (VmRSS) and its peak (VmHWM) of process `pid`, in MiB (Linux: /proc). */
export function processMemoryMiB(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: read('VmRSS'), peak: read('VmHWM') };
}

/** CPU time of every thread of process `pid` so far, in milliseconds (Linux: /proc). */
export function processCpuMs(pid: number): number {
  let nanoseconds = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      nanoseconds += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return nanoseconds / 1e6;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server has used less than 1 ms of CPU over 50 ms (at most 2 s). */
export async function waitForIdle(pid: number): Promise<void> {
  const end = performance.now() + 2_000;
  let before = processCpuMs(pid);
  while (performance.now() < end) {
    await sleep(50);
    const now = processCpuMs(pid);
    if (now - before < 1) return;
    before = now;
  }
}

/** What {@link typeKeystrokes} measured, one entry per keystroke, in milliseconds. */
export interface KeystrokeTimes {
  /** Server CPU time (every thread) from the change to the server idle again. */
  cpu: number[];
  /** Wall time from sending the change to receiving the diagnostics of its version. */
  latency: number[];
}

/**
 * Types `edits` letters one at a time into the script of a node at about 90% of `text`, open in
 * `client` as `uri` at version 1 (its diagnostics received): each keystroke waits for the
 * diagnostics of its version, then until the server is idle. `perSample` keystrokes are summed
 * into each entry (1 normally; `npm run bench:compare --self-test` doubles the work of one side).
 * The first `warmup` keystrokes are typed the same way but not measured (the server's first
 * incremental parses cost more while its code is being compiled). With `pauseMs`, each keystroke
 * is followed by that pause (a user who stops typing) and the requests VS Code makes then
 * ({@link requestsAfterPause}) before the wait for the server to go idle, so what the server does
 * after a pause (the re-check of the Pearl's walks files, the outline, folding…) is in its window.
 * @throws Error when the server is not running or a diagnostics publish does not come within 60 s.
 */
export async function typeKeystrokes(
  client: LspClient,
  uri: string,
  text: string,
  edits: number,
  perSample = 1,
  warmup = 0,
  pauseMs = 0,
): Promise<KeystrokeTimes> {
  const pid = client.pid;
  if (pid === undefined) throw new Error('the server did not start');
  // Type into the script of a node at about 90% of the file.
  const scriptKey = '"script": "';
  let offset = text.indexOf(scriptKey, Math.floor(text.length * 0.9)) + scriptKey.length;
  const cpu: number[] = [];
  const latency: number[] = [];
  await waitForIdle(pid);
  const lineOf = (at: number): { line: number; character: number } => {
    const before = text.slice(0, at);
    const line = before.split('\n').length - 1;
    return { line, character: at - (before.lastIndexOf('\n') + 1) };
  };
  let version = 1;
  for (let sample = -warmup; sample < edits; sample++) {
    let cpuMs = 0;
    let latencyMs = 0;
    for (let repeat = 0; repeat < perSample; repeat++) {
      version++;
      const typed = 'abcdefghijklmnopqrstuvwxyz'[version % 26];
      const position = lineOf(offset);
      const cpuBefore = processCpuMs(pid);
      const sent = performance.now();
      const expected = version;
      await client.change(uri, version, [{ range: { start: position, end: position }, text: typed }]);
      await client.waitForDiagnostics(uri, (params) => params.version === expected, 60_000);
      latencyMs += performance.now() - sent;
      if (pauseMs > 0) {
        await sleep(Math.max(0, sent + pauseMs - performance.now()));
        await requestsAfterPause(client, uri, { line: position.line, character: position.character + 1 });
      }
      await waitForIdle(pid);
      cpuMs += processCpuMs(pid) - cpuBefore;
      text = text.slice(0, offset) + typed + text.slice(offset);
      offset++;
    }
    if (sample < 0) continue;
    cpu.push(cpuMs);
    latency.push(latencyMs);
  }
  return { cpu, latency };
}

/**
 * The requests VS Code makes of a language server when typing stops in a file it shows with its
 * default settings, one after the other: the outline (breadcrumbs, sticky scroll), the folding
 * ranges, the links, the inlay hints of the lines on screen (60 around the cursor), the code actions
 * at the cursor (the light bulb) and the highlights of what the cursor is on.
 */
export async function requestsAfterPause(client: LspClient, uri: string, cursor: Position): Promise<void> {
  const textDocument = { uri };
  const here = { start: cursor, end: cursor };
  await client.request('textDocument/documentSymbol', { textDocument }, 60_000);
  await client.request('textDocument/foldingRange', { textDocument }, 60_000);
  await client.request('textDocument/documentLink', { textDocument }, 60_000);
  const screen = { start: { line: Math.max(0, cursor.line - 30), character: 0 }, end: { line: cursor.line + 30, character: 0 } };
  await client.request('textDocument/inlayHint', { textDocument, range: screen }, 60_000);
  await client.request('textDocument/codeAction', { textDocument, range: here, context: { diagnostics: [], triggerKind: 2 } }, 60_000);
  await client.request('textDocument/documentHighlight', { textDocument, position: cursor }, 60_000);
}

/** The transports the bench can talk to the server over (what `dist/server.js` accepts). */
export type LspTransport = 'ipc' | 'stdio';

/**
 * The transport VS Code's client starts the server with (client/src/host/nodeHost.ts,
 * `TransportKind.ipc`: Node's IPC channel, a JSON message per line), so the round trips measured
 * are those a VS Code user waits for.
 */
export const vsCodeTransport: LspTransport = 'ipc';

/**
 * The completion capabilities VS Code announces (vscode-languageclient's completion feature):
 * snippets, label details, Markdown documentation, the properties it resolves lazily, and the item
 * defaults a list may give once for every item (a build that ignores them sends each item whole).
 */
export const vsCodeCompletion = {
  completion: {
    completionItem: {
      snippetSupport: true,
      labelDetailsSupport: true,
      documentationFormat: ['markdown', 'plaintext'],
      resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] },
    },
    completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
  },
};

/**
 * The text document capabilities VS Code announces that change what the server answers in the
 * requests {@link requestsAfterPause} makes and in completion: {@link vsCodeCompletion}, folding
 * ranges (at most 5,000, whole lines, no collapsed text) and a hierarchical outline.
 */
export const vsCodeTextDocument = {
  ...vsCodeCompletion,
  foldingRange: { rangeLimit: 5_000, lineFoldingOnly: true, foldingRange: { collapsedText: false } },
  documentSymbol: { hierarchicalDocumentSymbolSupport: true, labelSupport: true },
};

/**
 * A completion at `position` as VS Code shows it: the list, then, when the list leaves details to
 * `completionItem/resolve` (it gives items `data`), the resolve of its first item, the one VS Code
 * focuses. Resolves to the last answer.
 */
export async function completeAsVsCode(client: LspClient, uri: string, position: Position): Promise<unknown> {
  const list = await client.complete(uri, position);
  const first = list.items[0];
  const data: unknown = first?.data ?? list.itemDefaults?.data;
  if (data === undefined || first === undefined) return list;
  return client.request('completionItem/resolve', { ...first, data }, 60_000);
}

/**
 * A pause in typing long enough for everything the server does after one, in milliseconds: the
 * walks files' re-check waits {@link walksRecheckDelayMs} of quiet after a Pearl's last change.
 */
export const typingPauseMs = walksRecheckDelayMs + 200;

/**
 * Writes into `folder` a workspace as a repository with walks files holds one: `flow.pearl.json`
 * (`pearlText`) and three walks files of ten walks naming it in `walks/` (bench/walksGenerator.ts);
 * `other.pearl.json` (a small text Pearl) and 60 walks files naming it spread over `src/`; and
 * small source files, nine to a folder, to about `entries` folder entries in all (the server lists
 * at most 20,000). Returns the file URI of `flow.pearl.json`.
 */
export function writeWalksWorkspace(folder: string, pearlText: string, entries: number): string {
  fs.mkdirSync(path.join(folder, 'walks'), { recursive: true });
  const pearlFile = path.join(folder, 'flow.pearl.json');
  fs.writeFileSync(pearlFile, pearlText);
  for (let i = 0; i < 3; i++) {
    fs.writeFileSync(
      path.join(folder, 'walks', `flow-${i + 1}.walks.json`),
      generateWalksFile(pearlText, '../flow.pearl.json', 10, 40, i + 1),
    );
  }
  const otherText = generateTextPearl(20);
  fs.writeFileSync(path.join(folder, 'other.pearl.json'), otherText);
  const modules = Math.max(1, Math.floor(entries / 10));
  for (let module = 0; module < modules; module++) {
    const moduleFolder = path.join(folder, 'src', `package${Math.floor(module / 100)}`, `module${module}`);
    fs.mkdirSync(moduleFolder, { recursive: true });
    for (let file = 0; file < 9; file++) fs.writeFileSync(path.join(moduleFolder, `file${file}.ts`), 'export {};\n');
  }
  const packages = Math.ceil(modules / 100);
  for (let i = 0; i < 60; i++) {
    const walksFile = path.join(folder, 'src', `package${i % packages}`, `other-${i + 1}.walks.json`);
    fs.writeFileSync(walksFile, generateWalksFile(otherText, '../../other.pearl.json', 3, 20, i + 1));
  }
  return pathToFileURL(pearlFile).href;
}

/** Round trips timed per request kind, after this many untimed ones. */
const requestWarmup = 20;
const requestCount = 100;

/** Median round trips of hovers and completions on the value of a `toNodeId` at about 90% of `text` (open in `client` as `uri`). */
async function timeRequests(client: LspClient, uri: string, text: string): Promise<{ hover: number; completion: number }> {
  const key = '"toNodeId": "';
  const offset = text.indexOf(key, Math.floor(text.length * 0.9)) + key.length;
  if (offset < key.length) throw new Error('bench: no toNodeId in the last tenth of the generated text');
  const before = text.slice(0, offset);
  const position = { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };
  const median = async (request: () => Promise<unknown>): Promise<number> => {
    const times: number[] = [];
    for (let i = -requestWarmup; i < requestCount; i++) {
      const start = performance.now();
      await request();
      if (i >= 0) times.push(performance.now() - start);
    }
    return percentile(times, 0.5);
  };
  return {
    hover: await median(() => client.request('textDocument/hover', { textDocument: { uri }, position }, 60_000)),
    completion: await median(() => completeAsVsCode(client, uri, position)),
  };
}

/** Opens a generated Pearl of `nodes` nodes in a new server, times hovers and completions, types `edits` letters and reads the server's memory. */
async function benchSize(nodes: number, edits: number, transport: LspTransport): Promise<LspBenchReport> {
  const text = generateTextPearl(nodes);
  const uri = 'file:///bench/keystrokes.pearl.json';
  const client = LspClient.start(transport);
  const { cpu, latency, memory, requests } = await (async () => {
    try {
      await client.initialize({ textDocument: vsCodeCompletion });
      await client.open(uri, text, 1);
      await client.waitForDiagnostics(uri, (params) => params.version === 1, 60_000);
      if (client.pid === undefined) throw new Error('the server did not start');
      await waitForIdle(client.pid);
      const requests = await timeRequests(client, uri, text);
      const times = await typeKeystrokes(client, uri, text, edits);
      return { ...times, requests, memory: processMemoryMiB(client.pid) };
    } finally {
      await client.dispose();
    }
  })();
  return {
    nodes,
    edits,
    transport,
    cpuP50Ms: percentile(cpu, 0.5),
    cpuP90Ms: percentile(cpu, 0.9),
    cpuMaxMs: Math.max(...cpu),
    latencyP50Ms: percentile(latency, 0.5),
    hoverP50Ms: requests.hover,
    completionP50Ms: requests.completion,
    rssMiB: memory.rss,
    peakRssMiB: memory.peak,
    loadAverage: os.loadavg(),
    date: new Date().toISOString(),
  };
}

/** Median server CPU per keystroke followed by a pause, in milliseconds, with the workspace that measured it. */
export interface LspPauseReport {
  nodes: number;
  entries: number;
  edits: number;
  transport: LspTransport;
  cpuP50Ms: number;
  cpuP90Ms: number;
  loadAverage: number[];
  date: string;
}

/**
 * Starts `client`'s server with the workspace folder `folder` (as VS Code gives it), opens `text`
 * as `pearlUri`, waits for its diagnostics and the walks re-check after the open, then types
 * `edits` measured keystrokes after 2 unmeasured ones, each followed by a pause and VS Code's
 * requests then ({@link typeKeystrokes} with {@link typingPauseMs}; `perSample` as there).
 * @throws Error when the server does not start or a publish does not come within 60 s.
 */
export async function typeWithPausesInWorkspace(
  client: LspClient,
  folder: string,
  pearlUri: string,
  text: string,
  edits: number,
  perSample = 1,
): Promise<KeystrokeTimes> {
  await client.initialize({ workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'bench' }], textDocument: vsCodeTextDocument });
  await client.open(pearlUri, text, 1);
  await client.waitForDiagnostics(pearlUri, (params) => params.version === 1, 60_000);
  if (client.pid === undefined) throw new Error('the server did not start');
  await sleep(typingPauseMs);
  await waitForIdle(client.pid);
  return typeKeystrokes(client, pearlUri, text, edits, perSample, 2, typingPauseMs);
}

/**
 * Server CPU per keystroke followed by a pause ({@link typingPauseMs}) and VS Code's requests then, in a Pearl of `nodes`
 * nodes inside a workspace of about `entries` folder entries and 63 walks files
 * ({@link writeWalksWorkspace}), the workspace folder given to the server as VS Code gives it.
 */
async function benchPauses(nodes: number, entries: number, edits: number, transport: LspTransport): Promise<LspPauseReport> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-bench-workspace-'));
  try {
    const text = generateTextPearl(nodes);
    const uri = writeWalksWorkspace(folder, text, entries);
    const client = LspClient.start(transport);
    try {
      const { cpu } = await typeWithPausesInWorkspace(client, folder, uri, text, edits);
      return {
        nodes,
        entries,
        edits,
        transport,
        cpuP50Ms: percentile(cpu, 0.5),
        cpuP90Ms: percentile(cpu, 0.9),
        loadAverage: os.loadavg(),
        date: new Date().toISOString(),
      };
    } finally {
      await client.dispose();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const option = (name: string): string | undefined =>
    process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
  const sizes = (option('nodes') ?? '1000,5000').split(',').map(Number);
  const edits = Number(option('edits') ?? 40);
  const transport = option('transport') ?? vsCodeTransport;
  if (transport !== 'ipc' && transport !== 'stdio') throw new Error(`--transport must be ipc or stdio, not ${transport}`);
  const reports: LspBenchReport[] = [];
  for (const nodes of sizes) reports.push(await benchSize(nodes, edits, transport));
  const pauses: LspPauseReport[] = [];
  for (const nodes of sizes) pauses.push(await benchPauses(nodes, Number(option('entries') ?? 20_000), Math.min(edits, 12), transport));
  if (process.argv.includes('--json')) {
    process.stdout.write(JSON.stringify({ keystrokes: reports, pauses }, null, 2) + '\n');
    return;
  }
  for (const report of reports) {
    process.stdout.write(
      `Server CPU per keystroke at ${report.nodes.toLocaleString('en-US')} nodes over ${report.edits} keystrokes: p50 ${report.cpuP50Ms.toFixed(1)} ms, ` +
        `p90 ${report.cpuP90Ms.toFixed(1)} ms, max ${report.cpuMaxMs.toFixed(1)} ms; change to diagnostics p50 ${report.latencyP50Ms.toFixed(0)} ms; ` +
        `hover on a toNodeId p50 ${report.hoverP50Ms.toFixed(2)} ms, completion there (with its resolve) p50 ${report.completionP50Ms.toFixed(2)} ms (round trips); ` +
        `RSS after typing ${report.rssMiB.toFixed(0)} MiB, peak ${report.peakRssMiB.toFixed(0)} MiB ` +
        `(over ${report.transport === 'ipc' ? 'Node IPC, as VS Code' : 'stdio'}; load average ${report.loadAverage.map((load) => load.toFixed(1)).join(' ')}; ${report.date}).\n`,
    );
  }
  for (const pause of pauses) {
    process.stdout.write(
      `Server CPU per keystroke followed by a ${typingPauseMs} ms pause and VS Code's requests then, at ${pause.nodes.toLocaleString('en-US')} nodes, ` +
        `in a workspace of ${pause.entries.toLocaleString('en-US')} folder entries and 63 walks files (3 of them of this Pearl), over ${pause.edits} keystrokes: ` +
        `p50 ${pause.cpuP50Ms.toFixed(1)} ms, p90 ${pause.cpuP90Ms.toFixed(1)} ms ` +
        `(load average ${pause.loadAverage.map((load) => load.toFixed(1)).join(' ')}; ${pause.date}).\n`,
    );
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`bench:lsp: ${String(error)}\n`);
    process.exitCode = 1;
  });
}
