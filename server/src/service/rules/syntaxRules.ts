import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { createDiagnostic, openingSpan, valueSpan } from './diagnostics';
import type { Fix } from './fixSupport';
import { describeParseError } from '../document/jsonTree';
import { isJsonObject, jsonType, maxNestingDepth, type PearlDocument } from '../document/pearlDocument';
import { defineRules, rulingsSection, type RuleModule } from './ruleModule';

/** The codes of this family, in the order docs/rules.md lists them. */
const codes = defineRules('syntax', {
  syntax: {
    code: 'syntax',
    severity: DiagnosticSeverity.Error,
    summary:
      'The text is not valid JSON (with comments); message says what the parser expected. Also: nested more than 1,000 levels deep (then nothing else is checked).',
    section: rulingsSection('One file, one request body'),
    examples: {
      fails: '{ "name": "Clinic" "pearl": {} }',
      passes: '{ "name": "Clinic", "pearl": {} }',
    },
  },
  trailingComma: {
    code: 'trailing-comma',
    severity: DiagnosticSeverity.Warning,
    summary: 'A trailing comma: tolerated while authoring, removed when sent.',
    section: rulingsSection('Comments and trailing commas'),
    examples: {
      fails: '{ "name": "Clinic", }',
      passes: '{ "name": "Clinic" }',
    },
    fix: fixTrailingComma,
    safeFix: true,
  },
  kindUnknown: {
    code: 'kind-unknown',
    severity: DiagnosticSeverity.Information,
    summary: 'Neither `$schema` nor content tells the kind; treated as text.',
    section: rulingsSection('Which create request a file is'),
    examples: {
      fails: '{ "name": "Clinic" }',
      passes: '{ "name": "Clinic", "pearl": { "nodes": [] } }',
    },
  },
  rootNotObject: {
    code: 'root-not-object',
    severity: DiagnosticSeverity.Error,
    summary: 'The root value is not a JSON object.',
    section: rulingsSection('One file, one request body'),
    examples: {
      fails: '[{ "name": "Clinic" }]',
      passes: '{ "name": "Clinic" }',
    },
  },
  duplicateKey: {
    code: 'duplicate-key',
    severity: DiagnosticSeverity.Error,
    summary:
      'A key set again in the same object, on each later occurrence: the service would receive only one value; every rule, hover, the graph and the deploy body read the last one, which is what `JSON.parse` keeps.',
    section: rulingsSection('Duplicate keys'),
    examples: {
      fails: '{ "name": "Clinic", "name": "Clinic chat" }',
      passes: '{ "name": "Clinic chat" }',
    },
    fix: fixDuplicateKey,
  },
});

/** The syntax rules: the codes above and their check. */
export const syntaxRules: RuleModule<typeof codes> = { name: 'syntax rules', rules: codes, check: checkSyntax };

/**
 * Syntax diagnostics (docs/rulings.md § Files): parse errors (Error), trailing commas (Warning:
 * tolerated while authoring, removed when sent), a root that is not an object (Error: the body of
 * both create operations is an object, docs/interface.md § Endpoints), a key set twice in one
 * object (`duplicate-key`, Error on each later occurrence: parsers disagree on which value wins),
 * nesting too deep to check (`syntax`), and the Information that the kind was defaulted to text.
 */
export function checkSyntax(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  if (doc.nestingTooDeep) {
    diagnostics.push(
      createDiagnostic(
        doc,
        doc.nestingTooDeep,
        codes.syntax,
        `The JSON is nested more than ${maxNestingDepth.toLocaleString('en-US')} levels deep here: too deeply to be checked or sent. A Pearl needs about a dozen levels.`,
      ),
    );
  }
  for (const error of doc.syntaxErrors) {
    // A zero-length error at the end of the text still needs a visible range.
    const span = { offset: error.offset, length: Math.max(error.length, 1) };
    if (span.offset + span.length > doc.textDocument.getText().length) span.length = 0;
    diagnostics.push(createDiagnostic(doc, span, codes.syntax, describeParseError(error.error)));
  }
  for (const offset of doc.trailingCommas) {
    diagnostics.push(
      createDiagnostic(
        doc,
        { offset, length: 1 },
        codes.trailingComma,
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
        codes.duplicateKey,
        `'${key.value as string}' is already set on line ${line}; the service would receive only one of them.`,
      ),
    );
  }
  if (doc.value === undefined) return;
  if (!isJsonObject(doc.value)) {
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, []),
        codes.rootNotObject,
        `A Pearl create request is a JSON object; found ${jsonType(doc.value)}.`,
      ),
    );
  } else if (doc.kindSource === 'default') {
    diagnostics.push(
      createDiagnostic(
        doc,
        openingSpan(doc, []),
        codes.kindUnknown,
        'Neither "$schema" nor the content tells whether this is a text or a simple Pearl; checking it as a text Pearl. Add "$schema" or pearl.nodes (text) / pearl.openingSentence (simple).',
      ),
    );
  }
}

/**
 * `trailing-comma` → "Remove trailing comma", and "Remove all trailing commas" when there are
 * several (docs/rulings.md § Comments and trailing commas): found by the offset the diagnostic's range starts at.
 */
function fixTrailingComma(doc: PearlDocument, { range }: Diagnostic): Fix[] {
  const offset = doc.textDocument.offsetAt(range.start);
  if (!doc.trailingCommas.includes(offset)) return [];
  const fixes: Fix[] = [{ title: 'Remove trailing comma', edits: [{ offset, length: 1, content: '' }], isPreferred: true }];
  if (doc.trailingCommas.length > 1) {
    fixes.push({
      title: 'Remove all trailing commas',
      edits: doc.trailingCommas.map((comma) => ({ offset: comma, length: 1, content: '' })),
    });
  }
  return fixes;
}

/** `duplicate-key` → "Remove this occurrence": that property with the comma before it (docs/rulings.md § Duplicate keys). */
function fixDuplicateKey(doc: PearlDocument, { range }: Diagnostic): Fix[] {
  const offset = doc.textDocument.offsetAt(range.start);
  const duplicate = doc.duplicateKeys.find(({ property }) => property.offset === offset);
  if (!duplicate) return [];
  const { property, previousEnd } = duplicate;
  return [
    {
      title: 'Remove this occurrence',
      edits: [{ offset: previousEnd, length: property.offset + property.length - previousEnd, content: '' }],
    },
  ];
}
