import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { getPropertyNode, getStringProperty } from '../document/jsonTree';
import type { PearlDocument } from '../document/pearlDocument';
import { formatFieldPath } from '../document/fieldPaths';
import { findTemplatePlaceholders } from '../document/templatePlaceholders';
import type { DeployPayload } from '../../../../protocol/deployPayload';

export type { DeployPayload };

/**
 * What deploying `doc` sends (docs/interface.md § Endpoints; docs/rulings.md § Files, § Service):
 * `POST /v2/Pearl/Text` for a text Pearl, `POST /v2/Pearl` for a simple one; the body is the parsed
 * value as strict JSON (comments and trailing commas gone) without the top-level `$schema`.
 * `errors` are the Error diagnostics among `diagnostics`: the caller refuses to send while any.
 */
export function getDeployPayload(doc: PearlDocument, diagnostics: readonly Diagnostic[]): DeployPayload {
  const value = doc.value;
  let body = 'null';
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { $schema, ...rest } = value as Record<string, unknown>;
    void $schema;
    body = JSON.stringify(rest);
  } else if (value !== undefined) {
    body = JSON.stringify(value);
  }
  const inbound = present(getPropertyNode(doc.root, 'inbound'));
  const outbound = present(getPropertyNode(doc.root, 'outbound'));
  const direction = inbound && !outbound ? 'inbound' : outbound && !inbound ? 'outbound' : undefined;
  const channelNode = direction ? getPropertyNode(doc.root, direction) : undefined;
  const channelId = getStringProperty(channelNode, doc.kind === 'text' ? 'textChannelId' : 'phoneNumberId');
  return {
    kind: doc.kind,
    path: doc.kind === 'text' ? '/v2/Pearl/Text' : '/v2/Pearl',
    body,
    name: getStringProperty(doc.root, 'name'),
    direction,
    channelId,
    errors: diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error),
    placeholders: findTemplatePlaceholders(value).map((found) => ({ path: formatFieldPath(found.path), value: found.value })),

    droppedKeys: [],
    version: doc.textDocument.version,
  };
}

function present(node: { type: string } | undefined): boolean {
  return node !== undefined && node.type !== 'null';
}
