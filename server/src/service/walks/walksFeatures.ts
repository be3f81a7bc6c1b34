/**
 * Editor features of walks files (docs/user/walks.md § In the editor): completion of the current node's
 * transition names in `take` and of variable ids in `set` and `variables`; hover on a step showing
 * the node the walk reaches there. Both run the walk's steps before the position through the
 * engine, so they say what the diagnostics and the walk panel say.
 */
import { getLocation, type Node as JsoncNode } from 'jsonc-parser';
import {
  CodeActionKind,
  CompletionItemKind,
  MarkupKind,
  SymbolKind,
  type CodeAction,
  type CompletionItem,
  type Diagnostic,
  type CompletionList,
  type DocumentSymbol,
  type Hover,
  type Position,
} from 'vscode-languageserver-types';
import type { WalkFrame, WalkTrace } from '#protocol/walkTypes';
import { VariableGroup, type PearlDocument } from '../document/pearlDocument';
import { isJsonObject } from '../document/jsonValue';
import { variableGroupNames } from '../interface/enumNames';
import { codeSpan, escapeMarkdown } from '../interface/markdownText';
import { spanToRange, valueSpan } from '../document/pathSpans';
import { quote } from '../interface/messageText';
import { diagnosticSource } from '../rules/diagnostics';
import { findNearest } from '../utils/editDistance';
import { walkPearl } from './walkEngine';
import { walkRules } from './walkCodes';
import { readWalksFile, type WalkEntry } from './walksFile';

const emptyList: CompletionList = { isIncomplete: false, items: [] };

/** The trace of the first `count` steps of `walk`. */
function traceBefore(pearl: PearlDocument, walk: WalkEntry, count: number): WalkTrace {
  return walkPearl(pearl, { ...walk.input, steps: walk.input.steps.slice(0, count) });
}

/**
 * Completion at `position` of the walks file `doc` whose Pearl is `pearl`: after `"take": "` the
 * transition names of the node the steps before it reach (none when they fail); at a key of `set`
 * or of a walk's `variables` the Pearl's declared variable ids that can take a value (not PostCall).
 */
export function doWalksComplete(doc: PearlDocument, pearl: PearlDocument, position: Position): CompletionList {
  const text = doc.textDocument.getText();
  const offset = doc.textDocument.offsetAt(position);
  const location = getLocation(text, offset);
  const path = location.path;
  if (path[0] !== 'walks' || typeof path[1] !== 'number') return emptyList;
  const walk = readWalksFile(doc).walks.find((entry) => entry.index === path[1]);
  if (!walk) return emptyList;
  if (path.length === 5 && path[2] === 'steps' && typeof path[3] === 'number' && path[4] === 'take' && !location.isAtPropertyKey) {
    const trace = traceBefore(pearl, walk, path[3]);
    const frame = trace.failure ? undefined : trace.frames.at(-1);
    const names = frame ? transitionNames(pearl, frame) : [];
    return {
      isIncomplete: false,
      items: names.map((name) => stringItem(doc, location.previousNode, offset, name, CompletionItemKind.EnumMember)),
    };
  }
  const inSet = path.length === 6 && path[2] === 'steps' && path[4] === 'set';
  const inVariables = path.length === 4 && path[2] === 'variables';
  if ((inSet || inVariables) && location.isAtPropertyKey) {
    const items = pearl.variables.flatMap((variable): CompletionItem[] => {
      if (variable.id === undefined || variable.group === VariableGroup.PostCall) return [];
      const item = stringItem(doc, location.previousNode, offset, variable.id, CompletionItemKind.Variable);
      const group = variable.group !== undefined ? variableGroupNames[variable.group] : undefined;
      return [{ ...item, detail: [variable.name, group].filter((part) => part !== undefined).join(' · ') || undefined }];
    });
    return { isIncomplete: false, items };
  }
  return emptyList;
}

/** The names of the transitions of the node `frame` stands at, as written in the Pearl. */
function transitionNames(pearl: PearlDocument, frame: WalkFrame): string[] {
  const index = /^n:(\d+)$/.exec(frame.nodeKey);
  const node = index ? pearl.nodes.find((candidate) => candidate.index === Number(index[1])) : undefined;
  return (node?.transitions ?? []).flatMap((transition) => (transition.name !== undefined ? [transition.name] : []));
}

