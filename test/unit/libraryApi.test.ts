// The library's public API (server/src/library.ts, dist/service.js and dist/service.d.ts): doValidation
// in document order, and types that compile under `isolatedModules` (no ambient const enum to read).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { getLanguageService, ParseErrorCode, TextDocument } from '../../server/src/library';
import { threeProblemsTextPearl } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/lspClient';

test("the library's doValidation returns the diagnostics in document order", () => {
  const service = getLanguageService();
  // A text Pearl whose problems the rules find in another order than the text's: graph rules, then fields.
  const text = threeProblemsTextPearl.replace('"nodeType": 100', '"nodeType": "100"');
  const diagnostics = service.doValidation(service.parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, text)));
  const starts = diagnostics.map((d) => [d.range.start.line, d.range.start.character]);
  const sorted = [...starts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  assert.ok(diagnostics.length >= 3);
  assert.deepEqual(starts, sorted);
});

test("ParseErrorCode is a plain object with jsonc-parser's values, and the published types compile under isolatedModules", () => {
  assert.equal(ParseErrorCode.CommaExpected, 6);
  assert.equal(ParseErrorCode.InvalidCharacter, 16);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pearl-isolated-'));
  try {
    const file = path.join(folder, 'consumer.ts');
    // The library's source: the published declarations (dist/service.d.ts) are generated from it.
    const declarations = path.join(repositoryRoot, 'server', 'src', 'library');
    fs.writeFileSync(
      file,
      `import { ParseErrorCode, DiagnosticSeverity, getLanguageService, TextDocument } from ${JSON.stringify(declarations)};\n` +
        'const service = getLanguageService();\n' +
        "const doc = service.parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, '{'));\n" +
        'export const errors = doc.syntaxErrors.filter((e) => e.error === ParseErrorCode.CloseBraceExpected).length;\n' +
        'export const error = DiagnosticSeverity.Error;\n',
    );
    const program = ts.createProgram([file], {
      isolatedModules: true,
      noEmit: true,
      strict: true,
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      types: [],
      skipLibCheck: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    });
    // The consumer's own diagnostics: the service's sources are compiled with their own options.
    const consumer = program.getSourceFile(file);
    const messages = [...program.getSyntacticDiagnostics(consumer), ...program.getSemanticDiagnostics(consumer)].map((d) =>
      ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    );
    assert.deepEqual(messages, []);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
