import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import { createDiagnostic, keySpan, openingSpan, valueSpan } from '../diagnostics';
import { PearlDocument } from '../../document/pearlDocument';
import { getChannelValue, isAbsentValue, isBlankValue, isJsonObject } from './ruleSupport';

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
        DiagnosticCode.channelMissing,
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
        DiagnosticCode.channelBoth,
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
    diagnostics.push(createDiagnostic(doc, span, DiagnosticCode.textChannelIdMissing, message));
  }
}
