// The host's graph updates (graphUpdate.ts) and the page's rebuilding of them (graphChanges.ts):
// whatever the edit, the page rebuilds exactly the graph the server made, and an edit in one place
// sends the nodes and transitions it changed, not the whole graph.
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { applyGraphChanges } from '#protocol/graphChanges';
import { graphUpdate } from '../../client/src/graphPreview/graphUpdate';
import type { GraphChangesMessage } from '#protocol/graphPreviewMessages';
import type { PearlGraph } from '#protocol/graphTypes';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { edit, generateShapedPearl, middle, pearlShapes, type ShapedNode } from '../helpers/fixtures';

const service = getLanguageService();
const uri = 'file:///work/changes.pearl.json';

function graphOf(text: string, version: number): PearlGraph {
  const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, text));
  return service.getGraph(doc, service.doValidation(doc));
}

/** The update from `before` to `after`, checked to rebuild `after` exactly; returns the changes message. */
function rebuilt(before: PearlGraph, after: PearlGraph): GraphChangesMessage {
  const update = graphUpdate(before, after);
  assert.equal(update.type, 'graphChanges', 'the whole graph was sent');
  if (update.type !== 'graphChanges') throw new Error('unreachable');
  // As the page receives it: a copy (postMessage), applied to its copy of the graph.
  const page = applyGraphChanges(structuredClone(before), structuredClone(update));
  assert.deepStrictEqual(page, after);
  return update;
}

/** How many of `items` are not sent as a plain reference (whole, or a reference with changed fields). */
const whole = (items: readonly (object | number)[]): number => items.filter((item) => typeof item !== 'number').length;
/** The changed fields of the nodes sent as references with changes. */
const changedFields = (update: GraphChangesMessage): string[] =>
  [...new Set(update.nodes.flatMap((item) => (typeof item === 'object' && 'fields' in item ? Object.keys(item.fields) : [])))].sort();

