/**
 * Property test of `pearl/graphEdit` (the designer's edits): random sequences of graph edits, each
 * addressed by the keys of the graph drawn from the current text, applied one after the other to
 * the repository's text Pearl examples, generated Pearls, and a commented one indented with tabs
 * and CRLF line endings. After every applied edit the text still parses (no syntax error), and its
 * value is exactly the value before with the requested change made by an independent model on
 * plain JSON: nothing else changed. A refused edit is a sentence and changes nothing.
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
import { type GraphEditKind, graphEditShapes } from '../../protocol/graphEditKinds';
import type { GraphEdit, PearlGraph } from '../../protocol/pearlRequests';
import { getNodeSettingFields, getNodeSettingLists } from '../../server/src/service/interface/nodeSettingFields';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import { generateTextPearl } from '../helpers/fixtures';
import { repositoryRoot } from '../helpers/paths';

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
const properties = ['name', 'script', 'instructions', 'nodeId'] as const;

/** A graph edit in the abstract: which node or edge is resolved against the graph of the moment. */
interface Intent {
  kind: GraphEdit['kind'];
  a: number;
  b: number;
  nodeType: number;
  text: string;
  property: (typeof properties)[number];
  withFrom: boolean;
  apiResult: number | undefined;
  /** For setNodeSetting: the value when it is not a string (else `text`). */
  setting: number | boolean | string[] | undefined;
}

/** Every kind of graph edit the test drives. */
const editKinds = Object.keys(graphEditShapes) as GraphEditKind[];

