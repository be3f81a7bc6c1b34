import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { withArticle } from '../../interface/messageText';
import { nodeFixData, nodeIn, readNodeFixData } from '../diagnosticData';
import type { NestedListKey, PearlDocument } from '../../document/pearlDocument';
import {
  getNodeTypeFacts,
  getSettingsProperty,
  isNestedActionType,
  nestedListOwners,
  SettingsProperty,
  settingsProperties,
} from '../../interface/nodeTypes';
import { describeNodeType, isKnownNodeType } from './ruleSupport';
import { defineRules, interfaceSection, type RuleModule, type StructuralModel, type StructuralNode } from '../ruleModule';
import { getPropertyNode } from '../../document/jsonTree';
import { insertProperty, replaceValue } from '../../document/jsonEdits';
import type { Fix } from '../fixSupport';

/** The codes of this family, in the order docs/rules.md lists them. */
const codes = defineRules('field rules', {
  nodeSettingsMissing: {
    code: 'node-settings-missing',
    severity: DiagnosticSeverity.Error,
    summary: 'The settings object matching nodeType is missing (graph rule 7).',
    section: interfaceSection('Graph rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "sms", "name": "Text the receipt", "nodeType": 50 }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "sms", "name": "Text the receipt", "nodeType": 50, "smsSettings": { "message": "Thanks!" } }
    ]
  }
}`,
    },
    fix: fixMissingSettings,
  },
  nodeSettingsOtherType: {
    code: 'node-settings-other-type',
    severity: DiagnosticSeverity.Warning,
    summary: 'A settings object for another node type.',
    section: interfaceSection('Node'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "emailSettings": { "subject": "Hi" } }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "ask", "name": "Ask", "nodeType": 10 }
    ]
  }
}`,
    },
  },
  handOffActionMisplaced: {
    code: 'handoff-action-misplaced',
    severity: DiagnosticSeverity.Error,
    summary: 'handOffAction on a node that is not HandoffChatToHuman.',
    section: interfaceSection('Node'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "handOffAction": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "human", "name": "Hand over", "nodeType": 31, "handOffAction": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
    },
  },
  postCallActionsMisplaced: {
    code: 'post-call-actions-misplaced',
    severity: DiagnosticSeverity.Error,
    summary: 'postCallActions on a node that is not PostCallActions.',
    section: interfaceSection('Node'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
    },
  },
  nestedNodeType: {
    code: 'nested-node-type',
    severity: DiagnosticSeverity.Error,
    summary: 'A nested action that is not SMS, Email or API (graph rule 6).',
    section: interfaceSection('Graph rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "ask", "name": "Ask", "nodeType": 10 }] }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Handed over." } }] }
    ]
  }
}`,
    },
  },
  nestedNodeNotFireAndForget: {
    code: 'nested-node-not-fire-and-forget',
    severity: DiagnosticSeverity.Error,
    summary: 'A nested action with transitions or nested lists (graph rule 6).',
    section: interfaceSection('Graph rules'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Done." }, "transitions": [{ "name": "Sent", "toNodeId": "end" }] }] }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "after", "name": "After the call", "nodeType": 200, "postCallActions": [{ "nodeId": "note", "name": "Note", "nodeType": 50, "smsSettings": { "message": "Done." } }] }
    ]
  }
}`,
    },
  },
});

/** The node settings rules: the codes above and their check. */
export const nodeSettingsRules: RuleModule<typeof codes> = {
  name: 'node settings rules',
  rules: codes,
  check: validateNodeSettingsRules,
  // It reads the nodes' types and which settings and lists each node sets (their JSON types, the
  // lists' lengths), none of which typing in a string changes.
  keptWhileTypingInStrings: true,
};

/** The node types whose settings object is named `key`, as messages name them. */
const typesBySettings: Readonly<Record<SettingsProperty, string>> = {
  apiSettings: 'API (40) and PreCallAPI (3) nodes',
  smsSettings: 'SMS (50) nodes',
  emailSettings: 'Email (51) nodes',
  transferCallSettings: 'TransferCall (60) nodes',
};

/**
 * Settings objects and nested lists of the nodes of a text Pearl, nested actions included
 * (docs/interface.md § Graph rules, rules 6 and 7).
 *
 * - `node-settings-missing` (Error, on the nodeType value): the settings object the type requires
 *   is absent or null (rule 7; `data`: the node's NodeFixData);
 * - `node-settings-other-type` (Warning, on the key): a settings object for another node type;
 * - `handoff-action-misplaced`, `post-call-actions-misplaced` (Error, on the key): a non-empty
 *   handOffAction/postCallActions on a top-level node of another type;
 * - `nested-node-type` (Error, on the nodeType value): a nested action that is not SMS, Email or
 *   API (rule 6);
 * - `nested-node-not-fire-and-forget` (Error, on the key): a nested action with non-empty
 *   transitions, handOffAction or postCallActions (rule 6).
 * Type-dependent checks skip a node whose nodeType is missing or not in the node type table.
 */
