import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from './diagnosticCodes';
import { createDiagnostic, openingSpan, valueSpan } from './diagnostics';
import { describeParseError } from '../document/jsonTree';
import { isJsonObject, jsonType, maxNestingDepth, type PearlDocument } from '../document/pearlDocument';

/**
 * Syntax diagnostics (docs/rulings.md § Files): parse errors (Error), trailing commas (Warning:
 * tolerated while authoring, removed when sent), a root that is not an object (Error: the body of
 * both create operations is an object, docs/interface.md § Endpoints), a key set twice in one
 * object (`duplicate-key`, Error on each later occurrence: parsers disagree on which value wins),
 * nesting too deep to check (`syntax`), and the Information that the kind was defaulted to text.
 */
export function validateSyntax(doc: PearlDocument): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (doc.nestingTooDeep) {
    diagnostics.push(
      createDiagnostic(
        doc,
        doc.nestingTooDeep,
        DiagnosticCode.syntax,
        `The JSON is nested more than ${maxNestingDepth.toLocaleString('en-US')} levels deep here: too deeply to be checked or sent. A Pearl needs about a dozen levels.`,
      ),
    );
  }
  for (const error of doc.syntaxErrors) {
    // A zero-length error at the end of the text still needs a visible range.
    const span = { offset: error.offset, length: Math.max(error.length, 1) };
    if (span.offset + span.length > doc.textDocument.getText().length) span.length = 0;
    diagnostics.push(createDiagnostic(doc, span, DiagnosticCode.syntax, describeParseError(error.error)));
  }
  for (const offset of doc.trailingCommas) {
    diagnostics.push(
      createDiagnostic(
        doc,
        { offset, length: 1 },
        DiagnosticCode.trailingComma,
        'Trailing comma: tolerated while editing, removed from what is sent.',
      ),
    );
  }
  for (const { key, first } of doc.duplicateKeys) {
    const line = doc.textDocument.positionAt(first.offset).line + 1;
    diagnostics.push(
      createDiagnostic(
        doc,
        key,
        DiagnosticCode.duplicateKey,
        `'${key.value as string}' is already set on line ${line}; the service would receive only one of them.`,
      ),
    );
  }
  if (doc.value === undefined) return diagnostics;
  if (!isJsonObject(doc.value)) {
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, []),
        DiagnosticCode.rootNotObject,
        `A Pearl create request is a JSON object; found ${jsonType(doc.value)}.`,
      ),
    );
  } else if (doc.kindSource === 'default') {
    diagnostics.push(
      createDiagnostic(
        doc,
        openingSpan(doc, []),
        DiagnosticCode.kindUnknown,
        'Neither "$schema" nor the content tells whether this is a text or a simple Pearl; checking it as a text Pearl. Add "$schema" or pearl.nodes (text) / pearl.openingSentence (simple).',
      ),
    );
  }
  return diagnostics;
}
