import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { incrementalLayout, warmUpSteps } from '../../client/src/graphPreview/webview/incrementalLayout';
import { layeredLayout, maxDrawnIn, maxSpan } from '../../client/src/graphPreview/webview/layeredLayout';
import { type GraphLayout, type LaidOutNode, type Rect, rectsOverlap } from '../../client/src/graphPreview/webview/graphLayout';
import {
  applyLayoutDelta,
  diffLayout,
  edgeIdentities,
  layoutIdentities,
  nodeIdentities,
} from '../../client/src/graphPreview/webview/layoutDelta';
import { type MeasureText } from '../../client/src/graphPreview/webview/layoutText';
import { layoutInput } from '../../client/src/graphPreview/webview/structure';
import type { PearlGraph } from '#protocol/graphTypes';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { designerStartText, edit, generateShapedPearl, generateTextPearl, middle, pearlShapes, type ShapedNode } from '../helpers/fixtures';

const service = getLanguageService();
const clinicText = fs.readFileSync(path.resolve(__dirname, '../../../examples/clinic-reminders.pearl.json'), 'utf8');

/** A deterministic stand-in for the canvas: about the width of the page's sans-serif. */
const measure: MeasureText = (text, style) => text.length * { name: 13, type: 11, label: 11, mark: 10 }[style] * 0.55;

function graphOf(text: string, version = 1): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create('file:///work/layout.pearl.json', 'pearl', version, text));
  return service.getGraph(doc, service.doValidation(doc));
}

function near(point: { x: number; y: number }, rect: Rect): boolean {
  return point.x >= rect.x - 1 && point.x <= rect.x + rect.width + 1 && point.y >= rect.y - 1 && point.y <= rect.y + rect.height + 1;
}

/** Asserts what makes a drawing readable: every node and transition drawn, no overlaps, every transition attached to its two nodes. */
function assertReadable(graph: PearlGraph, layout: GraphLayout): void {
  assert.deepEqual(layout.nodes.map((laidOut) => laidOut.node.key).sort(), graph.nodes.map((node) => node.key).sort());
  assert.deepEqual(layout.edges.map((laidOut) => laidOut.edge.key).sort(), graph.edges.map((edge) => edge.key).sort());
  const box = new Map(layout.nodes.map((laidOut) => [laidOut.node.key, laidOut] as const));
  const leaves = layout.nodes.filter((laidOut) => !laidOut.isGroup);
  for (const [index, a] of leaves.entries()) {
    assert.ok(
      a.x >= 0 && a.y >= 0 && a.x + a.width <= layout.width && a.y + a.height <= layout.height,
      `${a.node.key} is outside the drawing`,
    );
    for (const b of leaves.slice(index + 1)) assert.ok(!rectsOverlap(a, b), `${a.node.key} and ${b.node.key} overlap`);
  }
  for (const node of graph.nodes) {
    if (node.parent) {
      const [child, parent] = [box.get(node.key)!, box.get(node.parent.key)!];
      assert.ok(
        child.x >= parent.x &&
          child.y >= parent.y &&
          child.x + child.width <= parent.x + parent.width &&
          child.y + child.height <= parent.y + parent.height,
        `${node.key} is outside its group`,
      );
    }
  }
  const labels = layout.edges.flatMap((laidOut) => [
    ...(laidOut.label ? [{ key: laidOut.edge.key, rect: laidOut.label as Rect }] : []),
    ...(laidOut.tag ? [{ key: `${laidOut.edge.key} (tag)`, rect: laidOut.tag as Rect }] : []),
  ]);
  for (const [index, label] of labels.entries()) {
    for (const leaf of leaves) assert.ok(!rectsOverlap(label.rect, leaf), `the label of ${label.key} covers ${leaf.node.key}`);
    for (const other of labels.slice(index + 1))
      assert.ok(!rectsOverlap(label.rect, other.rect), `the labels of ${label.key} and ${other.key} overlap`);
  }
  for (const laidOut of layout.edges) {
    const { points, edge } = laidOut;
    assert.ok(
      points.every((point) => Number.isFinite(point.x) && Number.isFinite(point.y)),
      `${edge.key} has a point that is not a number`,
    );
    assert.ok(near(points[0], box.get(edge.source)!), `${edge.key} does not start on ${edge.source}`);
    // A stub ends on its tag, which names the target.
    assert.ok(near(points[points.length - 1], laidOut.tag ?? box.get(edge.target)!), `${edge.key} does not end on ${edge.target}`);
    if (laidOut.tag) assert.equal(laidOut.tag.target, edge.target);
  }
}

