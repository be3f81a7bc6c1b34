import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { previewColumnFor } from '../../client/src/graphPreview/previewColumn';

describe('where a new graph preview opens (previewColumnFor)', () => {
  it('opens beside the editor when no preview is open', () => {
    assert.equal(previewColumnFor(1, [], [1]), 'beside');
    assert.equal(previewColumnFor(undefined, [], []), 'beside');
    // Two editors side by side, no preview: beside, as VS Code's other previews do.
    assert.equal(previewColumnFor(2, [], [1, 2]), 'beside');
  });

  it('opens in the column of the preview already open beside the editor, not in a third column', () => {
    // Editor in column 1, the first preview in column 2: the second preview goes to column 2.
    assert.equal(previewColumnFor(1, [2], [1, 2]), 2);
    // Previews in columns 1 and 3, the editor in 2: the nearest, the one after it first.
    assert.equal(previewColumnFor(2, [1, 3], [1, 2, 3]), 3);
    assert.equal(previewColumnFor(3, [1, 2], [1, 2, 3]), 2);
  });

  it("the second document opened in the first preview's column: the preview goes to the other column, not a third", () => {
    assert.equal(previewColumnFor(2, [2], [1, 2]), 1);
    // Alone in its column: beside.
    assert.equal(previewColumnFor(1, [1], [1]), 'beside');
  });

  it('leaves out previews that are not shown', () => {
    assert.equal(previewColumnFor(1, [undefined], [1]), 'beside');
    assert.equal(previewColumnFor(1, [undefined, 2], [1, 2]), 2);
  });
});
