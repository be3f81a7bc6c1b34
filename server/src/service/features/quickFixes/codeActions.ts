import type { Edit } from 'jsonc-parser';
import { CodeAction, CodeActionKind, Diagnostic, Range, TextEdit } from 'vscode-languageserver-types';
import { DiagnosticCode } from '../../rules/diagnosticCodes';
import {
  nodeIn,
  readNodeFixData,
  readPropertyFixData,
  readTimeZoneFixData,
  readTransitionFixData,
  readVariableReferenceFixData,
  transitionIn,
  valueNodeIn,
} from '../../rules/diagnosticData';
import { diagnosticSource } from '../../rules/diagnostics';
import { findNearest } from '../editDistance';
import { insertProperty, removeProperty, replaceValue } from '../../edits/jsonEdits';
import { getNodeAtPath, getPropertyKeyNode, getPropertyNode } from '../../document/jsonTree';
import { NodeType, PearlDocument, VariableGroup } from '../../document/pearlDocument';
import { getPearlSymbolAt } from '../pearlSymbols';
import { findSchemaForPath } from '../../interface/schemaNavigator';
import { getMoreFixes } from '.';
import { appendToArrayProperty, Fix, replaceNode } from './fixSupport';
import { findVariableReferences } from '../../document/variableReferences';

/** The settings object each node type requires, and the skeleton the quick fix inserts (§ Graph rules, rule 7). */
export const settingsSkeletons: ReadonlyMap<number, [string, Record<string, unknown>]> = new Map<number, [string, Record<string, unknown>]>(
  [
    [NodeType.PreCallAPI, ['apiSettings', { name: '', method: 1, endpointUrl: '' }]],
    [NodeType.API, ['apiSettings', { name: '', method: 1, endpointUrl: '' }]],
    [NodeType.SMS, ['smsSettings', { body: '' }]],
    [NodeType.Email, ['emailSettings', { to: [], subject: '', body: '' }]],
    [NodeType.TransferCall, ['transferCallSettings', { transferCallPhoneNumber: '' }]],
  ],
);

/**
 * Quick fixes for the Pearl diagnostics among `diagnostics` (the editor's code action context),
 * keyed by their stable `code` (diagnosticCodes.ts):
 * - `time-zone` with `data.replacement`: "Use 'Eastern Standard Time'" replaces the value with the
 *   Windows id (docs/rulings.md § Values);
 * - `trailing-comma`: "Remove trailing comma", and "Remove all trailing commas" when there are
 *   several (docs/rulings.md § Files);
 * - `unknown-property`: "Change to 'agentPersonality'" for each known property of that object
 *   within edit distance 2 and not already present, and "Remove property 'x'" (the property with
 *   its comma, whether first, middle or last); `session-scoped-in-text`: the removal
 *   (docs/interface.md § Resources and their fields: no property outside those listed);
 * - `variable-undeclared`: "Change to '{first_name}'" for each declared id within edit distance 2
 *   whose group the field takes,
 *   and "Declare variable 'x'", appending `{ "id": "x", "name": "x", "group": 2, "type": 1 }`
 *   to `variables` (created when absent or null); the group is PreCall (1) instead when the field
 *   does not take InCall variables or discourages them (docs/rulings.md § Variables);
 * - `unknown-target`: "Change to 'talk'" for each nodeId within edit distance 2 (§ Transition);
 * - `node-settings-missing`: "Add smsSettings" inserts the settings object the node type requires
 *   with its main fields empty (§ Graph rules, rule 7);
 * - and the fixes of quickFixes/ ({@link getMoreFixes}).
 * - `duplicate-key`: "Remove this occurrence" removes that property with the comma before it
 *   (docs/rulings.md § Files).
 * Every action is a `quickfix` carrying `diagnostics: [that diagnostic]` (all of them when several
 * diagnostics in the context call for the very same edit, offered once); `isPreferred` marks the
 * single obvious fix (the replacement time zone, the comma removal, the settings skeleton, a
 * unique nearest name). A fix finds what its diagnostic is about from the diagnostic's `data`
 * (diagnosticData.ts), not from its range; `trailing-comma` and `duplicate-key`, about the text
 * rather than the value, by the offset their range starts at. Diagnostics that no longer match
 * the document (stale, or with `data` of another shape) get no fix.
 * Edits address the exact node of the parsed tree (even with duplicate keys) and touch only what
 * they add or remove, in the style of the neighbouring members (jsonEdits.ts). `range` is the
 * editor's selection; the fixes follow the diagnostics.
 */
