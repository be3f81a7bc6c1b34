// The open documents' texts as the server keeps them: vscode-languageserver-textdocument's
// TextDocument, except that the text is kept as pieces and the edits since recent versions are
// remembered. Why: `TextDocument.update` builds each version's text by concatenation, and the first
// read of such a text copies all of it into freshly allocated memory; for a 1 MB Pearl that copy
// costs several milliseconds per keystroke on a virtual machine, where the first touch of new memory
// is slow, against a few hundredths of a millisecond for the copy itself. Typing in a string is
// checked from the edit alone (document/stringEditPatch.ts), so no keystroke needs the whole text.
import type { TextDocumentsConfiguration } from 'vscode-languageserver';
import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { EditTrackingDocument, TextEditSince } from './service/document/stringEditPatch';

/** Pieces kept at most: past this, the text is joined into one (read whole once). */
const maxPieces = 64;
/** A piece this short or shorter takes typed text at its end instead of a new piece. */
const smallPiece = 256;
/** Version steps whose edits are remembered. */
const stepsKept = 32;

/** One version step's edits as one replacement: the earlier text's `[start, oldEnd)` became `[start, newEnd)`. */
interface EditStep {
  readonly fromVersion: number;
  readonly start: number;
  readonly oldEnd: number;
  readonly newEnd: number;
}

/**
 * A text document of an editor, updated in place by the editor's changes, with the positions of
 * vscode-languageserver-textdocument's TextDocument (lines end at `\n`, `\r\n` or `\r`; UTF-16 code
 * units), whose text is built only when {@link getText} is asked for it whole.
 */
export class EditorTextDocument implements TextDocument, EditTrackingDocument {
  /** Strings whose concatenation is the text; none is a concatenation itself but the short ones. */
  private pieces: string[];
  private textLength: number;
  /** The text whole, once asked for, until the next change. */
  private joined: string | undefined;
  private lineOffsets: number[] | undefined;
  /** The edits of the latest version steps, oldest first. */
  private steps: EditStep[] = [];

  constructor(
    readonly uri: string,
    readonly languageId: string,
    private currentVersion: number,
    text: string,
  ) {
    this.pieces = text === '' ? [] : [text];
    this.textLength = text.length;
    this.joined = text;
  }

  get version(): number {
    return this.currentVersion;
  }

  get lineCount(): number {
    return this.getLineOffsets().length;
  }

