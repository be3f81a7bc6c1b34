import { CompletionItem, CompletionItemKind, InsertTextMode, MarkupKind, Range, TextEdit } from 'vscode-languageserver-types';
import type { CompletionCapabilities } from './completionCapabilities';
import { labelColorNames, nodeTypeNames } from '../../interface/enumNames';
import { appendArrayElement, insertProperty } from '../../document/jsonEdits';
import { getArrayItems, getObjectItems, getPropertyNode, getStringProperty, type JsonNode } from '../../document/jsonTree';
import { NodeType, PearlDocument, PearlNode } from '../../document/pearlDocument';
import { getTransitionProblems, isNestedActionType, isVoiceOnlyNodeType } from '../../interface/nodeTypes';
import { findSchemaForPath } from '../../interface/schemaNavigator';
import { chooseInsertText, getSnippetLayout, Placeholder, printSnippet, type SnippetLayout, type SnippetTemplate } from './snippetText';

/**
 * Snippets for a new element of an array, offered between or after its elements
 * (docs/interface.md § Node, § Transition, § DataSettings, § CallLabel, § Graph rules):
 * - in `pearl.nodes` of a text Pearl: one per node type the graph can still take (no voice-only
 *   TransferCall or StartCallRecording; a second OpeningSentence, PreCallAPI or EndCall only where
 *   graph rules 2 and 3 allow it), each a whole node with a unique nodeId, the settings object its
 *   type requires and a transition to fill (to the EndCall node; none for EndCall and
 *   PostCallActions; apiResult transitions to the OpeningSentence nodes for PreCallAPI). A node that
 *   needs an incoming transition (graph rule 4) gets one, from the nearest node before it, as an
 *   additional edit named in the item's documentation;
 * - in a `handOffAction` or `postCallActions` list: SMS, Email and API actions without transitions
 *   (graph rule 6);
 * - in a node's `transitions`: a transition (with an unused apiResult on a PreCallAPI node);
 * - in `variables`: a variable with a unique id; in `pearl.indicatorTags`: a tag with a 6-letter
 *   id and a color no other tag uses (none when all nine are taken or the list is full).
 * With their defaults kept, the inserted text adds no diagnostic to a valid document.
 */
export function completeArrayElement(
  doc: PearlDocument,
  array: JsonNode,
  path: readonly (string | number)[],
  span: { start: number; end: number },
  capabilities: CompletionCapabilities,
): CompletionItem[] {
  const context = new InsertionContext(doc, array, span, capabilities);
  const last = path[path.length - 1];
  if (doc.kind === 'text' && path.length === 2 && path[0] === 'pearl' && last === 'nodes') return nodeItems(context);
  if (doc.kind === 'text' && (last === 'handOffAction' || last === 'postCallActions')) return nestedActionItems(context);
  if (doc.kind === 'text' && last === 'transitions') {
    const owner = doc.allNodes.find((node) => getPropertyNode(node.node, 'transitions') === array);
    return owner && !owner.container ? transitionItems(context, owner) : [];
  }
  if (path.length === 1 && last === 'variables') return variableItems(context);
  if (path.length === 2 && path[0] === 'pearl' && last === 'indicatorTags') return indicatorTagItems(context);
  return [];
}

/** Where the new element goes: the replaced range, the commas it needs, the layout, the client's capabilities. */
class InsertionContext {
  readonly range: Range;
  readonly layout: SnippetLayout;
  /** Elements before the insertion point. */
  readonly before: JsonNode[];
  private readonly prefix: string;
  private readonly suffix: string;
  /** The comma after the previous element, when the new element starts on a later line. */
  private readonly commaEdit: TextEdit | undefined;

