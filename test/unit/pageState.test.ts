import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { PageState } from '../../client/src/graphPreview/webview/pageState';
import type { PearlGraph } from '#protocol/graphTypes';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { designerStartText } from '../helpers/fixtures';

const service = getLanguageService();

function graphOf(text: string, version: number): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create('file:///work/page.pearl.json', 'pearl', version, text));
  return service.getGraph(doc, service.doValidation(doc));
}

/** Open -> End, with a node Ask inserted first (the keys of Open and End shift by one). */
const withAsk = designerStartText.replace(
  '"nodes": [',
  '"nodes": [\n      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "transitions": [{ "name": "On", "toNodeId": "open" }] },',
);

/** A page state showing `graph` (no layout needed by the selection). */
function showing(graph: PearlGraph): PageState {
  const page = new PageState();
  page.shown = { graph, layout: { width: 0, height: 0, nodes: [], edges: [] }, layoutSeq: 1, signature: '' };
  return page;
}

describe('the graph preview page state (pageState.ts)', () => {
  it('keeps the selection on its node when a node inserted above shifts the keys, and clears it when the node is gone', () => {
    const before = graphOf(designerStartText, 1);
    const page = showing(before);
    page.select('n:1');
    const after = graphOf(withAsk, 2);
    assert.equal(page.followSelection(after), 'n:2', 'End is n:2 now');
    assert.equal(page.followSelection(graphOf(designerStartText.replace(/,\s*\{ "nodeId": "end"[^}]*\}/, ''), 3)), undefined);
    assert.equal(page.selected, undefined);
  });

  it('after an undo: the node at the editor cursor; in no node, the node selected before the undone edit', () => {
    const start = graphOf(designerStartText, 1);
    const page = showing(start);
    page.select('n:0');
    page.editSent();
    // The edit's graph: Ask selected (what the edit created), then the undo asked for on it.
    const edited = graphOf(withAsk, 2);
    page.shown = { ...page.shown!, graph: edited };
    page.select('n:0');
    page.historySent();
    assert.equal(page.nodeAfterHistory(edited), undefined, 'not before the graph of the undone text');
    // The undone text shown: Ask is gone, the cursor on line 1 (in no node).
    const undone = graphOf(designerStartText, 3);
    page.shown = { ...page.shown, graph: undone };
    page.cursor = { line: 0, character: 0 };
    assert.equal(page.followSelection(undone), 'n:0', 'the key of Ask names Open now: the same key is kept');
    page.select(undefined);
    assert.equal(page.nodeAfterHistory(undone)?.nodeId, 'open');
    assert.equal(page.nodeAfterHistory(undone), undefined, 'once');
    // With the cursor in End, End.
    page.historySent();
    const end = undone.nodes.find((node) => node.nodeId === 'end')!;
    page.cursor = end.range.start;
    assert.equal(page.nodeAfterHistory(graphOf(designerStartText, 4))?.nodeId, 'end');
  });
});
