import { createScanner, type Edit, SyntaxKind } from 'jsonc-parser';
import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { createDiagnostic, openingSpan, valueSpan } from './diagnostics';
import type { Fix } from './fixSupport';
import { describeParseError, type JsonNode } from '../document/jsonTree';
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
    severity: DiagnosticSeverity.Warning,
    summary:
      'A key set again in the same object, on each later occurrence: what is sent holds only the last value (what `JSON.parse` keeps), which every rule, hover, the graph and the deploy body read; the deploy confirmation names the keys whose earlier value is dropped.',
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
 * object (`duplicate-key`, Warning on each later occurrence: what is sent is the re-serialised
 * value, which holds only the last one, so the service cannot reject it),
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
        `'${key.value as string}' is already set on line ${line}; only the last value is sent.`,
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

/**
 * `duplicate-key` → a fix that keeps the value that is checked and sent (docs/rulings.md § Duplicate
 * keys): on the last occurrence of the key, "Remove the earlier 'name' (line 3)" removes every
 * earlier occurrence; on an occurrence that a later one overrides, "Remove this occurrence". Either
 * way what is sent stays the same, so the fix adds no problem. Found from where the range starts.
 */
function fixDuplicateKey(doc: PearlDocument, { range }: Diagnostic): Fix[] {
  const offset = doc.textDocument.offsetAt(range.start);
  const duplicate = doc.duplicateKeys.find(({ property }) => property.offset === offset);
  const object = duplicate?.property.parent;
  if (!duplicate || object?.type !== 'object') return [];
  const members = membersInTextOrder(doc, object);
  const name = duplicate.key.value as string;
  if (!(object.children ?? []).includes(duplicate.property)) {
    return [{ title: 'Remove this occurrence', edits: removeOverriddenMember(doc, members, duplicate.property), isPreferred: true }];
  }
  const earlier = members.filter((member) => member.offset < offset && member.children?.[0]?.value === name);
  if (earlier.length === 0) return [];
  const lines = earlier.map((member) => doc.textDocument.positionAt(member.offset).line + 1);
  const where = lines.length === 1 ? `line ${lines[0]}` : `lines ${lines.slice(0, -1).join(', ')} and ${lines[lines.length - 1]}`;
  return [
    {
      title: `Remove the earlier '${name}' (${where})`,
      edits: earlier.flatMap((member) => removeOverriddenMember(doc, members, member)),
      isPreferred: true,
    },
  ];
}

/**
 * Every property written in `object`, in text order: those of the tree and those a later
 * occurrence of their key overrides, which the tree leaves out (jsonTree.ts).
 */
function membersInTextOrder(doc: PearlDocument, object: JsonNode): JsonNode[] {
  const members = new Set<JsonNode>(object.children ?? []);
  for (const { property, first } of doc.duplicateKeys) {
    if (property.parent !== object) continue;
    members.add(property);
    if (first.parent) members.add(first.parent);
  }
  return [...members].sort((a, b) => a.offset - b.offset);
}

/**
 * The edits removing `member`, a property a later member overrides (so never the last member of
 * `members`), with the comma after it and the blanks up to the next member, which takes its place.
 * A comment between the member and its comma stays (then the comma is removed apart).
 */
function removeOverriddenMember(doc: PearlDocument, members: readonly JsonNode[], member: JsonNode): Edit[] {
  const text = doc.textDocument.getText();
  const next = members[members.indexOf(member) + 1];
  const memberEnd = member.offset + member.length;
  const scanner = createScanner(text, false);
  scanner.setPosition(memberEnd);
  let comma = -1;
  let commented = false;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF && scanner.getTokenOffset() < next.offset; token = scanner.scan()) {
    if (token === SyntaxKind.CommaToken) {
      comma = scanner.getTokenOffset();
      break;
    }
    if (token === SyntaxKind.LineCommentTrivia || token === SyntaxKind.BlockCommentTrivia) commented = true;
    else if (token !== SyntaxKind.Trivia && token !== SyntaxKind.LineBreakTrivia) break;
  }
  if (comma < 0) return [{ offset: member.offset, length: memberEnd - member.offset, content: '' }];
  if (commented) {
    return [
      { offset: member.offset, length: memberEnd - member.offset, content: '' },
      { offset: comma, length: 1, content: '' },
    ];
  }
  let stop = comma + 1;
  while (stop < next.offset && /\s/.test(text[stop])) stop++;
  return [{ offset: member.offset, length: stop - member.offset, content: '' }];
}
