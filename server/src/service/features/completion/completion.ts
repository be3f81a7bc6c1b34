import { CompletionItem, CompletionItemKind, CompletionList, MarkupKind, Position, Range } from 'vscode-languageserver-types';
import { defaultCompletionCapabilities, type CompletionCapabilities } from './completionCapabilities';
import { findNodeAtOffset, type JsonNode } from '../../document/jsonTree';
import { perParse, type PearlDocument } from '../../document/pearlDocument';
import { doSchemaCompletion } from './schemaCompletion';
import { completeKnownValues } from './valueCompletion';
import { nodeTypeNames, variableGroupNames, variableTypeNames } from '../../interface/enumNames';
import { getPathSteps, resolveVariableField, VariableField } from '../../interface/variableFields';
import { stringContentSpan, variableIdCharacter } from '../../document/variableReferences';
import { completeDirectiveCodes } from '../ruleDirectiveAssist';

/**
 * Completion at `position` (docs/interface.md § Resources and their fields):
 * - after `{` or inside an unfinished `{...` in a (V) field: the declared variables whose group the
 *   field takes, with their name, type and group (none in generalInstructions);
 * - inside a `toNodeId` value: the nodeIds of the document, with each node's name and type, in
 *   document order up to {@link maxNodeIdsInDocumentOrder} nodes and in name order past that;
 * - inside a `timeZone`, a `variableId` or an `indicatorTagsIds` entry: the values they can take;
 * - otherwise property names with value skeletons, enumeration values by name, and snippets for
 *   new nodes, transitions, variables and indicator tags, from the schemas.
 * - in the codes of a `// pearl-disable-next-line` (or other `pearl-disable`) comment: the codes a
 *   comment may turn off, with their summaries (ruleDirectiveAssist.ts).
 * Typing `{` outside a string completes nothing (`triggerCharacter` `{`): Enter after it must
 * make a new line, not accept a key. Uses the parse of `doc`; never re-parses.
 */
export function doComplete(doc: PearlDocument, position: Position, options: CompletionOptions = {}): CompletionList {
  const capabilities = options.capabilities ?? defaultCompletionCapabilities;
  const offset = doc.textDocument.offsetAt(position);
  const stringNode = findStringAt(doc, offset);
  const directiveCodes = stringNode ? undefined : completeDirectiveCodes(doc, offset);
  if (directiveCodes) return { isIncomplete: false, items: directiveCodes };
  if (!stringNode && options.triggerCharacter === '{') return { isIncomplete: false, items: [] };
  if (stringNode) {
    const steps = getPathSteps(stringNode);
    const last = steps[steps.length - 1];
    if (last?.key === 'toNodeId' && steps[steps.length - 3]?.key === 'transitions') {
      return completeNodeIds(doc, stringNode, capabilities);
    }
    const known = completeKnownValues(doc, stringNode, steps, capabilities);
    if (known) return { isIncomplete: false, items: known };
    const field = resolveVariableField(doc.kind, steps);
    if (field) {
      const items = completeVariables(doc, stringNode, offset, field);
      if (items) return { isIncomplete: false, items };
    }
  }
  return { isIncomplete: false, items: doSchemaCompletion(doc, offset, capabilities) };
}

/** How completion was asked for: what the client can show, and the character typed when a trigger character opened the list. */
export interface CompletionOptions {
  readonly capabilities?: CompletionCapabilities;
  /** LSP `CompletionContext.triggerCharacter`, when `triggerKind` is TriggerCharacter. */
  readonly triggerCharacter?: string;
}

/** The string value node whose content holds `offset` (between the quotes, or to the end of an unterminated string). */
function findStringAt(doc: PearlDocument, offset: number): JsonNode | undefined {
  if (!doc.root) return undefined;
  const node = findNodeAtOffset(doc.root, offset, true);
  if (!node || node.type !== 'string') return undefined;
  const parent = node.parent;
  // A property key is not a value.
  if (parent?.type === 'property' && parent.children?.[0] === node) return undefined;
  const { start, end } = stringContentSpan(doc.textDocument.getText(), node);
  return offset >= start && offset <= end ? node : undefined;
}

