// Where the server reads a walks file's Pearl (server/src/walks/walksWorkspace.ts, docs/user/walks.md § Walks
// files): only a regular file inside the walks file's workspace folder, within the size bound and
// in bounded time, on node's file system (walks/nodeWalksFileAccess.ts) and through the web client
// (walks/fileSystemWalksFileAccess.ts over clientFileSystem.ts). Anything else is an Error on `pearl` and
// nothing of it is read: not in diagnostics, hover or completion.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Connection } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { createClientFileSystem } from '../../server/src/clientFileSystem';
import { PearlDocumentCache } from '../../server/src/documentCache';
import { nodeWalksFileAccess } from '../../server/src/walks/nodeWalksFileAccess';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { type WalksFileAccess, walksFileAccessFrom, walksFileLimits, WalksWorkspace } from '../../server/src/walks';
import { cleanBookingPearlText } from '../helpers/walkPearls';

const service = getLanguageService();
/** A transition name only the Pearl outside the workspace has: it must never show. */
const secret = 'Secret transition outside the workspace';
const secretPearlText = cleanBookingPearlText.replace('"Known"', JSON.stringify(secret));

let root: string;
let workspace: string;
let outside: string;

before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-walks-places-')));
  workspace = path.join(root, 'workspace');
  outside = path.join(root, 'outside');
  fs.mkdirSync(path.join(workspace, 'walks'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret.pearl.json'), secretPearlText);
  fs.writeFileSync(path.join(workspace, 'booking.pearl.json'), cleanBookingPearlText);
  fs.symlinkSync(path.join(outside, 'secret.pearl.json'), path.join(workspace, 'link.pearl.json'));
  fs.symlinkSync('/dev/zero', path.join(workspace, 'zero.pearl.json'));
  fs.mkdirSync(path.join(workspace, 'folder.pearl.json'));
  // Sparse: over the bound without writing 32 MiB.
  const big = fs.openSync(path.join(workspace, 'big.pearl.json'), 'w');
  fs.ftruncateSync(big, walksFileLimits.maxFileSize + 1);
  fs.closeSync(big);
  if (process.platform !== 'win32') execFileSync('mkfifo', [path.join(workspace, 'fifo.pearl.json')]);
});

after(() => fs.rmSync(root, { recursive: true, force: true }));

/** A walks file whose one walk takes a transition the entry node lacks: walked, it lists the node's transitions. */
function walksText(pearl: string): string {
  return JSON.stringify({ pearl, walks: [{ name: 'Probe', variables: { phone: '1' }, steps: [{ take: 'Nope' }] }] }, null, 2);
}

/** A walks workspace over `access` with `folders` open, recording what it publishes; `revalidated()` resolves at its next re-validation of an open walks file. */
function makeWorkspace(
  access: WalksFileAccess,
  folders: string[],
  readTimeoutMs?: number,
  listingLifetimeMs?: number,
): { walks: WalksWorkspace; published: Map<string, Diagnostic[]>; revalidated: () => Promise<void> } {
  const published = new Map<string, Diagnostic[]>();
  let waiting: (() => void) | undefined;
  const cache = new PearlDocumentCache(service);
  const walks = new WalksWorkspace(
    {
      service,
      cache,
      getOpenDocument: () => undefined,
      allOpenDocuments: () => [],
      workspaceFolders: () => folders,
      revalidateOpen: () => waiting?.(),
      publish: (uri, diagnostics) => published.set(uri, diagnostics),
      logError: (what, uri, error) => assert.fail(`${what} ${uri}: ${String(error)}`),
    },
    access,
    readTimeoutMs,
    listingLifetimeMs,
  );
  const revalidated = (): Promise<void> => new Promise((resolve) => (waiting = resolve));
  return { walks, published, revalidated };
}

/** The diagnostics of the walks file `name` of the workspace, written with `pearl`, checked from disk. */
async function checkOnDisk(name: string, pearl: string, folders = [pathToFileURL(workspace).href]): Promise<Diagnostic[]> {
  const file = path.join(workspace, name);
  fs.writeFileSync(file, walksText(pearl));
  const uri = pathToFileURL(file).href;
  const { walks, published } = makeWorkspace(nodeWalksFileAccess, folders);
  await walks.checkUnopened(uri);
  walks.dispose();
  return published.get(uri) ?? assert.fail(`nothing published for ${name}`);
}

