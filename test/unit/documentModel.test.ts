import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parse, rangeOf, service, textPearl } from '../helpers/documents';

test('a byte order mark is tolerated: no syntax error, the same value, never sent', () => {
  const content = textPearl();
  const doc = parse(`\uFEFF${content}`);
  const diagnostics = service.doValidation(doc);
  assert.deepEqual(diagnostics, service.doValidation(parse(content)));
  assert.deepEqual(doc.value, JSON.parse(content));
  const payload = service.getDeployPayload(doc, diagnostics);
  assert.ok(!payload.body.includes('\uFEFF'));
  assert.deepEqual(JSON.parse(payload.body).name, 'Test');
});

test('valid JSON nested 6,000 levels deep: "nested too deeply" at the bracket one level too deep, not "this is not JSON"', () => {
  const content = `{"pearl": {"x": ${'['.repeat(6000)}${']'.repeat(6000)}}}`;
  const doc = parse(content);
  const diagnostics = service.doValidation(doc);
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
  assert.equal(diagnostics[0].code, 'syntax');
  assert.equal(diagnostics[0].severity, 1);
  assert.equal(
    diagnostics[0].message,
    'The JSON is nested more than 1,000 levels deep here: too deeply to be checked or sent. A Pearl needs about a dozen levels.',
  );
  // Levels 1 and 2 are the root and pearl; the 999th bracket is level 1,001.
  const offset = content.indexOf('[') + 998;
  assert.deepEqual(diagnostics[0].range, { start: { line: 0, character: offset }, end: { line: 0, character: offset + 1 } });
});

test('pearl/deployPayload of a document nested 5,000 levels deep: no overflow, an error that says why', () => {
  const content = `{"name": "Deep", "pearl": {"nodes": ${'['.repeat(5000)}${']'.repeat(5000)}}}`;
  const doc = parse(content);
  const payload = service.getDeployPayload(doc, service.doValidation(doc));
  assert.equal(payload.body, 'null');
  assert.deepEqual(
    payload.errors.map((error) => error.code),
    ['syntax'],
  );
  assert.match(payload.errors[0].message, /nested more than 1,000 levels deep/);
});

test('1,000 levels are still checked: no nesting error, and the rules report the unknown property holding them', () => {
  const content = `{"pearl": {"x": ${'['.repeat(998)}${']'.repeat(998)}}}`;
  const doc = parse(content);
  assert.ok(doc.root);
  assert.equal(doc.nestingTooDeep, undefined);
  const diagnostics = service.doValidation(doc);
  assert.deepEqual(
    diagnostics.filter((diagnostic) => diagnostic.code === 'syntax'),
    [],
  );
  assert.deepEqual(
    diagnostics.filter((diagnostic) => diagnostic.code === 'unknown-property').map((diagnostic) => diagnostic.range),
    [rangeOf(content, '"x"')],
  );
});
