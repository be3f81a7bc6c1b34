// The built server (dist/server.js --stdio) and walks files whose `pearl` names what must not be
// read (docs/user/walks.md § Walks files): a FIFO gets its Error at once, other walks files are still
// checked after it, and shutdown then exit end the process; a Pearl outside the workspace folder
// is refused, and nothing of it shows in diagnostics, hover or completion.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Hover } from 'vscode-languageserver-types';
import { LspClient } from '../helpers/lspClient';
import { positionOf } from '../helpers/text';
import { cleanBookingPearlText } from '../helpers/walkPearls';

/** A transition name only the Pearl outside the workspace has: it must never show. */
const secret = 'Secret transition outside the workspace';
let root: string;
let workspace: string;
let outside: string;

before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-walks-server-')));
  workspace = path.join(root, 'workspace');
  outside = path.join(root, 'outside');
  fs.mkdirSync(workspace);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(workspace, 'booking.pearl.json'), cleanBookingPearlText);
  fs.writeFileSync(path.join(outside, 'secret.pearl.json'), cleanBookingPearlText.replace('"Known"', JSON.stringify(secret)));
  fs.symlinkSync(path.join(outside, 'secret.pearl.json'), path.join(workspace, 'link.pearl.json'));
  fs.symlinkSync('/dev/zero', path.join(workspace, 'zero.pearl.json'));
  if (process.platform !== 'win32') execFileSync('mkfifo', [path.join(workspace, 'fifo.pearl.json')]);
});

after(() => fs.rmSync(root, { recursive: true, force: true }));

/** A walks file naming `pearl` whose one walk stops at the entry node, at `"take": ""` (completion there lists its transitions). */
function walksText(pearl: string): string {
  return JSON.stringify({ pearl, walks: [{ name: 'Probe', variables: { phone: '1' }, steps: [{ take: '' }] }] }, null, 2);
}

/** Writes and opens the walks file `name` naming `pearl`; its URI and text. */
async function openWalks(client: LspClient, name: string, pearl: string): Promise<{ uri: string; text: string }> {
  const file = path.join(workspace, name);
  const text = walksText(pearl);
  fs.writeFileSync(file, text);
  const uri = pathToFileURL(file).href;
  await client.open(uri, text, 1);
  return { uri, text };
}

test(
  'a walks file naming a FIFO: its Error at once, walks files after it still checked, and shutdown then exit end the server',
  { skip: process.platform === 'win32' },
  async () => {
    const client = LspClient.start('stdio');
    try {
      await client.initialize({ workspaceFolders: [{ uri: pathToFileURL(workspace).href, name: 'workspace' }] });
      const fifo = await openWalks(client, 'fifo.walks.json', 'fifo.pearl.json');
      const refused = await client.waitForDiagnostics(fifo.uri, (params) => params.diagnostics.length > 0);
      assert.deepEqual(
        refused.diagnostics.map((d) => [d.code, d.message]),
        [['walk-pearl-unresolved', "The Pearl 'fifo.pearl.json' cannot be walked: it is not a regular file."]],
      );
      // Another walks file whose Pearl is read from disk is checked as before.
      const after = await openWalks(client, 'after.walks.json', 'booking.pearl.json');
      const checked = await client.waitForDiagnostics(after.uri, (params) => params.diagnostics.length > 0);
      assert.deepEqual(
        checked.diagnostics.map((d) => d.code),
        ['walk-take-unknown'],
      );
      // The helper waits for the process's exit event (and fails if it does not come).
      assert.equal(await client.shutdown(), 0);
    } finally {
      await client.dispose();
    }
  },
);

test(
  'shutdown then exit end the server while a walks file naming a FIFO was just opened',
  { skip: process.platform === 'win32' },
  async () => {
    const client = LspClient.start('stdio');
    try {
      await client.initialize({ workspaceFolders: [{ uri: pathToFileURL(workspace).href, name: 'workspace' }] });
      await openWalks(client, 'fifo-first.walks.json', 'fifo.pearl.json');
      await openWalks(client, 'fifo-second.walks.json', './fifo.pearl.json');
      assert.equal(await client.shutdown(), 0);
    } finally {
      await client.dispose();
    }
  },
);

test('a walks file naming a Pearl outside the workspace folder over stdio: walk-pearl-outside, and no hover or completion from that Pearl', async () => {
  const client = LspClient.start('stdio');
  try {
    await client.initialize({ workspaceFolders: [{ uri: pathToFileURL(workspace).href, name: 'workspace' }] });
    const secretPath = path.join(outside, 'secret.pearl.json');
    const cases: [string, string][] = [
      ['../outside/secret.pearl.json', 'it is outside the workspace folder'],
      [secretPath, 'it is an absolute path; write it relative to this walks file'],
      [pathToFileURL(secretPath).href, 'it is a URL; write a path relative to this walks file'],
      ['..\\outside\\secret.pearl.json', 'its path has backslashes; write it with forward slashes, relative to this walks file'],
      ['link.pearl.json', 'its real path, symbolic links followed, is outside the workspace folder'],
      ['zero.pearl.json', 'its real path, symbolic links followed, is outside the workspace folder'],
    ];
    for (const [index, [pearl, reason]] of cases.entries()) {
      const { uri, text } = await openWalks(client, `outside${index}.walks.json`, pearl);
      const published = await client.waitForDiagnostics(uri, (params) => params.diagnostics.length > 0);
      assert.deepEqual(
        published.diagnostics.map((d) => [d.code, d.severity, d.message.endsWith(` is not read: ${reason}.`)]),
        [['walk-pearl-outside', 1, true]],
        `${pearl}: ${published.diagnostics.map((d) => d.message).join()}`,
      );
      const at = positionOf(text, '"take": ""', '"take": "'.length);
      const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: at });
      const completion = await client.complete(uri, at);
      assert.equal(hover, null, pearl);
      assert.deepEqual(completion.items, [], pearl);
      assert.ok(!JSON.stringify([published, hover, completion]).includes(secret), pearl);
    }
    // The same probe on the Pearl inside the workspace does complete: the refusal is what hides it.
    const inside = await openWalks(client, 'inside.walks.json', 'booking.pearl.json');
    await client.waitForDiagnostics(inside.uri, (params) => params.diagnostics.length > 0);
    const completion = await client.complete(inside.uri, positionOf(inside.text, '"take": ""', '"take": "'.length));
    assert.deepEqual(
      completion.items.map((item) => item.label),
      ['Known', 'Unknown'],
    );
    assert.equal(await client.shutdown(), 0);
  } finally {
    await client.dispose();
  }
});
