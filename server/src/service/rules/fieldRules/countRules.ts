import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { childPath } from '../../document/pearlDocument';
import { int32Max, int32Min, integerOf, JsonObject, JsonPath, objectElements, objectOf, PlacedObject } from './ruleSupport';
import { defineRules, interfaceSection, rulingsSection, type RuleModule, type ScopedValues, type StructuralModel } from '../ruleModule';

/** The codes of this family, in the order docs/rules.md lists them. */
const codes = defineRules('field rules', {
  countBelowMinimum: {
    code: 'count-below-minimum',
    severity: DiagnosticSeverity.Warning,
    summary: 'A count that cannot sensibly be negative or zero.',
    section: rulingsSection('Integers and counts'),
    examples: {
      fails: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 0 } }',
      passes: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 2 } }',
    },
  },
  followUpAfterClose: {
    code: 'follow-up-after-close',
    severity: DiagnosticSeverity.Warning,
    summary: 'An inactivity follow-up that fires after the conversation auto-closes.',
    section: interfaceSection('InboundTextSettings'),
    examples: {
      fails: `{
  "pearl": { "nodes": [] },
  "inbound": {
    "autoCloseAfterInactivityHours": 24,
    "inactivityFollowUps": [{ "delayMinutes": 1800, "message": "Still there?" }]
  }
}`,
      passes: `{
  "pearl": { "nodes": [] },
  "inbound": {
    "autoCloseAfterInactivityHours": 24,
    "inactivityFollowUps": [{ "delayMinutes": 120, "message": "Still there?" }]
  }
}`,
    },
  },
});

/** The count rules: the codes above and their check. */
export const countRules: RuleModule<typeof codes> = {
  name: 'count rules',
  rules: codes,
  check: validateCountRules,
  // It reads the numbers of inbound, outbound and each SmtpSettings object (and the nodes' paths):
  // typing in any other string keeps its diagnostics.
  keptWhileTypingInStrings: true,
  scope: ['inbound', 'outbound', 'smtpSettings'],
};

/** A count with its sensible range and what a value outside it means. */
interface CountField {
  readonly key: string;
  readonly minimum: number;
  readonly maximum?: number;
  /** Completes "it should be ...". */
  readonly expectation: string;
}

const totalAgents: CountField = { key: 'totalAgents', minimum: 1, expectation: 'at least 1, or no agent handles the conversations' };
const maxTurns: CountField = { key: 'maxTurns', minimum: 1, expectation: 'at least 1 (null applies the default limit)' };
const autoClose: CountField = { key: 'autoCloseAfterInactivityHours', minimum: 1, expectation: 'at least 1 hour' };
const budgetTotal: CountField = { key: 'budgetTotal', minimum: 0, expectation: '0 or more (null means no budget limit)' };
const delayMinutes: CountField = { key: 'delayMinutes', minimum: 0, expectation: '0 minutes or more' };
const port: CountField = { key: 'port', minimum: 1, maximum: 65535, expectation: 'a TCP port, 1 to 65535' };

/** The counts of each channel object, per kind (§ InboundTextSettings, § OutboundTextSettings, § Simple Pearl create request). */
const channelCounts: Readonly<Record<StructuralModel['kind'], Record<'inbound' | 'outbound', readonly CountField[]>>> = {
  text: {
    inbound: [totalAgents, maxTurns, autoClose],
    outbound: [totalAgents, maxTurns, autoClose, budgetTotal],
  },
  simple: {
    inbound: [totalAgents],
    outbound: [
      totalAgents,
      budgetTotal,
      // minimumRetryIntervalHours, ringDuration and callTimeout have stated ranges: outboundSettingsRules.ts.
      { key: 'maximumCallAttempts', minimum: 1, expectation: 'at least 1, or no lead is ever called' },
    ],
  },
};

/**
 * Counts below their sensible minimum, and inactivity follow-ups that can never be sent
 * (docs/rulings.md § Values "Counts that cannot be negative ... get a Warning"; docs/interface.md
 * § InboundTextSettings, § OutboundTextSettings, § SmtpSettings, § States and transitions).
 *
 * - `count-below-minimum` (Warning, on the value): totalAgents, maxTurns,
 *   autoCloseAfterInactivityHours, maximumCallAttempts < 1; budgetTotal, delayMinutes < 0; an SMTP
 *   port outside 1 to 65535 (the ranges of the other outbound settings: outboundSettingsRules.ts);
 * - `follow-up-after-close` (Warning, on delayMinutes): in a text Pearl's inbound or outbound,
 *   a follow-up whose delayMinutes is at least autoCloseAfterInactivityHours × 60.
 * Only integers are checked; other values are left to schema validation.
 */