/** A completion item writing `value` as a JSON string: replacing the string at the cursor's content, or inserted with its quotes. */
function stringItem(
  doc: PearlDocument,
  node: JsoncNode | undefined,
  offset: number,
  value: string,
  kind: CompletionItemKind,
): CompletionItem {
  const quoted = JSON.stringify(value);
  if (node?.type === 'string' && offset > node.offset && offset <= node.offset + node.length) {
    const closed = node.length >= 2 && doc.textDocument.getText().charAt(node.offset + node.length - 1) === '"';
    const end = closed ? node.offset + node.length - 1 : node.offset + node.length;
    const range = spanToRange(doc, { offset: node.offset + 1, length: end - node.offset - 1 });
    return { label: value, kind, filterText: value, textEdit: { range, newText: quoted.slice(1, -1) } };
  }
  return { label: value, kind, insertText: quoted };
}

/**
 * Hover on step `i` of a walk (anywhere inside it): the node the walk stands at after that step,
 * with what it says or the request it sends, or the failure that stops the walk there. Null
 * elsewhere. Every string from the files is escaped.
 */
export function doWalksHover(doc: PearlDocument, pearl: PearlDocument, position: Position): Hover | null {
  const offset = doc.textDocument.offsetAt(position);
  const path = getLocation(doc.textDocument.getText(), offset).path;
  if (path[0] !== 'walks' || typeof path[1] !== 'number' || path[2] !== 'steps' || typeof path[3] !== 'number') return null;
  const walk = readWalksFile(doc).walks.find((entry) => entry.index === path[1]);
  const stepIndex = path[3];
  if (!walk || stepIndex >= walk.input.steps.length) return null;
  const span = doc.locate([...walk.path, 'steps', stepIndex]);
  const trace = traceBefore(pearl, walk, stepIndex + 1);
  const lines: string[] = [];
  if (trace.failure && trace.failure.step === stepIndex) lines.push(`**Fails here:** ${escapeMarkdown(trace.failure.message)}`);
  else if (trace.failure) lines.push(`The walk stopped before this step: ${escapeMarkdown(trace.failure.message)}`);
  const frame = trace.failure ? undefined : trace.frames.at(-1);
  if (frame) lines.push(...describeFrameMarkdown(frame));
  return {
    contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') },
    ...(span ? { range: spanToRange(doc, span) } : {}),
  };
}

/** A frame for hover: the node reached, what it says or sends. */
function describeFrameMarkdown(frame: WalkFrame): string[] {
  const label = frame.nodeId ?? frame.name ?? frame.nodeKey;
  const lines = [`After this step the walk is at the ${escapeMarkdown(frame.typeName)} node ${codeSpan(label)}.`];
  if (frame.says) lines.push(`Says: ${escapeMarkdown(frame.says.text)}`);
  if (frame.request) lines.push(`Sends: ${codeSpan(`${frame.request.method} ${frame.request.url.text}`)}`);
  if (frame.message) lines.push(`Message: ${escapeMarkdown(frame.message.body.text)}`);
  if (frame.choices.length > 0) lines.push(`Transitions: ${frame.choices.map((choice) => codeSpan(choice.name)).join(', ')}`);
  return lines;
}

/**
 * The outline of the walks file `doc` (docs/user/walks.md § Walks files): the `pearl` path (kind File),
 * then each walk by its name (kind Event; detail its step count, and "ends at EndCall" for `"end":
 * true`), holding its steps in order, each named by what it does (`take 'Wants a table'`, `set
 * party_size`, `response 200`, `expect confirm`; kind Key). Ranges are the JSON values; each
 * selectionRange is the name or the step's value. Empty when the root is not an object. Linear in
 * the size of the file; the Pearl is not read.
 */
