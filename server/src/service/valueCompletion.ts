import { CompletionItem, CompletionItemKind, Range } from 'vscode-languageserver-types';
import { getObjectItems, getStringProperty, type JsonNode } from './jsonTree';
import type { PearlDocument } from './pearlDocument';
import { getWindowsTimeZoneIds } from './timeZones';
import { variableGroupNames, variableTypeNames } from './enumNames';
import type { PathStep } from './variableFields';
import { stringContentSpan } from './variableReferences';

/**
 * Completion of string values the document or the interface enumerates, inside the quotes of:
 * - a `timeZone` (AdvancedTextPearl, OutboundTextSettings and the simple form): the Windows
 *   time-zone ids of CLDR's windowsZones (DECISIONS.md § Values: "standard-time-name form");
 * - an APIDataSchemaProperty `variableId`: the declared variable ids (§ APIDataSchemaProperty);
 * - an entry of a notification's `indicatorTagsIds`: the ids of `pearl.indicatorTags`.
 * Undefined when the string is none of these. Each item replaces the whole string content.
 */
export function completeKnownValues(doc: PearlDocument, stringNode: JsonNode, steps: readonly PathStep[]): CompletionItem[] | undefined {
  const last = steps[steps.length - 1]?.key;
  const parent = steps[steps.length - 2]?.key;
  const { start, end } = stringContentSpan(doc.textDocument.getText(), stringNode);
  const range: Range = { start: doc.textDocument.positionAt(start), end: doc.textDocument.positionAt(end) };
  const item = (label: string, detail: string, kind: CompletionItemKind, sortText?: string): CompletionItem => ({
    label,
    kind,
    detail,
    sortText,
    textEdit: { range, newText: label },
  });
  if (last === 'timeZone') {
    return getWindowsTimeZoneIds().map((id) => item(id, 'Windows time-zone id', CompletionItemKind.EnumMember));
  }
  if (last === 'variableId') {
    const seen = new Set<string>();
    const items: CompletionItem[] = [];
    doc.variables.forEach((variable, index) => {
      if (!variable.id || seen.has(variable.id)) return;
      seen.add(variable.id);
      const type = variable.type !== undefined ? (variableTypeNames[variable.type] ?? `type ${variable.type}`) : 'no type';
      const group = variable.group !== undefined ? (variableGroupNames[variable.group] ?? `group ${variable.group}`) : 'no group';
      items.push(item(variable.id, `${variable.name ?? variable.id} · ${type} · ${group}`, CompletionItemKind.Variable, String(index).padStart(4, '0')));
    });
    return items;
  }
  if (typeof last === 'number' && parent === 'indicatorTagsIds') {
    return getObjectItems(doc.pearl, 'indicatorTags').flatMap((tag, index) => {
      const id = getStringProperty(tag, 'id');
      return id ? [item(id, getStringProperty(tag, 'name') ?? 'indicator tag', CompletionItemKind.EnumMember, String(index).padStart(4, '0'))] : [];
    });
  }
  return undefined;
}
