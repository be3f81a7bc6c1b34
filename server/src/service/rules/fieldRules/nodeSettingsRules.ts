import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { withArticle } from '../../interface/messageText';
import { nodeFixData, nodeIn, readNodeFixData } from '../diagnosticData';
import { createDiagnostic, keySpan, valueSpan } from '../diagnostics';
import type { NestedListKey, PearlDocument, PearlNode } from '../../document/pearlDocument';
import {
  getNodeTypeFacts,
  getSettingsProperty,
  isNestedActionType,
  nestedListOwners,
  SettingsProperty,
  settingsProperties,
} from '../../interface/nodeTypes';
import { describeNodeType, isAbsentValue, isKnownNodeType } from './ruleSupport';
import { defineRules, interfaceSection, type RuleModule } from '../ruleModule';
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
export const nodeSettingsRules: RuleModule<typeof codes> = { name: 'node settings rules', rules: codes, check: validateNodeSettingsRules };

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
export function validateNodeSettingsRules(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  if (doc.kind !== 'text') return;
  for (let n = 0; n < doc.allNodes.length; n++) {
    const node = doc.allNodes[n];
    checkSettings(doc, node, diagnostics);
    if (node.container) checkNestedAction(doc, node, node.container.list, diagnostics);
    else checkNestedLists(doc, node, diagnostics);
  }
}

function checkSettings(doc: PearlDocument, node: PearlNode, diagnostics: Diagnostic[]): void {
  const { nodeType } = node;
  if (nodeType === undefined || !isKnownNodeType(nodeType)) return;
  const required = getSettingsProperty(nodeType);
  if (required && isAbsentValue(node.value[required])) {
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, [...node.path, 'nodeType']),
        codes.nodeSettingsMissing,
        `nodeType ${describeNodeType(nodeType)} requires ${required}, which is missing (graph rule 7).`,
        { data: nodeFixData(node) },
      ),
    );
  }
  for (let k = 0; k < settingsProperties.length; k++) {
    const key = settingsProperties[k];
    if (key === required) continue;
    if (isAbsentValue(node.value[key])) continue;
    diagnostics.push(
      createDiagnostic(
        doc,
        keySpan(doc, [...node.path, key]),
        codes.nodeSettingsOtherType,
        `${key} is for ${typesBySettings[key]}; this node is ${describeNodeType(nodeType)}, so it does not apply.`,
      ),
    );
  }
}

function checkNestedLists(doc: PearlDocument, node: PearlNode, diagnostics: Diagnostic[]): void {
  const { nodeType } = node;
  if (nodeType === undefined || !isKnownNodeType(nodeType)) return;
  for (let k = 0; k < nestedListOwners.length; k++) {
    const { list, nodeType: owner } = nestedListOwners[k];
    if (nodeType === owner || !isNonEmptyArray(node.value[list])) continue;
    diagnostics.push(
      createDiagnostic(
        doc,
        keySpan(doc, [...node.path, list]),
        list === 'handOffAction' ? codes.handOffActionMisplaced : codes.postCallActionsMisplaced,
        `${list} is allowed only on ${withArticle(describeNodeType(owner))} node; this node is ${describeNodeType(nodeType)}.`,
      ),
    );
  }
}

function checkNestedAction(doc: PearlDocument, node: PearlNode, list: NestedListKey, diagnostics: Diagnostic[]): void {
  const { nodeType } = node;
  if (nodeType !== undefined && !isNestedActionType(nodeType)) {
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, [...node.path, 'nodeType']),
        codes.nestedNodeType,
        `nodeType ${describeNodeType(nodeType)} cannot be nested in ${list}: nested actions must be SMS (50), Email (51) or API (40) (graph rule 6).`,
      ),
    );
  }
  for (const key of ['transitions', 'handOffAction', 'postCallActions'] as const) {
    if (!isNonEmptyArray(node.value[key])) continue;
    diagnostics.push(
      createDiagnostic(
        doc,
        keySpan(doc, [...node.path, key]),
        codes.nestedNodeNotFireAndForget,
        key === 'transitions'
          ? `A nested action in ${list} is fire-and-forget: it cannot have transitions (graph rule 6).`
          : `A nested action in ${list} is fire-and-forget: it cannot have its own ${key} list (graph rule 6).`,
      ),
    );
  }
}

function isNonEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
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
