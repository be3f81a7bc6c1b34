import * as assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver-types';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';
import { compareWithExpectComments, findExpectComments } from '../../helpers/expectComments';
import { examplePearlFiles } from '../../helpers/fixtures';
import { codeOf, exampleUri, openInEditor, waitFor } from './helpers';

const severityNames = ['Error', 'Warning', 'Information', 'Hint'];
const service = getLanguageService();

/** `line:col-line:col Severity code message` (1-based), the form the assertions compare. */
function describeShown(diagnostic: vscode.Diagnostic): string {
  const { start, end } = diagnostic.range;
  return `${start.line + 1}:${start.character + 1}-${end.line + 1}:${end.character + 1} ${severityNames[diagnostic.severity]} ${codeOf(diagnostic)} ${diagnostic.message}`;
}

function describeComputed(diagnostic: LspDiagnostic): string {
  const { start, end } = diagnostic.range;
  return `${start.line + 1}:${start.character + 1}-${end.line + 1}:${end.character + 1} ${severityNames[(diagnostic.severity ?? 1) - 1]} ${diagnostic.code} ${diagnostic.message}`;
}

/** What the language service computes for `text`: the installed server must publish exactly this. */
function computeDiagnostics(uri: vscode.Uri, text: string): string[] {
  const document = service.parsePearlDocument(TextDocument.create(uri.toString(), 'pearl', 1, text));
  return service.doValidation(document).map(describeComputed).sort();
}

const brokenFiles = examplePearlFiles('broken');

describe('diagnostics of examples/broken/ in the editor', () => {
  it('examples/broken/ has files to check', () => assert.ok(brokenFiles.length > 0));

  for (const file of brokenFiles) {
    it(`${file}: what the editor shows (code, range, severity, message) is what its expect comments announce`, async () => {
      const uri = exampleUri(`broken/${file}`);
      const document = await openInEditor(uri);
      const computed = computeDiagnostics(uri, document.getText());
      assert.ok(computed.length > 0, 'the service finds nothing wrong in a broken example');
      // Poll until the server's diagnostics for this document have arrived and settled on the
      // computed ones; on a timeout, the assertion below shows the difference.
      const shownNow = (): string[] => vscode.languages.getDiagnostics(uri).map(describeShown).sort();
      await waitFor('the diagnostics to arrive', () => JSON.stringify(shownNow()) === JSON.stringify(computed), {
        timeoutMs: 15_000,
      }).catch(() => undefined);
      assert.deepEqual(shownNow(), computed, 'the editor does not show what the language service computes');

      const shown = vscode.languages.getDiagnostics(uri).map((diagnostic) => ({
        code: codeOf(diagnostic) ?? '',
        severity: diagnostic.severity + 1,
        line: diagnostic.range.start.line,
        message: diagnostic.message,
      }));
      for (const diagnostic of vscode.languages.getDiagnostics(uri)) assert.equal(diagnostic.source, 'pearl');
      const { unmet, unannounced } = compareWithExpectComments(findExpectComments(document.getText()), shown);
      assert.deepEqual(unmet, [], 'expect comments with no such diagnostic in the editor');
      assert.deepEqual(unannounced, [], 'Errors and Warnings in the editor that no expect comment announces');
    });
  }
});
