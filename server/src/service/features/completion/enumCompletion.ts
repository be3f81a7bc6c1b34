import { CompletionItem, CompletionItemKind, MarkupKind, Range } from 'vscode-languageserver-types';
import type { CompletionCapabilities } from './completionCapabilities';
import { getArrayItems, getPropertyNode } from '../../document/jsonTree';
import type { PearlDocument } from '../../document/pearlDocument';
import { isNestedActionType, isVoiceOnlyNodeType } from '../../interface/nodeTypes';
import { getEnumValues, JSONSchema } from '../../interface/schemaNavigator';

/**
 * A swatch for each CallLabel color (§ CallLabel). The interface names the colors without stating
 * their shades: these are common shades of each name, for the completion list's color swatches.
 */
const labelColorSwatches: Readonly<Record<number, string>> = {
  1: '#8b5cf6',
  2: '#ef4444',
  3: '#eab308',
  4: '#22c55e',
  5: '#3b82f6',
  6: '#ec4899',
  7: '#14b8a6',
  8: '#84cc16',
  9: '#6366f1',
};

/**
 * The values of an enumerated integer at `path`, by name (docs/interface.md § Resources and
 * their fields, § Enumerations): label `10`, `labelDetails.detail` ` Dialogue` (the name on every row, when the
 * client shows label details; else the name is the `detail`), `filterText` `10 Dialogue` so that
 * typing the name finds the value, the meaning as documentation; for the simple form's unstated
 * enumerations the text form's values, marked as taken from the text form (docs/rulings.md § Simple-form enumerations).
 * Only values that fit: no voice-only node types in `pearl.nodes` (text Pearls), only SMS, Email
 * and API in a nested action list (graph rule 6). Indicator tag colors come with a swatch
 * (`CompletionItemKind.Color`), those no other tag uses first. Empty when nothing is enumerated.
 */
export function completeEnumValues(
  doc: PearlDocument,
  path: readonly (string | number)[],
  schema: JSONSchema,
  range: Range,
  capabilities: CompletionCapabilities,
): CompletionItem[] {
  const last = path[path.length - 1];
  const isNodeType = last === 'nodeType' && path.includes('nodes');
  const isNested = isNodeType && (path.includes('handOffAction') || path.includes('postCallActions'));
  const isTagColor = last === 'color' && path[path.length - 3] === 'indicatorTags';
  const usedColors = isTagColor ? colorsOfOtherTags(doc, path[path.length - 2]) : new Set<unknown>();

  const items: CompletionItem[] = [];
  getEnumValues(schema).forEach((entry, index) => {
    if (isNested ? !isNestedActionType(entry.value) : isNodeType && isVoiceOnlyNodeType(entry.value)) return;
    const description = entry.suggested
      ? `${entry.description ?? entry.name ?? ''} (value taken from the text form)`.trim()
      : entry.description;
    const label = String(entry.value);
    const swatch = isTagColor && typeof entry.value === 'number' ? labelColorSwatches[entry.value] : undefined;
    const used = usedColors.has(entry.value);
    items.push({
      label,
      kind: swatch ? CompletionItemKind.Color : CompletionItemKind.EnumMember,
      labelDetails:
        capabilities.labelDetailsSupport && entry.name
          ? { detail: ` ${entry.name}`, description: used ? 'used by another tag' : undefined }
          : undefined,
      detail: entry.name,
      // VS Code draws a swatch for a Color item whose documentation is a hex color.
      documentation: swatch ?? (description ? { kind: MarkupKind.Markdown, value: description } : undefined),
      filterText: entry.name ? `${label} ${entry.name}` : label,
      textEdit: { range, newText: label },
      sortText: `${used ? 1 : 0}${String(index).padStart(4, '0')}`,
    });
  });
  return items;
}

/** The colors of the indicator tags other than the one at index `own`. */
function colorsOfOtherTags(doc: PearlDocument, own: string | number | undefined): Set<unknown> {
  const used = new Set<unknown>();
  getArrayItems(getPropertyNode(doc.pearl, 'indicatorTags')).forEach((tag, index) => {
    if (index !== own) used.add(getPropertyNode(tag, 'color')?.value);
  });
  return used;
}
