// Completion and hover of the codes in pearl-disable comments (issue 35): the codes a comment may
// turn off, with their summaries; on a code, its summary, default severity and docs/rules.md entry.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, MarkupContent } from 'vscode-languageserver-types';
import { diagnosticRules, getLanguageService } from '../../server/src/service/pearlLanguageService';
import { threeProblemsTextPearl } from '../helpers/fixtures';

const service = getLanguageService();
const uri = 'file:///w/a.pearl.json';
const scriptLine = '"script": "Tell me about {foo}.",';

/** `text` with `comment` on its own line above the Dialogue's script; `|` in it marks the cursor. */
function withComment(comment: string): { text: string; offset: number } {
  const marked = threeProblemsTextPearl.replace(`        ${scriptLine}`, `        ${comment}\n        ${scriptLine}`);
  const offset = marked.indexOf('|');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

function complete(comment: string): CompletionItem[] {
  const { text, offset } = withComment(comment);
  const textDocument = TextDocument.create(uri, 'pearl', 1, text);
  return service.doComplete(service.parsePearlDocument(textDocument), textDocument.positionAt(offset)).items;
}

function hover(comment: string): string | undefined {
  const { text, offset } = withComment(comment);
  const textDocument = TextDocument.create(uri, 'pearl', 1, text);
  const result = service.doHover(service.parsePearlDocument(textDocument), textDocument.positionAt(offset));
  if (!result) return undefined;
  const shown = text.slice(textDocument.offsetAt(result.range!.start), textDocument.offsetAt(result.range!.end));
  return `${shown}: ${(result.contents as MarkupContent).value}`;
}

const tunable = Object.values(diagnosticRules)
  .filter((rule) => rule.severity !== 1)
  .map((rule) => rule.code);

test('after // pearl-disable-next-line, completion lists every code a comment may turn off, with its summary', () => {
  const items = complete('// pearl-disable-next-line |');
  assert.deepEqual(
    items.map((item) => item.label),
    tunable,
  );
  assert.ok(!items.some((item) => item.label === 'max-length'), 'an Error the service would reject is not offered');
  const undeclared = items.find((item) => item.label === 'variable-undeclared');
  assert.equal(undeclared?.detail, 'Warning by default · variables');
  assert.equal(
    (undeclared?.documentation as MarkupContent).value,
    `${diagnosticRules['variable-undeclared'].summary}\n\n[docs/rules.md](${diagnosticRules['variable-undeclared'].href})`,
  );
});

test('the typed part of a code is replaced; codes the comment names already are left out; a block comment works too', () => {
  const { text, offset } = withComment('/* pearl-disable graph-unreachable, variable-und|x */');
  const textDocument = TextDocument.create(uri, 'pearl', 1, text);
  const items = service.doComplete(service.parsePearlDocument(textDocument), textDocument.positionAt(offset)).items;
  assert.ok(!items.some((item) => item.label === 'graph-unreachable'));
  const item = items.find((candidate) => candidate.label === 'variable-undeclared');
  assert.ok(item?.textEdit && 'range' in item.textEdit);
  assert.ok(TextDocument.applyEdits(textDocument, [item.textEdit]).includes('/* pearl-disable graph-unreachable, variable-undeclared */'));
});

test('no code completion after the reason, in a plain comment, or in a string value holding the words', () => {
  const labels = (comment: string): string[] => complete(comment).map((item) => String(item.label));
  assert.ok(!labels('// pearl-disable-next-line variable-undeclared -- because |').includes('variable-unused'));
  assert.ok(!labels('// a note |').includes('variable-unused'));
  assert.ok(!labels('"memory": "see // pearl-disable-line |",').includes('variable-unused'));
});

test('hover on a code of a directive shows its summary, default severity and docs/rules.md entry', () => {
  const rule = diagnosticRules['variable-undeclared'];
  assert.equal(
    hover('// pearl-disable-next-line variable-und|eclared -- platform variable'),
    `variable-undeclared: **variable-undeclared** (warning by default)\n\n${rule.summary}\n\nA comment may turn it off.\n\n[docs/rules.md](${rule.href})`,
  );
  const error = hover('// pearl-disable-line max-len|gth');
  assert.ok(error?.startsWith('max-length: **max-length** (error by default)'), error);
  assert.ok(error?.includes('A comment cannot turn it off: its Error means the Pearl Agent Service would reject the request.'), error);
  assert.equal(
    hover('// pearl-disable-line no-such-co|de'),
    'no-such-code: `no-such-code`: no Pearl rule reports this code; a comment cannot turn it off.',
  );
  // The reason is not a code.
  assert.doesNotMatch(hover('// pearl-disable-line variable-undeclared -- varia|ble-unused') ?? '', /variable-unused/);
});
