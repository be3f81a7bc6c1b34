import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../diagnosticCodes';
import type { PearlDocument } from '../pearlDocument';
import { fixApiBodyNotAllowed, fixChannelBoth } from './fieldFixes';
import type { Fix } from './fixSupport';
import { fixAddEndTransition, fixCreateTargetNode, fixRemoveVoiceOnlyNode } from './graphFixes';
import { fixModelTypeKind, fixWrongType } from './valueFixes';

/**
 * The quick fixes of this folder for `diagnostic`, after those of codeActions.ts: "Create node"
 * for `unknown-target`, "Add a transition to EndCall" for `graph-cannot-reach-end`, the model of
 * the file's kind for `model-type-kind`, the converted value for `wrong-type`, keep inbound or
 * outbound for `channel-both`, remove the body or change the method for `api-body-not-allowed`,
 * and the node's removal for `voice-only-node`. Empty for other codes and stale diagnostics.
 */
export function getMoreFixes(doc: PearlDocument, diagnostic: Diagnostic): Fix[] {
  if (!doc.root) return [];
  const offset = doc.textDocument.offsetAt(diagnostic.range.start);
  switch (diagnostic.code) {
    case DiagnosticCode.unknownTarget:
      return fixCreateTargetNode(doc, offset);
    case DiagnosticCode.graphCannotReachEnd:
      return fixAddEndTransition(doc, offset);
    case DiagnosticCode.modelTypeKind:
      return fixModelTypeKind(doc, offset);
    case DiagnosticCode.wrongType:
      return fixWrongType(doc, offset);
    case DiagnosticCode.channelBoth:
      return fixChannelBoth(doc);
    case DiagnosticCode.apiBodyNotAllowed:
      return fixApiBodyNotAllowed(doc, offset);
    case DiagnosticCode.voiceOnlyNode:
      return fixRemoveVoiceOnlyNode(doc, offset);
    default:
      return [];
  }
}