const codesAndMessages = (diagnostics: Diagnostic[]): [unknown, string][] => diagnostics.map((d) => [d.code, d.message]);

test('a Pearl outside the workspace folder is refused, however it is written: walk-pearl-outside and nothing of it is read', async () => {
  const secretPath = path.join(outside, 'secret.pearl.json');
  const cases: [string, string][] = [
    ['../outside/secret.pearl.json', 'it is outside the workspace folder'],
    ['%2e%2e/outside/secret.pearl.json', 'it is outside the workspace folder'],
    ['walks/../../outside/secret.pearl.json', 'it is outside the workspace folder'],
    [secretPath, 'it is an absolute path; write it relative to this walks file'],
    [pathToFileURL(secretPath).href, 'it is a URL; write a path relative to this walks file'],
    ['..\\outside\\secret.pearl.json', 'its path has backslashes; write it with forward slashes, relative to this walks file'],
    ['link.pearl.json', 'its real path, symbolic links followed, is outside the workspace folder'],
    ['zero.pearl.json', 'its real path, symbolic links followed, is outside the workspace folder'],
  ];
  for (const [pearl, reason] of cases) {
    const diagnostics = await checkOnDisk('probe.walks.json', pearl);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.message.startsWith('The Pearl ') && d.message.endsWith(` is not read: ${reason}.`)]),
      [['walk-pearl-outside', true]],
      `${pearl}: ${diagnostics.map((d) => d.message).join()}`,
    );
    assert.ok(!JSON.stringify(diagnostics).includes(secret), pearl);
  }
});

test('with no workspace folder, the walks file\'s own folder is the bound; a "../" that stays inside the workspace folder is read', async () => {
  const inside = await checkOnDisk(path.join('walks', 'up.walks.json'), '../booking.pearl.json');
  assert.deepEqual(
    inside.map((d) => d.code),
    ['walk-take-unknown'],
  );
  const noFolder = await checkOnDisk(path.join('walks', 'up.walks.json'), '../booking.pearl.json', []);
  assert.deepEqual(codesAndMessages(noFolder), [
    ['walk-pearl-outside', "The Pearl '../booking.pearl.json' is not read: it is outside the workspace folder."],
  ]);
});

test(
  'a Pearl that is not a regular file within the bound is never read: a FIFO, a folder, a file over 32 MiB',
  { skip: process.platform === 'win32' },
  async () => {
    const cases: [string, string][] = [
      ['fifo.pearl.json', 'it is not a regular file'],
      ['folder.pearl.json', 'it is a folder'],
      ['big.pearl.json', 'it is too large'],
    ];
    for (const [pearl, reason] of cases) {
      assert.deepEqual(
        codesAndMessages(await checkOnDisk('probe.walks.json', pearl)),
        [['walk-pearl-unresolved', `The Pearl '${pearl}' cannot be walked: ${reason}.`]],
        pearl,
      );
    }
    // After a FIFO, the Pearls on disk are read as before.
    assert.deepEqual(
      (await checkOnDisk('probe.walks.json', 'booking.pearl.json')).map((d) => d.code),
      ['walk-take-unknown'],
    );
  },
);

test(
  'nodeWalksFileAccess.readFile refuses devices and FIFOs, also inside the folder given, without opening them for a blocking read',
  { skip: process.platform === 'win32' },
  async () => {
    for (const device of ['/dev/zero', '/dev/urandom']) {
      await assert.rejects(nodeWalksFileAccess.readFile(pathToFileURL(device).href), { code: 'ENOTFILE' });
      await assert.rejects(nodeWalksFileAccess.readFile(pathToFileURL(device).href, 'file:///dev'), { code: 'ENOTFILE' });
    }
    const fifo = pathToFileURL(path.join(workspace, 'fifo.pearl.json')).href;
    await assert.rejects(nodeWalksFileAccess.readFile(fifo, pathToFileURL(workspace).href), { code: 'ENOTFILE' });
    await assert.rejects(nodeWalksFileAccess.readFile(fifo), { code: 'ENOTFILE' });
  },
);

