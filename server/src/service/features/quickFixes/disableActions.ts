import { createScanner, SyntaxKind } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { type CodeAction, CodeActionKind, type Command, type Diagnostic, type TextEdit } from 'vscode-languageserver-types';
import { findInlineDirectives, type DirectiveComment } from '../../configuration/inlineDirectives';
import { isConfigurableCode } from '../../configuration/ruleConfiguration';
import { findRule } from '../../rules/diagnosticCodes';
import { diagnosticSource } from '../../rules/diagnostics';

/**
 * The client command that opens a rule's entry in docs/rules.md: its one argument is the
 * diagnostic's `codeDescription.href` (a string). The VS Code extension registers it
 * (client/src/extension.ts); another client shows the action and may not run it.
 */
export const showRuleDocumentationCommand = 'pearl.showRuleDocumentation';

/**
 * The actions ESLint's editor integration offers on every diagnostic, after the real fixes
 * (docs/user/editor.md § Quick fixes), for the Pearl diagnostics among `diagnostics`:
 * - "Disable <code> for this line": `// pearl-disable-next-line <code>` on its own line above the
 *   diagnostic's first line, in that line's indentation and line breaks, or `, <code>` appended to
 *   the `pearl-disable-next-line` comment already there;
 * - "Disable <code> for the entire file": `/* pearl-disable <code> *\/` on the first line (after a
 *   byte order mark), or `, <code>` appended to a `pearl-disable` comment before the first value;
 * - "Show documentation for <code>": the {@link showRuleDocumentationCommand} with the code's entry
 *   in docs/rules.md.
 * The two disable actions only for a code a comment may turn off (configuration/ruleConfiguration.ts
 * `isConfigurableCode`: never one whose Error means the service would reject the request). Each is a
 * `quickfix`, never preferred, offered once per code and line (per code for the file and the
 * documentation), carrying every diagnostic it is for. The written comment is one
 * configuration/inlineDirectives.ts reads as turning the code off there, so it is never reported
 * unused. A diagnostic whose line starts inside a block comment gets no line action. Reads the text
 * once (two scans) when some diagnostic can be turned off; none otherwise.
 */
export function getDisableActions(textDocument: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const pearl = diagnostics.filter(
    (diagnostic) => (diagnostic.source === undefined || diagnostic.source === diagnosticSource) && findRule(diagnostic.code) !== undefined,
  );
  if (pearl.length === 0) return [];
  const configurable = pearl.filter((diagnostic) => isConfigurableCode(diagnostic.code as string));
  const layout = configurable.length > 0 ? readLayout(textDocument, configurable) : undefined;
  const line = new Map<string, CodeAction>();
  const file = new Map<string, CodeAction>();
  const documentation = new Map<string, CodeAction>();
  const add = (actions: Map<string, CodeAction>, key: string, diagnostic: Diagnostic, make: () => CodeAction | undefined): void => {
    const known = actions.get(key);
    if (known) {
      known.diagnostics?.push(diagnostic);
      return;
    }
    const action = make();
    if (action) actions.set(key, action);
  };
  for (const diagnostic of pearl) {
    const code = diagnostic.code as string;
    if (layout && isConfigurableCode(code)) {
      const lineNumber = diagnostic.range.start.line;
      add(line, `${code}\n${lineNumber}`, diagnostic, () => disableLineAction(textDocument, layout, code, lineNumber, diagnostic));
      add(file, code, diagnostic, () => disableFileAction(textDocument, layout, code, diagnostic));
    }
    const href = diagnostic.codeDescription?.href ?? findRule(code)?.href;
    if (href !== undefined) add(documentation, code, diagnostic, () => documentationAction(code, href, diagnostic));
  }
  return [...line.values(), ...file.values(), ...documentation.values()];
}

/** What the disable actions need of the text: its directive comments, its first value, its multi-line block comments. */
interface TextLayout {
  readonly comments: readonly DirectiveComment[];
  /** Offset of the first token that is not a comment or white space (the text's length when none). */
  readonly firstValue: number;
  /** `[start, end)` of each block comment spanning lines, up to the last line asked about. */
  readonly blockComments: readonly { readonly start: number; readonly end: number }[];
}

