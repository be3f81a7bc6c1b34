import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService, WorkspaceFileSystem } from '../../server/src/service/pearlLanguageService';
import { node, textPearl, transition } from '../helpers/documents';
import { waitFor } from '../helpers/wait';

/** An in-memory workspace: file URI → text and mtime; folders are implied by the paths. */
class MemoryFileSystem implements WorkspaceFileSystem {
  readonly files = new Map<string, { text: string; mtime: number }>();
  reads = 0;
  /** While set, every directory listing waits for it. */
  gate: Promise<void> | undefined;

  write(uri: string, text: string, mtime = 1): void {
    this.files.set(uri, { text, mtime });
  }

  async readDirectory(uri: string): Promise<{ name: string; type: 'file' | 'directory' | 'other' }[]> {
    await this.gate;
    const prefix = `${uri}/`;
    const entries = new Map<string, 'file' | 'directory'>();
    for (const file of this.files.keys()) {
      if (!file.startsWith(prefix)) continue;
      const [name, ...rest] = file.slice(prefix.length).split('/');
      entries.set(decodeURIComponent(name), rest.length > 0 ? 'directory' : 'file');
    }
    if (entries.size === 0) throw new Error(`ENOENT ${uri}`);
    return [...entries].map(([name, type]) => ({ name, type }));
  }

  async stat(uri: string): Promise<{ mtime: number; size: number }> {
    const file = this.files.get(uri);
    if (!file) throw new Error(`ENOENT ${uri}`);
    return { mtime: file.mtime, size: file.text.length };
  }

  async readFile(uri: string): Promise<string> {
    this.reads++;
    const file = this.files.get(uri);
    if (!file) throw new Error(`ENOENT ${uri}`);
    return file.text;
  }
}

const clinic = textPearl({
  nodes: [node('open', 2, [transition('greeted', 'ask')]), node('ask', 10, [transition('done', 'end')]), node('end', 100, [])],
});
const root = 'file:///ws';

function workspace(): MemoryFileSystem {
  const fileSystem = new MemoryFileSystem();
  fileSystem.write(`${root}/clinic.pearl.json`, clinic);
  fileSystem.write(`${root}/agents/sales%20team/lead.pearl.json`, textPearl({ pearl: { agentName: 'Lee' } }).replace('"Test"', '"Leads"'));
  fileSystem.write(`${root}/node_modules/pkg/skip.pearl.json`, clinic);
  fileSystem.write(`${root}/.git/skip.pearl.json`, clinic);
  fileSystem.write(`${root}/notes.json`, clinic);
  return fileSystem;
}

test('workspace symbols: nodes and variables of every *.pearl.json, with the Pearl as container', async () => {
  const fileSystem = workspace();
  const service = getLanguageService({ fileSystem });
  service.setWorkspaceFolders([root]);
  const symbols = await service.findWorkspaceSymbols('', []);
  assert.deepEqual(
    symbols.map((symbol) => [symbol.name, symbol.containerName, symbol.location.uri]),
    [
      ['ask — Node ask', 'Test', `${root}/clinic.pearl.json`],
      ['end — Node end', 'Leads', `${root}/agents/sales%20team/lead.pearl.json`],
      ['end — Node end', 'Test', `${root}/clinic.pearl.json`],
      ['first_name', 'Leads', `${root}/agents/sales%20team/lead.pearl.json`],
      ['first_name', 'Test', `${root}/clinic.pearl.json`],
      ['open — Node open', 'Leads', `${root}/agents/sales%20team/lead.pearl.json`],
      ['open — Node open', 'Test', `${root}/clinic.pearl.json`],
      ['order_id', 'Leads', `${root}/agents/sales%20team/lead.pearl.json`],
      ['order_id', 'Test', `${root}/clinic.pearl.json`],
      ['talk — Node talk', 'Leads', `${root}/agents/sales%20team/lead.pearl.json`],
    ],
  );
  // The range is the nodeId's value, where the editor puts the cursor.
  const ask = symbols[0].location.range;
  const lines = clinic.split('\n');
  assert.equal(lines[ask.start.line].slice(ask.start.character, ask.end.character), '"ask"');
});

test('workspace symbols: the query filters by characters in order, ignoring case', async () => {
  const service = getLanguageService({ fileSystem: workspace() });
  service.setWorkspaceFolders([root]);
  assert.deepEqual([...new Set((await service.findWorkspaceSymbols('FRSTnm', [])).map((symbol) => symbol.name))], ['first_name']);
  assert.deepEqual(await service.findWorkspaceSymbols('zzz', []), []);
});

