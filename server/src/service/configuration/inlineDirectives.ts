import { createScanner, SyntaxKind } from 'jsonc-parser';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getDefaultSeverity } from './diagnosticRegistry';
import { createConfigurationDiagnostic, describeRefusal, isConfigurableCode, RuleConfigurationCode } from './ruleConfiguration';

/**
 * Where comments turn codes off in one document:
 * - `// pearl-disable-next-line <code>[, <code>]`: the diagnostics of those codes that start on the
 *   line after the comment;
 * - `/* pearl-disable <code>[, <code>] *\/` … `/* pearl-enable <code>[, <code>] *\/`: those that start
 *   between the two comments (to the end of the file without an enable; a bare `pearl-enable`
 *   closes every open disable).
 * Either comment style works for each. Text after ` -- ` is a reason, not a code.
 */
export interface InlineDirectives {
  /** Codes turned off by line: 0-based line number to the codes. */
  readonly nextLine: ReadonlyMap<number, ReadonlySet<string>>;
  /** Codes turned off between two offsets: `[start, end)` of the text. */
  readonly regions: readonly { readonly code: string; readonly start: number; readonly end: number }[];
  /** Warnings on the comments: unknown codes, codes that cannot be turned off, no code named. */
  readonly problems: readonly Diagnostic[];
}

const directivePattern = /^\s*pearl-(disable-next-line|disable|enable)(?=\s|$)([\s\S]*)$/;

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
  const nextLine = new Map<number, Set<string>>();
  const regions: { code: string; start: number; end: number }[] = [];
  const problems: Diagnostic[] = [];
  const text = textDocument.getText();
  if (!mayHaveDirective(text)) return { nextLine, regions, problems };
  const open = new Map<string, number>();
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
    if (kind === 'disable-next-line') {
      const line = textDocument.positionAt(end).line + 1;
      const set = nextLine.get(line) ?? new Set<string>();
      for (const { code } of accepted) set.add(code);
      nextLine.set(line, set);
    } else if (kind === 'disable') {
      for (const { code } of accepted) if (!open.has(code)) open.set(code, end);
    } else {
      const closing = codes.length === 0 ? [...open.keys()] : accepted.map(({ code }) => code);
      for (const code of closing) {
        const start = open.get(code);
        if (start === undefined) continue;
        regions.push({ code, start, end: offset });
        open.delete(code);
      }
    }
  }
  for (const [code, start] of open) regions.push({ code, start, end: text.length });
  return { nextLine, regions, problems };
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
    return { kind: RuleConfigurationCode.unknownCode, message: `Unknown diagnostic code "${code}": no Pearl rule reports it.` };
  }
  if (!isConfigurableCode(code)) return { kind: RuleConfigurationCode.notConfigurable, message: describeRefusal(code, 'off') };
  return undefined;
}

/**
 * `diagnostics` without those the directives turn off (only codes that may be turned off are ever
 * recorded), followed by the directives' own problems. A new array.
 */
export function applyInlineDirectives(
  diagnostics: readonly Diagnostic[],
  directives: InlineDirectives,
  textDocument: TextDocument,
): Diagnostic[] {
  if (directives.nextLine.size === 0 && directives.regions.length === 0) return [...diagnostics, ...directives.problems];
  const kept = diagnostics.filter((diagnostic) => {
    if (typeof diagnostic.code !== 'string') return true;
    const code = diagnostic.code;
    if (directives.nextLine.get(diagnostic.range.start.line)?.has(code)) return false;
    const regions = directives.regions.filter((region) => region.code === code);
    if (regions.length === 0) return true;
    const offset = textDocument.offsetAt(diagnostic.range.start);
    return !regions.some((region) => offset >= region.start && offset < region.end);
  });
  return [...kept, ...directives.problems];
}
