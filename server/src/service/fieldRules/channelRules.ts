import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import { createDiagnostic, DiagnosticSeverity } from '../diagnostics';
import { getPropertyKeyNode, getPropertyNode } from '../jsonTree';
import { PearlDocument } from '../pearlDocument';
import { isAbsent, openingBraceSpan } from './ruleSupport';

/**
 * Exactly one of `inbound` and `outbound` (pearl-agent-service.md § Text Pearl create request,
 * § Simple Pearl create request, § Endpoints: "must carry exactly one of inbound or outbound").
 * A `null` value counts as absent.
 *
 * - `channel-missing` (Error) on the root object's `{`;
 * - `channel-both` (Error) on each of the two keys.
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
        DiagnosticSeverity.Error,
      ),
    );
  } else if (hasInbound && hasOutbound) {
    for (const [key, other] of [['inbound', 'outbound'], ['outbound', 'inbound']] as const) {
      const keyNode = getPropertyKeyNode(root, key);
      if (!keyNode) continue;
      diagnostics.push(
        createDiagnostic(
          doc,
          keyNode,
          DiagnosticCode.channelBoth,
          `'${key}' is set together with '${other}': a Pearl carries exactly one channel configuration; remove one of them.`,
          DiagnosticSeverity.Error,
        ),
      );
    }
  }
}
