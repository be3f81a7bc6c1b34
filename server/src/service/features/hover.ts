import { Hover, MarkupKind, Position } from 'vscode-languageserver-types';
import { spanToRange, TextSpan } from '../document/textSpan';
import { findNodeAtOffset, getNodePath, getPropertyNode, getStringProperty } from '../document/jsonTree';
import type { PearlDocument, PearlNode, PearlVariable } from '../document/pearlDocument';
import { int32Max, int32Min } from '../rules/fieldRules/ruleSupport';
import { findVariableDeclarations, getPearlSymbolAt, PearlSymbol } from '../interface/pearlSymbols';
import { describeSchemaType, findSchemaForPath, getEnumValues, JSONSchema } from '../interface/schemaNavigator';
import { nodeTypeNames, variableGroupNames, variableTypeNames } from '../interface/enumNames';
import { describeOutboundSetting, retryIntervalNames } from '../interface/outboundSettings';
import { hoverDirectiveCode } from './ruleDirectiveAssist';
import { codeSpan, escapeMarkdown } from '../interface/markdownText';

/**
 * Hover at `position` (markdown), or null where there is nothing to say:
 * - on a `{id}` reference in a (V) field, or an APIDataSchemaProperty `variableId`: the declared
 *   variable's id, name, type, group, description, or that it is not declared and may be a
 *   platform variable (docs/rulings.md § Variables);
 * - on a `toNodeId` value: the target node's name and type, or that no node has this id
 *   (docs/interface.md § Transition);
 * - on a `nodeId` value: the node's name and type and its incoming/outgoing transition counts
 *   (§ Node);
 * - on any other property key or value: the field's description from the schema, its type, limits
 *   (§ Limits; 32-bit integers, § Resources and their fields) and, on an enumeration value, the
 *   value's name and meaning (CallLabel color 8: listed twice, docs/rulings.md § Values); on a
 *   simple Pearl's outbound settings, the units, ranges and value names NLPearl states
 *   (docs/rulings.md § Service).
 * - on a code in a `pearl-disable…` comment: its summary, default severity and docs/rules.md entry
 *   (ruleDirectiveAssist.ts).
 * The range is the hovered token. Reads the parse of `doc`; never re-parses.
 */
export function doHover(doc: PearlDocument, position: Position): Hover | null {
  if (!doc.root) return null;
  const offset = doc.textDocument.offsetAt(position);
  const directive = hoverDirectiveCode(doc, offset);
  if (directive) return directive;
  const symbol = getPearlSymbolAt(doc, offset);
  // A mouse just after the closing quote hovers the next token, not the string.
  if (symbol && offset < symbol.node.offset + symbol.node.length) {
    const value = describeSymbol(doc, symbol);
    if (value !== undefined) return markdown(value, spanToRange(doc, hoverSpan(symbol)));
  }
  return hoverSchema(doc, offset);
}

/** The token a symbol hover covers: the whole `{id}` of a reference, the string with quotes otherwise. */
function hoverSpan(symbol: PearlSymbol): TextSpan {
  return symbol.kind === 'variableReference' ? symbol.reference : symbol.node;
}

function describeSymbol(doc: PearlDocument, symbol: PearlSymbol): string | undefined {
  switch (symbol.kind) {
    case 'variableReference': {
      const lines = [describeVariable(doc, symbol.id, `{${symbol.id}}`)];
      lines.push(`*In ${symbol.field.label}: ${symbol.field.allowedText}.*`);
      return lines.join('\n\n');
    }
    case 'variableId':
      return describeVariable(doc, symbol.id, symbol.id);
    case 'toNodeId':
      return describeTarget(doc, symbol.id);
    case 'nodeId':
      return describeNode(doc, symbol.pearlNode);
    case 'variableDeclaration':
      // The declaration itself: the schema's description of `id` says more.
      return undefined;
  }
}