interface EditablePearl {
  pearl: { nodes: Array<{ nodeId: string; nodeType?: number; transitions?: Array<{ name: string; toNodeId: string }> }> };
}

describe('layeredLayout (the graph preview for graphs of more than 40 nodes)', () => {
  it('draws the clinic example (groups, loops back, PostCallActions) with no overlap and every transition attached', () => {
    const graph = graphOf(clinicText);
    const layout = layeredLayout(graph, measure);
    assertReadable(graph, layout);
    // PostCallActions runs after the call: below everything else.
    const postCall = layout.nodes.find((laidOut) => laidOut.node.nodeType === 200 && laidOut.depth === 0)!;
    for (const laidOut of layout.nodes)
      if (laidOut.depth === 0 && laidOut !== postCall) assert.ok(laidOut.y < postCall.y, `${laidOut.node.key} is below PostCallActions`);
  });

  for (const size of [100, 500]) {
    it(`draws a generated Pearl of ${size} nodes with no overlap and every transition attached, the entry node on top`, () => {
      const graph = graphOf(generateTextPearl(size));
      const layout = layeredLayout(graph, measure);
      assertReadable(graph, layout);
      const entry = layout.nodes.find((laidOut) => laidOut.node.isEntry)!;
      assert.ok(layout.nodes.every((laidOut) => laidOut.y >= entry.y));
    });
  }
});

/** Points along a cubic Bézier route (start, then controls and end per segment), a few per segment. */
function sample(points: readonly { x: number; y: number }[]): { x: number; y: number }[] {
  const result = [points[0]];
  for (let index = 1; index + 2 < points.length; index += 3) {
    const [p0, p1, p2, p3] = [points[index - 1], points[index], points[index + 1], points[index + 2]];
    for (let step = 1; step <= 8; step++) {
      const t = step / 8;
      const u = 1 - t;
      result.push({
        x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
        y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
      });
    }
  }
  return result;
}

