// The language server resolves a .pearlrc.json as pearl-lint does (issue 35): its extends (each
// extended file's problems published on that file) and the overrides matching each document; a
// pearl-disable comment that turns off nothing is published as a Hint with the Unnecessary tag.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-types';
import { threeProblemsTextPearl } from '../helpers/fixtures';
import { withLspClient } from '../helpers/lspClient';

function summary(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${String(d.code)}:${d.severity}${d.tags ? `:${d.tags.join(',')}` : ''}`).sort();
}

test("extends and overrides apply to the documents the server checks; an extended file's problems are published on it", async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-extends-'));
  try {
    fs.mkdirSync(path.join(folder, 'drafts'));
    fs.writeFileSync(path.join(folder, 'base.json'), '{ "rules": { "variable-undeclared": "info", "nope": "off" } }');
    fs.writeFileSync(
      path.join(folder, '.pearlrc.json'),
      '{ "extends": "./base.json", "overrides": [{ "files": "drafts/**", "rules": { "variable-undeclared": "off" } }] }',
    );
    const uri = pathToFileURL(path.join(folder, 'a.pearl.json')).href;
    const draftUri = pathToFileURL(path.join(folder, 'drafts', 'b.pearl.json')).href;
    const baseUri = pathToFileURL(path.join(folder, 'base.json')).href;
    const commented = threeProblemsTextPearl.replace('"nodeType": 2,', '"nodeType": 2, // pearl-disable-line graph-unreachable');
    await withLspClient(async (client) => {
      await client.open(uri, threeProblemsTextPearl, 1);
      await client.open(draftUri, commented, 1);
      const plain = await client.waitForDiagnostics(uri, (p) => p.version === 1);
      assert.deepEqual(summary(plain.diagnostics), ['max-length:1', 'unknown-target:1', 'variable-undeclared:3']);
      const draft = await client.waitForDiagnostics(draftUri, (p) => p.version === 1);
      assert.deepEqual(summary(draft.diagnostics), ['max-length:1', 'rule-directive-unused:4:1', 'unknown-target:1']);
      const base = await client.waitForDiagnostics(baseUri);
      assert.deepEqual(
        base.diagnostics.map((d) => d.code),
        ['rule-code-unknown'],
      );
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