function describeVariable(doc: PearlDocument, id: string, shown: string): string {
  const variable: PearlVariable | undefined = findVariableDeclarations(doc, id)[0];
  if (!variable) {
    return `${codeSpan(shown)}: not declared in \`variables\`; may be a platform variable (such as a post-call variable).`;
  }
  const lines: string[] = [`${codeSpan(shown)} variable **${escapeMarkdown(variable.name ?? id)}**`];
  const facts: string[] = [`- id: ${codeSpan(id)}`];
  facts.push(`- type: ${describeNumber(variable.type, variableTypeNames)}`);
  facts.push(`- group: ${describeNumber(variable.group, variableGroupNames)}`);
  if (getPropertyNode(variable.node, 'isList')?.value === true) facts.push('- list: holds multiple values');
  const preset = getStringProperty(variable.node, 'value');
  if (preset !== undefined && preset !== '') facts.push(`- preset value: ${escapeMarkdown(preset)}`);
  lines.push(facts.join('\n'));
  const description = getStringProperty(variable.node, 'description');
  if (description) lines.push(escapeMarkdown(description));
  return lines.join('\n\n');
}

function describeTarget(doc: PearlDocument, id: string): string {
  const target = doc.nodesById.get(id);
  if (!target) return `${codeSpan(id)}: no node with this id.`;
  return `→ ${nodeHeadline(target)}`;
}

function describeNode(doc: PearlDocument, node: PearlNode): string {
  const lines = [nodeHeadline(node)];
  if (node.container) {
    const holder = node.container.node.nodeId ?? node.container.node.name;
    lines.push(`Nested action in the ${node.container.list} of ${holder !== undefined ? codeSpan(holder) : 'a node'}.`);
  }
  // Every transition naming this nodeId, nested actions' included: the model's count.
  const incoming = node.nodeId !== undefined && !node.container ? (doc.transitionsTo.get(node.nodeId)?.length ?? 0) : 0;
  lines.push(`${count(incoming, 'incoming transition')} · ${count(node.transitions.length, 'outgoing transition')}`);
  return lines.join('\n\n');
}

function nodeHeadline(node: PearlNode): string {
  const id = node.nodeId !== undefined ? codeSpan(node.nodeId) : '(no nodeId)';
  const name = node.name !== undefined ? ` **${escapeMarkdown(node.name)}**` : '';
  const type = node.nodeType !== undefined ? `: ${describeNumber(node.nodeType, nodeTypeNames)}` : '';
  return `${id}${name}${type}`;
}

/** A schema hover on a property key or value (or the braces of an object or array). */
function hoverSchema(doc: PearlDocument, offset: number): Hover | null {
  const node = doc.root && findNodeAtOffset(doc.root, offset, false);
  if (!node || node.type === 'property') return null;
  if ((node.type === 'object' || node.type === 'array') && offset > node.offset && offset < node.offset + node.length - 1) {
    return null; // between members, not on a brace
  }
  const parent = node.parent;
  const isKey = parent?.type === 'property' && parent.children?.[0] === node;
  const valueNode = isKey ? parent.children?.[1] : node;
  const path = isKey ? [...(parent.parent ? getNodePath(parent.parent) : []), node.value as string] : getNodePath(node);
  if (path.length === 0) return null;
  const schema = findSchemaForPath(doc.kind, path);
  if (!schema) return null;
  const last = path[path.length - 1];
  const title = typeof last === 'number' ? `${String(path[path.length - 2] ?? '')}[${last}]` : last;
  const sections: string[] = [`**${escapeMarkdown(title)}**: \`${describeSchemaType(doc.kind, schema)}\``];
  const description = schema.description && withoutTableReference(schema.description);
  if (description) sections.push(escapeMarkdown(description));
  const limits = describeLimits(schema);
  if (limits.length > 0) sections.push(limits.join(' '));
  if (doc.kind === 'simple' && path.length === 2 && path[0] === 'outbound' && typeof last === 'string') {
    sections.push(...describeOutbound(last, !isKey && valueNode?.type === 'number' ? valueNode.value : undefined));
  }
  const enumValues = getEnumValues(schema);
  if (enumValues.length > 0) {
    const chosen = valueNode?.type === 'number' && !isKey ? enumValues.filter((entry) => entry.value === valueNode.value) : [];
    if (chosen.length > 0) {
      sections.push(chosen.map(describeEnumValue).join('\n\n'));
    } else if (valueNode?.type === 'number' && !isKey) {
      sections.push(`\`${String(valueNode.value)}\` is not one of the values.`);
    } else {
      sections.push(enumValues.map((entry) => `- ${describeEnumValue(entry)}`).join('\n'));
    }
    if (enumValues[0].suggested) {
      sections.push("*The interface states no values for this field in the simple form; these are the text form's.*");
    }
  }
  if (last === 'color' && isIndicatorTagPath(path) && (isKey || valueNode?.value === 8)) {
    const note = 'The interface lists value 8 twice, as lime and as gradient1.';
    if (!sections.some((section) => section.includes('listed twice') || section.includes('lists value 8 twice'))) sections.push(note);
  }
  return markdown(sections.join('\n\n'), spanToRange(doc, node));
}

