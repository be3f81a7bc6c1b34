import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { compareWithExpectComments, findExpectComments } from '../helpers/expectComments';
import { examplePearlFiles, exampleText } from '../helpers/fixtures';

// examples/broken/ documents each mistake with a `// expect: <code> (<Severity>)` comment on the
// line(s) above it. This test holds the files and the service to each other, both ways: every
// expectation is met by a diagnostic starting within the next lines, and every Error or Warning is
// announced by such a comment.

const service = getLanguageService();

for (const file of examplePearlFiles('broken')) {
  test(`examples/broken/${file}: diagnostics match its expect comments`, () => {
    const text = exampleText(`broken/${file}`);
    const comments = findExpectComments(text);
    assert.ok(comments.length > 0, 'the file documents its mistakes');
    const doc = service.parsePearlDocument(TextDocument.create(`file:///${file}`, 'pearl', 1, text));
    const shown = service.doValidation(doc).map((diagnostic) => ({
      code: String(diagnostic.code),
      severity: diagnostic.severity ?? 1,
      line: diagnostic.range.start.line,
      message: diagnostic.message,
    }));
    const { unmet, unannounced } = compareWithExpectComments(comments, shown);
    assert.deepEqual(unmet, [], 'every expect comment is met');
    assert.deepEqual(unannounced, [], 'every Error and Warning is announced by an expect comment');
  });
}
