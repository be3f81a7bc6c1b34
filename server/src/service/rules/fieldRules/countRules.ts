import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { createDiagnostic, valueSpan } from '../diagnostics';
import { childPath, PearlDocument } from '../../document/pearlDocument';
import {
  getChannelValue,
  int32Max,
  int32Min,
  integerOf,
  JsonObject,
  JsonPath,
  objectElements,
  objectOf,
  PlacedObject,
} from './ruleSupport';
import { defineRules, interfaceSection, rulingsSection, type RuleModule } from '../ruleModule';

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
export const countRules: RuleModule<typeof codes> = { name: 'count rules', rules: codes, check: validateCountRules };

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
const channelCounts: Readonly<Record<PearlDocument['kind'], Record<'inbound' | 'outbound', readonly CountField[]>>> = {
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
export function validateCountRules(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  for (const channel of ['inbound', 'outbound'] as const) {
    const settings = getChannelValue(doc, channel);
    if (!settings) continue;
    const path = [channel];
    const fields = channelCounts[doc.kind][channel];
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f];
      checkCount(doc, settings, path, field, diagnostics);
    }
    if (doc.kind === 'text') checkFollowUps(doc, settings, path, diagnostics);
  }
  const smtpSettingsList = collectSmtpSettings(doc);
  for (let s = 0; s < smtpSettingsList.length; s++) {
    const smtpSettings = smtpSettingsList[s];
    checkCount(doc, smtpSettings.value, smtpSettings.path, port, diagnostics);
  }
}

/** Reports `field` of `object` (at `path`) when it is an integer outside the field's range. */
function checkCount(doc: PearlDocument, object: JsonObject, path: JsonPath, field: CountField, diagnostics: Diagnostic[]): void {
  const value = integerOf(object[field.key]);
  if (value === undefined) return;
  if (value >= field.minimum && (field.maximum === undefined || value <= field.maximum)) return;
  // Outside the 32-bit range the service rejects it: schema validation's int32-range says so.
  if (value < int32Min || value > int32Max) return;
  diagnostics.push(
    createDiagnostic(
      doc,
      valueSpan(doc, [...path, field.key]),
      codes.countBelowMinimum,
      `${field.key} is ${value}; it should be ${field.expectation}.`,
    ),
  );
}

function checkFollowUps(doc: PearlDocument, settings: JsonObject, path: JsonPath, diagnostics: Diagnostic[]): void {
  const followUps = objectElements(settings.inactivityFollowUps);
  const followUpPath = (index: number): JsonPath => [...path, 'inactivityFollowUps', index];
  for (const followUp of followUps) checkCount(doc, followUp.value, followUpPath(followUp.index), delayMinutes, diagnostics);
  const hours = integerOf(settings[autoClose.key]);
  if (hours === undefined || hours < 1) return; // unset, or already reported as below minimum
  const closeMinutes = hours * 60;
  for (const followUp of followUps) {
    const minutes = integerOf(followUp.value.delayMinutes);
    if (minutes === undefined || minutes < closeMinutes) continue;
    diagnostics.push(
      createDiagnostic(
        doc,
        valueSpan(doc, [...followUpPath(followUp.index), 'delayMinutes']),
        codes.followUpAfterClose,
        `This follow-up fires after ${minutes} minutes, but the conversation auto-closes after ${hours} ${hours === 1 ? 'hour' : 'hours'} (${closeMinutes} minutes).`,
      ),
    );
  }
}

/** Every SmtpSettings object: of each node's emailSettings (text), or of the simple form's emailSettings and notifications' emailTemplate. */
function collectSmtpSettings(doc: PearlDocument): PlacedObject[] {
  const result: PlacedObject[] = [];
  // The owner's path is read only for a template that holds SmtpSettings: most nodes send no email
  // (a node's path is made on its first read).
  const add = (template: unknown, owner: { readonly path: JsonPath }, key?: string): void => {
    const smtpSettings = objectOf(objectOf(template)?.smtpSettings);
    if (!smtpSettings) return;
    const path = key === undefined ? childPath(owner.path, 'smtpSettings') : childPath(owner.path, key, 'smtpSettings');
    result.push({ value: smtpSettings, path });
  };
  if (doc.kind === 'text') {
    for (let n = 0; n < doc.allNodes.length; n++) add(doc.allNodes[n].value.emailSettings, doc.allNodes[n], 'emailSettings');
    return result;
  }
  const pearl = doc.pearlValue;
  for (const { value, index } of objectElements(pearl?.emailSettings)) add(value, { path: ['pearl', 'emailSettings', index] });
  for (const { value, index } of objectElements(pearl?.notifications)) {
    add(value.emailTemplate, { path: ['pearl', 'notifications', index] }, 'emailTemplate');
  }
  return result;
}
