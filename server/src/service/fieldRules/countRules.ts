import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import { createDiagnostic } from '../diagnostics';
import { getObjectItems, getPropertyNode, JsonNode } from '../jsonTree';
import { PearlDocument } from '../pearlDocument';
import { getChannelObject, getIntegerProperty, getIntegerValue, int32Max, int32Min } from './ruleSupport';

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
      { key: 'maximumCallAttempts', minimum: 1, expectation: 'at least 1, or no lead is ever called' },
      { key: 'minimumRetryIntervalHours', minimum: 0, expectation: '0 hours or more' },
      { key: 'ringDuration', minimum: 0, expectation: '0 or more' },
      { key: 'callTimeout', minimum: 0, expectation: '0 or more' },
    ],
  },
};

/**
 * Counts below their sensible minimum, and inactivity follow-ups that can never be sent
 * (docs/rulings.md § Values "Counts that cannot be negative ... get a Warning"; docs/interface.md
 * § InboundTextSettings, § OutboundTextSettings, § SmtpSettings, § States and transitions).
 *
 * - `count-below-minimum` (Warning, on the value): totalAgents, maxTurns,
 *   autoCloseAfterInactivityHours, maximumCallAttempts < 1; budgetTotal, delayMinutes,
 *   minimumRetryIntervalHours, ringDuration, callTimeout < 0; an SMTP port outside 1 to 65535;
 * - `follow-up-after-close` (Warning, on delayMinutes): in a text Pearl's inbound or outbound,
 *   a follow-up whose delayMinutes is at least autoCloseAfterInactivityHours × 60.
 * Only integers are checked; other values are left to schema validation.
 */
export function validateCountRules(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  for (const channel of ['inbound', 'outbound'] as const) {
    const settings = getChannelObject(doc, channel);
    if (!settings) continue;
    for (const field of channelCounts[doc.kind][channel]) checkCount(doc, settings, field, diagnostics);
    if (doc.kind === 'text') checkFollowUps(doc, settings, diagnostics);
  }
  for (const smtpSettings of collectSmtpSettings(doc)) checkCount(doc, smtpSettings, port, diagnostics);
}

function checkCount(doc: PearlDocument, object: JsonNode, field: CountField, diagnostics: Diagnostic[]): void {
  const count = getIntegerProperty(object, field.key);
  if (!count) return;
  const { value, node } = count;
  if (value >= field.minimum && (field.maximum === undefined || value <= field.maximum)) return;
  // Outside the 32-bit range the service rejects it: schema validation's int32-range says so.
  if (value < int32Min || value > int32Max) return;
  diagnostics.push(
    createDiagnostic(doc, node, DiagnosticCode.countBelowMinimum, `${field.key} is ${value}; it should be ${field.expectation}.`),
  );
}

function checkFollowUps(doc: PearlDocument, settings: JsonNode, diagnostics: Diagnostic[]): void {
  const followUps = getObjectItems(settings, 'inactivityFollowUps');
  for (const followUp of followUps) checkCount(doc, followUp, delayMinutes, diagnostics);
  const hours = getIntegerValue(getPropertyNode(settings, autoClose.key));
  if (hours === undefined || hours < 1) return; // unset, or already reported as below minimum
  const closeMinutes = hours * 60;
  for (const followUp of followUps) {
    const delay = getIntegerProperty(followUp, 'delayMinutes');
    if (!delay || delay.value < closeMinutes) continue;
    const minutes = delay.value;
    diagnostics.push(
      createDiagnostic(
        doc,
        delay.node,
        DiagnosticCode.followUpAfterClose,
        `This follow-up fires after ${minutes} minutes, but the conversation auto-closes after ${hours} ${hours === 1 ? 'hour' : 'hours'} (${closeMinutes} minutes).`,
      ),
    );
  }
}

/** Every SmtpSettings object: of each node's emailSettings (text), or of the simple form's emailSettings and notifications' emailTemplate. */
function collectSmtpSettings(doc: PearlDocument): JsonNode[] {
  const emailTemplates: (JsonNode | undefined)[] =
    doc.kind === 'text'
      ? doc.allNodes.map((node) => getPropertyNode(node.node, 'emailSettings'))
      : [
          ...getObjectItems(doc.pearl, 'emailSettings'),
          ...getObjectItems(doc.pearl, 'notifications').map((notification) => getPropertyNode(notification, 'emailTemplate')),
        ];
  const result: JsonNode[] = [];
  for (const template of emailTemplates) {
    const smtpSettings = getPropertyNode(template, 'smtpSettings');
    if (smtpSettings?.type === 'object') result.push(smtpSettings);
  }
  return result;
}
