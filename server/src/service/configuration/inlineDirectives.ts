import { createScanner, SyntaxKind } from 'jsonc-parser';
import { type Diagnostic, DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { PearlDocument } from '../document/pearlDocument';
import type { Fix } from '../rules/fixSupport';
import { getDefaultSeverity } from './diagnosticRegistry';
import {
  createConfigurationDiagnostic,
  describeRefusal,
  describeUntunableCode,
  isConfigurableCode,
  RuleConfigurationCode,
} from './ruleConfiguration';

/** One code a directive comment turns off, accepted (a known code that may be turned off). */
export interface DirectiveCode {
  readonly code: string;
  /** Offsets of the code in the text. */
  readonly start: number;
  readonly end: number;
  /** The comment it is written in: its kind and offsets, and how many codes it accepts. */
  readonly comment: DirectiveComment;
}

/** A `pearl-disable…` comment: its kind, where it is, and what removing it takes. */
export interface DirectiveComment {
  readonly kind: 'disable-next-line' | 'disable-line' | 'disable';
  readonly start: number;
  readonly end: number;
  /** The codes it accepts. */
  readonly codes: DirectiveCode[];
}

/**
 * Where comments turn codes off in one document:
 * - `// pearl-disable-next-line <code>[, <code>]`: the diagnostics of those codes that start on the
 *   line after the comment;
 * - `// pearl-disable-line <code>[, <code>]`: those that start on the comment's line;
 * - `/* pearl-disable <code>[, <code>] *\/` … `/* pearl-enable <code>[, <code>] *\/`: those that start
 *   between the two comments (to the end of the file without an enable; a bare `pearl-enable`
 *   closes every open disable).
 * Either comment style works for each. Text after ` -- ` is a reason, not a code.
 */
export interface InlineDirectives {
  /** Codes turned off by line: 0-based line number to each code's directive. */
  readonly nextLine: ReadonlyMap<number, ReadonlyMap<string, DirectiveCode>>;
  /** Codes turned off between two offsets: `[start, end)` of the text. */
  readonly regions: readonly { readonly code: string; readonly start: number; readonly end: number; readonly directive: DirectiveCode }[];
  /** Every comment that turns codes off, in the order of the text. */
  readonly comments: readonly DirectiveComment[];
  /** Warnings on the comments: unknown codes, codes that cannot be turned off, no code named. */
  readonly problems: readonly Diagnostic[];
}

const directivePattern = /^\s*pearl-(disable-next-line|disable-line|disable|enable)(?=\s|$)([\s\S]*)$/;

/**
 * A cheap test before any scan: a document without `pearl-disable` or `pearl-enable` has no
 * directive. `indexOf` of the common prefix, then the two words after it: about three times faster
 * than a regular expression over a 1 MB text, and it runs on every keystroke.
 */
export function mayHaveDirective(text: string): boolean {
  for (let at = text.indexOf('pearl-'); at >= 0; at = text.indexOf('pearl-', at + 6)) {
    if (text.startsWith('disable', at + 6) || text.startsWith('enable', at + 6)) return true;
  }
  return false;
}

/**
 * The `pearl-disable` directives in the comments of `textDocument` (see {@link InlineDirectives}).
 * Linear in the text; a text without `pearl-disable`/`pearl-enable` is not scanned. Never throws.
 */
export function findInlineDirectives(textDocument: TextDocument): InlineDirectives {
  const nextLine = new Map<number, Map<string, DirectiveCode>>();
  const regions: { code: string; start: number; end: number; directive: DirectiveCode }[] = [];
  const comments: DirectiveComment[] = [];
  const problems: Diagnostic[] = [];
  const text = textDocument.getText();
  if (!mayHaveDirective(text)) return { nextLine, regions, comments, problems };
  const open = new Map<string, { start: number; directive: DirectiveCode }>();
  const scanner = createScanner(text, false);
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token !== SyntaxKind.LineCommentTrivia && token !== SyntaxKind.BlockCommentTrivia) continue;
    const offset = scanner.getTokenOffset();
    const length = scanner.getTokenLength();
    const bodyOffset = offset + 2;
    const body = text.slice(bodyOffset, token === SyntaxKind.BlockCommentTrivia ? offset + length - 2 : offset + length);
    const match = directivePattern.exec(body);
    if (!match) continue;
    const [, kind, rest] = match;
    const restOffset = bodyOffset + body.length - rest.length;
    const codes = readCodes(rest, restOffset);
    const report = (start: number, end: number, code: RuleConfigurationCode, message: string): void => {
      problems.push(
        createConfigurationDiagnostic({ start: textDocument.positionAt(start), end: textDocument.positionAt(end) }, code, message),
      );
    };
    if (codes.length === 0 && kind !== 'enable') {
      report(
        offset,
        offset + length,
        RuleConfigurationCode.missingCodes,
        `pearl-${kind} names no code: write the codes to turn off after it.`,
      );
      continue;
    }
    const accepted = codes.filter(({ code, start, end }) => {
      const problem = describeDirectiveCode(code);
      if (problem) report(start, end, problem.kind, problem.message);
      return problem === undefined;
    });
    const end = offset + length;
    if (kind === 'enable') {
      const closing = codes.length === 0 ? [...open.keys()] : accepted.map(({ code }) => code);
      for (const code of closing) {
        const opened = open.get(code);
        if (opened === undefined) continue;
        regions.push({ code, start: opened.start, end: offset, directive: opened.directive });
        open.delete(code);
      }
      continue;
    }
    const comment: DirectiveComment = { kind: kind as DirectiveComment['kind'], start: offset, end, codes: [] };
    for (const { code, start, end: codeEnd } of accepted) comment.codes.push({ code, start, end: codeEnd, comment });
    if (comment.codes.length > 0) comments.push(comment);
    if (kind === 'disable') {
      for (const directive of comment.codes) if (!open.has(directive.code)) open.set(directive.code, { start: end, directive });
    } else {
      const line = textDocument.positionAt(kind === 'disable-line' ? offset : end).line + (kind === 'disable-line' ? 0 : 1);
      const byCode = nextLine.get(line) ?? new Map<string, DirectiveCode>();
      for (const directive of comment.codes) if (!byCode.has(directive.code)) byCode.set(directive.code, directive);
      nextLine.set(line, byCode);
    }
  }
  for (const [code, { start, directive }] of open) regions.push({ code, start, end: text.length, directive });
  return { nextLine, regions, comments, problems };
}

