import { DocumentSymbol, SymbolKind } from 'vscode-languageserver-types';
import { spanToRange, TextSpan } from '../document/textSpan';
import { getArrayItems, getNumberProperty, getPropertyKeyNode, getPropertyNode, getStringProperty, JsonNode } from '../document/jsonTree';
import { NodeType, PearlDocument, PearlNode, PearlTransition } from '../document/pearlDocument';
import { keepAcrossStringEdit, type KeptForParse, rangeMoverAfterPatch, type StringPatch } from '../document/stringEditPatch';
import { apiResultNames, dayNames, labelColorNames, nodeTypeNames, variableGroupNames, variableTypeNames } from '../interface/enumNames';

/** The symbol kind (outline icon) of each node type (docs/interface.md § Node types). */
const nodeTypeSymbolKinds: Readonly<Record<number, SymbolKind>> = {
  [NodeType.OpeningSentence]: SymbolKind.Event,
  [NodeType.PreCallAPI]: SymbolKind.Method,
  [NodeType.Dialogue]: SymbolKind.Function,
  [NodeType.HandoffChatToHuman]: SymbolKind.Interface,
  [NodeType.API]: SymbolKind.Method,
  [NodeType.SMS]: SymbolKind.Field,
  [NodeType.Email]: SymbolKind.Field,
  [NodeType.TransferCall]: SymbolKind.Operator,
  [NodeType.StartCallRecording]: SymbolKind.Event,
  [NodeType.SearchKnowledgeBase]: SymbolKind.Package,
  [NodeType.EndCall]: SymbolKind.Constant,
  [NodeType.PostCallActions]: SymbolKind.Class,
};

/** Lists of the simple form's `pearl` shown in the outline, with the kind of their entries (§ Simple Pearl create request). */
const simpleLists: ReadonlyArray<[string, SymbolKind]> = [
  ['agents', SymbolKind.Object],
  ['apiSettings', SymbolKind.Method],
  ['smsSettings', SymbolKind.Field],
  ['emailSettings', SymbolKind.Field],
  ['transferCallSettings', SymbolKind.Operator],
  ['notifications', SymbolKind.Event],
];

/**
 * The outline of a Pearl (docs/interface.md § Text Pearl create request, § Simple Pearl
 * create request): one root symbol named after the Pearl's `name`, holding
 * - `pearl`, with each node of the graph (name `nodeId — name`, detail its node type, kind by
 *   type), each node holding its transitions (`name → toNodeId`, kind Key) and nested actions,
 *   and `indicatorTags` (for the simple form: agents, apiSettings, smsSettings, emailSettings,
 *   transferCallSettings, notifications);
 * - `variables`, each `id` with detail `group · type` (kind Variable);
 * - `inbound` / `outbound`, with callingHours windows and inactivity follow-ups.
 * Every symbol's range is its JSON value or property; its selectionRange lies inside it (its id,
 * name, or key). Empty when the root is not an object. Linear in the size of the document; typing
 * inside a string the outline does not read keeps the last outline (see {@link outlineKeys}).
 * Callers must not change what they are given: it is kept for the next parse.
 */
export function findDocumentSymbols(doc: PearlDocument): DocumentSymbol[] {
  const kept = keepAcrossStringEdit(
    doc,
    doc.modelCache.outline as KeptForParse<DocumentSymbol[]> | undefined,
    (last, patch) =>
      patch.path.some((key) => typeof key === 'string' && outlineKeys.has(key)) ? undefined : moveSymbols(last, doc, patch),
    () => outlineOf(doc),
  );
  doc.modelCache.outline = kept;
  return kept.value;
}

/**
 * The keys whose string values the outline reads (names, details, the kind of Pearl from `$schema`):
 * an edit inside a string under one of them builds the outline again. An edit inside any other
 * string (a script, an instruction, a body's value) keeps the last parse's outline, its positions
 * on the edited line after the string moved by the edit (test/property/keptDiagnostics.test.ts
 * compares it with a fresh parse's after every keystroke into every string of the examples).
 */
