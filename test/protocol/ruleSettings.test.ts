// The language server and the rules a user tunes: the nearest `.pearlrc.json` (its problems
// published on it), the `pearl.rules` setting over it, a changed file re-validating; Deploy's
// payload keeps the default severities while the graph shows the configured ones.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { DeployPayload } from '#protocol/deployPayload';
import type { PearlGraph } from '#protocol/graphTypes';
import { threeProblemsTextPearl } from '../helpers/fixtures';
import { type LspClient, withLspClient } from '../helpers/lspClient';
import { rangeOf } from '../helpers/text';

function summary(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${String(d.code)}:${d.severity}`).sort();
}

test('.pearlrc.json and pearl.rules shape the published diagnostics; Deploy still refuses what the service would reject', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-rules-'));
  try {
    fs.mkdirSync(path.join(folder, 'flows'));
    const rcPath = path.join(folder, '.pearlrc.json');
    const rcText = '{ "rules": { "variable-undeclared": "off", "nope": "off" } }';
    fs.writeFileSync(rcPath, rcText);
    const uri = pathToFileURL(path.join(folder, 'flows', 'a.pearl.json')).href;
    const rcUri = pathToFileURL(rcPath).href;
    await withLspClient(async (client) => {
      await client.open(uri, threeProblemsTextPearl, 1);
      const first = await client.waitForDiagnostics(uri, (p) => p.version === 1);
      assert.deepEqual(summary(first.diagnostics), ['max-length:1', 'unknown-target:1']);
      const rc = await client.waitForDiagnostics(rcUri);
      assert.deepEqual(
        rc.diagnostics.map((d) => [d.code, d.range]),
        [['rule-code-unknown', rangeOf(rcText, '"nope"')]],
      );

      // The setting goes over the file; lowering max-length is refused, said, and it stays an Error.
      const before = client.published.length;
      await client.sendNotification('workspace/didChangeConfiguration', {
        settings: { pearl: { rules: { 'variable-undeclared': 'error', 'max-length': 'off' } } },
      });
      const second = await client.waitFor(
        () => client.published.slice(before).find((p) => p.uri === uri),
        'diagnostics published again after the setting changed',
      );
      assert.deepEqual(summary(second.diagnostics), ['max-length:1', 'unknown-target:1', 'variable-undeclared:1']);
      const shown = await client.waitFor(
        () => client.shownMessages.find((m) => m.message.startsWith('Setting pearl.rules:')),
        'the refusal shown to the user',
      );
      assert.match(shown.message, /"max-length" cannot be turned off/);

      const payload = await client.request<DeployPayload>('pearl/deployPayload', { textDocument: { uri } });
      assert.deepEqual(payload.errors.map((d) => d.code).sort(), ['max-length', 'unknown-target']);

      // The setting is cleared: the file's rules alone.
      const cleared = client.published.length;
      await client.sendNotification('workspace/didChangeConfiguration', { settings: { pearl: {} } });
      await client.waitFor(
        () =>
          client.published.slice(cleared).find((p) => p.uri === uri && summary(p.diagnostics).join() === 'max-length:1,unknown-target:1'),
        "the file's rules alone once the setting is cleared",
      );
      // The file changes: the open documents are validated again on the watched-file notification.
      fs.writeFileSync(rcPath, '{ "rules": { "variable-undeclared": "hint" } }');
      const afterEdit = client.published.length;
      await client.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: rcUri, type: 2 }] });
      const third = await client.waitFor(
        () => client.published.slice(afterEdit).find((p) => p.uri === uri),
        'diagnostics published again after .pearlrc.json changed',
      );
      assert.deepEqual(summary(third.diagnostics), ['max-length:1', 'unknown-target:1', 'variable-undeclared:4']);
      const fixed = await client.waitFor(
        () => client.published.slice(afterEdit).find((p) => p.uri === rcUri),
        'the fixed .pearlrc.json published without problems',
      );
      assert.deepEqual(fixed.diagnostics, []);

      // An editor that reports no file changes (no watcher): the file is read again within a
      // second, so the next edits of the document after that apply the file's new rules.
      fs.writeFileSync(rcPath, '{ "rules": { "variable-undeclared": "warning" } }');
      let version = 1;
      let latest: Diagnostic[] = [];
      // Each round is an edit and its published diagnostics (no fixed sleep, no clock): at most 100.
      while (!summary(latest).includes('variable-undeclared:2') && version <= 100) {
        version += 1;
        await client.change(uri, version, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }]);
        latest = (await client.waitForDiagnostics(uri, (p) => p.version === version)).diagnostics;
      }
      assert.deepEqual(summary(latest), ['max-length:1', 'unknown-target:1', 'variable-undeclared:2']);
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('pearl/graph shows the diagnostics the Problems view shows: a code turned off by .pearlrc.json, a comment or pearl.rules is gone from its node', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-rules-graph-'));
  try {
    fs.mkdirSync(path.join(folder, 'configured'));
    fs.mkdirSync(path.join(folder, 'plain'));
    fs.writeFileSync(path.join(folder, 'configured', '.pearlrc.json'), '{ "rules": { "variable-undeclared": "off" } }');
    const configuredUri = pathToFileURL(path.join(folder, 'configured', 'a.pearl.json')).href;
    const commentedUri = pathToFileURL(path.join(folder, 'plain', 'b.pearl.json')).href;
    const plainUri = pathToFileURL(path.join(folder, 'plain', 'c.pearl.json')).href;
    const commented = threeProblemsTextPearl.replace(
      '"script": "Tell me about {foo}."',
      '// pearl-disable-next-line variable-undeclared -- filled by the platform\n        "script": "Tell me about {foo}."',
    );
    assert.notEqual(commented, threeProblemsTextPearl);
    /** The codes and severities on the node `nodeId` of the graph of `uri`. */
    const nodeProblems = async (client: LspClient, uri: string, nodeId: string): Promise<string[]> => {
      const graph = await client.request<PearlGraph>('pearl/graph', { textDocument: { uri } });
      const node = graph.nodes.find((candidate) => candidate.nodeId === nodeId);
      assert.ok(node, `node ${nodeId} in the graph`);
      return summary(node.diagnostics);
    };
    await withLspClient(async (client) => {
      await client.open(configuredUri, threeProblemsTextPearl, 1);
      await client.open(commentedUri, commented, 1);
      await client.open(plainUri, threeProblemsTextPearl, 1);
      const published = await Promise.all(
        [configuredUri, commentedUri, plainUri].map((uri) => client.waitForDiagnostics(uri, (p) => p.version === 1)),
      );
      assert.deepEqual(
        published.map((p) => summary(p.diagnostics)),
        [
          ['max-length:1', 'unknown-target:1'],
          ['max-length:1', 'unknown-target:1'],
          ['max-length:1', 'unknown-target:1', 'variable-undeclared:2'],
        ],
      );
      // The Talk node holds {foo} and the transition to nowhere.
      assert.deepEqual(await nodeProblems(client, configuredUri, 'talk'), ['unknown-target:1']);
      assert.deepEqual(await nodeProblems(client, commentedUri, 'talk'), ['unknown-target:1']);
      assert.deepEqual(await nodeProblems(client, plainUri, 'talk'), ['unknown-target:1', 'variable-undeclared:2']);

      // The setting raises the Warning to an Error: the graph shows the Error (severity 1)...
      const before = client.published.length;
      await client.sendNotification('workspace/didChangeConfiguration', {
        settings: { pearl: { rules: { 'variable-undeclared': 'error' } } },
      });
      await client.waitFor(
        () => client.published.slice(before).find((p) => p.uri === plainUri),
        'diagnostics published again after the setting changed',
      );
      assert.deepEqual(await nodeProblems(client, plainUri, 'talk'), ['unknown-target:1', 'variable-undeclared:1']);
      // ...while Deploy keeps reading the default severities: the code does not stop it.
      const payload = await client.request<DeployPayload>('pearl/deployPayload', { textDocument: { uri: plainUri } });
      assert.deepEqual(payload.errors.map((d) => d.code).sort(), ['max-length', 'unknown-target']);
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