describe('graph updates', () => {
  test('removing a node in the middle of a 500-node hub sends a few nodes, not the graph', () => {
    const text = generateShapedPearl('hub', 500);
    const shrunk = edit(text, (nodes) => {
      const removed = nodes.splice(nodes.indexOf(middle(nodes)) + 3, 1)[0];
      for (const node of nodes) if (node.transitions) node.transitions = node.transitions.filter((t) => t.toNodeId !== removed.nodeId);
    });
    const [before, after] = [graphOf(text, 1), graphOf(shrunk, 2)];
    const update = rebuilt(before, after);
    assert.equal(update.renumbering?.by, -1);
    // The removal cuts the hub's chain: the nodes after it can no longer be reached, and get a
    // warning. They go as references with their new diagnostics and marks; no node goes whole.
    assert.equal(update.nodes.filter((item) => typeof item === 'object' && 'key' in item).length, 0, 'a node sent whole');
    assert.deepEqual(changedFields(update), ['diagnostics', 'noIncoming', 'range']);
    assert.ok(whole(update.edges) < 10, `${whole(update.edges)} of ${after.edges.length} transitions sent whole`);
    const size = (value: unknown): number => JSON.stringify(value).length;
    assert.ok(size(update) < size(after) / 4, `the update is ${size(update)} characters, the graph ${size(after)}`);
  });

  test('every edit of the graph benchmark, on every shape, rebuilds the graph the server made', () => {
    for (const shape of pearlShapes) {
      const base = generateShapedPearl(shape, 120);
      const grown = edit(base, (nodes) => {
        nodes.push({ nodeId: 'added', name: 'Added', script: 'One more question.', transitions: [] });
        middle(nodes).transitions?.push({ name: 'One more question', toNodeId: 'added' });
      });
      const shrunk = edit(grown, (nodes) => void nodes.splice(nodes.indexOf(middle(nodes)) + 3, 1));
      const renamed = edit(shrunk, (nodes) => (middle(nodes).name = 'Renamed'));
      const scripted = edit(renamed, (nodes) => (middle(nodes).script = 'Thanks'));
      const graphs = [base, grown, shrunk, renamed, scripted].map((text, index) => graphOf(text, index + 1));
      for (let index = 1; index < graphs.length; index++) rebuilt(graphs[index - 1], graphs[index]);
      // Typing in a script: that node's script, nothing else.
      const typed = rebuilt(graphs[3], graphs[4]);
      assert.equal(whole(typed.nodes), 1, `${shape}: nodes not sent by reference after a script edit`);
      assert.deepEqual(changedFields(typed), ['script'], shape);
      assert.equal(whole(typed.edges), 0, `${shape}: transitions sent whole after a script edit`);
    }
  });

  test('a Pearl on one line: positions move along the line, and as much is sent by reference as on many lines', () => {
    const text = generateShapedPearl('chain', 40);
    const oneLine = (value: string): string => JSON.stringify(JSON.parse(value));
    const shrunk = edit(text, (nodes) => void nodes.splice(10, 1));
    const onLines = rebuilt(graphOf(text, 1), graphOf(shrunk, 2));
    const onOneLine = rebuilt(graphOf(oneLine(text), 1), graphOf(oneLine(shrunk), 2));
    assert.ok(onOneLine.moves.every((move) => move.from.line === 0 && move.to.line === 0));
    assert.equal(whole(onOneLine.nodes), whole(onLines.nodes));
    assert.equal(whole(onOneLine.edges), whole(onLines.edges));
    assert.ok(whole(onOneLine.nodes) < 39, 'every node sent whole');
  });

  test("nested actions are renumbered with their node (the clinic example's handOffAction)", () => {
    const text = fs.readFileSync(path.join(__dirname, '../../../examples/clinic-reminders.pearl.json'), 'utf8');
    const before = graphOf(text, 1);
    const nested = before.nodes.filter((node) => node.parent !== undefined);
    assert.ok(nested.length > 0, 'the example has no nested action');
    const value = JSON.parse(text) as { pearl: { nodes: ShapedNode[] } };
    value.pearl.nodes.splice(0, 0, { nodeId: 'first', name: 'A node before all', transitions: [] });
    const update = rebuilt(before, graphOf(JSON.stringify(value, null, 2), 2));
    assert.deepEqual(update.renumbering, { from: 0, by: 1 });
    const kept = update.nodes.filter((item): item is number => typeof item === 'number').map((index) => before.nodes[index]);
    assert.ok(
      nested.some((node) => kept.includes(node)),
      'no nested action was sent by reference',
    );
  });

  test('a page holding another graph rebuilds nothing (it asks for the whole graph)', () => {
    const text = generateShapedPearl('mix', 30);
    const before = graphOf(text, 1);
    const after = graphOf(
      edit(text, (nodes) => (nodes[3].script = 'Changed')),
      2,
    );
    const update = graphUpdate(before, after);
    assert.equal(update.type, 'graphChanges');
    if (update.type !== 'graphChanges') return;
    assert.equal(applyGraphChanges({ ...before, version: 7 }, update), undefined);
    assert.equal(applyGraphChanges({ ...before, nodes: before.nodes.slice(0, 2) }, update), undefined);
    assert.deepStrictEqual(applyGraphChanges(before, update), after);
  });

  test('no graph on the page, another document, or a simple Pearl: the whole graph', () => {
    const text = generateShapedPearl('mix', 30);
    const graph = graphOf(text, 1);
    assert.equal(graphUpdate(undefined, graph).type, 'graph');
    assert.equal(graphUpdate({ ...graph, uri: 'file:///work/other.pearl.json' }, graph).type, 'graph');
    assert.equal(graphUpdate({ ...graph, nodes: [] }, graph).type, 'graph');
  });

  test('property: any sequence of edits, in any layout of the text, rebuilds the graph the server made', () => {
    type Change =
      | { kind: 'remove'; at: number }
      | { kind: 'insert'; at: number }
      | { kind: 'transition'; at: number; to: number }
      | { kind: 'script'; at: number }
      | { kind: 'name'; at: number }
      | { kind: 'swap'; at: number; with: number };
    const change: fc.Arbitrary<Change> = fc.oneof(
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('transition' as const), at: fc.nat(), to: fc.nat() }),
      fc.record({ kind: fc.constant('script' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('name' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), with: fc.nat() }),
    );
    const apply = (nodes: ShapedNode[], step: Change, serial: number): void => {
      const at = step.at % nodes.length;
      switch (step.kind) {
        case 'remove':
          if (nodes.length > 2) nodes.splice(at, 1);
          break;
        case 'insert':
          nodes.splice(at, 0, {
            nodeId: `inserted_${serial}`,
            name: `Inserted ${serial}`,
            script: 'Hello.',
            transitions: [{ name: 'On', toNodeId: nodes[at].nodeId }],
          });
          break;
        case 'transition':
          (nodes[at].transitions ??= []).push({ name: `To ${serial}`, toNodeId: nodes[step.to % nodes.length].nodeId });
          break;
        case 'script':
          nodes[at].script = `Changed ${serial}.`;
          break;
        case 'name':
          nodes[at].name = `Named ${serial}`;
          break;
        case 'swap': {
          const other = step.with % nodes.length;
          [nodes[at], nodes[other]] = [nodes[other], nodes[at]];
          break;
        }
      }
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...pearlShapes),
        fc.integer({ min: 8, max: 30 }),
        fc.constantFrom<number | undefined>(0, 2, 4, undefined),
        fc.array(change, { minLength: 1, maxLength: 4 }),
        (shape, size, indent, steps) => {
          const layout = (value: unknown): string => (indent === undefined ? JSON.stringify(value) : JSON.stringify(value, null, indent));
          let value = JSON.parse(generateShapedPearl(shape, size)) as { pearl: { nodes: ShapedNode[] } };
          let previous = graphOf(layout(value), 1);
          for (const [index, step] of steps.entries()) {
            value = structuredClone(value);
            apply(value.pearl.nodes, step, index);
            const next = graphOf(layout(value), index + 2);
            const update = graphUpdate(previous, next);
            const page = update.type === 'graph' ? update.graph : applyGraphChanges(structuredClone(previous), structuredClone(update));
            assert.deepStrictEqual(page, next);
            previous = next;
          }
        },
      ),
      { numRuns: 60, seed: 20261127 },
    );
  });
});
