/**
 * Property test of the diagnostics kept while typing in strings (server/src/service/rules/
 * keptDiagnostics.ts): in every Pearl of examples/, examples/broken/ and templates/, typing into
 * every string value (a character inserted or deleted at offsets fast-check picks) and growing each
 * string that has a length limit across it (padded to exactly its limit, one character more, one
 * less) gives after every keystroke the diagnostics of a fresh parse of the same text: the parse
 * is made from the previous one through the server's editor document, as the language server's
 * document cache does, so the kept families are kept wherever the patch allows it. A family kept
 * while its check reads a string value (a script's length) fails here. The outline, kept across
 * typing in strings it does not read (features/documentSymbols.ts), is compared the same way.
 *
 * Reproducible and bounded: a fixed seed (override with PEARL_FC_SEED); PEARL_FC_RUNS sets the
 * number of passes over every string of each file (default 1).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { editorTextDocuments, type EditorTextDocument } from '../../server/src/editorTextDocument';
import { getNodePath, type JsonNode } from '../../server/src/service/document/jsonTree';
import { findSchemaForPath } from '../../server/src/service/interface/schemaNavigator';
import { getLanguageService, type PearlDocument } from '../../server/src/service/pearlLanguageService';
import { repositoryRoot } from '../helpers/paths';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_260_131;
const runs = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 1;
const service = getLanguageService();
/** Limits above this are crossed too, but the padded text would make the file's pass slow. */
const longestPadding = 25_000;

/** The Pearls typed into, relative to the repository: examples/, examples/broken/, templates/. */
const pearlFiles = ['examples', 'examples/broken', 'templates'].flatMap((folder) =>
  fs
    .readdirSync(path.join(repositoryRoot, folder))
    .filter((name) => name.endsWith('.pearl.json'))
    .sort()
    .map((name) => `${folder}/${name}`),
);

/** One keystroke into a string: a character inserted, or one deleted, at a fraction of its content. */
const keystrokeArbitrary = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  inserted: fc.oneof(
    { arbitrary: fc.constantFrom('a', 'Z', ' ', '7', '_', '-', '.', 'é'), weight: 6 },
    { arbitrary: fc.constantFrom('{', '}', '<', '>', '🎉'), weight: 3 },
    { arbitrary: fc.constant(''), weight: 3 },
  ),
});
type Keystroke = { readonly at: number; readonly inserted: string };

/** The paths of the string values of `root` (not keys), in document order. */
function stringValuePaths(root: JsonNode | undefined): (string | number)[][] {
  const result: (string | number)[][] = [];
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const property = node.parent?.type === 'property' ? node.parent : undefined;
    if (node.type === 'string' && property?.children?.[0] !== node) result.push(getNodePath(node));
    for (const child of [...(node.children ?? [])].reverse()) stack.push(child);
  }
  return result;
}

/** Types into one Pearl as an editor does, checking each keystroke's diagnostics against a fresh parse. */
class Typist {
  private readonly editor: EditorTextDocument;
  private version = 1;
  private previous: PearlDocument;
  /** The fresh parse of the current text (where the strings are found). */
  current: PearlDocument;
  /** Keystrokes whose parse was patched from the previous one (not parsed again). */
  patched = 0;
  keystrokes = 0;

  constructor(
    private readonly file: string,
    text: string,
  ) {
    this.editor = editorTextDocuments.create(this.uri, 'pearl', 1, text);
    this.previous = service.parsePearlDocument(this.editor);
    service.doValidation(this.previous);
    this.current = service.parsePearlDocument(TextDocument.create(this.uri, 'pearl', 1, text));
  }

  private get uri(): string {
    return `file:///property/${this.file.replace(/\//g, '-')}`;
  }

  /** The content span of the string value at `path` in the current text, or undefined when none is there. */
  contentAt(path: (string | number)[]): { offset: number; length: number } | undefined {
    const found = this.current.locate(path);
    const text = this.current.textDocument.getText();
    if (!found || text[found.offset] !== '"' || found.length < 2) return undefined;
    return { offset: found.offset + 1, length: found.length - 2 };
  }