export function validateCountRules(graph: StructuralModel, diagnostics: Diagnostic[], scoped: ScopedValues): void {
  for (const channel of ['inbound', 'outbound'] as const) {
    const settings = objectOf(scoped.valueAt([channel]));
    if (!settings) continue;
    const path = [channel];
    const fields = channelCounts[graph.kind][channel];
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f];
      checkCount(graph, settings, path, field, diagnostics);
    }
    if (graph.kind === 'text') checkFollowUps(graph, settings, path, diagnostics);
  }
  const smtpSettingsList = collectSmtpSettings(graph, scoped);
  for (let s = 0; s < smtpSettingsList.length; s++) {
    const smtpSettings = smtpSettingsList[s];
    checkCount(graph, smtpSettings.value, smtpSettings.path, port, diagnostics);
  }
}

/** Reports `field` of `object` (at `path`) when it is an integer outside the field's range. */
function checkCount(graph: StructuralModel, object: JsonObject, path: JsonPath, field: CountField, diagnostics: Diagnostic[]): void {
  const value = integerOf(object[field.key]);
  if (value === undefined) return;
  if (value >= field.minimum && (field.maximum === undefined || value <= field.maximum)) return;
  // Outside the 32-bit range the service rejects it: schema validation's int32-range says so.
  if (value < int32Min || value > int32Max) return;
  graph.report(
    diagnostics,
    graph.valueSpan([...path, field.key]),
    codes.countBelowMinimum,
    `${field.key} is ${value}; it should be ${field.expectation}.`,
  );
}

function checkFollowUps(graph: StructuralModel, settings: JsonObject, path: JsonPath, diagnostics: Diagnostic[]): void {
  const followUps = objectElements(settings.inactivityFollowUps);
  const followUpPath = (index: number): JsonPath => [...path, 'inactivityFollowUps', index];
  for (const followUp of followUps) checkCount(graph, followUp.value, followUpPath(followUp.index), delayMinutes, diagnostics);
  const hours = integerOf(settings[autoClose.key]);
  if (hours === undefined || hours < 1) return; // unset, or already reported as below minimum
  const closeMinutes = hours * 60;
  for (const followUp of followUps) {
    const minutes = integerOf(followUp.value.delayMinutes);
    if (minutes === undefined || minutes < closeMinutes) continue;
    graph.report(
      diagnostics,
      graph.valueSpan([...followUpPath(followUp.index), 'delayMinutes']),
      codes.followUpAfterClose,
      `This follow-up fires after ${minutes} minutes, but the conversation auto-closes after ${hours} ${hours === 1 ? 'hour' : 'hours'} (${closeMinutes} minutes).`,
    );
  }
}

/** Every SmtpSettings object: of each node's emailSettings (text), or of the simple form's emailSettings and notifications' emailTemplate. */
function collectSmtpSettings(graph: StructuralModel, scoped: ScopedValues): PlacedObject[] {
  const result: PlacedObject[] = [];
  // The SmtpSettings of the template at `key` of `owner`. A node's path is made only for a node
  // whose emailSettings is an object: most nodes send no email.
  const add = (owner: JsonPath, key: string | number): void => {
    const path = childPath(owner, key, 'smtpSettings');
    const smtpSettings = objectOf(scoped.valueAt(path));
    if (smtpSettings) result.push({ value: smtpSettings, path });
  };
  if (graph.kind === 'text') {
    for (let n = 0; n < graph.allNodes.length; n++) {
      const node = graph.allNodes[n];
      if (graph.typeOfKey(node, 'emailSettings') === 'object') add(node.path, 'emailSettings');
    }
    return result;
  }
  const emailSettings = graph.itemCountAt(['pearl', 'emailSettings']) ?? 0;
  for (let index = 0; index < emailSettings; index++) add(['pearl', 'emailSettings'], index);
  const notifications = graph.itemCountAt(['pearl', 'notifications']) ?? 0;
  for (let index = 0; index < notifications; index++) add(['pearl', 'notifications', index], 'emailTemplate');
  return result;
}