  constructor(
    readonly doc: PearlDocument,
    readonly array: JsonNode,
    span: { start: number; end: number },
    readonly capabilities: CompletionCapabilities,
  ) {
    const text = doc.textDocument.getText();
    const textDocument = doc.textDocument;
    const elements = getArrayItems(array);
    this.before = elements.filter((element) => element.offset + element.length <= span.start);
    const previous = this.before[this.before.length - 1];
    const next = elements.find((element) => element.offset >= span.end);
    this.range = { start: textDocument.positionAt(span.start), end: textDocument.positionAt(span.end) };
    this.layout = getSnippetLayout(text, span.start);
    this.prefix = '';
    if (previous) {
      const previousEnd = previous.offset + previous.length;
      const between = text.slice(previousEnd, span.start);
      if (!between.includes(',') && /[\r\n]/.test(between)) {
        this.commaEdit = {
          range: { start: textDocument.positionAt(previousEnd), end: textDocument.positionAt(previousEnd) },
          newText: ',',
        };
      } else if (!between.includes(',')) {
        // Right after the previous element: the new one goes on its own line, indented like it.
        const indented = getSnippetLayout(text, previous.offset);
        this.layout = indented;
        this.prefix = `,${indented.eol}${indented.baseIndent}`;
      }
    }
    this.suffix = next && !text.slice(span.end, next.offset).includes(',') ? ',' : '';
    const afterOpening = text.slice(array.offset + 1, span.start);
    if (
      !previous &&
      next &&
      afterOpening.trim() === '' &&
      !/[\r\n]/.test(afterOpening) &&
      /[\r\n]/.test(text.slice(span.end, next.offset))
    ) {
      // Right after `[` of a list laid out one element per line: the new first element gets its own line.
      const indented = getSnippetLayout(text, next.offset);
      this.layout = indented;
      this.prefix = `${indented.eol}${indented.baseIndent}`;
    }
  }

  /** A snippet item inserting `template` (with the separating commas), plus `additionalTextEdits`. */
  item(label: string, template: SnippetTemplate, fields: Omit<CompletionItem, 'label'>, additionalTextEdits?: TextEdit[]): CompletionItem {
    const printed = printSnippet(template, this.layout);
    const { newText, insertTextFormat } = chooseInsertText(
      { snippet: this.prefix + printed.snippet + this.suffix, plain: this.prefix + printed.plain + this.suffix },
      this.capabilities.snippetSupport,
    );
    return {
      label,
      kind: CompletionItemKind.Snippet,
      ...fields,
      textEdit: { range: this.range, newText },
      insertTextFormat,
      // The text is indented for the line it lands on.
      insertTextMode: InsertTextMode.asIs,
      additionalTextEdits:
        this.commaEdit || additionalTextEdits ? [...(this.commaEdit ? [this.commaEdit] : []), ...(additionalTextEdits ?? [])] : undefined,
    };
  }

  /** The edit adding `transition` to `source`'s transitions (creating the list if needed). */
  addTransition(source: PearlNode, transition: Record<string, unknown>): TextEdit {
    const list = getPropertyNode(source.node, 'transitions');
    const edit =
      list?.type === 'array'
        ? appendArrayElement(this.doc, list, transition, 'compact')
        : insertProperty(this.doc, source.node, 'transitions', [transition], 'compact');
    const textDocument = this.doc.textDocument;
    return {
      range: { start: textDocument.positionAt(edit.offset), end: textDocument.positionAt(edit.offset + edit.length) },
      newText: edit.content,
    };
  }
}