/**
 * The nodeIds of `doc` for the `toNodeId` string `stringNode`, each replacing its content: the
 * items are built once per parse and shared by every request on it (a list of every node is the
 * longest this service sends). The range is the list's `itemDefaults.editRange` when the client
 * takes it, else a `textEdit` on a copy of each item. A client that also takes `itemDefaults.data`
 * and resolves `detail` lazily (VS Code) gets items without their detail (the node's type and name,
 * which VS Code shows on the focused item only) and `data` naming the document once: it asks for
 * the detail of the item it shows with `completionItem/resolve` ({@link resolveCompletionItem}),
 * and the list is less than half the bytes to build, send and parse.
 */
function completeNodeIds(doc: PearlDocument, stringNode: JsonNode, capabilities: CompletionCapabilities): CompletionList {
  const { start, end } = stringContentSpan(doc.textDocument.getText(), stringNode);
  const range = toRange(doc, start, end);
  const ids = nodeIdItems(doc);
  if (capabilities.editRangeDefault && capabilities.resolveDetail) {
    const data: NodeIdItemData = { nodeIdsOf: doc.textDocument.uri };
    return { isIncomplete: false, itemDefaults: { editRange: range, data }, items: ids.withoutDetail().slice() };
  }
  const items = ids.items;
  if (capabilities.editRangeDefault) return { isIncomplete: false, itemDefaults: { editRange: range }, items: items.slice() };
  const withEdits: CompletionItem[] = new Array<CompletionItem>(items.length);
  for (let i = 0; i < items.length; i++) {
    const { label, kind, detail, sortText } = items[i];
    withEdits[i] =
      sortText === undefined
        ? { label, kind, detail, textEdit: { range, newText: label } }
        : { label, kind, detail, sortText, textEdit: { range, newText: label } };
  }
  return { isIncomplete: false, items: withEdits };
}

/**
 * The `data` of a nodeId item whose detail is left to `completionItem/resolve` (given once in the
 * list's `itemDefaults`): the URI of the Pearl whose nodes the list names.
 */
export interface NodeIdItemData {
  readonly nodeIdsOf: string;
}

function isNodeIdItemData(data: unknown): data is NodeIdItemData {
  return typeof data === 'object' && data !== null && typeof (data as { nodeIdsOf?: unknown }).nodeIdsOf === 'string';
}

/**
 * The document a completion item asks to be resolved against (its `data`, as the client sends it
 * back with the list's default applied), or undefined when the item needs no resolving.
 */
export function completionItemDocument(item: CompletionItem): string | undefined {
  return isNodeIdItemData(item.data) ? item.data.nodeIdsOf : undefined;
}

/**
 * `completionItem/resolve`: a nodeId item of `doc` sent without its detail gets it (the node's type
 * and name, as in a list that carries them); any other item comes back as it is.
 */
export function resolveCompletionItem(doc: PearlDocument, item: CompletionItem): CompletionItem {
  if (item.detail !== undefined || completionItemDocument(item) !== doc.textDocument.uri || typeof item.label !== 'string') return item;
  const detail = nodeIdItems(doc).detailOf(item.label);
  return detail === undefined ? item : { ...item, detail };
}

/** A nodeId item without its range: the label is the text it inserts. */
type NodeIdItem = Pick<CompletionItem, 'label' | 'kind' | 'detail' | 'sortText'>;

/** The nodeId items of one parse, with and without their details. */
class NodeIdItems {
  private lean: readonly NodeIdItem[] | undefined;
  private details: Map<string, string> | undefined;

  constructor(readonly items: readonly NodeIdItem[]) {}

  /** The items without `detail` (made on first use). */
  withoutDetail(): readonly NodeIdItem[] {
    this.lean ??= this.items.map(({ label, kind, sortText }) => (sortText === undefined ? { label, kind } : { label, kind, sortText }));
    return this.lean;
  }

  /** The detail of the item labelled `nodeId`, or undefined when no item is. */
  detailOf(nodeId: string): string | undefined {
    this.details ??= new Map(this.items.map((item) => [item.label, item.detail ?? '']));
    return this.details.get(nodeId);
  }
}

