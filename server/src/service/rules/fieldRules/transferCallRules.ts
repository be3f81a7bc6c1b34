import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { NodeType } from '../../document/pearlDocument';
import { arrayOf, isAbsentValue, isBlankValue, isJsonObject, JsonPath, objectOf } from './ruleSupport';
import { defineRules, interfaceSection, type ReportSpan, type RuleModule, type ScopedValues, type StructuralModel } from '../ruleModule';

/** The codes of this family, in the order docs/rules.md lists them. */
const codes = defineRules('field rules', {
  transferTriggerMissing: {
    code: 'transfer-trigger-missing',
    severity: DiagnosticSeverity.Error,
    summary: 'TransferCall triggerDescription missing where required.',
    section: interfaceSection('TransferCallSettings'),
    examples: {
      fails: `{
  "pearl": {
    "openingSentence": "Hello!",
    "transferCallSettings": [{ "transferCallPhoneNumber": "+441135550123" }]
  }
}`,
      passes: `{
  "pearl": {
    "openingSentence": "Hello!",
    "transferCallSettings": [{ "transferCallPhoneNumber": "+441135550123", "triggerDescription": "The caller asks for the pharmacist." }]
  }
}`,
    },
  },
  transferTriggerNotAllowed: {
    code: 'transfer-trigger-not-allowed',
    severity: DiagnosticSeverity.Error,
    summary: 'TransferCall triggerDescription on a node reached by transitions.',
    section: interfaceSection('TransferCallSettings'),
    examples: {
      fails: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Leak", "toNodeId": "transfer" }] },
      { "nodeId": "transfer", "name": "Transfer", "nodeType": 60, "transferCallSettings": { "transferCallPhoneNumber": "+15125550100", "triggerDescription": "An active leak." } }
    ]
  }
}`,
      passes: `{
  "pearl": {
    "nodes": [
      { "nodeId": "start", "name": "Greeting", "nodeType": 2, "transitions": [{ "name": "Leak", "toNodeId": "transfer" }] },
      { "nodeId": "transfer", "name": "Transfer", "nodeType": 60, "transferCallSettings": { "transferCallPhoneNumber": "+15125550100" } }
    ]
  }
}`,
    },
  },
});

/** The transfer call rules: the codes above and their check. */
export const transferCallRules: RuleModule<typeof codes> = {
  name: 'transfer call rules',
  rules: codes,
  check: validateTransferCallRules,
  // It reads the values under transferCallSettings (and the nodes' types, ids and the transitions'
  // targets): typing in any other string keeps its diagnostics.
  keptWhileTypingInStrings: true,
  scope: ['transferCallSettings'],
};

/**
 * TransferCallSettings.triggerDescription (docs/interface.md § TransferCallSettings:
 * "Required in a simple Pearl. In a node graph: required when the node has no inbound
 * transition; not allowed when the node is reached by transitions"). Empty or whitespace-only
 * counts as missing.
 *
 * - `transfer-trigger-missing` (Error): an element of a simple Pearl's
 *   `pearl.transferCallSettings` without one (on its triggerDescription value when present, else
 *   its transferCallPhoneNumber value, else its `{`); a top-level TransferCall node of a text Pearl
 *   that no transition targets, without one (on its triggerDescription value when present, else
 *   the `transferCallSettings` key);
 * - `transfer-trigger-not-allowed` (Error, on the key): a TransferCall node that some transition
 *   targets, with one.
 * A TransferCall node without nodeId is skipped: its server-derived id cannot be matched against
 * transitions (docs/rulings.md § Graph). Linear: one set of all transition targets.
 */
export function validateTransferCallRules(graph: StructuralModel, diagnostics: Diagnostic[], scoped: ScopedValues): void {
  if (graph.kind === 'simple') {
    arrayOf(scoped.valueAt(['pearl', 'transferCallSettings'])).forEach((settings, index) => {
      if (!isJsonObject(settings) || !isMissingTrigger(settings.triggerDescription)) return;
      const path: JsonPath = ['pearl', 'transferCallSettings', index];
      let span: ReportSpan;
      if (settings.triggerDescription !== undefined) span = graph.valueSpan([...path, 'triggerDescription']);
      else if (!isAbsentValue(settings.transferCallPhoneNumber)) span = graph.valueSpan([...path, 'transferCallPhoneNumber']);
      else span = graph.openingSpan(path);
      graph.report(
        diagnostics,
        span,
        codes.transferTriggerMissing,
        `transferCallSettings[${index}] needs a triggerDescription (required in a simple Pearl): it tells the agent when to transfer.`,
      );
    });
    return;
  }

  for (const node of graph.nodes) {
    if (node.nodeType !== NodeType.TransferCall || node.nodeId === undefined || node.nodeId === '') continue;
    const settings = objectOf(scoped.memberOf(node, 'transferCallSettings'));
    if (!settings) continue; // missing: node-settings-missing
    const settingsPath: JsonPath = [...node.path, 'transferCallSettings'];
    const trigger = settings.triggerDescription;
    // The model's targets (any node's transitions, nested actions included), kept while typing in strings.
    if (graph.transitionsTo.has(node.nodeId)) {
      if (typeof trigger !== 'string' || isBlankValue(trigger)) continue;
      graph.report(
        diagnostics,
        graph.keySpan([...settingsPath, 'triggerDescription']),
        codes.transferTriggerNotAllowed,
        `TransferCall node '${node.nodeId}' is reached by transitions, so its triggerDescription is not allowed (only an unwired TransferCall node is fired from its triggerDescription).`,
      );
    } else if (isMissingTrigger(trigger)) {
      graph.report(
        diagnostics,
        trigger !== undefined ? graph.valueSpan([...settingsPath, 'triggerDescription']) : graph.keySpan(settingsPath),
        codes.transferTriggerMissing,
        `TransferCall node '${node.nodeId}' has no incoming transition, so its transferCallSettings needs a triggerDescription: the agent fires it from that description.`,
      );
    }
  }
}

/** Absent, null, or a blank string; a value of another type is left to schema validation. */
function isMissingTrigger(trigger: unknown): boolean {
  return isAbsentValue(trigger) || isBlankValue(trigger);
}
