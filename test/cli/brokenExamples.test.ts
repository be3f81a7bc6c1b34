import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';

// examples/broken/ documents each mistake with a `// expect: <code> (<Severity>)` comment on the
// line(s) above it. This test holds the files and the service to each other, both ways: every
// expectation is met by a diagnostic starting within the next lines, and every Error or Warning is
// announced by such a comment.

const brokenDir = path.resolve(__dirname, '../../../examples/broken');
const severities: Record<string, number> = { Error: 1, Warning: 2, Information: 3, Hint: 4 };
const expectPattern = /\/\/\s*expect:\s*([a-z0-9-]+)\s*\((Error|Warning|Information|Hint)\)/g;
/** How many lines below its comment a diagnostic may start (comment lines in between included). */
const reach = 4;

const service = getLanguageService();

for (const file of fs.readdirSync(brokenDir).filter((name) => name.endsWith('.pearl.json'))) {
  test(`examples/broken/${file}: diagnostics match its expect comments`, () => {
    const text = fs.readFileSync(path.join(brokenDir, file), 'utf8');
    const lines = text.split('\n');
    const expectations: { line: number; code: string; severity: number; met: boolean }[] = [];
    lines.forEach((lineText, line) => {
      for (const match of lineText.matchAll(expectPattern)) {
        expectations.push({ line, code: match[1], severity: severities[match[2]], met: false });
      }
    });
    assert.ok(expectations.length > 0, 'the file documents its mistakes');
    const doc = service.parsePearlDocument(TextDocument.create(`file:///${file}`, 'pearl', 1, text));
    const diagnostics = service.doValidation(doc).filter((diagnostic) => diagnostic.severity! <= 2);
    const unannounced: string[] = [];
    for (const diagnostic of diagnostics) {
      const line = diagnostic.range.start.line;
      // The nearest announcing comment above the diagnostic.
      const expectation = expectations
        .filter(
          (candidate) =>
            candidate.code === diagnostic.code &&
            candidate.severity === diagnostic.severity &&
            line > candidate.line &&
            line <= candidate.line + reach,
        )
        .pop();
      if (expectation) expectation.met = true;
      else unannounced.push(`${line + 1}: ${diagnostic.code} ${diagnostic.message}`);
    }
    const unmet = expectations.filter((expectation) => !expectation.met).map((e) => `${e.line + 1}: ${e.code}`);
    assert.deepEqual(unmet, [], 'every expect comment is met');
    assert.deepEqual(unannounced, [], 'every Error and Warning is announced by an expect comment');
  });
}