const intent: fc.Arbitrary<Intent> = fc.record({
  // setNodeSetting twice as often: many of its random targets are refused (no settings there).
  kind: fc.constantFrom(...editKinds, 'setNodeSetting', 'clearNodeSetting', 'addNodeSettingItem'),
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

/** The concrete edit for `graph`, or undefined when the graph has nothing to address. */
function resolve(graph: PearlGraph, it: Intent): GraphEdit | undefined {
  const node = (n: number) => graph.nodes[n % graph.nodes.length]?.key;
  const edge = (n: number) => graph.edges[n % graph.edges.length]?.key;
  const [nodeA, nodeB, edgeA] = [node(it.a), node(it.b), edge(it.a)];
  switch (it.kind) {
    case 'addNode':
      return {
        kind: 'addNode',
        nodeType: it.nodeType,
        name: it.text,
        ...(it.withFrom && nodeA ? { from: nodeA, transitionName: it.text ? `${it.text}!` : undefined } : {}),
      };
    case 'addTransition':
      return nodeA && nodeB ? { kind: 'addTransition', source: nodeA, target: nodeB, name: it.text, apiResult: it.apiResult } : undefined;
    case 'retargetTransition':
      return edgeA && nodeB ? { kind: 'retargetTransition', transition: edgeA, target: nodeB } : undefined;
    case 'deleteTransition':
      return edgeA ? { kind: 'deleteTransition', transition: edgeA } : undefined;
    case 'deleteNode':
      return nodeA ? { kind: 'deleteNode', node: nodeA } : undefined;
    case 'setNodeProperty':
      return nodeA ? { kind: 'setNodeProperty', node: nodeA, property: it.property, value: it.text } : undefined;
    case 'renameTransition':
      return edgeA ? { kind: 'renameTransition', transition: edgeA, name: it.text } : undefined;
    case 'clearNodeSetting':
    case 'addNodeSettingItem':
      return resolveSettingsList(graph, it);
    case 'setNodeSetting': {
      // A field the graph lists for a node that has settings (wrong types included: they are refused).
      const withSettings = graph.nodes.filter((candidate) => candidate.settings);
      const target = withSettings[it.a % Math.max(withSettings.length, 1)];
      if (!target?.settings) return undefined;
      const fields = getNodeSettingFields(target.settings.property, target.settings.value);
      const field = fields[it.b % fields.length];
      if (!field) return undefined;
      return { kind: 'setNodeSetting', node: target.key, path: field.path, value: it.setting ?? it.text };
    }
  }
}

/** A clearNodeSetting of a field or entry, or an addNodeSettingItem of a list, of a node that has settings. */
function resolveSettingsList(graph: PearlGraph, it: Intent): GraphEdit | undefined {
  const withSettings = graph.nodes.filter((candidate) => candidate.settings);
  const target = withSettings[it.a % Math.max(withSettings.length, 1)];
  if (!target?.settings) return undefined;
  const { property, value } = target.settings;
  if (it.kind === 'addNodeSettingItem') {
    const list = getNodeSettingLists(property, value)[it.b % 8];
    return list ? { kind: 'addNodeSettingItem', node: target.key, path: list.path, name: it.text } : undefined;
  }
  const fields = getNodeSettingFields(property, value).filter((field) => field.value !== undefined);
  const field = fields[it.b % Math.max(fields.length, 1)];
  if (!field) return undefined;
  // Now and then a whole list element (`body 1`) rather than one of its fields.
  const index = field.path.findIndex((step) => typeof step === 'number');
  const path = index > 0 && it.withFrom ? field.path.slice(0, index + 1) : field.path;
  return { kind: 'clearNodeSetting', node: target.key, path };
}

type Json = Record<string, unknown>;

/** The node object a node key names in a plain value (`n:2`, `n:2/postCallActions:0`). */
function nodeAt(value: Json, key: string): Json {
  const steps = key.split('/');
  let current = ((value.pearl as Json).nodes as unknown[])[Number(steps[0].slice(2))] as Json;
  for (const step of steps.slice(1)) {
    const [list, index] = step.split(':');
    current = (current[list] as unknown[])[Number(index)] as Json;
  }
  return current;
}

/** The array holding the node a key names, and its index there. */
function nodeSlot(value: Json, key: string): [unknown[], number] {
  const cut = key.lastIndexOf('/');
  if (cut < 0) return [(value.pearl as Json).nodes as unknown[], Number(key.slice(2))];
  const [list, index] = key.slice(cut + 1).split(':');
  return [nodeAt(value, key.slice(0, cut))[list] as unknown[], Number(index)];
}

/** The index in its node's transitions array of the transition an edge key names (its k-th object). */
function transitionSlot(value: Json, key: string): [Json, number] {
  const [nodeKey, k] = key.split('>t:');
  const node = nodeAt(value, nodeKey);
  const list = node.transitions as unknown[];
  const objects = list
    .map((item, index) => [item, index] as const)
    .filter(([item]) => typeof item === 'object' && item !== null && !Array.isArray(item));
  return [node, objects[Number(k)][1]];
}

/** A parsed value as plain JSON objects (the tree's values have no prototype). */
function plain(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

const isObject = (item: unknown): item is Json => typeof item === 'object' && item !== null && !Array.isArray(item);

/** Every node object (top level and nested), as the service walks them. */
function allNodes(value: Json): Json[] {
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

function transitionsOf(node: Json): Json[] {
  return Array.isArray(node.transitions) ? node.transitions.filter(isObject) : [];
}

/**
 * The model: `before` with `edit` made on plain JSON. What the service chose itself (a new
 * nodeId, a default transition name or apiResult) is read from `after` and checked here.
 */
function expectedValue(before: Json, after: Json, edit: GraphEdit): Json {
  const expected = structuredClone(before);
  const appendTransition = (source: Json, added: Json): void => {
    source.transitions = [...(Array.isArray(source.transitions) ? source.transitions : []), added];
  };
  const lastTransition = (key: string): Json => {
    const list = nodeAt(after, key).transitions as Json[];
    return list[list.length - 1];
  };
  switch (edit.kind) {
    case 'addNode': {
      const nodes = (after.pearl as Json).nodes as Json[];
      const added = nodes[nodes.length - 1];
      assert.equal(added.nodeType, edit.nodeType);
      assert.match(added.nodeId as string, /^[a-z0-9_]{1,40}(_\d+)?$/);
      assert.ok(!allNodes(before).some((node) => node.nodeId === added.nodeId), 'the new nodeId is unique');
      if (edit.name?.trim()) assert.equal(added.name, edit.name);
      const expectedNodes = (expected.pearl as Json).nodes;
      (expected.pearl as Json).nodes = [...(Array.isArray(expectedNodes) ? expectedNodes : []), added];
      if (edit.from !== undefined) {
        const transition = lastTransition(edit.from);
        assert.equal(transition.toNodeId, added.nodeId);
        if (edit.transitionName !== undefined) assert.equal(transition.name, edit.transitionName);
        appendTransition(nodeAt(expected, edit.from), transition);
      }
      return expected;
    }
    case 'addTransition': {
      const transition = lastTransition(edit.source);
      const source = nodeAt(before, edit.source);
      const apiResult = source.nodeType === 3 ? (edit.apiResult ?? transition.apiResult) : undefined;
      assert.deepEqual(transition, {
        name: edit.name,
        toNodeId: nodeAt(before, edit.target).nodeId,
        ...(apiResult !== undefined ? { apiResult } : {}),
      });
      appendTransition(nodeAt(expected, edit.source), transition);
      return expected;
    }
    case 'retargetTransition': {
      const [node, index] = transitionSlot(expected, edit.transition);
      (node.transitions as Json[])[index].toNodeId = nodeAt(before, edit.target).nodeId;
      return expected;
    }
    case 'deleteTransition': {
      const [node, index] = transitionSlot(expected, edit.transition);
      (node.transitions as unknown[]).splice(index, 1);
      return expected;
    }
    case 'deleteNode': {
      const id = nodeAt(before, edit.node).nodeId;
      const [list, index] = nodeSlot(expected, edit.node);
      list.splice(index, 1);
      if (typeof id === 'string' && !allNodes(expected).some((node) => node.nodeId === id)) {
        for (const node of allNodes(expected)) {
          if (Array.isArray(node.transitions))
            node.transitions = node.transitions.filter((item) => !(isObject(item) && item.toNodeId === id));
        }
      }
      return expected;
    }
    case 'setNodeProperty': {
      const node = nodeAt(expected, edit.node);
      const old = node.nodeId;
      if (edit.property === 'nodeId' && typeof old === 'string') {
        for (const other of allNodes(expected)) {
          if (other.nodeId === old) other.nodeId = edit.value;
          for (const transition of transitionsOf(other)) if (transition.toNodeId === old) transition.toNodeId = edit.value;
        }
      } else {
        node[edit.property] = edit.value;
      }
      return expected;
    }
    case 'renameTransition': {
      const [node, index] = transitionSlot(expected, edit.transition);
      (node.transitions as Json[])[index].name = edit.name;
      return expected;
    }
    case 'clearNodeSetting': {
      const owner = edit.path
        .slice(0, -1)
        .reduce<unknown>((at, step) => (at as Record<string | number, unknown>)[step], nodeAt(expected, edit.node));
      const last = edit.path[edit.path.length - 1];
      if (Array.isArray(owner) && typeof last === 'number') owner.splice(last, 1);
      else delete (owner as Json)[last];
      return expected;
    }
    case 'addNodeSettingItem': {
      const settings = nodeAt(expected, edit.node);
      const [property, list] = edit.path as [string, string];
      if (!isObject(settings[property])) settings[property] = {};
      const object = settings[property] as Json;
      const type = getNodeSettingLists(property, undefined).find((candidate) => candidate.path[1] === list)?.type;
      if (type === 'objectList') {
        object[list] = [...(Array.isArray(object[list]) ? object[list] : []), {}];
      } else {
        object[list] = { ...(isObject(object[list]) ? object[list] : {}), [edit.name?.trim() ?? '']: '' };
      }
      return expected;
    }
    case 'setNodeSetting': {
      let owner: Record<string | number, unknown> = nodeAt(expected, edit.node);
      edit.path.forEach((step, index) => {
        if (index === edit.path.length - 1) owner[step] = edit.value;
        else {
          const next = owner[step];
          if (typeof next !== 'object' || next === null) owner[step] = {};
          owner = owner[step] as Record<string | number, unknown>;
        }
      });
      return expected;
    }
  }
}

test('random sequences of graph edits keep the file parsing and change only what they were asked to change', () => {
  const applied = new Map<string, number>();
  for (const base of loadBases().values()) {
    fc.assert(
      fc.property(fc.array(intent, { minLength: 1, maxLength: 8 }), (intents) => {
        let text = base;
        let version = 1;
        for (const it of intents) {
          const doc = service.parsePearlDocument(TextDocument.create(uri, 'pearl', version, text));
          assert.deepEqual(doc.syntaxErrors, [], 'the text parses');
          const edit = resolve(service.getGraph(doc, []), it);
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
          assert.deepEqual(afterValue, expectedValue(beforeValue, afterValue, edit), `${edit.kind} changes only what it was asked to`);
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