describe('layeredLayout on the shapes real Pearls have (hub, back edges, fan-out, chain, mix)', () => {
  for (const shape of pearlShapes) {
    it(`draws a ${shape}-shaped Pearl of 300 nodes readably: no overlap, EndCall in the last layer, labels on their edges`, () => {
      const graph = graphOf(generateShapedPearl(shape, 300));
      const layout = layeredLayout(graph, measure);
      assertReadable(graph, layout);
      const end = layout.nodes.find((laidOut) => laidOut.node.nodeType === 100)!;
      // The last layer of its column: every node above or beside it is higher up.
      for (const laidOut of layout.nodes)
        if (laidOut !== end && laidOut.x < end.x + end.width && end.x < laidOut.x + laidOut.width)
          assert.ok(laidOut.y < end.y, `${laidOut.node.key} is not above EndCall`);
      for (const laidOut of layout.edges) {
        if (!laidOut.label || laidOut.edge.source === laidOut.edge.target) continue;
        const label = laidOut.label;
        const on = sample(laidOut.points).some((point) => near(point, label));
        assert.ok(on, `the label of ${laidOut.edge.key} is not on its edge`);
      }
    });
  }

  it('draws the transitions into a hub as stubs ending in a tag that names it, and at most a few whole', () => {
    const graph = graphOf(generateShapedPearl('hub', 300));
    const layout = layeredLayout(graph, measure);
    const end = graph.nodes.find((node) => node.nodeType === 100)!;
    const into = layout.edges.filter((laidOut) => laidOut.edge.target === end.key);
    assert.ok(into.length > 200, `only ${into.length} transitions into EndCall`);
    const whole = into.filter((laidOut) => laidOut.tag === undefined);
    assert.ok(whole.length <= maxDrawnIn, `${whole.length} transitions drawn whole into EndCall`);
    for (const laidOut of into.filter((candidate) => candidate.tag)) {
      assert.equal(laidOut.tag!.text, '↓ End the conversation');
      assert.equal(laidOut.tag!.targetTitle, 'End the conversation');
      const source = layout.nodes.find((candidate) => candidate.node.key === laidOut.edge.source)!;
      // Beside its source: within a stub's reach of its right side.
      assert.ok(
        laidOut.tag!.x > source.x + source.width && laidOut.tag!.x < source.x + source.width + 500,
        `${laidOut.edge.key}'s tag is far from its source`,
      );
    }
  });

  it('gives every transition a route of bounded length, whatever the shape, so the drawing grows linearly', () => {
    for (const shape of pearlShapes) {
      const graph = graphOf(generateShapedPearl(shape, 1_000));
      const layout = layeredLayout(graph, measure);
      // A whole route crosses at most maxSpan layers: start, then 3 points per row boundary it passes.
      const limit = 1 + 3 * (4 * maxSpan + 4);
      for (const laidOut of layout.edges)
        assert.ok(laidOut.points.length <= limit, `${shape}: ${laidOut.edge.key} has ${laidOut.points.length} points`);
      assert.equal(layout.edges.length, graph.edges.length);
    }
  });
});

/** How far `point` is from the polyline `points`, px. */
function distanceToRoute(point: { x: number; y: number }, points: readonly { x: number; y: number }[]): number {
  let best = Infinity;
  for (let index = 1; index < points.length; index++) {
    const [a, b] = [points[index - 1], points[index]];
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(a.x + t * dx - point.x, a.y + t * dy - point.y));
  }
  return best;
}

describe("incrementalLayout's labels after the terminals move down", () => {
  it("a Dialogue added from the designer between an OpeningSentence and its EndCall: every label sits on its transition's line", () => {
    const start = designerStartText;
    // The designer's first gesture in the UI pass: the OpeningSentence selected, Dialogue from the palette.
    const document = TextDocument.create('file:///work/layout.pearl.json', 'pearl', 1, start);
    const outcome = service.doGraphEdit(service.parsePearlDocument(document), 1, { kind: 'addNode', nodeType: 10, from: 'n:0' });
    assert.ok('result' in outcome);
    const change = outcome.result.edit.documentChanges?.[0];
    assert.ok(change && 'edits' in change);
    const before = layeredLayout(layoutInput(graphOf(start)), measure);
    const after = incrementalLayout(layoutInput(graphOf(TextDocument.applyEdits(document, change.edits), 2)), before, measure);
    assert.ok(after, 'a small change');
    // The End moved below the new Dialogue: before, the labels were placed around where it had been.
    const end = after.nodes.find((laidOut) => laidOut.node.nodeId === 'end');
    const dialogue = after.nodes.find((laidOut) => laidOut.node.typeName === 'Dialogue');
    assert.ok(end && dialogue && end.y > dialogue.y, 'the EndCall is not below the new Dialogue');
    assert.deepEqual(after.edges.map((laidOut) => laidOut.edge.name).sort(), ['Bye', 'Go to Dialogue']);
    for (const laidOut of after.edges) {
      assert.ok(laidOut.label, `${laidOut.edge.name ?? ''}: no label`);
      const centre = { x: laidOut.label.x + laidOut.label.width / 2, y: laidOut.label.y + laidOut.label.height / 2 };
      const distance = distanceToRoute(centre, laidOut.points);
      assert.ok(distance < 4, `${laidOut.edge.name ?? ''}: the label's centre is ${Math.round(distance)} px from its line`);
    }
  });
});

