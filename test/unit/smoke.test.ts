import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';

test('trailing comma is a Warning at the comma', () => {
  const service = getLanguageService();
  const content = '{"name": "x", "pearl": {"nodes": []},}';
  const doc = service.parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, content));
  const diagnostics = service.doValidation(doc).filter((d) => d.code === 'trailing-comma');
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].severity, 2, 'a Warning');
  const comma = content.lastIndexOf(',');
  assert.deepEqual(diagnostics[0].range, { start: { line: 0, character: comma }, end: { line: 0, character: comma + 1 } });
});
