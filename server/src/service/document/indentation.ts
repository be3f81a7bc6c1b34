import type { FormattingOptions as JsonFormattingOptions } from 'jsonc-parser';

/**
 * The indentation and line ending a document already uses, for edits that insert new lines into
 * it (code actions, which get no formatting options from the editor): tabs when the first
 * indented line starts with a tab, otherwise the smallest indentation in spaces among the first
 * indented lines (2 when there is none).
 */
export function detectFormattingOptions(text: string): JsonFormattingOptions {
  let insertSpaces = true;
  let tabSize = 0;
  let seen = 0;
  const pattern = /\n([ \t]+)\S/g;
  for (let match = pattern.exec(text); match && seen < 100; match = pattern.exec(text)) {
    const indent = match[1];
    if (seen === 0 && indent[0] === '\t') {
      insertSpaces = false;
      break;
    }
    seen++;
    if (!indent.includes('\t') && (tabSize === 0 || indent.length < tabSize)) tabSize = indent.length;
  }
  return { tabSize: insertSpaces ? tabSize || 2 : 4, insertSpaces, eol: detectEol(text) };
}

/** The text's line ending: that of its first line (`\n` when it has one line). */
export function detectEol(text: string): string {
  const newline = text.indexOf('\n');
  return newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n';
}