const outlineKeys: ReadonlySet<string> = new Set([
  '$schema',
  'name',
  'nodeId',
  'toNodeId',
  'id',
  'agentName',
  'textChannelId',
  'phoneNumberId',
  'start',
  'end',
  'message',
  'triggerDescription',
  'subject',
]);

/**
 * `symbols` of the parse `patch` was applied to, for `doc`: each position on the edited string's
 * line after the string moved by the edit (stringEditPatch.ts `rangeMoverAfterPatch`); undefined
 * when a symbol's range ends inside the edited string. The symbols that change are copies; the
 * others, and whole lists that do not change, are shared.
 */
function moveSymbols(symbols: DocumentSymbol[], doc: PearlDocument, patch: StringPatch): DocumentSymbol[] | undefined {
  const { line, move: moveRange } = rangeMoverAfterPatch(patch, (offset) => doc.textDocument.positionAt(offset));
  const moveAll = (list: DocumentSymbol[]): DocumentSymbol[] | undefined => {
    let moved: DocumentSymbol[] | undefined;
    for (let i = 0; i < list.length; i++) {
      const symbol = list[i];
      // Nothing of a symbol that does not reach the edited line moves.
      if (symbol.range.start.line > line || symbol.range.end.line < line) continue;
      const range = moveRange(symbol.range);
      const selectionRange = moveRange(symbol.selectionRange);
      const children = symbol.children && moveAll(symbol.children);
      if (!range || !selectionRange || (symbol.children && !children)) return undefined;
      if (range === symbol.range && selectionRange === symbol.selectionRange && children === symbol.children) continue;
      moved ??= list.slice();
      moved[i] = children === undefined ? { ...symbol, range, selectionRange } : { ...symbol, range, selectionRange, children };
    }
    return moved ?? list;
  };
  return moveAll(symbols);
}

function outlineOf(doc: PearlDocument): DocumentSymbol[] {
  const root = doc.root;
  if (!root || root.type !== 'object') return [];
  const children: DocumentSymbol[] = [];
  const pearl = propertySymbol(doc, root, 'pearl', SymbolKind.Namespace, getStringProperty(doc.pearl, 'agentName'), () =>
    doc.kind === 'text' ? pearlChildren(doc) : simplePearlChildren(doc),
  );
  if (pearl) children.push(pearl);
  const variables = propertySymbol(doc, root, 'variables', SymbolKind.Array, count(doc.variables.length, 'variable'), () =>
    variableSymbols(doc),
  );
  if (variables) children.push(variables);
  for (const key of ['inbound', 'outbound'] as const) {
    const channel = getPropertyNode(root, key);
    const detail = getStringProperty(channel, 'textChannelId') ?? getStringProperty(channel, 'phoneNumberId');
    const symbol = propertySymbol(doc, root, key, SymbolKind.Interface, detail, () => channelChildren(doc, channel));
    if (symbol) children.push(symbol);
  }
  const nameNode = getPropertyNode(root, 'name');
  const name = nameNode?.type === 'string' && (nameNode.value as string).trim() !== '' ? (nameNode.value as string) : 'Pearl';
  return [
    {
      name,
      detail: doc.kind === 'text' ? 'text Pearl' : 'simple Pearl',
      kind: SymbolKind.Module,
      range: spanToRange(doc, root),
      selectionRange: spanToRange(doc, nameNode?.parent ?? { offset: root.offset, length: 1 }),
      children: sortByPosition(children),
    },
  ];
}

function pearlChildren(doc: PearlDocument): DocumentSymbol[] {
  const result: DocumentSymbol[] = doc.nodes.map((node) => nodeSymbol(doc, node));
  const tags = indicatorTagsSymbol(doc);
  if (tags) result.push(tags);
  return result;
}

