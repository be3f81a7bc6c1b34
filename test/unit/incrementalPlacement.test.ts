import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { incrementalLayout } from '../../client/src/graphPreview/webview/incrementalLayout';
import { layeredLayout } from '../../client/src/graphPreview/webview/layeredLayout';
import { type GraphLayout, type LaidOutNode, rectsOverlap } from '../../client/src/graphPreview/webview/graphLayout';
import { type MeasureText } from '../../client/src/graphPreview/webview/layoutText';
import type { PearlGraph } from '#protocol/graphTypes';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';

const service = getLanguageService();
/** A deterministic stand-in for the canvas (as graphLayout.test.ts). */
const measure: MeasureText = (text, style) => text.length * { name: 13, type: 11, label: 11, mark: 10 }[style] * 0.55;

function graphOf(text: string, version = 1): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create('file:///work/placement.pearl.json', 'pearl', version, text));
  return service.getGraph(doc, service.doValidation(doc));
}

interface Node {
  nodeId: string;
  name: string;
  nodeType: number;
  transitions?: { name: string; toNodeId: string }[];
}

function pearl(nodes: Node[]): string {
  return JSON.stringify({ name: 'Packed', pearl: { nodes } }, null, 2);
}

describe('incrementalLayout: a new node among packed nodes', () => {
  it('goes near the node it was added after, not to the right of the whole drawing, when nothing is free for 600 px around', () => {
    const fillers: Node[] = Array.from({ length: 900 }, (_, index) => ({ nodeId: `f${index}`, name: `F ${index}`, nodeType: 10 }));
    const base: Node[] = [
      { nodeId: 'src', name: 'Source', nodeType: 2, transitions: [{ name: 'Bye', toNodeId: 'end' }] },
      { nodeId: 'end', name: 'End', nodeType: 100 },
      ...fillers,
    ];
    const before = layeredLayout(graphOf(pearl(base)), measure);
    // The drawing on screen: Source at the top, in the middle of a band of nodes packed 4 px
    // apart, 6,000 px wide and 1,300 px high; End below the band.
    const src = before.nodes.find((laidOut) => laidOut.node.nodeId === 'src')!;
    const cell = Math.max(...before.nodes.map((laidOut) => laidOut.width)) + 4;
    const row = Math.max(...before.nodes.map((laidOut) => laidOut.height)) + 4;
    const columns = Math.ceil(6_000 / cell);
    const middle = Math.floor(columns / 2);
    const at = new Map<string, { x: number; y: number }>([['src', { x: 20 + middle * cell, y: 20 }]]);
    let slot = 0;
    for (const filler of fillers) {
      // Every cell of the band but Source's.
      if (slot === middle) slot++;
      at.set(filler.nodeId, { x: 20 + (slot % columns) * cell, y: 20 + Math.floor(slot / columns) * row });
      slot++;
    }
    const bandBottom = 20 + Math.ceil(slot / columns) * row;
    at.set('end', { x: 20 + middle * cell, y: bandBottom + 200 });
    const nodes: LaidOutNode[] = before.nodes.map((laidOut) => ({ ...laidOut, ...at.get(laidOut.node.nodeId ?? '')! }));
    const packed: GraphLayout = { width: 40 + columns * cell, height: bandBottom + 300, nodes, edges: [] };
    assert.ok(bandBottom - src.height > 1_200, 'the band reaches further down than the first search');

    const grown = graphOf(
      pearl([
        { ...base[0], transitions: [...base[0].transitions!, { name: 'Ask', toNodeId: 'ask' }] },
        ...base.slice(1),
        { nodeId: 'ask', name: 'Ask', nodeType: 10 },
      ]),
      2,
    );
    const after = incrementalLayout(grown, packed, measure);
    assert.ok(after, 'one node added is a small change');
    const ask = after.nodes.find((laidOut) => laidOut.node.nodeId === 'ask')!;
    const source = at.get('src')!;
    const distance = Math.hypot(ask.x - source.x, ask.y - source.y);
    assert.ok(
      distance < 2_500,
      `the new node is ${Math.round(distance)} px from Source (the drawing is ${Math.round(packed.width)} px wide)`,
    );
    for (const other of after.nodes) if (other !== ask) assert.ok(!rectsOverlap(ask, other), `the new node covers ${other.node.nodeId}`);
  });
});
