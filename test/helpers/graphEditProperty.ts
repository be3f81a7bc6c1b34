/**
 * The property test of `pearl/graphEdit` (the designer's edits), driven by a table with one entry
 * per kind of protocol/graphEditKinds.ts (test/unit/graphEdits.test.ts holds it, beside each
 * kind's unit tests): how to make an edit of the kind from a random {@link Intent} and the graph
 * of the moment, and an independent model of its change on plain JSON. Random sequences of graph
 * edits, each addressed by the keys of the graph drawn from the current text, are applied one
 * after the other to the repository's text Pearl examples, generated Pearls, and a commented one
 * indented with tabs and CRLF line endings. After every applied edit the text still parses (no
 * syntax error), and its value is exactly the value before with the requested change made by the
 * kind's model: nothing else changed. A refused edit is a sentence and changes nothing. Every kind
 * is applied at least 5 times. A new kind needs no change here: the table's type requires its entry.
 *
 * Reproducible: a fixed seed (override with PEARL_FC_SEED); PEARL_FC_RUNS raises the number of
 * sequences per base document (default 25).
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentEdit } from 'vscode-languageserver-types';
import { type GraphEditKind, type GraphEditOf, graphEditShapes } from '#protocol/graphEditKinds';
import type { GraphEdit, PearlGraph } from '#protocol/pearlRequests';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { generateTextPearl } from './fixtures';
import { repositoryRoot } from './paths';

const seed = process.env.PEARL_FC_SEED ? Number(process.env.PEARL_FC_SEED) : 20_261_123;
const runs = process.env.PEARL_FC_RUNS ? Number(process.env.PEARL_FC_RUNS) : 25;
const service = getLanguageService();
const uri = 'file:///property/designer.pearl.json';

const commented = `{
\t"$schema": "../schemas/text-pearl.schema.json", // text
\t/* a small flow */
\t"pearl": {
\t\t"nodes": [
\t\t\t{ "nodeId": "lookup", "name": "Lookup", "nodeType": 3, "apiSettings": { "name": "L", "method": 1, "endpointUrl": "https://x.test" },
\t\t\t\t"transitions": [{ "name": "ok", "toNodeId": "open", "apiResult": 1 }] },
\t\t\t{
\t\t\t\t"nodeId": "open", // the opening
\t\t\t\t"nodeType": 2,
\t\t\t\t"transitions": [
\t\t\t\t\t{ "name": "go", "toNodeId": "end" }, // straight to the end
\t\t\t\t]
\t\t\t},
\t\t\t{ "nodeId": "after", "nodeType": 200, "postCallActions": [{ "nodeId": "mail", "nodeType": 51, "emailSettings": { "to": [], "subject": "", "body": "" } }] },
\t\t\t{ "nodeId": "end", "name": "End", "nodeType": 100 }
\t\t]
\t}
}
`.replace(/\n/g, '\r\n');

function loadBases(): Map<string, string> {
  const bases = new Map<string, string>([
    ['generated:8', generateTextPearl(8, 5)],
    ['generated:5', generateTextPearl(5, 6)],
    ['commented, tabs, CRLF', commented],
  ]);
  for (const file of ['clinic-reminders.pearl.json', 'lead-followup-outbound.pearl.json']) {
    const full = path.join(repositoryRoot, 'examples', file);
    if (fs.existsSync(full)) bases.set(file, fs.readFileSync(full, 'utf8'));
  }
  return bases;
}

const nodeTypes = [2, 3, 10, 31, 40, 50, 51, 60, 65, 80, 100, 200] as const;
export const properties = ['name', 'script', 'instructions', 'nodeId'] as const;

/** A graph edit in the abstract: what a kind's {@link GraphEditModel.make} reads to make one for the graph of the moment. */
export interface Intent {
  kind: GraphEditKind;
  /** Which node or edge (modulo their number), and a second one. */
  a: number;
  b: number;
  nodeType: number;
  text: string;
  property: (typeof properties)[number];
  withFrom: boolean;
  apiResult: number | undefined;
  /** For a settings value: the value when it is not a string (else `text`). */
  setting: number | boolean | string[] | undefined;
}

/** What the property test needs of one kind of graph edit. */
export interface GraphEditModel<K extends GraphEditKind> {
  /** The concrete edit for `graph`, or undefined when the graph has nothing it could address. */
  make(graph: PearlGraph, it: Intent): GraphEditOf<K> | undefined;
  /**
   * The model: a copy of `before` (plain JSON, left unchanged) with `edit` made, independently of
   * the planner. What the service chose itself (a new nodeId, a default name or apiResult) is read
   * from `after` and checked here.
   */
  expect(before: Json, after: Json, edit: GraphEditOf<K>): Json;
  /** How often it is drawn, against 1 for the others (2 when many of its random targets are refused). */
  readonly weight?: 1 | 2;
}

/** One {@link GraphEditModel} per kind of graph edit: a kind without one does not compile. */
export type GraphEditModels = { readonly [K in GraphEditKind]: GraphEditModel<K> };

/** A plain JSON object. */
export type Json = Record<string, unknown>;

/** The node object a node key names in a plain value (`n:2`, `n:2/postCallActions:0`). */
export function nodeAt(value: Json, key: string): Json {
  const steps = key.split('/');
  let current = ((value.pearl as Json).nodes as unknown[])[Number(steps[0].slice(2))] as Json;
  for (const step of steps.slice(1)) {
    const [list, index] = step.split(':');
    current = (current[list] as unknown[])[Number(index)] as Json;
  }
  return current;
}

/** The array holding the node a key names, and its index there. */
export function nodeSlot(value: Json, key: string): [unknown[], number] {
  const cut = key.lastIndexOf('/');
  if (cut < 0) return [(value.pearl as Json).nodes as unknown[], Number(key.slice(2))];
  const [list, index] = key.slice(cut + 1).split(':');
  return [nodeAt(value, key.slice(0, cut))[list] as unknown[], Number(index)];
}

/** The index in its node's transitions array of the transition an edge key names (its k-th object). */
export function transitionSlot(value: Json, key: string): [Json, number] {
  const [nodeKey, k] = key.split('>t:');
  const node = nodeAt(value, nodeKey);
  const list = node.transitions as unknown[];
  const objects = list
    .map((item, index) => [item, index] as const)
    .filter(([item]) => typeof item === 'object' && item !== null && !Array.isArray(item));
  return [node, objects[Number(k)][1]];
}

/** A parsed value as plain JSON objects (the tree's values have no prototype). */
export function plain(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

export const isObject = (item: unknown): item is Json => typeof item === 'object' && item !== null && !Array.isArray(item);

/** Every node object (top level and nested), as the service walks them. */
export function allNodes(value: Json): Json[] {
  const result: Json[] = [];
  const walk = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (!isObject(item)) continue;
      result.push(item);
      walk(item.handOffAction);
      walk(item.postCallActions);
    }
  };
  walk((value.pearl as Json | undefined)?.nodes);
  return result;
}

/** The transitions of `node` that are objects. */
export function transitionsOf(node: Json): Json[] {
  return Array.isArray(node.transitions) ? node.transitions.filter(isObject) : [];
}

/** Every kind of graph edit the test drives. */
const editKinds = Object.keys(graphEditShapes) as GraphEditKind[];

/** The random intents: each kind once, and a kind of weight 2 once more (in the order of graphEditShapes). */
function intents(models: GraphEditModels): fc.Arbitrary<Intent> {
  const kinds = [...editKinds, ...editKinds.filter((kind) => models[kind].weight === 2)];
  return fc.record({
    kind: fc.constantFrom(...kinds),
    a: fc.nat(),
    b: fc.nat(),
    nodeType: fc.constantFrom(...nodeTypes),
    text: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('Next', 'talk', 'end', 'Ask again', '') },
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
    property: fc.constantFrom(...properties),
    withFrom: fc.boolean(),
    apiResult: fc.constantFrom(undefined, undefined, 1, 2),
    setting: fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: -3, max: 12 }),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
    ),
  });
}

/** The edit `it` makes for `graph`, by its kind's model. */
function make<K extends GraphEditKind>(models: GraphEditModels, graph: PearlGraph, it: Intent & { kind: K }): GraphEdit | undefined {
  const model: GraphEditModel<K> = models[it.kind];
  // An edit of kind K is one of the GraphEdit union (TypeScript does not narrow a generic K to it).
  return model.make(graph, it) as GraphEdit | undefined;
}

/** The value `edit` should leave, by its kind's model. */
function expect<K extends GraphEditKind>(models: GraphEditModels, before: Json, after: Json, edit: GraphEditOf<K>): Json {
  const model: GraphEditModel<K> = models[edit.kind];
  return model.expect(before, after, edit);
}

/**
 * Registers the property test over `models` (see the file's comment): random sequences of graph
 * edits keep the file parsing and change only what they were asked to change.
 */
export function testGraphEditProperty(models: GraphEditModels): void {
  test('random sequences of graph edits keep the file parsing and change only what they were asked to change', () => {
    const applied = new Map<string, number>();
    for (const base of loadBases().values()) {
      fc.assert(
        fc.property(fc.array(intents(models), { minLength: 1, maxLength: 8 }), (intents) => {
          let text = base;
          let version = 1;
          for (const it of intents) {
            const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, text));
            assert.deepEqual(doc.syntaxErrors, [], 'the text parses');
            const edit = make(models, service.getGraph(doc, []), it);
            if (!edit) continue;
            const outcome = service.doGraphEdit(doc, version, edit);
            if ('refusal' in outcome) {
              assert.match(outcome.refusal, /^[A-Za-z'].*\.$/s, 'a refusal is a sentence');
              continue;
            }
            const [change] = outcome.result.edit.documentChanges as TextDocumentEdit[];
            const next = TextDocument.applyEdits(TextDocument.create(uri, 'pearl', version, text), change.edits);
            const after = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version + 1, next));
            assert.deepEqual(after.syntaxErrors, [], `${edit.kind} leaves a text that parses`);
            const [beforeValue, afterValue] = [plain(doc.value), plain(after.value)];
            assert.deepEqual(afterValue, expect(models, beforeValue, afterValue, edit), `${edit.kind} changes only what it was asked to`);
            applied.set(edit.kind, (applied.get(edit.kind) ?? 0) + 1);
            text = next;
            version++;
          }
        }),
        { seed, numRuns: runs, includeErrorInReport: true },
      );
    }
    // Not vacuous: every kind of edit was applied several times.
    if (process.env.PEARL_FC_STATS) console.log(JSON.stringify([...applied]));
    for (const kind of editKinds) {
      assert.ok((applied.get(kind) ?? 0) >= 5, `${kind} applied ${applied.get(kind) ?? 0} times`);
    }
  });
}

/** The node keys `it.a` and `it.b` pick in `graph` and the edge key `it.a` picks, each undefined when there is none. */
export function pick(graph: PearlGraph, it: Intent): { nodeA?: string; nodeB?: string; edgeA?: string } {
  const node = (n: number) => graph.nodes[n % graph.nodes.length]?.key;
  const edge = (n: number) => graph.edges[n % graph.edges.length]?.key;
  return { nodeA: node(it.a), nodeB: node(it.b), edgeA: edge(it.a) };
}

/** The node with a settings object that `it.a` picks in `graph`, with that object, or undefined when none has one. */
export function pickSettings(graph: PearlGraph, it: Intent): { key: string; property: string; value: unknown } | undefined {
  const withSettings = graph.nodes.filter((candidate) => candidate.settings);
  const target = withSettings[it.a % Math.max(withSettings.length, 1)];
  return target?.settings && { key: target.key, property: target.settings.property, value: target.settings.value };
}
