import { CompletionItem, CompletionItemKind, Range } from 'vscode-languageserver-types';
import type { CompletionCapabilities } from './completionCapabilities';
import { getObjectItems, getStringProperty, type JsonNode } from '../../document/jsonTree';
import type { PearlDocument } from '../../document/pearlDocument';
import { getStandardUtcOffset, getWindowsTimeZones } from '../../interface/timeZones';
import { variableGroupNames, variableTypeNames } from '../../interface/enumNames';
import type { PathStep } from '../../interface/variableFields';
import { stringContentSpan } from '../../document/variableReferences';

/**
 * Completion of string values the document or the interface enumerates, inside the quotes of:
 * - a `timeZone` (AdvancedTextPearl, OutboundTextSettings and the simple form): the Windows
 *   time-zone ids of CLDR's windowsZones (docs/rulings.md § Time zone ids), each
 *   found also by its IANA ids and their city names (`filterText`: typing `London` or
 *   `Europe/London` finds GMT Standard Time) and showing its standard UTC offset (from the
 *   runtime's ICU data, `Intl`);
 * - the root's `$schema`: the two schema files, in the folder already typed (else `../schemas/`);
 * - an APIDataSchemaProperty `variableId`: the declared variable ids (§ APIDataSchemaProperty);
 * - an entry of a notification's `indicatorTagsIds`: the ids of `pearl.indicatorTags`.
 * Undefined when the string is none of these. Each item replaces the whole string content.
 */
export function completeKnownValues(
  doc: PearlDocument,
  stringNode: JsonNode,
  steps: readonly PathStep[],
  capabilities: CompletionCapabilities,
): CompletionItem[] | undefined {
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
  if (last === 'timeZone') return completeTimeZones(range, capabilities);
  if (last === '$schema' && steps.length === 1) {
    const typed = stringNode.value as string;
    const folder = typed.includes('/') ? typed.slice(0, typed.lastIndexOf('/') + 1) : '../schemas/';
    return schemaFiles.map(([file, detail]) => ({ ...item(folder + file, detail, CompletionItemKind.File), filterText: folder + file }));
  }
  if (last === 'variableId') {
    const seen = new Set<string>();
    const items: CompletionItem[] = [];
    doc.variables.forEach((variable, index) => {
      if (!variable.id || seen.has(variable.id)) return;
      seen.add(variable.id);
      const type = variable.type !== undefined ? (variableTypeNames[variable.type] ?? `type ${variable.type}`) : 'no type';
      const group = variable.group !== undefined ? (variableGroupNames[variable.group] ?? `group ${variable.group}`) : 'no group';
      items.push(
        item(
          variable.id,
          `${variable.name ?? variable.id} · ${type} · ${group}`,
          CompletionItemKind.Variable,
          String(index).padStart(4, '0'),
        ),
      );
    });
    return items;
  }
  if (typeof last === 'number' && parent === 'indicatorTagsIds') {
    return getObjectItems(doc.pearl, 'indicatorTags').flatMap((tag, index) => {
      const id = getStringProperty(tag, 'id');
      return id
        ? [item(id, getStringProperty(tag, 'name') ?? 'indicator tag', CompletionItemKind.EnumMember, String(index).padStart(4, '0'))]
        : [];
    });
  }
  return undefined;
}

/** The schema files a `$schema` names, with what each declares (docs/rulings.md § Which create request a file is). */
const schemaFiles: readonly [string, string][] = [
  ['text-pearl.schema.json', 'Text Pearl (POST /v2/Pearl/Text)'],
  ['simple-pearl.schema.json', 'Simple Pearl (POST /v2/Pearl)'],
];

/** VS Code's fuzzy filter reads the first 128 characters of a filterText. */
const maxFilterTextLength = 128;

let timeZoneRows: { windowsId: string; ianaIds: readonly string[]; offset: string | undefined; filterText: string }[] | undefined;

function completeTimeZones(range: Range, capabilities: CompletionCapabilities): CompletionItem[] {
  // Built once per process: the offsets come from ICU, about 140 zones.
  timeZoneRows ??= getWindowsTimeZones().map(({ windowsId, ianaIds }) => {
    let filterText = windowsId;
    for (const ianaId of ianaIds) {
      if (filterText.length + ianaId.length + 1 > maxFilterTextLength) break;
      filterText += ` ${ianaId}`;
    }
    return { windowsId, ianaIds, offset: ianaIds[0] ? getStandardUtcOffset(ianaIds[0]) : undefined, filterText };
  });
  return timeZoneRows.map(({ windowsId, ianaIds, offset, filterText }) => {
    const zones = ianaIds.length > 0 ? ` · ${ianaIds.slice(0, 3).join(', ')}${ianaIds.length > 3 ? ', …' : ''}` : '';
    return {
      label: windowsId,
      kind: CompletionItemKind.EnumMember,
      labelDetails: capabilities.labelDetailsSupport && offset ? { description: offset } : undefined,
      detail: `Windows time-zone id${offset ? ` (${offset})` : ''}${zones}`,
      filterText,
      textEdit: { range, newText: windowsId },
    };
  });
}
