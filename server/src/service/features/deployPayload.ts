import { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import { getPropertyNode, getStringProperty, type JsonNode } from '../document/jsonTree';
import type { PearlDocument } from '../document/pearlDocument';
import { formatFieldPath } from '../document/fieldPaths';
import { describeFieldPath } from '../interface/fieldDescription';
import { findTemplatePlaceholders } from '../document/templatePlaceholders';
import type { DeployPayload } from '#protocol/deployPayload';

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
    placeholders: findTemplatePlaceholders(value).map((found) => ({
      path: formatFieldPath(found.path),
      field: describeFieldPath(value, found.path),
      value: found.value,
    })),
    droppedKeys: droppedKeyFields(doc),
    version: doc.textDocument.version,
  };
}

function present(node: { type: string } | undefined): boolean {
  return node !== undefined && node.type !== 'null';
}

/**
 * The keys written more than once in one object, whose earlier values are not sent (docs/rulings.md
 * § Files, § Duplicate keys), each named as `describeFieldPath` names a field (`name of Dialogue node
 * 'menu'`): one per key, in text order. A key repeated inside a value that is itself overridden is left
 * out, as nothing of that value is sent.
 */
function droppedKeyFields(doc: PearlDocument): string[] {
  const fields = new Set<string>();
  for (const { property, key } of doc.duplicateKeys) {
    const objectPath = sentPathOf(doc.root, property.parent);
    // `$schema` is never sent, whichever value it has.
    if (objectPath === undefined || (objectPath.length === 0 && key.value === '$schema')) continue;
    fields.add(describeFieldPath(doc.value, [...objectPath, String(key.value)]));
  }
  return [...fields];
}

/**
 * The JSON path of the object or array `node` from `root` (empty for the root), or undefined when
 * `node` is not part of what is sent (it lies inside an overridden value).
 */
function sentPathOf(root: JsonNode | undefined, node: JsonNode | undefined): (string | number)[] | undefined {
  const steps: (string | number)[] = [];
  let current = node;
  while (current?.parent) {
    const parent: JsonNode = current.parent;
    if (parent.type === 'property') {
      const object = parent.parent;
      if (!object?.children?.includes(parent)) return undefined;
      steps.push(String(parent.children?.[0]?.value));
      current = object;
    } else if (parent.type === 'array') {
      const index = parent.children?.indexOf(current) ?? -1;
      if (index < 0) return undefined;
      steps.push(index);
      current = parent;
    } else {
      return undefined;
    }
  }
  if (!node || current !== root) return undefined;
  return steps.reverse();
}