function simplePearlChildren(doc: PearlDocument): DocumentSymbol[] {
  const result: DocumentSymbol[] = [];
  for (const [key, kind] of simpleLists) {
    const symbol = propertySymbol(doc, doc.pearl, key, SymbolKind.Array, undefined, () =>
      getArrayItems(getPropertyNode(doc.pearl, key))
        .filter((item) => item.type === 'object')
        .map((item, index) => {
          const label =
            getStringProperty(item, 'name') ??
            getStringProperty(item, 'triggerDescription') ??
            getStringProperty(getPropertyNode(item, 'emailTemplate'), 'subject');
          return objectSymbol(doc, item, nonEmpty(label, `${key}[${index}]`), kind, undefined, selectionNode(item, ['name']), []);
        }),
    );
    if (symbol) result.push(symbol);
  }
  const tags = indicatorTagsSymbol(doc);
  if (tags) result.push(tags);
  return result;
}

/** How the outline and workspace symbols name a node: `nodeId — name`, or whichever of the two it has. */
export function getNodeLabel(node: PearlNode): string | undefined {
  return node.nodeId !== undefined && node.name !== undefined ? `${node.nodeId} — ${node.name}` : (node.nodeId ?? node.name);
}

/** The symbol kind (outline icon) of a node, by its node type; Object for an unknown type. */
export function getNodeSymbolKind(node: PearlNode): SymbolKind {
  return (node.nodeType !== undefined ? nodeTypeSymbolKinds[node.nodeType] : undefined) ?? SymbolKind.Object;
}

function nodeSymbol(doc: PearlDocument, node: PearlNode): DocumentSymbol {
  const label = getNodeLabel(node);
  const typeName = node.nodeType !== undefined ? (nodeTypeNames[node.nodeType] ?? `nodeType ${node.nodeType}`) : undefined;
  const detail = node.container ? [typeName, node.container.list].filter(Boolean).join(' · ') : typeName;
  const children = [
    ...node.transitions.map((transition) => transitionSymbol(doc, transition)),
    ...node.nested.map((nested) => nodeSymbol(doc, nested)),
  ];
  const kind = getNodeSymbolKind(node);
  const where = node.container ? `${node.container.list}[${node.index}]` : `nodes[${node.index}]`;
  return objectSymbol(doc, node.node, nonEmpty(label, where), kind, detail, node.nodeIdNode ?? node.nameNode, children);
}

function transitionSymbol(doc: PearlDocument, transition: PearlTransition): DocumentSymbol {
  const label = `${nonEmpty(transition.name, '(unnamed)')} → ${nonEmpty(transition.toNodeId, '?')}`;
  const detail =
    transition.apiResult !== undefined ? `apiResult ${apiResultNames[transition.apiResult] ?? transition.apiResult}` : undefined;
  return objectSymbol(doc, transition.node, label, SymbolKind.Key, detail, transition.nameNode ?? transition.toNodeIdNode, []);
}

function variableSymbols(doc: PearlDocument): DocumentSymbol[] {
  return doc.variables.map((variable, index) => {
    const group = variable.group !== undefined ? (variableGroupNames[variable.group] ?? `group ${variable.group}`) : 'no group';
    const type = variable.type !== undefined ? (variableTypeNames[variable.type] ?? `type ${variable.type}`) : 'no type';
    return objectSymbol(
      doc,
      variable.node,
      nonEmpty(variable.id, `variables[${index}]`),
      SymbolKind.Variable,
      `${group} · ${type}`,
      variable.idNode,
      [],
    );
  });
}

function indicatorTagsSymbol(doc: PearlDocument): DocumentSymbol | undefined {
  const tags = getPropertyNode(doc.pearl, 'indicatorTags');
  return propertySymbol(doc, doc.pearl, 'indicatorTags', SymbolKind.Array, undefined, () =>
    getArrayItems(tags)
      .filter((tag) => tag.type === 'object')
      .map((tag, index) => {
        const id = getStringProperty(tag, 'id');
        const color = getNumberProperty(tag, 'color');
        const detail = [id, color !== undefined ? labelColorNames[color] || `color ${color}` : undefined].filter(Boolean).join(' · ');
        const label = nonEmpty(getStringProperty(tag, 'name') ?? id, `indicatorTags[${index}]`);
        return objectSymbol(doc, tag, label, SymbolKind.EnumMember, detail, selectionNode(tag, ['name', 'id']), []);
      }),
  );
}