/**
 * The most nodeIds a `toNodeId` list keeps in document order ({@link nodeIdItems}); a longer list
 * comes in name order. Past a few hundred nodes no one scrolls the list, they type to find a node,
 * and the sort texts that keep the order are most of what the list costs: at 1,000 nodes a
 * completion with its resolve took 1.60–1.67 ms over Node IPC with them and 0.97–1.14 ms without
 * (`npm run bench:lsp -- --nodes=1000`, two builds in turn).
 */
export const maxNodeIdsInDocumentOrder = 200;

/**
 * One item per distinct nodeId of `doc`, in document order, with the node's type and name: built
 * once per parse. Up to {@link maxNodeIdsInDocumentOrder} items, `sortText` keeps that order: the
 * item's rank, zero-padded to the width of the last rank (VS Code compares sort texts as strings);
 * a longer list has none, and the client shows it in name order (by label).
 */
function nodeIdItems(doc: PearlDocument): NodeIdItems {
  return perParse(doc.modelCache, doc.parseId, 'nodeIdCompletions', () => {
    const items: NodeIdItem[] = [];
    const seen = new Set<string>();
    for (const node of doc.nodes) {
      if (node.nodeId === undefined || node.nodeId === '' || seen.has(node.nodeId)) continue;
      seen.add(node.nodeId);
      const typeName = node.nodeType !== undefined ? (nodeTypeNames[node.nodeType] ?? `nodeType ${node.nodeType}`) : 'node';
      items.push({
        label: node.nodeId,
        kind: CompletionItemKind.Reference,
        detail: node.name !== undefined ? `${typeName} · ${node.name}` : typeName,
      });
    }
    if (items.length <= maxNodeIdsInDocumentOrder) {
      const width = String(Math.max(0, items.length - 1)).length;
      for (let rank = 0; rank < items.length; rank++) items[rank].sortText = String(rank).padStart(width, '0');
    }
    return new NodeIdItems(items);
  });
}

/**
 * Variable items when the cursor follows `{` and 0 or more id characters; undefined when it does
 * not (then other completions apply).
 */
function completeVariables(doc: PearlDocument, stringNode: JsonNode, offset: number, field: VariableField): CompletionItem[] | undefined {
  const text = doc.textDocument.getText();
  const { start, end } = stringContentSpan(text, stringNode);
  let brace = offset - 1;
  while (brace >= start && variableIdCharacter.test(text[brace])) brace--;
  if (brace < start || text[brace] !== '{' || offset - brace - 1 > 40) return undefined;
  // Replace the id already typed after the cursor too, and a closing brace if there is one.
  let replaceEnd = offset;
  while (replaceEnd < end && variableIdCharacter.test(text[replaceEnd])) replaceEnd++;
  const hasClosingBrace = replaceEnd < end && text[replaceEnd] === '}';
  if (hasClosingBrace) replaceEnd++;
  const range = toRange(doc, brace + 1, replaceEnd);
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const variable of doc.variables) {
    const id = variable.id;
    if (id === undefined || id === '' || seen.has(id)) continue;
    if (variable.group !== undefined && !field.allowedGroups.has(variable.group)) continue;
    if (field.noVariables) continue;
    seen.add(id);
    const type = variable.type !== undefined ? (variableTypeNames[variable.type] ?? `type ${variable.type}`) : 'no type';
    const group = variable.group !== undefined ? (variableGroupNames[variable.group] ?? `group ${variable.group}`) : 'no group';
    const caveat = variable.group !== undefined ? field.discouragedGroups.get(variable.group) : undefined;
    items.push({
      label: id,
      kind: CompletionItemKind.Variable,
      labelDetails: { detail: ` ${type}`, description: group },
      detail: `${variable.name ?? id} · ${type} · ${group}`,
      documentation: caveat ? { kind: MarkupKind.Markdown, value: `Note: ${caveat}.` } : undefined,
      sortText: `${caveat ? '1' : '0'}${id}`,
      filterText: id,
      textEdit: { range, newText: `${id}}` },
    });
  }
  return items;
}

function toRange(doc: PearlDocument, start: number, end: number): Range {
  return { start: doc.textDocument.positionAt(start), end: doc.textDocument.positionAt(end) };
}