export function validateNodeSettingsRules(graph: StructuralModel, diagnostics: Diagnostic[]): void {
  if (graph.kind !== 'text') return;
  for (let n = 0; n < graph.allNodes.length; n++) {
    const node = graph.allNodes[n];
    checkSettings(graph, node, diagnostics);
    if (node.container) checkNestedAction(graph, node, node.container.list, diagnostics);
    else checkNestedLists(graph, node, diagnostics);
  }
}

function checkSettings(graph: StructuralModel, node: StructuralNode, diagnostics: Diagnostic[]): void {
  const { nodeType } = node;
  if (nodeType === undefined || !isKnownNodeType(nodeType)) return;
  const required = getSettingsProperty(nodeType);
  if (required && isAbsent(graph, node, required)) {
    graph.report(
      diagnostics,
      graph.valueSpan([...node.path, 'nodeType']),
      codes.nodeSettingsMissing,
      `nodeType ${describeNodeType(nodeType)} requires ${required}, which is missing (graph rule 7).`,
      { data: nodeFixData(node) },
    );
  }
  for (let k = 0; k < settingsProperties.length; k++) {
    const key = settingsProperties[k];
    if (key === required) continue;
    if (isAbsent(graph, node, key)) continue;
    graph.report(
      diagnostics,
      graph.keySpan([...node.path, key]),
      codes.nodeSettingsOtherType,
      `${key} is for ${typesBySettings[key]}; this node is ${describeNodeType(nodeType)}, so it does not apply.`,
    );
  }
}

function checkNestedLists(graph: StructuralModel, node: StructuralNode, diagnostics: Diagnostic[]): void {
  const { nodeType } = node;
  if (nodeType === undefined || !isKnownNodeType(nodeType)) return;
  for (let k = 0; k < nestedListOwners.length; k++) {
    const { list, nodeType: owner } = nestedListOwners[k];
    if (nodeType === owner || !isNonEmptyList(graph, node, list)) continue;
    graph.report(
      diagnostics,
      graph.keySpan([...node.path, list]),
      list === 'handOffAction' ? codes.handOffActionMisplaced : codes.postCallActionsMisplaced,
      `${list} is allowed only on ${withArticle(describeNodeType(owner))} node; this node is ${describeNodeType(nodeType)}.`,
    );
  }
}

function checkNestedAction(graph: StructuralModel, node: StructuralNode, list: NestedListKey, diagnostics: Diagnostic[]): void {
  const { nodeType } = node;
  if (nodeType !== undefined && !isNestedActionType(nodeType)) {
    graph.report(
      diagnostics,
      graph.valueSpan([...node.path, 'nodeType']),
      codes.nestedNodeType,
      `nodeType ${describeNodeType(nodeType)} cannot be nested in ${list}: nested actions must be SMS (50), Email (51) or API (40) (graph rule 6).`,
    );
  }
  for (const key of ['transitions', 'handOffAction', 'postCallActions'] as const) {
    if (!isNonEmptyList(graph, node, key)) continue;
    graph.report(
      diagnostics,
      graph.keySpan([...node.path, key]),
      codes.nestedNodeNotFireAndForget,
      key === 'transitions'
        ? `A nested action in ${list} is fire-and-forget: it cannot have transitions (graph rule 6).`
        : `A nested action in ${list} is fire-and-forget: it cannot have its own ${key} list (graph rule 6).`,
    );
  }
}

/** Whether `node` leaves `key` out or sets it to null (ruleSupport.ts `isAbsentValue`). */
function isAbsent(graph: StructuralModel, node: StructuralNode, key: string): boolean {
  const type = graph.typeOfKey(node, key);
  return type === undefined || type === 'null';
}

/** Whether `node` sets `key` to an array with at least one element. */
function isNonEmptyList(graph: StructuralModel, node: StructuralNode, key: string): boolean {
  return (graph.itemCount(node, key) ?? 0) > 0;
}

/**
 * `node-settings-missing` → "Add smsSettings": inserts the settings object the node type requires
 * with its main fields empty (§ Graph rules, rule 7; the skeleton is the node type table's).
 */
function fixMissingSettings(doc: PearlDocument, { data }: Diagnostic): Fix[] {
  const fixData = readNodeFixData(data);
  const node = fixData && nodeIn(doc, fixData);
  const settings = getNodeTypeFacts(node?.nodeType)?.settings;
  if (!node || !settings) return [];
  const object = node.node;
  const { property: key, skeleton: value } = settings;
  const existing = getPropertyNode(object, key);
  if (existing !== undefined && existing.type !== 'null') return [];
  const edit = existing ? replaceValue(doc, existing, value, 'compact') : insertProperty(doc, object, key, value, 'compact');
  return [{ title: `Add ${key}`, edits: [edit], isPreferred: true }];
}
