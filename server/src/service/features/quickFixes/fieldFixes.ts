import { readBodyFixData, valueAt } from '../../rules/diagnosticData';
import { getNodeAtPath, getPropertyKeyNode, getPropertyNode } from '../../document/jsonTree';
import { removeProperty } from '../../edits/jsonEdits';
import type { PearlDocument } from '../../document/pearlDocument';
import { Fix, replaceNode } from './fixSupport';

/** NodeAPISettings.method 2 POST, the method that sends a body (§ NodeAPISettings). */
const postMethod = 2;

/**
 * `channel-both` → "Keep 'inbound'" (removes `outbound`) and "Keep 'outbound'" (removes
 * `inbound`): a request carries exactly one channel configuration (the interface,
 * § Endpoints). Both diagnostics of the pair offer the same two fixes.
 */
export function fixChannelBoth(doc: PearlDocument): Fix[] {
  const root = doc.root;
  const inbound = getPropertyKeyNode(root, 'inbound')?.parent;
  const outbound = getPropertyKeyNode(root, 'outbound')?.parent;
  if (!root || !inbound || !outbound) return [];
  return [
    { title: "Keep 'inbound', remove 'outbound'", edits: [removeProperty(doc, outbound)] },
    { title: "Keep 'outbound', remove 'inbound'", edits: [removeProperty(doc, inbound)] },
  ];
}

/**
 * `api-body-not-allowed` → "Remove the body" (the `body` property with its entries) or "Change
 * method to POST" (keeps the body): GET and DELETE send no body (§ NodeAPISettings).
 */
export function fixApiBodyNotAllowed(doc: PearlDocument, data: unknown): Fix[] {
  const fixData = readBodyFixData(data);
  const value = fixData && valueAt(doc, fixData.path);
  if (!fixData || !Array.isArray(value) || value.length !== fixData.count) return [];
  const body = getNodeAtPath(doc.root, fixData.path);
  const property = body?.parent;
  const settings = property?.parent;
  if (body?.type !== 'array' || property?.type !== 'property' || property.children?.[0]?.value !== 'body' || settings?.type !== 'object') {
    return [];
  }
  const fixes: Fix[] = [{ title: 'Remove the body', edits: [removeProperty(doc, property)] }];
  const method = getPropertyNode(settings, 'method');
  if (method?.type === 'number') fixes.push({ title: 'Change method to POST', edits: [replaceNode(method, String(postMethod))] });
  return fixes;
}