  /** Replaces `[offset, offset + removed)` of the text with `inserted`; checks the diagnostics after it. */
  type(offset: number, removed: number, inserted: string, what: string): void {
    const before = this.editor.getText();
    const range = { start: this.editor.positionAt(offset), end: this.editor.positionAt(offset + removed) };
    this.version++;
    editorTextDocuments.update(this.editor, [{ range, text: inserted }], this.version);
    const text = this.editor.getText();
    assert.equal(text, before.slice(0, offset) + inserted + before.slice(offset + removed));
    const incremental = service.parsePearlDocument(this.editor, this.previous);
    if (incremental.stringPatch) this.patched++;
    this.keystrokes++;
    this.current = service.parsePearlDocument(TextDocument.create(this.uri, 'pearl', this.version, text));
    assert.deepEqual(
      service.doValidation(incremental),
      service.doValidation(this.current),
      `${this.file}: the diagnostics after ${what} differ from a fresh parse's`,
    );
    assert.deepEqual(
      service.findDocumentSymbols(incremental),
      service.findDocumentSymbols(this.current),
      `${this.file}: the outline after ${what} differs from a fresh parse's`,
    );
    this.previous = incremental;
  }

  /** One keystroke into the string value at `path`, when it is still there; a quote or backslash is never deleted. */
  keystroke(path: (string | number)[], keystroke: Keystroke): void {
    const content = this.contentAt(path);
    if (!content) return;
    const text = this.current.textDocument.getText();
    const offset = content.offset + Math.floor(keystroke.at * content.length);
    const what = `typing ${JSON.stringify(keystroke.inserted)} into ${path.join('.')}`;
    if (keystroke.inserted !== '') return this.type(offset, 0, keystroke.inserted, what);
    const at = Math.min(offset, content.offset + content.length - 1);
    if (at < content.offset || text[at] === '\\' || text[at] === '"') return;
    this.type(at, 1, '', `deleting a character of ${path.join('.')}`);
  }

  /** Pads the string value at `path` to exactly `limit` characters, types one more, deletes it, restores the value. */
  crossLimit(path: (string | number)[], limit: number): void {
    const content = this.contentAt(path);
    if (!content) return;
    const value = this.current.textDocument.getText().slice(content.offset, content.offset + content.length);
    // Only a string written without escapes has as many characters as its text.
    if (/[\\"]/.test(value)) return;
    const where = path.join('.');
    if (value.length !== limit) {
      const padded = value.length > limit ? value.slice(0, limit) : value + 'a'.repeat(limit - value.length);
      this.type(content.offset, content.length, padded, `padding ${where} to its limit of ${limit} characters`);
    }
    const end = content.offset + limit;
    this.type(end, 0, 'b', `typing character ${limit + 1} into ${where} (limit ${limit})`);
    this.type(end, 1, '', `deleting character ${limit + 1} of ${where} (limit ${limit})`);
    if (value.length !== limit) this.type(content.offset, limit, value, `restoring ${where}`);
  }
}

/** The `maxLength` of the string value at `path` of `doc`, if its schema sets one. */
function maxLengthAt(doc: PearlDocument, path: (string | number)[]): number | undefined {
  return findSchemaForPath(doc.kind, path)?.maxLength;
}

/** What the tests of the files did, over all of them. */
const totals = { keystrokes: 0, patched: 0, crossed: 0 };

for (const file of pearlFiles) {
  test(`typing into every string value of ${file} gives the diagnostics of a fresh parse after every keystroke`, () => {
    const base = fs.readFileSync(path.join(repositoryRoot, file), 'utf8');
    let patched = 0;
    let typed = 0;
    fc.assert(
      fc.property(fc.array(keystrokeArbitrary, { minLength: 2, maxLength: 2 }), (pair) => {
        const typist = new Typist(file, base);
        const paths = stringValuePaths(typist.current.root);
        for (const [index, stringPath] of paths.entries()) {
          typist.keystroke(stringPath, pair[index % 2]);
          typist.keystroke(stringPath, pair[(index + 1) % 2]);
        }
        patched += typist.patched;
        typed += typist.keystrokes;
      }),
      { seed, numRuns: runs },
    );
    // Each string once more, growing across its length limit.
    const typist = new Typist(file, base);
    let crossed = 0;
    for (const stringPath of stringValuePaths(typist.current.root)) {
      const limit = maxLengthAt(typist.current, stringPath);
      if (limit === undefined || limit > longestPadding) continue;
      typist.crossLimit(stringPath, limit);
      crossed++;
    }
    patched += typist.patched;
    typed += typist.keystrokes;
    totals.keystrokes += typed;
    totals.patched += patched;
    totals.crossed += crossed;
  });
}

test('the typing above was mostly patched, not parsed again, and crossed the length limits of many strings', () => {
  // The property is about kept diagnostics: they are kept only across patched parses.
  assert.ok(totals.patched > totals.keystrokes / 2, `only ${totals.patched} of ${totals.keystrokes} keystrokes were patched`);
  assert.ok(totals.crossed > 100, `only ${totals.crossed} strings were grown across their limit`);
});
