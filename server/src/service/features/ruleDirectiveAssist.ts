import { CompletionItem, CompletionItemKind, type Hover, MarkupKind, type Range } from 'vscode-languageserver-types';
import { getDefaultSeverity, getRegisteredCodes } from '../configuration/diagnosticRegistry';
import { getSeverityName, isConfigurableCode } from '../configuration/ruleConfiguration';
import { findNodeAtOffset } from '../document/jsonTree';
import type { PearlDocument } from '../document/pearlDocument';
import { findRule } from '../rules/diagnosticCodes';

/** The directive of a comment on the cursor's line, up to the cursor: `// pearl-disable-next-line a, b` (groups: the name, the codes). */
const directiveBeforeCursor = /(?:\/\/|\/\*)[ \t]*pearl-(disable-next-line|disable-line|disable|enable)([ \t][^\r\n]*)?$/;
const codeCharacter = /[A-Za-z0-9_-]/;

/** Where the cursor is in a directive's list of codes: the code under it, the other codes written. */
interface CodeSlot {
  /** Offsets of the code being written or hovered (empty between codes). */
  readonly start: number;
  readonly end: number;
  /** The codes of the comment other than this one. */
  readonly others: ReadonlySet<string>;
}

/**
 * The code slot at `offset` when it is in the list of codes of a `pearl-disable…`/`pearl-enable`
 * comment (configuration/inlineDirectives.ts) that starts on the same line, before any ` -- `
 * reason; undefined elsewhere, inside a string value, or after the reason. Reads only that line.
 */
function findCodeSlot(doc: PearlDocument, offset: number): CodeSlot | undefined {
  const textDocument = doc.textDocument;
  const text = textDocument.getText();
  const lineStart = textDocument.offsetAt({ line: textDocument.positionAt(offset).line, character: 0 });
  const before = text.slice(lineStart, offset);
  if (!before.includes('pearl-')) return undefined;
  const match = directiveBeforeCursor.exec(before);
  if (!match || match[2] === undefined) return undefined;
  const list = match[2];
  // After a reason, or after the end of a block comment, is no code.
  if (/\s--(\s|$)/.test(list) || list.includes('*/')) return undefined;
  // `//` inside a string value ("https://…") opens no comment.
  const commentStart = lineStart + match.index;
  const node = doc.root ? findNodeAtOffset(doc.root, commentStart, true) : undefined;
  if (node?.type === 'string' && commentStart > node.offset && commentStart < node.offset + node.length) return undefined;
  let start = offset;
  while (start > lineStart && codeCharacter.test(text[start - 1])) start--;
  let end = offset;
  while (end < text.length && codeCharacter.test(text[end])) end++;
  const lineEnd = text.indexOf('\n', offset);
  const rest = text.slice(end, lineEnd === -1 ? text.length : lineEnd);
  const tail = rest.slice(
    0,
    Math.max(0, Math.min(...[rest.search(/\s--(\s|$)/), rest.indexOf('*/')].map((at) => (at === -1 ? rest.length : at)))),
  );
  const others = new Set([...`${list.slice(0, list.length - (offset - start))} ${tail}`.matchAll(/[^\s,]+/g)].map((m) => m[0]));
  return { start, end, others };
}

/**
 * Completion of the codes in a `pearl-disable…` comment (`// pearl-disable-next-line |`): each code
 * a comment may turn off (not one whose Error means the service would reject the request, nor one
 * the comment already names), with its default severity and summary; the typed part of a code is
 * replaced. Undefined when `offset` is not in a directive's codes (other completions apply).
 */
export function completeDirectiveCodes(doc: PearlDocument, offset: number): CompletionItem[] | undefined {
  const slot = findCodeSlot(doc, offset);
  if (!slot) return undefined;
  const range = toRange(doc, slot.start, slot.end);
  const items: CompletionItem[] = [];
  for (const code of getRegisteredCodes()) {
    if (!isConfigurableCode(code) || slot.others.has(code)) continue;
    const rule = findRule(code);
    if (!rule) continue;
    items.push({
      label: code,
      kind: CompletionItemKind.EnumMember,
      detail: `${capitalized(getSeverityName(rule.severity))} by default · ${rule.group}`,
      documentation: { kind: MarkupKind.Markdown, value: `${rule.summary}\n\n[docs/rules.md](${rule.href})` },
      textEdit: { range, newText: code },
    });
  }
  return items;
}

/**
 * Hover on a code in a `pearl-disable…` comment: its summary, default severity, whether a comment
 * may turn it off, and a link to its entry in docs/rules.md; an unknown code says so. Null off a
 * directive's codes.
 */
export function hoverDirectiveCode(doc: PearlDocument, offset: number): Hover | null {
  const slot = findCodeSlot(doc, offset);
  if (!slot || slot.start === slot.end) return null;
  const code = doc.textDocument.getText().slice(slot.start, slot.end);
  const rule = findRule(code);
  const severity = getDefaultSeverity(code);
  let value: string;
  if (!rule || severity === undefined) {
    value = `\`${code}\`: no Pearl rule reports this code; a comment cannot turn it off.`;
  } else {
    const name = getSeverityName(severity);
    const tunable = isConfigurableCode(code)
      ? 'A comment may turn it off.'
      : 'A comment cannot turn it off: its Error means the Pearl Agent Service would reject the request.';
    value = [`**${code}** (${name} by default)`, rule.summary, tunable, `[docs/rules.md](${rule.href})`].join('\n\n');
  }
  return { contents: { kind: MarkupKind.Markdown, value }, range: toRange(doc, slot.start, slot.end) };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function toRange(doc: PearlDocument, start: number, end: number): Range {
  return { start: doc.textDocument.positionAt(start), end: doc.textDocument.positionAt(end) };
}
