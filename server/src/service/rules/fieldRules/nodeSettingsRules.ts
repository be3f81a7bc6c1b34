import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import { withArticle } from '../../interface/messageText';
import { nodeFixData } from '../diagnosticData';
import { createDiagnostic, keySpan, valueSpan } from '../diagnostics';
import { NestedListKey, NodeType, PearlDocument, PearlNode } from '../../document/pearlDocument';
import { describeNodeType, isAbsentValue, isKnownNodeType } from './ruleSupport';

/** The settings objects of a node (§ Node). */
const settingsKeys = ['apiSettings', 'smsSettings', 'emailSettings', 'transferCallSettings'] as const;
type SettingsKey = (typeof settingsKeys)[number];

/** The settings object each node type requires (§ Graph rules, rule 7). */
const requiredSettings: ReadonlyMap<number, SettingsKey> = new Map([
  [NodeType.PreCallAPI, 'apiSettings'],
  [NodeType.API, 'apiSettings'],
  [NodeType.SMS, 'smsSettings'],
  [NodeType.Email, 'emailSettings'],
  [NodeType.TransferCall, 'transferCallSettings'],
]);

/** The node types whose settings object is named `key`, for messages. */
const typesBySettings: ReadonlyMap<SettingsKey, string> = new Map([
  ['apiSettings', 'API (40) and PreCallAPI (3) nodes'],
  ['smsSettings', 'SMS (50) nodes'],
  ['emailSettings', 'Email (51) nodes'],
  ['transferCallSettings', 'TransferCall (60) nodes'],
]);

/** The only node type each nested list may appear on (§ Node: "Only on a ... node"). */
const nestedListOwner: ReadonlyMap<NestedListKey, NodeType> = new Map([
  ['handOffAction', NodeType.HandoffChatToHuman],
  ['postCallActions', NodeType.PostCallActions],
]);

/** Node types a nested action may have (graph rule 6). */
const nestedNodeTypes: ReadonlySet<number> = new Set([NodeType.SMS, NodeType.Email, NodeType.API]);

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
  for (const node of doc.allNodes) {
    checkSettings(doc, node, diagnostics);
    if (node.container) checkNestedAction(doc, node, node.container.list, diagnostics);
    else checkNestedLists(doc, node, diagnostics);
  }
}

function checkSettings(doc: PearlDocument, node: PearlNode, diagnostics: Diagnostic[]): void {
  const { nodeType } = node;
  if (nodeType === undefined || !isKnownNodeType(nodeType)) return;
  const required = requiredSettings.get(nodeType);
  if (required && isAbsentValue(node.value[required])) {
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, [...node.path, 'nodeType']),
        DiagnosticCode.nodeSettingsMissing,
        `nodeType ${describeNodeType(nodeType)} requires ${required}, which is missing (graph rule 7).`,
        { data: nodeFixData(node) },
      ),
    );
  }
  for (const key of settingsKeys) {
    if (key === required) continue;
    if (isAbsentValue(node.value[key])) continue;
    diagnostics.push(
      createDiagnostic(
        doc,
        keySpan(doc, [...node.path, key]),
        DiagnosticCode.nodeSettingsOtherType,
        `${key} is for ${typesBySettings.get(key)}; this node is ${describeNodeType(nodeType)}, so it does not apply.`,
      ),
    );
  }
}

function checkNestedLists(doc: PearlDocument, node: PearlNode, diagnostics: Diagnostic[]): void {
  const { nodeType } = node;
  if (nodeType === undefined || !isKnownNodeType(nodeType)) return;
  for (const [list, owner] of nestedListOwner) {
    if (nodeType === owner || !isNonEmptyArray(node.value[list])) continue;
    diagnostics.push(
      createDiagnostic(
        doc,
        keySpan(doc, [...node.path, list]),
        list === 'handOffAction' ? DiagnosticCode.handOffActionMisplaced : DiagnosticCode.postCallActionsMisplaced,
        `${list} is allowed only on ${withArticle(describeNodeType(owner))} node; this node is ${describeNodeType(nodeType)}.`,
      ),
    );
  }
}

function checkNestedAction(doc: PearlDocument, node: PearlNode, list: NestedListKey, diagnostics: Diagnostic[]): void {
  const { nodeType } = node;
  if (nodeType !== undefined && !nestedNodeTypes.has(nodeType)) {
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, [...node.path, 'nodeType']),
        DiagnosticCode.nestedNodeType,
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
        DiagnosticCode.nestedNodeNotFireAndForget,
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