test('workspace symbols: an open document wins over its file; files are read again only when their mtime changes', async () => {
  const fileSystem = workspace();
  // A list kept for 0 ms: every request lists the folders again, so only the files' mtimes decide what is read.
  const service = getLanguageService({ fileSystem, workspaceScanLimits: { listTtlMs: 0 } });
  service.setWorkspaceFolders([root]);
  await service.findWorkspaceSymbols('', []);
  assert.equal(fileSystem.reads, 2);
  const open = service.parsePearlDocument(
    TextDocument.create(
      `${root}/clinic.pearl.json`,
      'pearl',
      3,
      clinic.replace('"nodeId": "ask"', '"nodeId": "question"').replace(/"toNodeId": "ask"/, '"toNodeId": "question"'),
    ),
  );
  const names = (await service.findWorkspaceSymbols('', [open])).filter((s) => s.containerName === 'Test').map((s) => s.name);
  assert.ok(names.includes('question — Node ask') && !names.includes('ask — Node ask'), names.join());
  await service.findWorkspaceSymbols('', []);
  assert.equal(fileSystem.reads, 2, 'unchanged files are not read again');
  fileSystem.write(`${root}/clinic.pearl.json`, clinic.replace('"Test"', '"Renamed"'), 2);
  const renamed = await service.findWorkspaceSymbols('ask', []);
  assert.equal(fileSystem.reads, 3);
  assert.deepEqual(
    renamed.map((symbol) => symbol.containerName),
    ['Renamed'],
  );
});

test('workspace symbols: bounded by file count and size; a slow scan answers in time with what it has', async () => {
  const fileSystem = workspace();
  fileSystem.write(`${root}/big.pearl.json`, clinic + ' '.repeat(2000));
  const bounded = getLanguageService({ fileSystem, workspaceScanLimits: { maxFiles: 1, maxFileSize: clinic.length + 1000 } });
  bounded.setWorkspaceFolders([root]);
  const containers = new Set((await bounded.findWorkspaceSymbols('', [])).map((symbol) => symbol.location.uri));
  // Sorted listing: agents/ is listed first but only entered after the root's files; big is too large.
  assert.deepEqual([...containers], [`${root}/clinic.pearl.json`]);

  const slow = workspace();
  let release = (): void => undefined;
  slow.gate = new Promise((resolve) => (release = resolve));
  const service = getLanguageService({ fileSystem: slow, workspaceScanLimits: { maxWaitMs: 50 } });
  service.setWorkspaceFolders([root]);
  // The listing is held: the request answers (empty) without waiting for it.
  assert.deepEqual(await service.findWorkspaceSymbols('', []), []);
  release();
  // The same scan finishes in the background; the next request waits for it (at most maxWaitMs).
  const found = await waitFor(
    'the background scan to find the symbols',
    async () => (await service.findWorkspaceSymbols('', [])).length || undefined,
    {
      timeoutMs: 5_000,
      intervalMs: 0,
    },
  );
  assert.equal(found, 10);
});

test('workspace symbols without a file system: the open documents only', async () => {
  const service = getLanguageService();
  service.setWorkspaceFolders([root]);
  const open = service.parsePearlDocument(TextDocument.create(`${root}/a.pearl.json`, 'pearl', 1, clinic));
  assert.equal((await service.findWorkspaceSymbols('', [open])).length, 5);
});

test('workspace symbols: folders changed during a scan are scanned next, not after the list TTL', async () => {
  const fileSystem = workspace();
  let release = (): void => undefined;
  fileSystem.gate = new Promise((resolve) => (release = resolve));
  const service = getLanguageService({ fileSystem, workspaceScanLimits: { maxWaitMs: 10 } });
  service.setWorkspaceFolders(['file:///elsewhere']);
  assert.deepEqual(await service.findWorkspaceSymbols('', []), []);
  service.setWorkspaceFolders([root]);
  release();
  const found = await waitFor(
    'the scan of the changed folders to find the symbols',
    async () => (await service.findWorkspaceSymbols('', [])).length || undefined,
    {
      timeoutMs: 5_000,
      intervalMs: 5,
    },
  );
  assert.equal(found, 10);
});