test(
  'a FIFO named like a walks file (a file watcher reports it) is not opened: nothing is published and the check ends',
  { skip: process.platform === 'win32' },
  async () => {
    const fifo = path.join(workspace, 'pipe.walks.json');
    execFileSync('mkfifo', [fifo]);
    try {
      const { walks, published } = makeWorkspace(nodeWalksFileAccess, [pathToFileURL(workspace).href]);
      await walks.checkUnopened(pathToFileURL(fifo).href);
      assert.equal(published.size, 0);
      walks.dispose();
    } finally {
      fs.rmSync(fifo);
    }
  },
);

test('hover and completion in a walks file whose Pearl is refused show nothing of that Pearl', async () => {
  const { walks, revalidated } = makeWorkspace(nodeWalksFileAccess, [pathToFileURL(workspace).href]);
  for (const pearl of ['../outside/secret.pearl.json', 'link.pearl.json', 'booking.pearl.json']) {
    const document = TextDocument.create(
      pathToFileURL(path.join(workspace, `${pearl.length}.walks.json`)).href,
      'jsonc',
      1,
      walksText(pearl),
    );
    // The first validation starts the read of a Pearl on disk and validates again once it is done.
    const read = revalidated();
    const first = walks.validate(document);
    if (first.length === 0) await read;
    const features = walks.pearlForFeatures(document);
    if (pearl === 'booking.pearl.json') {
      assert.ok(features, pearl);
      continue;
    }
    assert.equal(features, undefined, pearl);
    assert.deepEqual(
      walks.validate(document).map((d) => d.code),
      ['walk-pearl-outside'],
      pearl,
    );
  }
  walks.dispose();
});

test('web worker server: a Pearl outside the folder is refused without a request to the client; one inside is read', async () => {
  const requests: string[] = [];
  const files = new Map([
    ['vscode-vfs://github/acme/agents/booking.pearl.json', cleanBookingPearlText],
    ['vscode-vfs://github/acme/other/secret.pearl.json', secretPearlText],
  ]);
  const connection = {
    sendRequest: (type: { method: string }, params: { uri: string }) => {
      requests.push(`${type.method} ${params.uri}`);
      const text = files.get(params.uri);
      if (type.method === 'pearl/workspace/stat') {
        return text === undefined ? Promise.reject(new Error('no such file')) : Promise.resolve({ mtime: 0, size: text.length });
      }
      return Promise.resolve(text ?? null);
    },
    console: { error: () => undefined },
  } as unknown as Connection;
  const access = walksFileAccessFrom(createClientFileSystem(connection));
  const folder = 'vscode-vfs://github/acme/agents';
  const { walks, revalidated } = makeWorkspace(access, [folder]);
  const cases: [string, string][] = [
    ['../other/secret.pearl.json', 'walk-pearl-outside'],
    ['%2e%2e/other/secret.pearl.json', 'walk-pearl-outside'],
    ['/acme/other/secret.pearl.json', 'walk-pearl-outside'],
    ['vscode-vfs://github/acme/other/secret.pearl.json', 'walk-pearl-outside'],
    ['..\\other\\secret.pearl.json', 'walk-pearl-outside'],
    ['booking.pearl.json', 'walk-take-unknown'],
  ];
  for (const [pearl, code] of cases) {
    const index = cases.findIndex(([written]) => written === pearl);
    const document = TextDocument.create(`${folder}/probe${index}.walks.json`, 'jsonc', 1, walksText(pearl));
    const read = revalidated();
    if (walks.validate(document).length === 0) await read;
    const diagnostics = walks.validate(document);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      [code],
      pearl,
    );
    assert.ok(!JSON.stringify(diagnostics).includes(secret), pearl);
  }
  assert.ok(!requests.some((request) => request.includes('/other/')), requests.join('\n'));
  // The access itself refuses a URI outside the folder it is given, before any request.
  requests.length = 0;
  await assert.rejects(access.readFile('vscode-vfs://github/acme/other/secret.pearl.json', folder), { code: 'EOUTSIDE' });
  assert.deepEqual(requests, []);
  walks.dispose();
});