export function findWalksDocumentSymbols(doc: PearlDocument): DocumentSymbol[] {
  const model = readWalksFile(doc);
  const symbols: DocumentSymbol[] = [];
  if (model.pearl !== undefined) {
    const span = spanToRange(doc, valueSpan(doc, ['pearl']));
    const whole = doc.locate(['pearl']);
    const range = whole?.key
      ? spanToRange(doc, { offset: whole.key.offset, length: whole.offset + whole.length - whole.key.offset })
      : span;
    symbols.push({ name: 'pearl', detail: model.pearl, kind: SymbolKind.File, range, selectionRange: span });
  }
  for (const walk of model.walks) {
    const range = spanToRange(doc, valueSpan(doc, walk.path));
    const selectionRange = walk.name !== undefined ? spanToRange(doc, valueSpan(doc, [...walk.path, 'name'])) : range;
    const count = walk.input.steps.length;
    const detail = `${count} ${count === 1 ? 'step' : 'steps'}${walk.end ? ', ends at EndCall' : ''}`;
    const children = walk.input.steps.map((step, index): DocumentSymbol => {
      const stepRange = spanToRange(doc, valueSpan(doc, [...walk.path, 'steps', index]));
      return { name: describeStep(step, index), kind: SymbolKind.Key, range: stepRange, selectionRange: stepRange };
    });
    symbols.push({ name: walk.name ?? `Walk ${walk.index + 1}`, detail, kind: SymbolKind.Event, range, selectionRange, children });
  }
  return symbols;
}

/** `take 'Wants a table'`, `set party_size, date`, `response 200`, `expect confirm`; `Step 3` for anything else. */
function describeStep(step: unknown, index: number): string {
  if (!isJsonObject(step)) return `Step ${index + 1}`;
  if (typeof step.take === 'string') return `take '${quote(step.take)}'`;
  if (isJsonObject(step.set)) return `set ${quote(Object.keys(step.set).join(', '))}`.trimEnd();
  if (isJsonObject(step.response)) {
    const status = step.response.status;
    return typeof status === 'number' ? `response ${status}` : 'response';
  }
  if (isJsonObject(step.expect)) {
    const node = step.expect.node;
    return typeof node === 'string' ? `expect ${quote(node)}` : 'expect';
  }
  return `Step ${index + 1}`;
}

/**
 * Quick fixes for the `walk-take-unknown` diagnostics among `diagnostics` (the editor's code action
 * context) of the walks file `doc` whose Pearl is `pearl`: for a `take` naming no transition of the
 * node the walk stands at, "Change to 'x'" for each transition name of that node within edit
 * distance 2 (nearest first; preferred when one is nearest), then "Take 'y'" for each other
 * transition of that node, in the Pearl's order. The edit replaces the take's string. Other
 * diagnostics, and a take at a node without transitions, get none. Never throws.
 */
export function getWalksCodeActions(doc: PearlDocument, pearl: PearlDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const text = doc.textDocument.getText();
  const model = readWalksFile(doc);
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.code !== walkRules.takeUnknown.code || (diagnostic.source !== undefined && diagnostic.source !== diagnosticSource))
      continue;
    const path = getLocation(text, doc.textDocument.offsetAt(diagnostic.range.start) + 1).path;
    if (path[0] !== 'walks' || path[2] !== 'steps' || typeof path[3] !== 'number' || path[4] !== 'take') continue;
    const walk = model.walks.find((entry) => entry.index === path[1]);
    const step: unknown = walk?.input.steps[path[3]];
    const span = walk && doc.locate([...walk.path, 'steps', path[3], 'take']);
    if (!walk || !span || !isJsonObject(step) || typeof step.take !== 'string') continue;
    const trace = traceBefore(pearl, walk, path[3]);
    const frame = trace.failure ? undefined : trace.frames.at(-1);
    const names = [...new Set(frame ? transitionNames(pearl, frame) : [])].filter((name) => name !== step.take);
    const nearest = findNearest(step.take, names);
    const range = spanToRange(doc, span);
    const action = (title: string, name: string, isPreferred: boolean): CodeAction => ({
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit: { changes: { [doc.textDocument.uri]: [{ range, newText: JSON.stringify(name) }] } },
      ...(isPreferred ? { isPreferred } : {}),
    });
    for (const name of nearest.names) actions.push(action(`Change to '${quote(name)}'`, name, nearest.unique && name === nearest.names[0]));
    for (const name of names) if (!nearest.names.includes(name)) actions.push(action(`Take '${quote(name)}'`, name, false));
  }
  return actions;
}