/** The codes of a directive's text (after its name), each with its offsets in the document. */
function readCodes(rest: string, restOffset: number): { code: string; start: number; end: number }[] {
  const reason = rest.search(/\s--(\s|$)/);
  const list = reason === -1 ? rest : rest.slice(0, reason);
  const codes: { code: string; start: number; end: number }[] = [];
  for (const match of list.matchAll(/[^\s,]+/g)) {
    const start = restOffset + (match.index ?? 0);
    codes.push({ code: match[0], start, end: start + match[0].length });
  }
  return codes;
}

/** Why a comment cannot turn `code` off (unknown, or the service would reject it), or undefined. */
function describeDirectiveCode(code: string): { kind: RuleConfigurationCode; message: string } | undefined {
  if (getDefaultSeverity(code) === undefined) {
    const reason = describeUntunableCode(code) ?? `Unknown diagnostic code "${code}": no Pearl rule reports it.`;
    return { kind: RuleConfigurationCode.unknownCode, message: reason };
  }
  if (!isConfigurableCode(code)) return { kind: RuleConfigurationCode.notConfigurable, message: describeRefusal(code, 'off') };
  return undefined;
}

/** How unused directives are reported: not at all, or with this severity (`hint` in the editor, with the Unnecessary tag). */
export type UnusedDirectiveSeverity = 'off' | 'hint' | 'warning' | 'error';

const unusedSeverities: Readonly<Record<Exclude<UnusedDirectiveSeverity, 'off'>, DiagnosticSeverity>> = {
  hint: DiagnosticSeverity.Hint,
  warning: DiagnosticSeverity.Warning,
  error: DiagnosticSeverity.Error,
};

/**
 * `diagnostics` without those the directives turn off (only codes that may be turned off are ever
 * recorded), followed by the directives' own problems and, unless `unused` is `off`, a
 * {@link RuleConfigurationCode.unusedDirective} diagnostic on each directive that turns off nothing:
 * on the whole comment when none of its codes is used, else on each unused code. Each carries, in
 * `data`, the text to remove ({@link UnusedDirectiveData}). A new array.
 */
export function applyInlineDirectives(
  diagnostics: readonly Diagnostic[],
  directives: InlineDirectives,
  textDocument: TextDocument,
  unused: UnusedDirectiveSeverity = 'hint',
): Diagnostic[] {
  if (directives.comments.length === 0) return [...diagnostics, ...directives.problems];
  const used = new Set<DirectiveCode>();
  const regionsByCode = new Map<string, (typeof directives.regions)[number][]>();
  for (const region of directives.regions) {
    const list = regionsByCode.get(region.code) ?? [];
    list.push(region);
    regionsByCode.set(region.code, list);
  }
  const kept = diagnostics.filter((diagnostic) => {
    if (typeof diagnostic.code !== 'string') return true;
    const code = diagnostic.code;
    const byLine = directives.nextLine.get(diagnostic.range.start.line)?.get(code);
    if (byLine) {
      used.add(byLine);
      return false;
    }
    const regions = regionsByCode.get(code);
    if (!regions) return true;
    const offset = textDocument.offsetAt(diagnostic.range.start);
    const region = regions.find((candidate) => offset >= candidate.start && offset < candidate.end);
    if (!region) return true;
    used.add(region.directive);
    return false;
  });
  const result = [...kept, ...directives.problems];
  if (unused !== 'off') result.push(...describeUnused(directives.comments, used, textDocument, unusedSeverities[unused]));
  return result;
}