/**
 * What NLPearl's reference states of a simple Pearl's outbound setting `key` (interface/outboundSettings.ts:
 * units, range, value names, variables taken), and the name of `value` when the setting names its values.
 */
function describeOutbound(key: string, value: unknown): string[] {
  const sections: string[] = [];
  const stated = describeOutboundSetting(key);
  // Our own text, no Markdown in it: the interface leaves the units out, NLPearl's settings update states them.
  if (stated) sections.push(`*NLPearl's settings update:* ${stated}`);
  const name = key === 'minimumRetryIntervalHours' && typeof value === 'number' ? retryIntervalNames[value] : undefined;
  if (name !== undefined) sections.push(`\`${value as number}\` — **${name}**`);
  return sections;
}

function describeEnumValue(entry: ReturnType<typeof getEnumValues>[number]): string {
  const name = entry.name !== undefined ? ` — **${escapeMarkdown(entry.name)}**` : '';
  const meaning = entry.description !== undefined && entry.description !== entry.name ? `: ${escapeMarkdown(entry.description)}` : '';
  return `\`${JSON.stringify(entry.value)}\`${name}${meaning}`;
}

/** Limits of docs/interface.md § Limits and the 32-bit integers of § Resources and their fields. */
function describeLimits(schema: JSONSchema): string[] {
  const limits: string[] = [];
  if (schema.maxLength !== undefined && schema.minLength === schema.maxLength) {
    limits.push(`Exactly ${formatCount(schema.maxLength)} characters.`);
  } else {
    if (schema.minLength !== undefined && schema.minLength > 0) limits.push(`At least ${formatCount(schema.minLength)} characters.`);
    if (schema.maxLength !== undefined) limits.push(`At most ${formatCount(schema.maxLength)} characters.`);
  }
  if (schema.maxItems !== undefined) limits.push(`At most ${formatCount(schema.maxItems)} entries.`);
  if (schema.minimum === int32Min && schema.maximum === int32Max) {
    // An enumeration's values say more than its integer range.
    if (!schema.enum && !schema['x-suggestedValues']) limits.push('Signed 32-bit integer.');
  } else {
    if (schema.minimum !== undefined) limits.push(`Minimum ${formatCount(schema.minimum)}.`);
    if (schema.maximum !== undefined) limits.push(`Maximum ${formatCount(schema.maximum)}.`);
  }
  if (schema['x-format'] === 'date-span') limits.push('Format: `hh:mm` or `hh:mm:ss`, within one day.');
  if (schema['x-variables']) limits.push('Accepts variable references `{id}`.');
  return limits;
}

function isIndicatorTagPath(path: readonly (string | number)[]): boolean {
  return path.length >= 3 && path[path.length - 3] === 'indicatorTags';
}

function describeNumber(value: number | undefined, names: Readonly<Record<number, string>>): string {
  if (value === undefined) return 'not set';
  const name = names[value];
  return name !== undefined ? `${name} (${value})` : String(value);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * A schema description without the interface's pointers to its own tables ("See the node type
 * table"): the hover lists the values instead.
 */
function withoutTableReference(description: string): string {
  const rest = description.replace(/^See the [\w ]+ table(; |\.|$)/, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

function markdown(value: string, range: Hover['range']): Hover {
  return { contents: { kind: MarkupKind.Markdown, value }, range };
}
