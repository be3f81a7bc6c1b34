// What VS Code's JSON support shows in a .pearlrc.json from schemas/pearlrc.schema.json (written by
// scripts/pearlrcSchema.mjs from the registry; issue 35): completion of a code with its default
// severity and summary, hover on a code, the severities each code takes, described.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ClientCapabilities, getLanguageService, TextDocument, type MarkupContent } from 'vscode-json-languageservice';
import { diagnosticRules } from '../../server/src/service/pearlLanguageService';
import { repositoryRoot } from '../helpers/paths';

const schemaText = fs.readFileSync(path.join(repositoryRoot, 'schemas', 'pearlrc.schema.json'), 'utf8');
const schemaUri = 'file:///schemas/pearlrc.schema.json';
const json = getLanguageService({ schemaRequestService: () => Promise.resolve(schemaText), clientCapabilities: ClientCapabilities.LATEST });
json.configure({ validate: true, schemas: [{ uri: schemaUri, fileMatch: ['.pearlrc.json'] }] });

/** The document with `|` removed, and the cursor's position. */
function at(marked: string): { document: TextDocument; position: { line: number; character: number } } {
  const offset = marked.indexOf('|');
  const document = TextDocument.create('file:///w/.pearlrc.json', 'jsonc', 1, marked.replace('|', ''));
  return { document, position: document.positionAt(offset) };
}

test('completion of a code in "rules" says its default severity and summary, in the registry order', async () => {
  const { document, position } = at('{ "rules": { | } }');
  const list = await json.doComplete(document, position, json.parseJSONDocument(document));
  const items = list?.items ?? [];
  assert.deepEqual(
    items.map((item) => item.label),
    Object.keys(diagnosticRules),
  );
  const undeclared = items.find((item) => item.label === 'variable-undeclared');
  assert.equal(undeclared?.detail, 'Warning by default');
  const documentation = (undeclared?.documentation as MarkupContent).value;
  assert.ok(documentation.startsWith(diagnosticRules['variable-undeclared'].summary), documentation);
  assert.ok(documentation.includes('Default: **warning**.'), documentation);
  assert.equal(items.find((item) => item.label === 'max-length')?.detail, 'Error by default');
});

test('hover on a code shows its summary, default severity and docs/rules.md entry', async () => {
  const { document, position } = at('{ "rules": { "variable-und|eclared": "off" } }');
  const hover = await json.doHover(document, position, json.parseJSONDocument(document));
  const rule = diagnosticRules['variable-undeclared'];
  const shown = JSON.stringify(hover?.contents);
  for (const part of [rule.summary, 'Default: **warning**', rule.href]) assert.ok(shown.includes(JSON.stringify(part).slice(1, -1)), shown);
});

test('each severity is described; a code the service would reject takes only "error"', async () => {
  const values = async (marked: string): Promise<string[]> => {
    const { document, position } = at(marked);
    const list = await json.doComplete(document, position, json.parseJSONDocument(document));
    return (list?.items ?? []).map((item) => `${item.label} ${(item.documentation as MarkupContent | undefined)?.value ?? ''}`);
  };
  assert.deepEqual(await values('{ "rules": { "variable-undeclared": | } }'), [
    '"off" Not reported.',
    '"hint" Reported as a hint (in VS Code, dots under the text; not in the Problems panel).',
    '"info" Reported as information.',
    '"warning" Reported as a warning. The default.',
    '"error" Reported as an error (pearl-lint exits with 1).',
  ]);
  assert.deepEqual(await values('{ "rules": { "max-length": | } }'), [
    '"error" Reported as an error (pearl-lint exits with 1). The default.',
  ]);
  const { document } = at('{ "rules": { "max-length": "off", "variable-undeclared": "off", "no-such-code": "off" } }|');
  const problems = await json.doValidation(document, json.parseJSONDocument(document));
  assert.deepEqual(
    problems.map((problem) => document.getText(problem.range)),
    ['"off"', '"no-such-code"'],
  );
});
