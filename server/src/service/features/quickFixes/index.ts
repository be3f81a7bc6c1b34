import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../../rules/diagnosticCodes';
import type { PearlDocument } from '../../document/pearlDocument';
import { fixApiBodyNotAllowed, fixChannelBoth } from './fieldFixes';
import type { Fix } from './fixSupport';
import { fixAddEndTransition, fixCreateTargetNode, fixRemoveVoiceOnlyNode } from './graphFixes';
import { fixModelTypeKind, fixWrongType } from './valueFixes';

/**
 * The quick fixes of this folder for `diagnostic`, after those of codeActions.ts: "Create node"
 * for `unknown-target`, "Add a transition to EndCall" for `graph-cannot-reach-end`, the model of
 * the file's kind for `model-type-kind`, the converted value for `wrong-type`, keep inbound or
 * outbound for `channel-both`, remove the body or change the method for `api-body-not-allowed`,
 * and the node's removal for `voice-only-node`, each found from the diagnostic's `data`
 * (diagnosticData.ts). Empty for other codes and for stale diagnostics or foreign `data`.
 */
export function getMoreFixes(doc: PearlDocument, diagnostic: Diagnostic): Fix[] {
  if (!doc.root) return [];
  const data: unknown = diagnostic.data;
  switch (diagnostic.code) {
    case DiagnosticCode.unknownTarget:
      return fixCreateTargetNode(doc, data);
    case DiagnosticCode.graphCannotReachEnd:
      return fixAddEndTransition(doc, data);
    case DiagnosticCode.modelTypeKind:
      return fixModelTypeKind(doc, data);
    case DiagnosticCode.wrongType:
      return fixWrongType(doc, data);
    case DiagnosticCode.channelBoth:
      return fixChannelBoth(doc);
    case DiagnosticCode.apiBodyNotAllowed:
      return fixApiBodyNotAllowed(doc, data);
    case DiagnosticCode.voiceOnlyNode:
      return fixRemoveVoiceOnlyNode(doc, data);
    default:
      return [];
  }
}
