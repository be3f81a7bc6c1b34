import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import { createDiagnostic, keySpanOf, TextSpan } from '../diagnostics';
import { getObjectItems, getPropertyNode, JsonNode } from '../jsonTree';
import { NodeType, PearlDocument } from '../pearlDocument';
import { isAbsent, isBlankString, openingBraceSpan } from './ruleSupport';

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
export function validateTransferCallRules(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  if (doc.kind === 'simple') {
    getObjectItems(doc.pearl, 'transferCallSettings').forEach((settings, index) => {
      const trigger = getPropertyNode(settings, 'triggerDescription');
      if (!isMissingTrigger(trigger)) return;
      const phone = getPropertyNode(settings, 'transferCallPhoneNumber');
      const span: TextSpan = trigger ?? (phone && !isAbsent(phone) ? phone : openingBraceSpan(settings));
      diagnostics.push(
        createDiagnostic(
          doc,
          span,
          DiagnosticCode.transferTriggerMissing,
          `transferCallSettings[${index}] needs a triggerDescription (required in a simple Pearl): it tells the agent when to transfer.`,
        ),
      );
    });
    return;
  }

  const allNodes = doc.allNodes;
  const targets = new Set<string>();
  for (const node of allNodes) {
    for (const transition of node.transitions) {
      if (transition.toNodeId !== undefined) targets.add(transition.toNodeId);
    }
  }
  for (const node of doc.nodes) {
    if (node.nodeType !== NodeType.TransferCall || node.nodeId === undefined || node.nodeId === '') continue;
    const settings = getPropertyNode(node.node, 'transferCallSettings');
    if (settings?.type !== 'object') continue; // missing: node-settings-missing
    const trigger = getPropertyNode(settings, 'triggerDescription');
    if (targets.has(node.nodeId)) {
      if (trigger?.type !== 'string' || isBlankString(trigger)) continue;
      diagnostics.push(
        createDiagnostic(
          doc,
          keySpanOf(trigger),
          DiagnosticCode.transferTriggerNotAllowed,
          `TransferCall node '${node.nodeId}' is reached by transitions, so its triggerDescription is not allowed (only an unwired TransferCall node is fired from its triggerDescription).`,
        ),
      );
    } else if (isMissingTrigger(trigger)) {
      diagnostics.push(
        createDiagnostic(
          doc,
          trigger ?? keySpanOf(settings),
          DiagnosticCode.transferTriggerMissing,
          `TransferCall node '${node.nodeId}' has no incoming transition, so its transferCallSettings needs a triggerDescription: the agent fires it from that description.`,
        ),
      );
    }
  }
}

/** Absent, null, or a blank string; a value of another type is left to schema validation. */
function isMissingTrigger(trigger: JsonNode | undefined): boolean {
  return isAbsent(trigger) || isBlankString(trigger);
}