function channelChildren(doc: PearlDocument, channel: JsonNode | undefined): DocumentSymbol[] {
  const result: DocumentSymbol[] = [];
  const hours = propertySymbol(doc, channel, 'callingHours', SymbolKind.Array, undefined, () =>
    getArrayItems(getPropertyNode(channel, 'callingHours'))
      .filter((window) => window.type === 'object')
      .map((window, index) => {
        const day = getNumberProperty(window, 'day');
        const dayName = day !== undefined ? (dayNames[day] ?? `day ${day}`) : `callingHours[${index}]`;
        const span = `${getStringProperty(window, 'start') ?? '?'}–${getStringProperty(window, 'end') ?? '?'}`;
        return objectSymbol(doc, window, `${dayName} ${span}`, SymbolKind.Event, undefined, selectionNode(window, ['day']), []);
      }),
  );
  if (hours) result.push(hours);
  const followUps = propertySymbol(doc, channel, 'inactivityFollowUps', SymbolKind.Array, undefined, () =>
    getArrayItems(getPropertyNode(channel, 'inactivityFollowUps'))
      .filter((followUp) => followUp.type === 'object')
      .map((followUp, index) => {
        const delay = getNumberProperty(followUp, 'delayMinutes');
        const label = delay !== undefined ? `after ${delay} min` : `inactivityFollowUps[${index}]`;
        return objectSymbol(
          doc,
          followUp,
          label,
          SymbolKind.Event,
          truncate(getStringProperty(followUp, 'message')),
          selectionNode(followUp, ['delayMinutes']),
          [],
        );
      }),
  );
  if (followUps) result.push(followUps);
  return result;
}

/**
 * A symbol for property `key` of `object` spanning the whole property, selecting its key; undefined
 * when the property is absent.
 */
function propertySymbol(
  doc: PearlDocument,
  object: JsonNode | undefined,
  key: string,
  kind: SymbolKind,
  detail: string | undefined,
  children: () => DocumentSymbol[],
): DocumentSymbol | undefined {
  const keyNode = getPropertyKeyNode(object, key);
  const property = keyNode?.parent;
  if (!keyNode || !property) return undefined;
  return withChildren(
    { name: key, detail: detail || undefined, kind, range: spanToRange(doc, property), selectionRange: spanToRange(doc, keyNode) },
    children(),
  );
}

/** A symbol spanning `node`; it selects `selected` when that lies inside `node`, else `node`'s first character. */
function objectSymbol(
  doc: PearlDocument,
  node: JsonNode,
  name: string,
  kind: SymbolKind,
  detail: string | undefined,
  selected: JsonNode | undefined,
  children: DocumentSymbol[],
): DocumentSymbol {
  const inside = selected && selected.offset >= node.offset && selected.offset + selected.length <= node.offset + node.length;
  const selection: TextSpan = inside ? selected : { offset: node.offset, length: Math.min(1, node.length) };
  return withChildren(
    { name, detail: detail || undefined, kind, range: spanToRange(doc, node), selectionRange: spanToRange(doc, selection) },
    children,
  );
}

/**
 * `symbol` with `children` in document order, or without the property when there are none (LSP
 * makes it optional): a leaf (a transition, a variable) sends no empty list, 12,000 of them in the
 * outline of a 5,000-node Pearl.
 */
function withChildren(symbol: DocumentSymbol, children: DocumentSymbol[]): DocumentSymbol {
  if (children.length > 0) symbol.children = sortByPosition(children);
  return symbol;
}

/** The value node of the first of `keys` that `object` has. */
function selectionNode(object: JsonNode, keys: readonly string[]): JsonNode | undefined {
  for (const key of keys) {
    const node = getPropertyNode(object, key);
    if (node) return node;
  }
  return undefined;
}

/** Symbol names must not be empty or blank (editors reject them). */
function nonEmpty(label: string | undefined, fallback: string): string {
  return label !== undefined && label.trim() !== '' ? label : fallback;
}

function truncate(text: string | undefined): string | undefined {
  return text !== undefined && text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function sortByPosition(symbols: DocumentSymbol[]): DocumentSymbol[] {
  return symbols.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