function readLayout(textDocument: TextDocument, diagnostics: readonly Diagnostic[]): TextLayout {
  const text = textDocument.getText();
  const lastLineStart = Math.max(...diagnostics.map((d) => textDocument.offsetAt({ line: d.range.start.line, character: 0 })));
  const blockComments: { start: number; end: number }[] = [];
  let firstValue = -1;
  const scanner = createScanner(text, false);
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    if (offset > lastLineStart && firstValue >= 0) break;
    if (token === SyntaxKind.BlockCommentTrivia) {
      const end = offset + scanner.getTokenLength();
      if (text.slice(offset, end).includes('\n')) blockComments.push({ start: offset, end });
    } else if (
      firstValue < 0 &&
      token !== SyntaxKind.Trivia &&
      token !== SyntaxKind.LineBreakTrivia &&
      token !== SyntaxKind.LineCommentTrivia
    ) {
      firstValue = offset;
    }
  }
  return { comments: findInlineDirectives(textDocument).comments, firstValue: firstValue < 0 ? text.length : firstValue, blockComments };
}

function disableLineAction(
  textDocument: TextDocument,
  layout: TextLayout,
  code: string,
  line: number,
  diagnostic: Diagnostic,
): CodeAction | undefined {
  const text = textDocument.getText();
  const lineStart = textDocument.offsetAt({ line, character: 0 });
  const above = layout.comments.find(
    (comment) => comment.kind === 'disable-next-line' && textDocument.positionAt(comment.end).line + 1 === line,
  );
  let edit: TextEdit;
  if (above) {
    if (above.codes.some((directive) => directive.code === code)) return undefined;
    edit = insertion(textDocument, above.codes[above.codes.length - 1].end, `, ${code}`);
  } else {
    if (layout.blockComments.some(({ start, end }) => start < lineStart && lineStart < end)) return undefined;
    const indentation = /^[ \t]*/.exec(text.slice(lineStart, lineStart + 200))?.[0] ?? '';
    edit = insertion(textDocument, lineStart, `${indentation}// pearl-disable-next-line ${code}${lineBreak(text, lineStart)}`);
  }
  return disableAction(`Disable ${code} for this line`, textDocument, edit, diagnostic);
}

function disableFileAction(textDocument: TextDocument, layout: TextLayout, code: string, diagnostic: Diagnostic): CodeAction | undefined {
  const text = textDocument.getText();
  const top = layout.comments.find((comment) => comment.kind === 'disable' && comment.end <= layout.firstValue);
  let edit: TextEdit;
  if (top) {
    if (top.codes.some((directive) => directive.code === code)) return undefined;
    edit = insertion(textDocument, top.codes[top.codes.length - 1].end, `, ${code}`);
  } else {
    const start = text.startsWith('\uFEFF') ? 1 : 0;
    edit = insertion(textDocument, start, `/* pearl-disable ${code} */${lineBreak(text, start)}`);
  }
  return disableAction(`Disable ${code} for the entire file`, textDocument, edit, diagnostic);
}

function disableAction(title: string, textDocument: TextDocument, edit: TextEdit, diagnostic: Diagnostic): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: { changes: { [textDocument.uri]: [edit] } } };
}

function documentationAction(code: string, href: string, diagnostic: Diagnostic): CodeAction {
  const title = `Show documentation for ${code}`;
  const command: Command = { title, command: showRuleDocumentationCommand, arguments: [href] };
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], command };
}

function insertion(textDocument: TextDocument, offset: number, newText: string): TextEdit {
  const position = textDocument.positionAt(offset);
  return { range: { start: position, end: position }, newText };
}

/** The line break of the text near `offset`: that of the line there, else the previous one's; `\n` for a single line. */
function lineBreak(text: string, offset: number): string {
  let newline = text.indexOf('\n', offset);
  if (newline === -1) newline = text.lastIndexOf('\n', offset - 1);
  return newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n';
}