export function getCodeActions(doc: PearlDocument, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  void range;
  const actions: CodeAction[] = [];
  // The same fix for several diagnostics (two `{coupon}` in the selection) is offered once.
  const byFix = new Map<string, CodeAction>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== undefined && diagnostic.source !== diagnosticSource) continue;
    for (const fix of [...fixesFor(doc, diagnostic), ...getMoreFixes(doc, diagnostic)]) {
      if (fix.edits.length === 0) continue;
      const identity = JSON.stringify([fix.title, fix.edits]);
      const same = byFix.get(identity);
      if (same) {
        same.diagnostics!.push(diagnostic);
        continue;
      }
      const action: CodeAction = {
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        edit: { changes: { [doc.textDocument.uri]: fix.edits.map((edit) => toTextEdit(doc, edit)) } },
      };
      if (fix.isPreferred) action.isPreferred = true;
      byFix.set(identity, action);
      actions.push(action);
    }
  }
  return actions;
}

function fixesFor(doc: PearlDocument, diagnostic: Diagnostic): Fix[] {
  if (!doc.root) return [];
  const data: unknown = diagnostic.data;
  switch (diagnostic.code) {
    case DiagnosticCode.timeZone:
      return fixTimeZone(doc, data);
    case DiagnosticCode.trailingComma:
      return fixTrailingComma(doc, doc.textDocument.offsetAt(diagnostic.range.start));
    case DiagnosticCode.unknownProperty:
      return fixUnknownProperty(doc, data, true);
    case DiagnosticCode.sessionScopedInText:
      return fixUnknownProperty(doc, data, false);
    case DiagnosticCode.variableUndeclared:
      return fixUndeclaredVariable(doc, data);
    case DiagnosticCode.unknownTarget:
      return fixUnknownTarget(doc, data);
    case DiagnosticCode.nodeSettingsMissing:
      return fixMissingSettings(doc, data);
    case DiagnosticCode.duplicateKey:
      return fixDuplicateKey(doc, doc.textDocument.offsetAt(diagnostic.range.start));
    default:
      return [];
  }
}

function fixTimeZone(doc: PearlDocument, data: unknown): Fix[] {
  const fixData = readTimeZoneFixData(data);
  const node = fixData && valueNodeIn(doc, fixData);
  if (!fixData || node?.type !== 'string') return [];
  const { replacement } = fixData;
  return [{ title: `Use '${replacement}'`, edits: [replaceNode(node, JSON.stringify(replacement))], isPreferred: true }];
}

function fixTrailingComma(doc: PearlDocument, offset: number): Fix[] {
  if (!doc.trailingCommas.includes(offset)) return [];
  const fixes: Fix[] = [{ title: 'Remove trailing comma', edits: [{ offset, length: 1, content: '' }], isPreferred: true }];
  if (doc.trailingCommas.length > 1) {
    fixes.push({
      title: 'Remove all trailing commas',
      edits: doc.trailingCommas.map((comma) => ({ offset: comma, length: 1, content: '' })),
    });
  }
  return fixes;
}

function fixUnknownProperty(doc: PearlDocument, data: unknown, suggestNames: boolean): Fix[] {
  const fixData = readPropertyFixData(data);
  const object = fixData && getNodeAtPath(doc.root, fixData.path);
  if (!fixData || object?.type !== 'object') return [];
  const { key, path: objectPath } = fixData;
  const keyNode = getPropertyKeyNode(object, key);
  const property = keyNode?.parent;
  if (keyNode?.type !== 'string' || property?.type !== 'property') return [];
  // A stale diagnostic: the key there now is a known one (or not the session-scoped flag).
  if (suggestNames ? findSchemaForPath(doc.kind, [...objectPath, key]) !== undefined : key !== 'isSessionScoped') return [];
  const fixes: Fix[] = [];
  if (suggestNames && key !== '$schema') {
    const known = Object.keys(findSchemaForPath(doc.kind, objectPath)?.properties ?? {}).filter((name) => name !== '$schema');
    const present = new Set((object.children ?? []).map((child): unknown => child.children?.[0]?.value));
    const nearest = findNearest(
      key,
      known.filter((name) => !present.has(name)),
    );
    for (const name of nearest.names) {
      fixes.push({
        title: `Change to '${name}'`,
        edits: [replaceNode(keyNode, JSON.stringify(name))],
        isPreferred: nearest.unique && name === nearest.names[0],
      });
    }
  }
  fixes.push({ title: `Remove property '${key}'`, edits: [removeProperty(doc, property)] });
  return fixes;
}

