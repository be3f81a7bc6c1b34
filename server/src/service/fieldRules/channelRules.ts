import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import { createDiagnostic, keySpanOf, TextSpan } from '../diagnostics';
import { getPropertyKeyNode, getPropertyNode } from '../jsonTree';
import { PearlDocument } from '../pearlDocument';
import { getChannelObject, isAbsent, isBlankString, openingBraceSpan } from './ruleSupport';

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
  const root = doc.root;
  if (root?.type !== 'object') return;
  const hasInbound = !isAbsent(getPropertyNode(root, 'inbound'));
  const hasOutbound = !isAbsent(getPropertyNode(root, 'outbound'));
  if (!hasInbound && !hasOutbound) {
    diagnostics.push(
      createDiagnostic(
        doc,
        openingBraceSpan(root),
        DiagnosticCode.channelMissing,
        doc.kind === 'text'
          ? "The request has neither 'inbound' nor 'outbound': it must carry exactly one of them, with the textChannelId of the channel to use."
          : "The request has neither 'inbound' nor 'outbound': it must carry exactly one of them.",
      ),
    );
  } else if (hasInbound && hasOutbound) {
    const inboundKey = getPropertyKeyNode(root, 'inbound') ?? root;
    const outboundKey = getPropertyKeyNode(root, 'outbound') ?? root;
    const [first, second] = inboundKey.offset < outboundKey.offset ? [inboundKey, outboundKey] : [outboundKey, inboundKey];
    diagnostics.push(
      createDiagnostic(
        doc,
        second,
        DiagnosticCode.channelBoth,
        `'${second.value as string}' is set together with '${first.value as string}': a Pearl carries exactly one channel configuration; remove one of them.`,
      ),
    );
  }
  if (doc.kind === 'text') validateTextChannelIds(doc, diagnostics);
}

const textChannelIdReason = 'a text Pearl is created with the textChannelId of the channel to use.';

function validateTextChannelIds(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  for (const key of ['inbound', 'outbound'] as const) {
    const channel = getChannelObject(doc, key);
    if (!channel) continue;
    const id = getPropertyNode(channel, 'textChannelId');
    let problem: { span: TextSpan; message: string } | undefined;
    if (id === undefined) {
      problem = { span: keySpanOf(channel), message: `'${key}' has no textChannelId: ${textChannelIdReason}` };
    } else if (id.type === 'null') {
      problem = { span: id, message: `textChannelId is null: ${textChannelIdReason}` };
    } else if (id.type === 'string' && isBlankString(id)) {
      problem = { span: id, message: `textChannelId is empty: ${textChannelIdReason}` };
    }
    if (problem) {
      diagnostics.push(createDiagnostic(doc, problem.span, DiagnosticCode.textChannelIdMissing, problem.message));
    }
  }
}