describe('incrementalLayout (a change of structure keeps the drawing)', () => {
  const text = generateTextPearl(100);
  const graph = graphOf(text);
  const layout = layeredLayout(graph, measure);

  function edited(change: (pearl: EditablePearl) => void): PearlGraph {
    const value = JSON.parse(text) as EditablePearl;
    change(value);
    return graphOf(JSON.stringify(value, null, 2), 2);
  }

  /** Asserts every node of `after` that was in `layout` (by nodeId) is exactly where it was. */
  function assertKept(after: GraphLayout): void {
    const before = new Map(layout.nodes.map((laidOut) => [laidOut.node.nodeId, laidOut] as const));
    for (const laidOut of after.nodes) {
      const old = before.get(laidOut.node.nodeId);
      if (old) assert.deepEqual([laidOut.x, laidOut.y], [old.x, old.y], `${laidOut.node.nodeId} moved`);
    }
  }

  it('adds a node below the node it comes from, clear of everything, and keeps every other node', () => {
    const grown = edited((value) => {
      value.pearl.nodes.push({ nodeId: 'one_more', nodeType: 10, transitions: [{ name: 'Done', toNodeId: 'end_conversation' }] });
      value.pearl.nodes
        .find((node) => node.nodeId === 'opening_known_customer')!
        .transitions!.push({ name: 'One more question', toNodeId: 'one_more' });
    });
    const after = incrementalLayout(grown, layout, measure);
    assert.ok(after, 'one node added is a small change');
    assertReadable(grown, after);
    assertKept(after);
    const added = after.nodes.find((laidOut) => laidOut.node.nodeId === 'one_more')!;
    const source = after.nodes.find((laidOut) => laidOut.node.nodeId === 'opening_known_customer')!;
    assert.ok(added.y > source.y + source.height, 'the new node is below its source');
    // Transitions that were there keep their routes.
    const routes = new Map(layout.edges.map((laidOut) => [laidOut.edge.key, laidOut.points] as const));
    const kept = after.edges.filter(
      (laidOut) =>
        routes.get(laidOut.edge.key) === laidOut.points || JSON.stringify(routes.get(laidOut.edge.key)) === JSON.stringify(laidOut.points),
    );
    assert.equal(kept.length, graph.edges.length);
  });

  it('removes a node from the middle of the document (the keys after it shift) and keeps every other node', () => {
    const shrunk = edited((value) => {
      const [removed] = value.pearl.nodes.splice(40, 1);
      for (const node of value.pearl.nodes)
        if (node.transitions) node.transitions = node.transitions.filter((transition) => transition.toNodeId !== removed.nodeId);
    });
    const after = incrementalLayout(shrunk, layout, measure);
    assert.ok(after);
    assertReadable(shrunk, after);
    assertKept(after);
  });

  it('keeps a node whose nodeId is renamed', () => {
    const renamed = edited((value) => {
      const node = value.pearl.nodes[40];
      for (const other of value.pearl.nodes)
        for (const transition of other.transitions ?? []) if (transition.toNodeId === node.nodeId) transition.toNodeId = 'renamed_node';
      node.nodeId = 'renamed_node';
    });
    const after = incrementalLayout(renamed, layout, measure);
    assert.ok(after);
    const old = layout.nodes.find((laidOut) => laidOut.node.key === 'n:40')!;
    const now = after.nodes.find((laidOut) => laidOut.node.key === 'n:40')!;
    assert.equal(now.node.nodeId, 'renamed_node');
    assert.deepEqual([now.x, now.y], [old.x, old.y]);
    // Its transitions, in and out, keep their routes.
    const routes = new Map(layout.edges.map((laidOut) => [laidOut.edge.key, laidOut.points] as const));
    const joined = after.edges.filter((laidOut) => laidOut.edge.source === 'n:40' || laidOut.edge.target === 'n:40');
    assert.ok(joined.length >= 2);
    for (const laidOut of joined) assert.deepEqual(laidOut.points, routes.get(laidOut.edge.key), `${laidOut.edge.key} was routed again`);
  });

  it('tells the page a renamed node as a few changed entries, the rest as indexes of the layout on screen', () => {
    const renamed = edited((value) => {
      (value.pearl.nodes[40] as { name?: string }).name = 'A new name for this step';
    });
    const after = incrementalLayout(renamed, layout, measure)!;
    const delta = diffLayout(layout, 7, after, renamed);
    assert.equal(delta.base, 7);
    // (As the page receives them: posted, so without the properties set to undefined.)
    const plain = (value: GraphLayout): unknown => JSON.parse(JSON.stringify(value));
    assert.deepEqual(plain(applyLayoutDelta(layout, delta, renamed)), plain(after));
    const changedNodes = delta.nodes.filter((entry) => typeof entry !== 'number');
    assert.deepEqual(
      changedNodes.map((entry) => ('from' in entry ? renamed.nodes[entry.now].key : entry.node.key)),
      ['n:40'],
    );
    const changedEdges = delta.edges.filter((entry) => typeof entry !== 'number');
    assert.ok(changedEdges.length < 10, `${changedEdges.length} transitions sent again`);
  });

  it('tells the page the nodes after a removed one, renumbered, as moved entries of the layout on screen, not as new drawings', () => {
    const shrunk = edited((value) => {
      const [removed] = value.pearl.nodes.splice(40, 1);
      for (const node of value.pearl.nodes)
        node.transitions = node.transitions?.filter((transition) => transition.toNodeId !== removed.nodeId);
    });
    // As the worker has them: without ranges (the nodes after the removed one moved up in the text).
    const shown = layeredLayout(layoutInput(graph), measure);
    const input = layoutInput(shrunk);
    const after = incrementalLayout(input, shown, measure)!;
    const delta = diffLayout(shown, 3, after, input);
    const plain = (value: GraphLayout): unknown => JSON.parse(JSON.stringify(value));
    assert.deepEqual(plain(applyLayoutDelta(shown, delta, input)), plain(after));
    const moved = delta.nodes.filter((entry) => typeof entry === 'object' && 'from' in entry);
    const redrawn = delta.nodes.filter((entry) => typeof entry === 'object' && !('from' in entry));
    // Every node after the removed one got a new key and keeps its drawing: moved, not drawn anew;
    // but the one it led to, which lost its only incoming transition and now shows the mark.
    assert.deepEqual(
      redrawn.map((entry) => [(entry as LaidOutNode).node.nodeId, (entry as LaidOutNode).node.noIncoming]),
      [['api_00041', true]],
    );
    assert.equal(moved.length, graph.nodes.length - 42);
    const movedEdges = delta.edges.filter((entry) => typeof entry === 'object' && 'from' in entry);
    const newEdges = delta.edges.filter((entry) => typeof entry === 'object' && !('from' in entry));
    assert.ok(movedEdges.length > 0);
    assert.ok(newEdges.length < 10, `${newEdges.length} transitions sent again`);
  });

  it('keeps EndCall at the bottom when a node is added below the last step, moving EndCall and nothing else', () => {
    // Of the steps with a transition drawn whole into EndCall (above it, in its column: a tall graph
    // is drawn in columns), the lowest gets a new step after it, which leads to EndCall.
    const endKey = layout.nodes.find((laidOut) => laidOut.node.nodeId === 'end_conversation')!.node.key;
    const above = new Set(
      layout.edges.filter((laidOut) => laidOut.edge.target === endKey && !laidOut.tag).map((laidOut) => laidOut.edge.source),
    );
    const steps = layout.nodes.filter((laidOut) => above.has(laidOut.node.key));
    assert.ok(steps.length > 0);
    const lowest = steps.reduce((a, b) => (b.y > a.y ? b : a));
    const grown = edited((value) => {
      value.pearl.nodes.push({ nodeId: 'after_lowest', nodeType: 10, transitions: [{ name: 'Done', toNodeId: 'end_conversation' }] });
      const source = value.pearl.nodes.find((node) => node.nodeId === lowest.node.nodeId)!;
      (source.transitions ??= []).push({ name: 'One more step', toNodeId: 'after_lowest' });
    });
    const after = incrementalLayout(grown, layout, measure);
    assert.ok(after, 'one node added is a small change');
    assertReadable(grown, after);
    const added = after.nodes.find((laidOut) => laidOut.node.nodeId === 'after_lowest')!;
    assert.ok(added.y > lowest.y + lowest.height, 'the new node is below its source');
    const end = after.nodes.find((laidOut) => laidOut.node.nodeId === 'end_conversation')!;
    assert.ok(end.y >= added.y + added.height, `EndCall (top ${end.y}) is below the new node (bottom ${added.y + added.height})`);
    for (const laidOut of after.nodes) assert.ok(laidOut === end || laidOut.y <= end.y, `${laidOut.node.nodeId} is below EndCall`);
    // Every other node stays; the transitions into EndCall drawn as stubs keep their places.
    const before = new Map(layout.nodes.map((laidOut) => [laidOut.node.nodeId, laidOut] as const));
    for (const laidOut of after.nodes) {
      const old = before.get(laidOut.node.nodeId);
      if (old && laidOut !== end) assert.deepEqual([laidOut.x, laidOut.y], [old.x, old.y], `${laidOut.node.nodeId} moved`);
    }
    const stubs = new Map(layout.edges.filter((laidOut) => laidOut.tag).map((laidOut) => [laidOut.edge.key, laidOut] as const));
    const keptStubs = after.edges.filter((laidOut) => laidOut.tag && stubs.get(laidOut.edge.key)?.points === laidOut.points);
    assert.ok(stubs.size > 10 && keptStubs.length === stubs.size, `${keptStubs.length} of ${stubs.size} stubs kept`);
  });

  it('a step added between the opening and EndCall (as the designer does): EndCall moves below it, and no two routes leave a node on one line', () => {
    const small = (nodes: unknown[]): PearlGraph => graphOf(JSON.stringify({ name: 'Support', pearl: { nodes } }, null, 2));
    const open = { nodeId: 'open', name: 'Open', nodeType: 2, script: 'Hello', transitions: [{ name: 'Bye', toNodeId: 'end' }] };
    const end = { nodeId: 'end', name: 'End', nodeType: 100, script: 'Bye' };
    const before = small([open, end]);
    const shown = layeredLayout(before, measure);
    const grown = small([
      {
        ...open,
        transitions: [
          { name: 'Bye', toNodeId: 'end' },
          { name: 'Go to Dialogue', toNodeId: 'dialogue' },
        ],
      },
      end,
      { nodeId: 'dialogue', name: 'Dialogue', nodeType: 10, transitions: [{ name: 'Done', toNodeId: 'end' }] },
    ]);
    const after = incrementalLayout(grown, shown, measure);
    assert.ok(after);
    assertReadable(grown, after);
    const at = (nodeId: string) => after.nodes.find((laidOut) => laidOut.node.nodeId === nodeId)!;
    assert.ok(at('end').y >= at('dialogue').y + at('dialogue').height, 'EndCall is below the new step');
    const starts = after.edges.filter((laidOut) => laidOut.edge.source === at('open').node.key).map((laidOut) => laidOut.points[0].x);
    assert.equal(starts.length, 2);
    assert.ok(Math.abs(starts[0] - starts[1]) >= 12, `the two routes out of Open start at x ${starts.join(' and ')}`);
    const ends = after.edges
      .filter((laidOut) => laidOut.edge.target === at('end').node.key)
      .map((laidOut) => laidOut.points[laidOut.points.length - 1].x);
    assert.ok(Math.abs(ends[0] - ends[1]) >= 12, `the two routes into End arrive at x ${ends.join(' and ')}`);
  });

  it('leaves a change of more than a fifth of the nodes to a whole new layout', () => {
    const rebuilt = edited((value) => {
      for (let index = 0; index < 30; index++)
        value.pearl.nodes.push({ nodeId: `extra_${index}`, nodeType: 10, transitions: [{ name: 'Done', toNodeId: 'end_conversation' }] });
    });
    assert.equal(incrementalLayout(rebuilt, layout, measure), undefined);
  });
});