  getText(range?: Range): string {
    if (range) {
      const start = this.offsetAt(range.start);
      const end = this.offsetAt(range.end);
      return this.read(Math.min(start, end), Math.max(start, end));
    }
    // A concatenation, not a copy: the engine copies it when something reads it.
    this.joined ??= this.pieces.reduce((text, piece) => text + piece, '');
    return this.joined;
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.textLength), 0);
    const lineOffsets = this.getLineOffsets();
    let low = 0;
    let high = lineOffsets.length;
    if (high === 0) return { line: 0, character: offset };
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (lineOffsets[mid] > offset) high = mid;
      else low = mid + 1;
    }
    const line = low - 1;
    return { line, character: this.beforeLineBreak(offset, lineOffsets[line]) - lineOffsets[line] };
  }

  offsetAt(position: Position): number {
    const lineOffsets = this.getLineOffsets();
    if (position.line >= lineOffsets.length) return this.textLength;
    if (position.line < 0) return 0;
    const lineOffset = lineOffsets[position.line];
    if (position.character <= 0) return lineOffset;
    const nextLineOffset = position.line + 1 < lineOffsets.length ? lineOffsets[position.line + 1] : this.textLength;
    return this.beforeLineBreak(Math.min(lineOffset + position.character, nextLineOffset), lineOffset);
  }

  editSince(version: number): TextEditSince | undefined {
    const first = this.steps.findIndex((step) => step.fromVersion === version);
    if (first < 0) return undefined;
    let { start, oldEnd, newEnd } = this.steps[first];
    for (const step of this.steps.slice(first + 1)) ({ start, oldEnd, newEnd } = mergeEdit({ start, oldEnd, newEnd }, step));
    return { offset: start, oldLength: oldEnd - start, text: this.read(start, newEnd) };
  }

  /** Applies the editor's `changes` (in order) and takes `version`. */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    let step: { start: number; oldEnd: number; newEnd: number } | undefined;
    let known = true;
    for (const change of changes) {
      if ('range' in change) {
        const edit = this.applyIncremental(change.range, change.text);
        step = step ? mergeEdit(step, edit) : edit;
      } else {
        this.pieces = change.text === '' ? [] : [change.text];
        this.textLength = change.text.length;
        this.lineOffsets = undefined;
        known = false;
      }
    }
    this.joined = undefined;
    if (!known) this.steps = [];
    else if (step) this.steps.push({ fromVersion: this.currentVersion, ...step });
    if (this.steps.length > stepsKept) this.steps.shift();
    this.currentVersion = version;
  }

  /** Replaces `range` by `text` in the pieces and the line offsets; the edit in offsets. */
  private applyIncremental(given: Range, text: string): { start: number; oldEnd: number; newEnd: number } {
    const range = wellFormed(given);
    const start = this.offsetAt(range.start);
    const end = this.offsetAt(range.end);
    this.replacePieces(start, end, text);
    this.textLength += text.length - (end - start);
    // The line offsets, as vscode-languageserver-textdocument updates them.
    const lineOffsets = this.getLineOffsets();
    const startLine = Math.max(range.start.line, 0);
    const endLine = Math.max(range.end.line, 0);
    const added = computeLineOffsets(text, false, start);
    if (endLine - startLine === added.length) {
      for (let i = 0; i < added.length; i++) lineOffsets[i + startLine + 1] = added[i];
    } else {
      this.lineOffsets = [...lineOffsets.slice(0, startLine + 1), ...added, ...lineOffsets.slice(endLine + 1)];
    }
    const diff = text.length - (end - start);
    if (diff !== 0) {
      const offsets = this.getLineOffsets();
      for (let i = startLine + 1 + added.length; i < offsets.length; i++) offsets[i] += diff;
    }
    return { start, oldEnd: end, newEnd: start + text.length };
  }

  /** The pieces with `[start, end)` replaced by `text`; typing after a short piece extends it. */
  private replacePieces(start: number, end: number, text: string): void {
    const before: string[] = [];
    const after: string[] = [];
    let at = 0;
    for (const piece of this.pieces) {
      const pieceEnd = at + piece.length;
      if (pieceEnd <= start) before.push(piece);
      else if (at >= end) after.push(piece);
      else {
        if (at < start) before.push(piece.substring(0, start - at));
        if (pieceEnd > end) after.push(piece.substring(end - at));
      }
      at = pieceEnd;
    }
    const last = before[before.length - 1];
    if (text !== '' && last !== undefined && last.length + text.length <= smallPiece) before[before.length - 1] = last + text;
    else if (text !== '') before.push(text);
    this.pieces = before.concat(after);
    if (this.pieces.length > maxPieces) this.pieces = [this.pieces.join('')];
  }

  /** The text of `[start, end)`, read from the pieces. */
  private read(start: number, end: number): string {
    let text = '';
    let at = 0;
    for (const piece of this.pieces) {
      const pieceEnd = at + piece.length;
      if (pieceEnd > start && at < end) text += piece.substring(Math.max(start - at, 0), Math.min(end - at, piece.length));
      if (pieceEnd >= end) break;
      at = pieceEnd;
    }
    return text;
  }

  /** The character code at `offset`, read from the pieces (NaN outside the text). */
  private charCodeAt(offset: number): number {
    let at = 0;
    for (const piece of this.pieces) {
      if (offset < at + piece.length) return piece.charCodeAt(offset - at);
      at += piece.length;
    }
    return NaN;
  }

  private beforeLineBreak(offset: number, lineOffset: number): number {
    while (offset > lineOffset && isLineBreak(this.charCodeAt(offset - 1))) offset--;
    return offset;
  }

  private getLineOffsets(): number[] {
    this.lineOffsets ??= computeLineOffsets(this.getText(), true);
    return this.lineOffsets;
  }
}

/** `edit` (offsets of the text before it) followed by `next` (offsets of the text between them), as one edit of the first text. */
function mergeEdit(
  edit: { start: number; oldEnd: number; newEnd: number },
  next: { start: number; oldEnd: number; newEnd: number },
): { start: number; oldEnd: number; newEnd: number } {
  const end = Math.max(edit.newEnd, next.oldEnd);
  return {
    start: Math.min(edit.start, next.start),
    oldEnd: end - (edit.newEnd - edit.oldEnd),
    newEnd: end + (next.newEnd - next.oldEnd),
  };
}

function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}

function isLineBreak(code: number): boolean {
  return code === 0x0d || code === 0x0a;
}

/** The offsets where lines start in `text` (plus `textOffset`), the first line's too when `isAtLineStart`. */
function computeLineOffsets(text: string, isAtLineStart: boolean, textOffset = 0): number[] {
  const result: number[] = isAtLineStart ? [textOffset] : [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isLineBreak(code)) continue;
    if (code === 0x0d && i + 1 < text.length && text.charCodeAt(i + 1) === 0x0a) i++;
    result.push(textOffset + i + 1);
  }
  return result;
}

/** The configuration of `TextDocuments` that keeps the open documents as {@link EditorTextDocument}s. */
export const editorTextDocuments: TextDocumentsConfiguration<EditorTextDocument> = {
  create: (uri, languageId, version, content) => new EditorTextDocument(uri, languageId, version, content),
  update: (document, changes, version) => {
    document.update(changes, version);
    return document;
  },
};
