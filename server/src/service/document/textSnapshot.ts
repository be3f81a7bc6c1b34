import type { Position, Range, TextDocument } from 'vscode-languageserver-textdocument';

/**
 * The text a parse reads, as a {@link TextDocument} that never changes: the same positions as
 * vscode-languageserver-textdocument's (lines end at `\n`, `\r\n` or `\r`; UTF-16 code units),
 * with the line starts found by the engine's `indexOf` when the text has no carriage return
 * (several times faster than a loop over every character, on the first position asked of a
 * large file). Line starts are found on first use.
 */
class TextSnapshot implements TextDocument {
  private lineStarts: number[] | undefined;
  /** Whether the text holds a carriage return; undefined until the line starts are found. */
  private carriageReturn: boolean | undefined;
  /** The line of the last {@link positionAt}. */
  private lastLine = 0;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    readonly version: number,
    private readonly text: string,
  ) {}

  /**
   * Takes the line starts of `previous` (a snapshot of the text before an edit inside one line, at
   * `offset`, that changed its length by `delta`), moved past the edit, instead of reading this
   * text for them: a large text built from pieces is copied whole on its first read. `previous`
   * finds its own again if it is asked.
   */
  takeLineStarts(previous: TextSnapshot, offset: number, delta: number): void {
    const starts = previous.lineStarts;
    const carriageReturn = previous.carriageReturn;
    if (!starts || carriageReturn === undefined) return;
    previous.lineStarts = undefined;
    previous.carriageReturn = undefined;
    if (delta !== 0) for (let line = starts.length - 1; line > 0 && starts[line] > offset; line--) starts[line] += delta;
    this.lineStarts = starts;
    this.carriageReturn = carriageReturn;
  }

  getText(range?: Range): string {
    return range ? this.text.substring(this.offsetAt(range.start), this.offsetAt(range.end)) : this.text;
  }

  get lineCount(): number {
    return this.getLineStarts().length;
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.text.length), 0);
    const starts = this.getLineStarts();
    // Positions are mostly asked in document order, close together (an outline, folding ranges,
    // diagnostics): the line of the last one and the line after it are tried before a search.
    let line = this.lastLine;
    if (!isOnLine(starts, line, offset) && !isOnLine(starts, ++line, offset)) {
      let low = 0;
      let high = starts.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (starts[mid] > offset) high = mid;
        else low = mid + 1;
      }
      line = low - 1;
    }
    this.lastLine = line;
    const start = starts[line];
    // Without carriage returns an offset after a line's start and before the next one's is never
    // after a line break (the `\n` is the last character of its line).
    return { line, character: (this.carriageReturn ? this.beforeLineBreak(offset, start) : offset) - start };
  }

  offsetAt(position: Position): number {
    const starts = this.getLineStarts();
    if (position.line >= starts.length) return this.text.length;
    if (position.line < 0) return 0;
    const start = starts[position.line];
    if (position.character <= 0) return start;
    const next = position.line + 1 < starts.length ? starts[position.line + 1] : this.text.length;
    return this.beforeLineBreak(Math.min(start + position.character, next), start);
  }

  /** `offset`, moved back before the line break it is in or after (never before `lineStart`). */
  private beforeLineBreak(offset: number, lineStart: number): number {
    if (!this.carriageReturn) {
      // Only `\n` breaks lines, and it is the character before each line start but the first: known
      // without reading the text (a large text built from pieces is copied whole on its first read).
      return offset > lineStart && isLineStart(this.getLineStarts(), offset) ? offset - 1 : offset;
    }
    while (offset > lineStart && isLineBreak(this.text.charCodeAt(offset - 1))) offset--;
    return offset;
  }

  private getLineStarts(): number[] {
    if (this.lineStarts) return this.lineStarts;
    const text = this.text;
    const starts = [0];
    this.carriageReturn = text.indexOf('\r') >= 0;
    if (!this.carriageReturn) {
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (!isLineBreak(code)) continue;
        if (code === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
    return starts;
  }
}

/** Whether `offset` is on `line` (from its start to the next line's start, excluded; the last line to the end). */
function isOnLine(starts: readonly number[], line: number, offset: number): boolean {
  return line < starts.length && starts[line] <= offset && (line + 1 === starts.length || offset < starts[line + 1]);
}

/** Whether `offset` is one of `starts` (ascending). */
function isLineStart(starts: readonly number[], offset: number): boolean {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (starts[mid] < offset) low = mid + 1;
    else high = mid;
  }
  return starts[low] === offset;
}

function isLineBreak(code: number): boolean {
  return code === 0x0a || code === 0x0d;
}

/**
 * A {@link TextDocument} of `text` that never changes, for a parse to read (editors' documents are
 * updated in place). Positions as vscode-languageserver-textdocument gives them.
 */
export function createTextSnapshot(
  uri: string,
  languageId: string,
  version: number,
  text: string,
  editedFrom?: { readonly previous: TextDocument; readonly offset: number; readonly delta: number },
): TextDocument {
  const snapshot = new TextSnapshot(uri, languageId, version, text);
  if (editedFrom && editedFrom.previous instanceof TextSnapshot)
    snapshot.takeLineStarts(editedFrom.previous, editedFrom.offset, editedFrom.delta);
  return snapshot;
}