test('a read that never answers is given up after the time bound: walk-pearl-unresolved, and dispose leaves no read waiting', async () => {
  const never: WalksFileAccess = {
    readFile: (uri) => (uri.endsWith('.walks.json') ? Promise.resolve(walksText('booking.pearl.json')) : new Promise(() => undefined)),
    findWalksFiles: () => Promise.resolve([]),
  };
  // A bound of 1 ms: the Pearl's read never answers, so only the bound ends the check.
  const { walks, published } = makeWorkspace(never, ['file:///w'], 1);
  await walks.checkUnopened('file:///w/stalled.walks.json');
  assert.deepEqual(codesAndMessages(published.get('file:///w/stalled.walks.json') ?? []), [
    ['walk-pearl-unresolved', "The Pearl 'booking.pearl.json' cannot be walked: reading it took too long."],
  ]);
  // The default bound, and the server shuts down while the read waits: dispose gives it up.
  let reading!: () => void;
  const started = new Promise<void>((resolve) => (reading = resolve));
  const stalled: WalksFileAccess = { ...never, readFile: (uri) => (uri.endsWith('.pearl.json') && reading(), never.readFile(uri)) };
  const disposing = makeWorkspace(stalled, ['file:///w']);
  const pending = disposing.walks.checkUnopened('file:///w/other.walks.json');
  await started;
  disposing.walks.dispose();
  await pending;
  assert.equal(disposing.published.get('file:///w/other.walks.json')?.[0]?.code, 'walk-pearl-unresolved');
});

test('coverage of a Pearl counts no walk of a walks file whose pearl reaches it from outside its own workspace folder', async () => {
  const texts = new Map([
    ['file:///ws/a/inside.walks.json', walksText('booking.pearl.json')],
    ['file:///ws/b/across.walks.json', walksText('../a/booking.pearl.json')],
  ]);
  const access: WalksFileAccess = {
    readFile: (uri) => Promise.resolve(texts.get(uri) ?? cleanBookingPearlText),
    findWalksFiles: () => Promise.resolve([...texts.keys()]),
  };
  const { walks } = makeWorkspace(access, ['file:///ws/a', 'file:///ws/b']);
  const pearl = service.parsePearlDocument(TextDocument.create('file:///ws/a/booking.pearl.json', 'pearl', 1, cleanBookingPearlText));
  const coverage = await walks.coverage(pearl);
  assert.deepEqual(
    coverage.walks.map((walk) => walk.uri),
    ['file:///ws/a/inside.walks.json'],
  );
  walks.dispose();
});

test('the walks file Save as walk extends: read on disk or through the web client, no text when missing, a refusal when unreadable', async () => {
  const onDisk = makeWorkspace(nodeWalksFileAccess, [pathToFileURL(workspace).href]).walks;
  const booking = pathToFileURL(path.join(workspace, 'booking.pearl.json')).href;
  assert.deepEqual(await onDisk.walksFileText(booking), { uri: booking, text: cleanBookingPearlText, version: null });
  const missing = pathToFileURL(path.join(workspace, 'missing.walks.json')).href;
  assert.deepEqual(await onDisk.walksFileText(missing), { uri: missing, text: undefined, version: null });
  await assert.rejects(onDisk.walksFileText(pathToFileURL(path.join(workspace, 'folder.pearl.json')).href), { code: 'EISDIR' });
  onDisk.dispose();

  // The web client refuses the stat of a missing file: that file is missing, not unreadable.
  const files = new Map([['vscode-vfs://github/acme/agents/booking.walks.json', '{ "walks": [] }']]);
  const connection = {
    sendRequest: (type: { method: string }, params: { uri: string }) => {
      const text = files.get(params.uri);
      if (type.method === 'pearl/workspace/stat')
        return text === undefined ? Promise.reject(new Error('no such file')) : Promise.resolve({ mtime: 0, size: text.length });
      return Promise.resolve(text ?? null);
    },
    console: { error: () => undefined },
  } as unknown as Connection;
  const web = makeWorkspace(walksFileAccessFrom(createClientFileSystem(connection)), ['vscode-vfs://github/acme/agents']).walks;
  assert.deepEqual(await web.walksFileText('vscode-vfs://github/acme/agents/booking.walks.json'), {
    uri: 'vscode-vfs://github/acme/agents/booking.walks.json',
    text: '{ "walks": [] }',
    version: null,
  });
  assert.deepEqual(await web.walksFileText('vscode-vfs://github/acme/agents/new.walks.json'), {
    uri: 'vscode-vfs://github/acme/agents/new.walks.json',
    text: undefined,
    version: null,
  });
  web.dispose();
});