function fixUndeclaredVariable(doc: PearlDocument, data: unknown): Fix[] {
  const fixData = readVariableReferenceFixData(data);
  const string = fixData && getNodeAtPath(doc.root, fixData.path);
  if (!fixData || string?.type !== 'string' || doc.variablesById.has(fixData.id)) return [];
  const { id } = fixData;
  const reference = findVariableReferences(doc.textDocument.getText(), string).filter((candidate) => candidate.id === id)[
    fixData.occurrence
  ];
  // The symbol starts just after the brace.
  const symbol = reference && getPearlSymbolAt(doc, reference.offset + 1);
  if (symbol?.kind !== 'variableReference' || symbol.reference.offset !== reference.offset) return [];
  const fixes: Fix[] = [];
  const field = symbol.field;
  // Only ids the field takes: a near id of a group not allowed here would trade one problem for another.
  const usable = [...doc.variablesById.values()]
    .filter((variable) => variable.group === undefined || field.allowedGroups.has(variable.group))
    .map((variable) => variable.id!);
  const nearest = findNearest(id, usable);
  for (const name of nearest.names) {
    fixes.push({
      title: `Change to '{${name}}'`,
      edits: [{ offset: symbol.span.offset, length: symbol.span.length, content: name }],
      isPreferred: nearest.unique && name === nearest.names[0],
    });
  }
  const inCallFits = field.allowedGroups.has(VariableGroup.InCall) && !field.discouragedGroups.has(VariableGroup.InCall);
  const group = inCallFits || !field.allowedGroups.has(VariableGroup.PreCall) ? VariableGroup.InCall : VariableGroup.PreCall;
  const declaration = { id, name: id, group, type: 1 };
  const edits = declareVariable(doc, declaration);
  if (edits.length > 0) fixes.push({ title: `Declare variable '${id}'`, edits });
  return fixes;
}

function declareVariable(doc: PearlDocument, declaration: Record<string, unknown>): Edit[] {
  const root = doc.root!;
  if (root.type !== 'object') return [];
  // A new `variables` goes where the interface lists it: after `pearl`.
  const after = getPropertyKeyNode(root, 'pearl')?.parent;
  const edit = appendToArrayProperty(doc, root, 'variables', declaration, { style: 'pretty', after });
  return edit === undefined ? [] : [edit];
}

function fixUnknownTarget(doc: PearlDocument, data: unknown): Fix[] {
  const fixData = readTransitionFixData(data);
  const node = fixData && transitionIn(doc, fixData)?.toNodeIdNode;
  if (!fixData || node?.type !== 'string' || doc.nodesById.has(fixData.toNodeId)) return [];
  const nearest = findNearest(fixData.toNodeId, doc.nodesById.keys());
  return nearest.names.map((name) => ({
    title: `Change to '${name}'`,
    edits: [replaceNode(node, JSON.stringify(name))],
    isPreferred: nearest.unique && name === nearest.names[0],
  }));
}

function fixMissingSettings(doc: PearlDocument, data: unknown): Fix[] {
  const fixData = readNodeFixData(data);
  const node = fixData && nodeIn(doc, fixData);
  const skeleton = node?.nodeType !== undefined ? settingsSkeletons.get(node.nodeType) : undefined;
  if (!node || !skeleton) return [];
  const object = node.node;
  const [key, value] = skeleton;
  const existing = getPropertyNode(object, key);
  if (existing !== undefined && existing.type !== 'null') return [];
  const edit = existing ? replaceValue(doc, existing, value, 'compact') : insertProperty(doc, object, key, value, 'compact');
  return [{ title: `Add ${key}`, edits: [edit], isPreferred: true }];
}

function fixDuplicateKey(doc: PearlDocument, offset: number): Fix[] {
  const duplicate = doc.duplicateKeys.find(({ property }) => property.offset === offset);
  if (!duplicate) return [];
  const { property, previousEnd } = duplicate;
  return [
    {
      title: 'Remove this occurrence',
      edits: [{ offset: previousEnd, length: property.offset + property.length - previousEnd, content: '' }],
    },
  ];
}

function toTextEdit(doc: PearlDocument, edit: Edit): TextEdit {
  return {
    range: { start: doc.textDocument.positionAt(edit.offset), end: doc.textDocument.positionAt(edit.offset + edit.length) },
    newText: edit.content,
  };
}
