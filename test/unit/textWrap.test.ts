import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maxShownChars, wrapText } from '../../client/src/graphPreview/webview/textWrap';

/**
 * A measure of 7 px per code unit that counts the code units it was asked to measure, and fails
 * once the count passes `budget` (a quadratic wrap of a long text would blow any linear budget).
 */
function countingMeasure(budget: number): { measure: (text: string) => number; measured: () => number } {
  let total = 0;
  return {
    measure: (text) => {
      total += text.length;
      if (total > budget) throw new Error(`measured more than ${budget} code units`);
      return text.length * 7;
    },
    measured: () => total,
  };
}

describe('wrapText (graph preview names and labels)', () => {
  it('wraps at spaces into lines that fit, and ends a cut text with …', () => {
    const width = (text: string) => text.length * 7;
    assert.deepEqual(wrapText('Greeting with appointment', 190, 3, width), ['Greeting with appointment']);
    assert.deepEqual(wrapText('Patient wants to reschedule the visit', 140, 3, width), ['Patient wants to', 'reschedule the visit']);
    const lines = wrapText('one two three four five six seven eight nine ten eleven twelve', 70, 2, width);
    assert.equal(lines.length, 2);
    assert.ok(lines[1].endsWith('…'));
    for (const line of lines) assert.ok(width(line) <= 70, line);
    assert.deepEqual(wrapText('   ', 100, 3, width), ['']);
  });

  it('cuts a word wider than a line', () => {
    const width = (text: string) => text.length * 7;
    const lines = wrapText('a'.repeat(40), 70, 3, width);
    assert.deepEqual(lines.slice(0, 2), ['a'.repeat(10), 'a'.repeat(10)]);
    assert.equal(lines[2], `${'a'.repeat(9)}…`);
  });

  it('does not split a surrogate pair', () => {
    const width = (text: string) => text.length * 7;
    const lines = wrapText('😀'.repeat(30), 70, 2, width);
    assert.equal(lines.length, 2);
    for (const line of lines)
      assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(line), JSON.stringify(line));
  });

  it('measures a bounded amount of text, however long the name (linear time)', () => {
    for (const name of [
      'x'.repeat(30_000),
      Array.from({ length: 6_000 }, (_, index) => `word${index % 10}`).join(' '),
      '\u200b'.repeat(30_000),
    ]) {
      const counter = countingMeasure(50 * maxShownChars);
      const lines = wrapText(name, 190, 3, counter.measure);
      assert.ok(lines.length <= 3);
      assert.ok(lines[lines.length - 1].endsWith('…'));
      assert.ok(counter.measured() <= 50 * maxShownChars);
    }
  });
});