/** `base`, or `base_2`, `base_3`… : the first not in `taken`. */
function uniqueName(base: string, taken: ReadonlySet<string>, separator = '_'): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${separator}${n}`)) return `${base}${separator}${n}`;
}

/** What each node type's snippet holds besides nodeId, name, nodeType and transitions (§ Node; graph rule 7). */
interface NodeSnippet {
  readonly type: NodeType;
  readonly id: string;
  readonly name: string;
  readonly fields: Readonly<Record<string, SnippetTemplate>>;
  /** Whether the node leaves through a transition to fill. */
  readonly leaves: boolean;
}

const apiSettings = (name: string): Record<string, SnippetTemplate> => ({
  name: new Placeholder(name),
  method: new Placeholder(1),
  endpointUrl: new Placeholder('https://api.example.com/customers'),
  description: new Placeholder('What the call returns'),
});

const nodeSnippets: readonly NodeSnippet[] = [
  {
    type: NodeType.OpeningSentence,
    id: 'opening',
    name: 'Greeting',
    leaves: true,
    fields: { script: new Placeholder('Hello! How can I help you today?') },
  },
  {
    type: NodeType.PreCallAPI,
    id: 'pre_call_lookup',
    name: 'Customer lookup',
    leaves: true,
    fields: { apiSettings: apiSettings('Customer lookup') },
  },
  {
    type: NodeType.Dialogue,
    id: 'dialogue',
    name: 'Dialogue',
    leaves: true,
    fields: { script: new Placeholder('Ask what the customer needs.') },
  },
  {
    type: NodeType.HandoffChatToHuman,
    id: 'handoff',
    name: 'Hand off to a person',
    leaves: true,
    fields: { instructions: new Placeholder('Tell the customer a person will answer shortly.'), handOffAction: [] },
  },
  { type: NodeType.API, id: 'api_call', name: 'API call', leaves: true, fields: { apiSettings: apiSettings('API call') } },
  {
    type: NodeType.SMS,
    id: 'sms',
    name: 'Send an SMS',
    leaves: true,
    fields: { smsSettings: { body: new Placeholder('Thank you for your message.') } },
  },
  {
    type: NodeType.Email,
    id: 'email',
    name: 'Send an email',
    leaves: true,
    fields: {
      emailSettings: {
        to: [new Placeholder('team@example.com')],
        subject: new Placeholder('New conversation'),
        body: new Placeholder('A customer wrote to us.'),
      },
    },
  },
  {
    type: NodeType.SearchKnowledgeBase,
    id: 'knowledge_search',
    name: 'Search the knowledge base',
    leaves: true,
    fields: { instructions: new Placeholder('Answer from the knowledge base.') },
  },
  { type: NodeType.EndCall, id: 'end', name: 'End', leaves: false, fields: {} },
  { type: NodeType.PostCallActions, id: 'post_call', name: 'After the conversation', leaves: false, fields: { postCallActions: [] } },
];

function nodeItems(context: InsertionContext): CompletionItem[] {
  const doc = context.doc;
  const openings = doc.nodes.filter((node) => node.nodeType === NodeType.OpeningSentence);
  const preCall = doc.nodes.find((node) => node.nodeType === NodeType.PreCallAPI);
  const endCall = doc.nodes.find((node) => node.nodeType === NodeType.EndCall);
  const unusedApiResult = preCall ? [1, 2].find((result) => !preCall.transitions.some((t) => t.apiResult === result)) : undefined;
  const takenIds = new Set(doc.allNodes.flatMap((node) => (node.nodeId !== undefined ? [node.nodeId] : [])));
  const items: CompletionItem[] = [];
  nodeSnippets.forEach((spec, index) => {
    // Graph rules 2 and 3: one entry (an OpeningSentence, or a PreCallAPI leading to one or two), one EndCall.
    if (spec.type === NodeType.OpeningSentence && (preCall ? openings.length >= 2 || unusedApiResult === undefined : openings.length > 0))
      return;
    if (spec.type === NodeType.PreCallAPI && (preCall || openings.length === 0 || openings.length > 2)) return;
    if (spec.type === NodeType.EndCall && endCall) return;
    const nodeId = uniqueName(spec.id, takenIds);
    let transitions: SnippetTemplate[] | undefined;
    if (spec.type === NodeType.PreCallAPI) {
      transitions = openings.map((opening, i) => ({
        name: new Placeholder(i === 0 ? 'Found' : 'Not found'),
        toNodeId: new Placeholder(opening.nodeId ?? ''),
        apiResult: i + 1,
      }));
    } else if (spec.leaves) {
      transitions = [{ name: new Placeholder('Next'), toNodeId: new Placeholder(endCall?.nodeId ?? 'end') }];
    }
    const template = { nodeId, name: new Placeholder(spec.name), nodeType: spec.type, ...spec.fields, transitions };
    const { edit, source } = incomingTransition(context, spec.type, nodeId, preCall, unusedApiResult, openings.length === 0 && !preCall);
    const typeName = nodeTypeNames[spec.type];
    const note = source ? `\n\nAlso adds a transition from '${source.nodeId}' to it, so that the node is reached (graph rule 4).` : '';
    items.push(
      context.item(
        typeName,
        template,
        {
          labelDetails: context.capabilities.labelDetailsSupport ? { detail: ` (${spec.type})`, description: 'node' } : undefined,
          detail: `${typeName} node (nodeType ${spec.type})`,
          documentation: { kind: MarkupKind.Markdown, value: `A new ${typeName} node '${nodeId}'.${note}` },
          filterText: typeName,
          sortText: String(index).padStart(2, '0'),
        },
        edit ? [edit] : undefined,
      ),
    );
  });
  return items;
}

/**
 * The transition that makes a new node of type `type` reachable: from the PreCallAPI node (with
 * its unused apiResult) to a new OpeningSentence; from the nearest node before the insertion point
 * (else after it) that can lead somewhere to any other node that is not the entry or PostCallActions.
 */
function incomingTransition(
  context: InsertionContext,
  type: NodeType,
  nodeId: string,
  preCall: PearlNode | undefined,
  unusedApiResult: number | undefined,
  isEntry: boolean,
): { edit?: TextEdit; source?: PearlNode } {
  if (isEntry || type === NodeType.PreCallAPI || type === NodeType.PostCallActions) return {};
  if (type === NodeType.OpeningSentence) {
    if (!preCall?.nodeId) return {};
    return {
      edit: context.addTransition(preCall, { name: uniqueTransitionName(preCall, nodeId), toNodeId: nodeId, apiResult: unusedApiResult }),
      source: preCall,
    };
  }
  // A node of a text Pearl that may have a transition to a node of this type (not an OpeningSentence here).
  const canLead = (node: PearlNode): boolean =>
    node.nodeId !== undefined &&
    node.nodeType !== undefined &&
    !isVoiceOnlyNodeType(node.nodeType) &&
    getTransitionProblems(node.nodeType, false, type, false, true) === 0;
  const insertionIndex = context.before.length;
  const nodes = context.doc.nodes;
  const source = [...nodes.slice(0, insertionIndex)].reverse().find(canLead) ?? nodes.slice(insertionIndex).find(canLead);
  if (!source) return {};
  return { edit: context.addTransition(source, { name: uniqueTransitionName(source, nodeId), toNodeId: nodeId }), source };
}

function uniqueTransitionName(source: PearlNode, base: string): string {
  return uniqueName(base, new Set(source.transitions.flatMap((t) => (t.name !== undefined ? [t.name] : []))));
}

function nestedActionItems(context: InsertionContext): CompletionItem[] {
  const takenIds = new Set(context.doc.allNodes.flatMap((node) => (node.nodeId !== undefined ? [node.nodeId] : [])));
  return nodeSnippets
    .filter((spec) => isNestedActionType(spec.type))
    .map((spec, index) => {
      const nodeId = uniqueName(spec.id, takenIds);
      const typeName = nodeTypeNames[spec.type];
      return context.item(
        typeName,
        { nodeId, name: new Placeholder(spec.name), nodeType: spec.type, ...spec.fields },
        {
          labelDetails: context.capabilities.labelDetailsSupport ? { detail: ` (${spec.type})`, description: 'nested action' } : undefined,
          detail: `${typeName} action (nodeType ${spec.type}), without transitions`,
          documentation: {
            kind: MarkupKind.Markdown,
            value: `A new ${typeName} action '${nodeId}': nested actions are fire-and-forget (graph rule 6).`,
          },
          filterText: typeName,
          sortText: String(index).padStart(2, '0'),
        },
      );
    });
}

function transitionItems(context: InsertionContext, owner: PearlNode): CompletionItem[] {
  const doc = context.doc;
  const name = new Placeholder(uniqueTransitionName(owner, 'Next'));
  let template: SnippetTemplate;
  if (owner.nodeType === NodeType.PreCallAPI) {
    const apiResult = [1, 2].find((result) => !owner.transitions.some((t) => t.apiResult === result));
    if (apiResult === undefined) return [];
    const target = doc.nodes.find((node) => node.nodeType === NodeType.OpeningSentence)?.nodeId ?? '';
    template = { name, toNodeId: new Placeholder(target), apiResult: new Placeholder(apiResult) };
  } else {
    const target =
      doc.nodes.find((node) => node.nodeType === NodeType.EndCall && node !== owner)?.nodeId ??
      doc.nodes.find((node) => node !== owner && node.nodeId !== undefined)?.nodeId ??
      '';
    template = { name, toNodeId: new Placeholder(target) };
  }
  return [
    context.item('transition', template, {
      detail: 'Transition',
      documentation: { kind: MarkupKind.Markdown, value: 'A new transition: its name and the nodeId it leads to.' },
    }),
  ];
}

function variableItems(context: InsertionContext): CompletionItem[] {
  const taken = new Set(context.doc.variables.flatMap((variable) => (variable.id !== undefined ? [variable.id] : [])));
  const id = uniqueName('new_variable', taken);
  const template = {
    id: new Placeholder(id),
    name: new Placeholder('New variable'),
    group: new Placeholder(2),
    type: new Placeholder(1),
    description: new Placeholder('What the agent collects during the conversation'),
  };
  return [
    context.item('variable', template, {
      detail: 'Variable (DataSettings)',
      documentation: { kind: MarkupKind.Markdown, value: `A new InCall String variable '${id}'.` },
    }),
  ];
}

/** The six-letter ids `NewTag`, then `TagAaa`, `TagAab`…: the first no tag uses. */
function unusedTagId(taken: ReadonlySet<string>): string {
  if (!taken.has('NewTag')) return 'NewTag';
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let n = 0; n < letters.length ** 3; n++) {
    const id = `Tag${letters[Math.floor(n / 676) % 26].toUpperCase()}${letters[Math.floor(n / 26) % 26]}${letters[n % 26]}`;
    if (!taken.has(id)) return id;
  }
  return 'NewTag';
}

function indicatorTagItems(context: InsertionContext): CompletionItem[] {
  const tags = getObjectItems(context.doc.pearl, 'indicatorTags');
  const maxItems = findSchemaForPath(context.doc.kind, ['pearl', 'indicatorTags'])?.maxItems;
  if (maxItems !== undefined && tags.length >= maxItems) return [];
  const usedColors = new Set(tags.map((tag): unknown => getPropertyNode(tag, 'color')?.value));
  const color = Object.keys(labelColorNames)
    .map(Number)
    .find((value) => !usedColors.has(value));
  if (color === undefined) return [];
  const id = unusedTagId(new Set(tags.flatMap((tag) => getStringProperty(tag, 'id') ?? [])));
  const template = {
    id: new Placeholder(id),
    name: new Placeholder('New tag'),
    description: new Placeholder('When the conversation gets this tag'),
    color: new Placeholder(color),
  };
  return [
    context.item('indicator tag', template, {
      detail: `Indicator tag (CallLabel), color ${color} (${labelColorNames[color]})`,
      documentation: { kind: MarkupKind.Markdown, value: `A new indicator tag '${id}' with a color no other tag uses.` },
    }),
  ];
}