/** What removing an unused directive takes: the span to delete and the text it must still hold. */
export interface UnusedDirectiveData {
  readonly remove: { readonly offset: number; readonly length: number; readonly text: string };
}

/** The unused-directive diagnostics of `comments` (see {@link applyInlineDirectives}). */
function describeUnused(
  comments: readonly DirectiveComment[],
  used: ReadonlySet<DirectiveCode>,
  textDocument: TextDocument,
  severity: DiagnosticSeverity,
): Diagnostic[] {
  const text = textDocument.getText();
  const found: Diagnostic[] = [];
  const diagnostic = (start: number, end: number, message: string, remove: { offset: number; length: number }): Diagnostic => ({
    range: { start: textDocument.positionAt(start), end: textDocument.positionAt(end) },
    severity,
    code: RuleConfigurationCode.unusedDirective,
    source: 'pearl',
    message,
    tags: [DiagnosticTag.Unnecessary],
    data: { remove: { ...remove, text: text.slice(remove.offset, remove.offset + remove.length) } } satisfies UnusedDirectiveData,
  });
  const where = { 'disable-next-line': 'on the next line', 'disable-line': 'on this line', disable: 'after it' } as const;
  for (const comment of comments) {
    const unusedCodes = comment.codes.filter((directive) => !used.has(directive));
    if (unusedCodes.length === 0) continue;
    if (unusedCodes.length === comment.codes.length) {
      const names = unusedCodes.map(({ code }) => code).join(', ');
      found.push(
        diagnostic(
          comment.start,
          comment.end,
          `This pearl-${comment.kind} comment turns off nothing: no ${names} diagnostic is reported ${where[comment.kind]}.`,
          commentRemoval(text, comment),
        ),
      );
      continue;
    }
    for (const directive of unusedCodes) {
      found.push(
        diagnostic(
          directive.start,
          directive.end,
          `No ${directive.code} diagnostic is reported ${where[comment.kind]}: this pearl-${comment.kind} need not name it.`,
          codeRemoval(text, directive),
        ),
      );
    }
  }
  return found;
}

/** The comment, with its whole line when nothing else is on it. */
function commentRemoval(text: string, comment: DirectiveComment): { offset: number; length: number } {
  const lineStart = text.lastIndexOf('\n', comment.start - 1) + 1;
  const newline = text.indexOf('\n', comment.end);
  const lineEnd = newline === -1 ? text.length : newline;
  if (/^[ \t]*$/.test(text.slice(lineStart, comment.start)) && /^[ \t\r]*$/.test(text.slice(comment.end, lineEnd))) {
    return { offset: lineStart, length: (newline === -1 ? text.length : newline + 1) - lineStart };
  }
  // Keep the text before it; drop the spaces between.
  let start = comment.start;
  while (start > lineStart && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  return { offset: start, length: comment.end - start };
}

/** One code of a comment that names others, with the comma and spaces that join it to them. */
function codeRemoval(text: string, directive: DirectiveCode): { offset: number; length: number } {
  const after = /^\s*,\s*/.exec(text.slice(directive.end, directive.end + 40));
  if (after) return { offset: directive.start, length: directive.end - directive.start + after[0].length };
  const before = /\s*,\s*$/.exec(text.slice(Math.max(0, directive.start - 40), directive.start));
  const start = directive.start - (before ? before[0].length : 0);
  return { offset: start, length: directive.end - start };
}

/**
 * The quick fix of an unused-directive diagnostic ({@link applyInlineDirectives}): remove the
 * comment (its line when it is alone there) or the code. None when the text there changed since.
 */
export function fixUnusedDirective(doc: PearlDocument, diagnostic: Diagnostic): Fix[] {
  const data = diagnostic.data as Partial<UnusedDirectiveData> | undefined;
  const remove = data?.remove;
  if (!remove || typeof remove.offset !== 'number' || typeof remove.length !== 'number' || typeof remove.text !== 'string') return [];
  if (doc.textDocument.getText().slice(remove.offset, remove.offset + remove.length) !== remove.text) return [];
  const whole = /pearl-disable/.test(remove.text);
  return [
    {
      title: whole ? 'Remove the unused pearl-disable comment' : 'Remove the code from the pearl-disable comment',
      edits: [{ offset: remove.offset, length: remove.length, content: '' }],
      isPreferred: true,
    },
  ];
}