test('typing pauses in a Pearl re-check its walks files without walking the folders again: only the walks files naming it are read; file events update the listing', async () => {
  const booking = 'file:///ws/booking.pearl.json';
  const texts = new Map([
    [booking, cleanBookingPearlText],
    ['file:///ws/other.pearl.json', cleanBookingPearlText],
    ['file:///ws/a.walks.json', walksText('booking.pearl.json')],
    ['file:///ws/sub/b.walks.json', walksText('../other.pearl.json')],
  ]);
  let listings = 0;
  const read: string[] = [];
  const access: WalksFileAccess = {
    readFile: (uri) => {
      read.push(uri);
      const text = texts.get(uri);
      return text === undefined ? Promise.reject(Object.assign(new Error(`${uri} is missing`), { code: 'ENOENT' })) : Promise.resolve(text);
    },
    findWalksFiles: () => {
      listings++;
      return Promise.resolve([...texts.keys()].filter((uri) => uri.endsWith('.walks.json')));
    },
  };
  const { walks, published } = makeWorkspace(access, ['file:///ws']);
  const recheck = async (): Promise<string[]> => {
    read.length = 0;
    published.clear();
    await walks.recheckWalksOf(booking);
    return read.filter((uri) => uri.endsWith('.walks.json')).sort();
  };
  const codes = (uri: string): unknown[] => (published.get(uri) ?? assert.fail(`nothing published for ${uri}`)).map((d) => d.code);

  assert.deepEqual(
    await recheck(),
    ['file:///ws/a.walks.json', 'file:///ws/sub/b.walks.json'],
    'the first re-check reads every walks file',
  );
  assert.deepEqual(codes('file:///ws/a.walks.json'), ['walk-take-unknown']);
  assert.equal(published.has('file:///ws/sub/b.walks.json'), false, 'a walks file of another Pearl is not published');
  assert.deepEqual(await recheck(), ['file:///ws/a.walks.json'], 'the next one reads only the walks file naming the Pearl');
  assert.deepEqual(codes('file:///ws/a.walks.json'), ['walk-take-unknown']);
  assert.equal(listings, 1, 'the folders were walked once');

  // A walks file created on disk, and one changed to name the Pearl: their file events check them.
  texts.set('file:///ws/c.walks.json', walksText('booking.pearl.json'));
  await walks.checkUnopened('file:///ws/c.walks.json');
  texts.set('file:///ws/sub/b.walks.json', walksText('../booking.pearl.json'));
  await walks.checkUnopened('file:///ws/sub/b.walks.json');
  assert.deepEqual(await recheck(), ['file:///ws/a.walks.json', 'file:///ws/c.walks.json', 'file:///ws/sub/b.walks.json']);
  assert.deepEqual(codes('file:///ws/sub/b.walks.json'), ['walk-take-unknown']);
  assert.deepEqual(codes('file:///ws/c.walks.json'), ['walk-take-unknown']);

  // A walks file deleted: its event clears its problems, and it is read no more.
  texts.delete('file:///ws/a.walks.json');
  await walks.checkUnopened('file:///ws/a.walks.json');
  assert.deepEqual(published.get('file:///ws/a.walks.json'), []);
  assert.deepEqual(await recheck(), ['file:///ws/c.walks.json', 'file:///ws/sub/b.walks.json']);
  assert.equal(listings, 1, 'still one walk of the folders');

  // The coverage the graph asks for reads from the same listing.
  const pearl = service.parsePearlDocument(TextDocument.create(booking, 'pearl', 1, cleanBookingPearlText));
  assert.deepEqual((await walks.coverage(pearl)).walks.map((walk) => walk.uri).sort(), [
    'file:///ws/c.walks.json',
    'file:///ws/sub/b.walks.json',
  ]);
  assert.equal(listings, 1);
  walks.dispose();

  // Past the listing's lifetime (here 0 ms), each re-check walks the folders again and reads every walks file.
  listings = 0;
  texts.set('file:///ws/d.walks.json', walksText('other.pearl.json'));
  const young = makeWorkspace(access, ['file:///ws'], undefined, 0).walks;
  await young.recheckWalksOf(booking);
  read.length = 0;
  await young.recheckWalksOf(booking);
  assert.equal(listings, 2);
  assert.deepEqual(read.filter((uri) => uri.endsWith('.walks.json')).sort(), [
    'file:///ws/c.walks.json',
    'file:///ws/d.walks.json',
    'file:///ws/sub/b.walks.json',
  ]);
  young.dispose();
});
