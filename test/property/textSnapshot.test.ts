/**
 * Property test of the text snapshot a parse reads (textSnapshot.ts): for any text with any mix of
 * `\n`, `\r\n` and `\r` line breaks, every offset, asked in order and in any order, maps to the
 * position vscode-languageserver-textdocument gives, and every position (in range or not, on a line
 * break or past a line's end) to its offset.
 *
 * Reproducible: a fixed seed (override with PEARL_FC_SEED); PEARL_FC_RUNS sets the number of texts.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createTextSnapshot } from '../../server/src/service/document/textSnapshot';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_261_124;
const runs = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 300;

const text = fc.string({ unit: fc.constantFrom('a', 'é', '🎉', '\n', '\r', '\r\n', ' ') });

test('the snapshot gives the positions and offsets of vscode-languageserver-textdocument', () => {
  fc.assert(
    fc.property(text, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 30 }), (content, jumps) => {
      const expected = TextDocument.create('file:///a', 'pearl', 1, content);
      const snapshot = createTextSnapshot('file:///a', 'pearl', 1, content);
      assert.equal(snapshot.lineCount, expected.lineCount);
      for (let offset = -1; offset <= content.length + 1; offset++) {
        assert.deepEqual(snapshot.positionAt(offset), expected.positionAt(offset), `offset ${offset} of ${JSON.stringify(content)}`);
      }
      // In any order too: the snapshot tries the last position's line first.
      for (const jump of jumps) {
        const offset = Math.round(jump * (content.length + 2)) - 1;
        assert.deepEqual(snapshot.positionAt(offset), expected.positionAt(offset), `offset ${offset} of ${JSON.stringify(content)}`);
      }
      for (let line = -1; line <= expected.lineCount; line++) {
        for (let character = -1; character <= 4; character++) {
          assert.equal(snapshot.offsetAt({ line, character }), expected.offsetAt({ line, character }), `${line}:${character}`);
        }
      }
      const range = { start: expected.positionAt(1), end: expected.positionAt(content.length - 1) };
      assert.equal(snapshot.getText(range), expected.getText(range));
      assert.equal(snapshot.getText(), content);
    }),
    { seed, numRuns: runs },
  );
});
