import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { createDiagnostic, keySpan, openingSpan, valueSpan } from '../diagnostics';
import { PearlDocument } from '../../document/pearlDocument';
import { getChannelValue, isAbsentValue, isBlankValue, isJsonObject } from './ruleSupport';
import { defineRules, interfaceSection, rulingsSection, type RuleModule } from '../ruleModule';
import { getPropertyKeyNode } from '../../document/jsonTree';
import { removeProperty } from '../../document/jsonEdits';
import type { Fix } from '../fixSupport';

/** The codes of this family, in the order docs/rules.md lists them. */
const codes = defineRules('field rules', {
  channelMissing: {
    code: 'channel-missing',
    severity: DiagnosticSeverity.Error,
    summary: 'Neither inbound nor outbound is present.',
    section: interfaceSection('Resources and their fields'),
    examples: {
      fails: '{ "name": "Clinic", "pearl": { "nodes": [] } }',
      passes: '{ "name": "Clinic", "pearl": { "nodes": [] }, "inbound": { "textChannelId": "tc_1" } }',
    },
  },
  channelBoth: {
    code: 'channel-both',
    severity: DiagnosticSeverity.Error,
    summary: 'Both inbound and outbound are present (on the one written second).',
    section: interfaceSection('Resources and their fields'),
    examples: {
      fails: `{
  "pearl": { "nodes": [] },
  "inbound": { "textChannelId": "tc_1" },
  "outbound": { "textChannelId": "tc_1" }
}`,
      passes: `{
  "pearl": { "nodes": [] },
  "inbound": { "textChannelId": "tc_1" }
}`,
    },
    fix: fixChannelBoth,
  },
  textChannelIdMissing: {
    code: 'text-channel-id-missing',
    severity: DiagnosticSeverity.Error,
    summary:
      "A text Pearl's inbound or outbound without a textChannelId: on the channel's key when absent, on the value when null or empty (§ POST /v2/Pearl/Text).",
    section: rulingsSection('Text channel id'),
    examples: {
      fails: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 2 } }',
      passes: '{ "pearl": { "nodes": [] }, "inbound": { "totalAgents": 2, "textChannelId": "tc_1" } }',
    },
  },
});

/** The channel rules: the codes above and their check. */
export const channelRules: RuleModule<typeof codes> = { name: 'channel rules', rules: codes, check: validateChannelRules };

/**
 * Exactly one of `inbound` and `outbound`, and a text Pearl's textChannelId (docs/interface.md § Text Pearl create request,
 * § Simple Pearl create request, § Endpoints: "must carry exactly one of inbound or outbound").
 * A `null` value counts as absent.
 *
 * - `channel-missing` (Error) on the root object's `{`;
 * - `channel-both` (Error) once, on the key written second;
 * - `text-channel-id-missing` (Error): a text Pearl's channel object without a textChannelId
 *   (§ POST /v2/Pearl/Text: "with the textChannelId of the channel to use"), on the channel's key
 *   when absent, on the value when null or empty.
 */
export function validateChannelRules(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  const request = doc.value;
  if (!isJsonObject(request)) return;
  const hasInbound = !isAbsentValue(request.inbound);
  const hasOutbound = !isAbsentValue(request.outbound);
  if (!hasInbound && !hasOutbound) {
    diagnostics.push(
      createDiagnostic(
        doc,
        openingSpan(doc, []),
        codes.channelMissing,
        doc.kind === 'text'
          ? "The request has neither 'inbound' nor 'outbound': it must carry exactly one of them, with the textChannelId of the channel to use."
          : "The request has neither 'inbound' nor 'outbound': it must carry exactly one of them.",
      ),
    );
  } else if (hasInbound && hasOutbound) {
    const [first, second] = (['inbound', 'outbound'] as const)
      .map((key) => ({ key, span: keySpan(doc, [key]) }))
      .sort((a, b) => a.span.offset - b.span.offset);
    diagnostics.push(
      createDiagnostic(
        doc,
        second.span,
        codes.channelBoth,
        `'${second.key}' is set together with '${first.key}': a Pearl carries exactly one channel configuration; remove one of them.`,
      ),
    );
  }
  if (doc.kind === 'text') validateTextChannelIds(doc, diagnostics);
}

const textChannelIdReason = 'a text Pearl is created with the textChannelId of the channel to use.';

function validateTextChannelIds(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  for (const key of ['inbound', 'outbound'] as const) {
    const channel = getChannelValue(doc, key);
    if (!channel) continue;
    const id = channel.textChannelId;
    let message: string;
    if (id === undefined) message = `'${key}' has no textChannelId: ${textChannelIdReason}`;
    else if (id === null) message = `textChannelId is null: ${textChannelIdReason}`;
    else if (isBlankValue(id)) message = `textChannelId is empty: ${textChannelIdReason}`;
    else continue;
    const span = id === undefined ? keySpan(doc, [key]) : valueSpan(doc, [key, 'textChannelId']);
    diagnostics.push(createDiagnostic(doc, span, codes.textChannelIdMissing, message));
  }
}

/**
 * `channel-both` → "Keep 'inbound'" (removes `outbound`) and "Keep 'outbound'" (removes
 * `inbound`): a request carries exactly one channel configuration (the interface,
 * § Endpoints). Both diagnostics of the pair offer the same two fixes.
 */
function fixChannelBoth(doc: PearlDocument): Fix[] {
  const root = doc.root;
  const inbound = getPropertyKeyNode(root, 'inbound')?.parent;
  const outbound = getPropertyKeyNode(root, 'outbound')?.parent;
  if (!root || !inbound || !outbound) return [];
  return [
    { title: "Keep 'inbound', remove 'outbound'", edits: [removeProperty(doc, outbound)] },
    { title: "Keep 'outbound', remove 'inbound'", edits: [removeProperty(doc, inbound)] },
  ];
}