describe("the layout worker's answer to a small edit (incrementalLayout, then diffLayout)", () => {
  /** `text` changed on its `pearl.nodes`, as the page's graph (`layoutInput`). */
  const edited = (text: string, change: (nodes: ShapedNode[]) => void): PearlGraph => layoutInput(graphOf(edit(text, change), 2));
  const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

  for (const shape of pearlShapes) {
    it(`gives the page the same layout after a node of a ${shape}-shaped Pearl is deleted, added or renamed, what stayed as indexes`, () => {
      const text = generateShapedPearl(shape, 300);
      const shown = layeredLayout(layoutInput(graphOf(text)), measure);
      const edits = {
        deleted: edited(text, (nodes) => {
          const [removed] = nodes.splice(nodes.indexOf(middle(nodes)) + 3, 1);
          for (const node of nodes) node.transitions = node.transitions?.filter((transition) => transition.toNodeId !== removed.nodeId);
        }),
        added: edited(text, (nodes) => {
          nodes.push({ nodeId: 'one_more', name: 'One more question', script: 'Anything else?', transitions: [] });
          middle(nodes).transitions?.push({ name: 'Customer has one more question', toNodeId: 'one_more' });
        }),
        renamed: edited(text, (nodes) => (middle(nodes).name = 'A new name for this step')),
      };
      for (const [edit, graph] of Object.entries(edits)) {
        const after = incrementalLayout(graph, shown, measure);
        assert.ok(after, `${edit}: a small change`);
        // As posted: cloned, the properties set to undefined dropped.
        const delta = structuredClone(diffLayout(shown, 1, after, graph));
        assert.deepEqual(plain(applyLayoutDelta(shown, delta, graph)), plain(after), `${edit}: the page would draw another layout`);
        // The identities the next edit matches by are the layout's own.
        const nodes = nodeIdentities(after.nodes.map((laidOut) => laidOut.node));
        const identities = layoutIdentities(after);
        assert.deepEqual(identities.nodes, nodes, edit);
        assert.deepEqual(
          identities.edges,
          edgeIdentities(
            after.edges.map((laidOut) => laidOut.edge),
            nodes,
          ),
          edit,
        );
        const whole = delta.edges.filter((entry) => typeof entry === 'object' && !('from' in entry));
        assert.ok(whole.length < 20, `${edit}: ${whole.length} transitions sent whole`);
        // A renumbered transition is sent as two numbers: its drawing on screen, and the transition of the graph it now draws.
        for (const entry of delta.edges) {
          if (typeof entry !== 'object' || !('from' in entry)) continue;
          assert.deepEqual(Object.keys(entry).sort(), ['from', 'now']);
          assert.equal(graph.edges[entry.now].key, after.edges[delta.edges.indexOf(entry)].edge.key);
        }
      }
      const renumbered = diffLayout(shown, 1, incrementalLayout(edits.deleted, shown, measure)!, edits.deleted).edges;
      assert.ok(
        renumbered.some((entry) => typeof entry === 'object' && 'from' in entry),
        'a delete renumbers transitions',
      );
    });
  }

  it('warms up on the layout on screen without changing it', () => {
    const graph = layoutInput(graphOf(generateShapedPearl('hub', 100)));
    const layout = layeredLayout(graph, measure);
    const before = JSON.stringify(layout);
    const steps = warmUpSteps(graph, layout, measure, 3);
    assert.equal(steps.length, 6);
    for (const step of steps) step();
    assert.equal(JSON.stringify(layout), before);
  });
});
