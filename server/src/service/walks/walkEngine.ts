/**
 * The walk engine (docs/user/walks.md): steps through a text Pearl's conversation graph from its entry
 * node, one {@link WalkStep} at a time, and records what each node reached would say or send with
 * the values known there. The walk panel (`pearl/walk`), the walks-file diagnostics and
 * `pearl-lint` all call {@link walkPearl}, so the same steps always give the same trace.
 */
import type {
  WalkExpectation,
  WalkFailure,
  WalkFrame,
  WalkInput,
  WalkResponse,
  WalkStep,
  WalkTrace,
  WalkValueSource,
  WalkValues,
  WalkVariable,
} from '#protocol/walkTypes';
import { getNodeKey, getTransitionKey } from '../document/graphKeys';
import { isJsonObject } from '../document/jsonValue';
import { NodeType, VariableGroup, type PearlDocument, type PearlNode, type PearlTransition } from '../document/pearlDocument';
import { nodeTypeNames } from '../interface/enumNames';
import { describeNode, quote } from '../interface/messageText';
import { describeFrame, renderName, type FrameContent } from './walkFrame';
import { mapOutputBody } from './walkRender';
import { WalkCode } from './walkCodes';

/** A value known along the walk, with where it came from. */
interface KnownValue {
  readonly value: string;
  readonly source: WalkValueSource;
}

/** The walk in progress: the node it stands at, the values known, the frames left behind. */
interface WalkState {
  readonly doc: PearlDocument;
  readonly values: Map<string, KnownValue>;
  readonly frames: WalkFrame[];
  readonly warnings: WalkFailure[];
  node: PearlNode;
  reachedBy: number;
  reachedVia: string | undefined;
  response: WalkResponse | undefined;
}

/** What one step did: nothing to report, or the failure that stops the walk. */
type StepOutcome = WalkFailure | undefined;

/**
 * The trace of `input` through `doc` (docs/user/walks.md § The walk): the entry node (PreCallAPI if
 * present, else the OpeningSentence), then each step in order until one fails. A simple Pearl, or
 * a text Pearl without an entry node, gives a failure at step -1 and no frame. Never throws on any
 * input (steps of the wrong shape fail with a sentence); linear in the steps times the size of the
 * nodes reached.
 */
export function walkPearl(doc: PearlDocument, input: WalkInput): WalkTrace {
  const cannotStart = checkStart(doc);
  if (cannotStart) return { frames: [], ended: false, failure: cannotStart, warnings: [] };
  // checkStart made sure there is an entry node.
  const entry = doc.entry as PearlNode;
  const state: WalkState = {
    doc,
    values: new Map(),
    frames: [],
    warnings: [],
    node: entry,
    reachedBy: -1,
    reachedVia: undefined,
    response: undefined,
  };
  setValues(state, input.variables, -1);
  const steps: readonly unknown[] = Array.isArray(input.steps) ? input.steps : [];
  let failure: WalkFailure | undefined;
  for (let index = 0; index < steps.length && !failure; index++) failure = runStep(state, steps[index], index);
  closeFrame(state);
  const ended = !failure && state.node.nodeType === NodeType.EndCall;
  return failure
    ? { frames: state.frames, ended, failure, warnings: state.warnings }
    : { frames: state.frames, ended, warnings: state.warnings };
}

/** Why `doc` cannot be walked (step -1), or undefined. */
function checkStart(doc: PearlDocument): WalkFailure | undefined {
  if (doc.kind !== 'text') {
    return {
      step: -1,
      code: WalkCode.cannotStart,
      message: 'This is a simple Pearl: only a text Pearl has a conversation graph to walk.',
    };
  }
  if (!doc.entry) {
    return {
      step: -1,
      code: WalkCode.cannotStart,
      message: 'The Pearl has no PreCallAPI or OpeningSentence node, so the walk has nowhere to start.',
    };
  }
  return undefined;
}

/** Runs one step; the failure that stops the walk, if any. */
function runStep(state: WalkState, step: unknown, index: number): StepOutcome {
  if (!isJsonObject(step)) return invalidStep(index);
  const kinds = (['take', 'set', 'response', 'expect'] as const).filter((kind) => Object.hasOwn(step, kind));
  if (kinds.length !== 1) return invalidStep(index);
  const known = step as WalkStep & Record<string, unknown>;
  switch (kinds[0]) {
    case 'take':
      return typeof known.take === 'string' ? take(state, known.take, index) : invalidStep(index, 'The name to take must be a string.');
    case 'set':
      if (!isJsonObject(known.set)) return invalidStep(index, '"set" must be an object of variable ids and string values.');
      setValues(state, known.set as WalkValues, index);
      return undefined;
    case 'response':
      return respond(state, known.response, index);
    case 'expect':
      return isJsonObject(known.expect) ? expect(state, known.expect, index) : invalidStep(index, '"expect" must be an object.');
  }
}

/** The failure of a step of the wrong shape. */
function invalidStep(step: number, detail?: string): WalkFailure {
  return {
    step,
    code: WalkCode.stepInvalid,
    message: detail ?? 'A step has exactly one of "take", "set", "response" or "expect".',
  };
}

/** Gives each id of `values` its value (from `variables` at step -1, else from a `set` step), with warnings for ids that cannot take one. */
function setValues(state: WalkState, values: WalkValues | undefined, step: number): void {
  if (!isJsonObject(values)) return;
  for (const [id, raw] of Object.entries(values)) {
    const value = typeof raw === 'string' ? raw : JSON.stringify(raw);
    const variable = state.doc.variablesById.get(id);
    if (!variable) {
      state.warnings.push({
        step,
        code: WalkCode.variableUndeclared,
        variable: id,
        message: `'${quote(id)}' is not a variable the Pearl declares.`,
      });
    } else if (variable.group === VariableGroup.PostCall) {
      state.warnings.push({
        step,
        code: WalkCode.variablePostCall,
        variable: id,
        message: `'${quote(id)}' is a PostCall variable: it has no value before the conversation ends, so the walk ignores this one.`,
      });
      continue;
    }
    state.values.set(id, { value, source: step < 0 ? { kind: 'variables' } : { kind: 'set', step } });
  }
}

/** The transition of `node` named `name`: as written, else as rendered with the values known. */
function findTransition(state: WalkState, name: string): PearlTransition | undefined {
  const transitions = state.node.transitions;
  return (
    transitions.find((transition) => transition.name === name) ??
    transitions.find((transition) => transition.name !== undefined && renderName(state, transition.name) === name)
  );
}

/** A `take` step: moves along the current node's transition named `name`. */
function take(state: WalkState, name: string, step: number): StepOutcome {
  const node = state.node;
  if (node.transitions.length === 0) {
    const reason = node.nodeType === NodeType.EndCall ? 'the conversation has ended there' : `${describeNode(node)} has no transitions`;
    return { step, code: WalkCode.takeUnknown, message: `'${quote(name)}' cannot be taken: ${reason}.` };
  }
  const transition = findTransition(state, name);
  if (!transition) {
    const names = node.transitions.flatMap((candidate) => (candidate.name !== undefined ? [`'${quote(candidate.name)}'`] : []));
    return {
      step,
      code: WalkCode.takeUnknown,
      message: `${describeNode(node, true)} has no transition '${quote(name)}'; its transitions are ${names.join(', ')}.`,
    };
  }
  return move(state, transition, step);
}

/** Moves the walk along `transition` (taken at `step`). */
function move(state: WalkState, transition: PearlTransition, step: number): StepOutcome {
  const target = transition.target;
  if (!target || target.nodeType === NodeType.PostCallActions) {
    const label = transition.toNodeId === undefined ? 'no node' : `'${quote(transition.toNodeId)}', which is not a node of the graph`;
    return { step, code: WalkCode.takeNoTarget, message: `The transition '${quote(transition.name ?? '')}' leads to ${label}.` };
  }
  const source = state.node;
  closeFrame(state);
  state.node = target;
  state.reachedBy = step;
  state.reachedVia = getTransitionKey(getNodeKey(source), source.transitions.indexOf(transition));
  state.response = undefined;
  return undefined;
}

/** A `response` step: the current API or PreCallAPI node's answer; a PreCallAPI then takes Success (2xx) or Failure. */
function respond(state: WalkState, response: unknown, step: number): StepOutcome {
  if (!isJsonObject(response) || typeof response.status !== 'number' || !Number.isInteger(response.status)) {
    return invalidStep(step, '"response" must be an object with an integer "status" and an optional JSON "body".');
  }
  const node = state.node;
  const settings = node.value.apiSettings;
  if ((node.nodeType !== NodeType.API && node.nodeType !== NodeType.PreCallAPI) || !isJsonObject(settings)) {
    return { step, code: WalkCode.responseMisplaced, message: `${describeNode(node, true)} sends no request, so it gets no response.` };
  }
  const answer: WalkResponse = response.body === undefined ? { status: response.status } : { status: response.status, body: response.body };
  state.response = answer;
  const nodeKey = getNodeKey(node);
  for (const mapped of mapOutputBody(settings.outputBody, answer.body)) {
    const variable = state.doc.variablesById.get(mapped.variableId);
    if (variable?.group === VariableGroup.PostCall) continue;
    state.values.set(mapped.variableId, { value: mapped.value, source: { kind: 'response', step, nodeKey, field: mapped.field } });
  }
  if (node.nodeType !== NodeType.PreCallAPI) return undefined;
  const success = answer.status >= 200 && answer.status < 300;
  const apiResult = success ? 1 : 2;
  const transition = node.transitions.find((candidate) => candidate.apiResult === apiResult);
  if (!transition) {
    return {
      step,
      code: WalkCode.takeUnknown,
      message: `${describeNode(node, true)} has no ${success ? 'Success' : 'Failure'} transition to take on status ${answer.status}.`,
    };
  }
  return move(state, transition, step);
}

/** An `expect` step: every field given must hold at the current node. */
function expect(state: WalkState, expectation: WalkExpectation, step: number): StepOutcome {
  const node = state.node;
  const content = describeFrame(state);
  const problems: string[] = [];
  if (expectation.node !== undefined) {
    const label = node.nodeId ?? node.name;
    if (label !== expectation.node) problems.push(`the walk is at ${describeNode(node)}, not at '${quote(String(expectation.node))}'`);
  }
  if (expectation.says !== undefined) checkSays(content, String(expectation.says), node, problems);
  if (expectation.request !== undefined) checkRequest(content, expectation.request, node, problems);
  if (problems.length === 0) return undefined;
  const message = problems.join('; ');
  return { step, code: WalkCode.expectFailed, message: message[0].toUpperCase() + message.slice(1) + '.' };
}

/** Whether the node's rendered script (or an SMS or Email body) holds `says`. */
function checkSays(content: FrameContent, says: string, node: PearlNode, problems: string[]): void {
  const text = content.says?.text ?? content.message?.body.text;
  if (text === undefined) problems.push(`${describeNode(node)} says nothing (it has no script)`);
  else if (!text.includes(says)) problems.push(`${describeNode(node)} does not say '${quote(says)}': it says '${quote(text)}'`);
}

/** Whether the node's request has the method, URL and body expected. */
function checkRequest(content: FrameContent, expected: NonNullable<WalkExpectation['request']>, node: PearlNode, problems: string[]): void {
  const request = content.request;
  if (!request) {
    problems.push(`${describeNode(node)} sends no request`);
    return;
  }
  if (expected.method !== undefined && String(expected.method).toUpperCase() !== request.method) {
    problems.push(`the request's method is ${request.method}, not ${quote(String(expected.method))}`);
  }
  if (expected.url !== undefined && expected.url !== request.url.text) {
    problems.push(`the request's URL is '${quote(request.url.text)}', not '${quote(String(expected.url))}'`);
  }
  if (expected.body !== undefined && !jsonEqual(expected.body, request.body)) {
    problems.push(`the request's body is ${quote(JSON.stringify(request.body ?? null))}, not ${quote(JSON.stringify(expected.body))}`);
  }
}

/**
 * Deep equality of two JSON values (key order does not matter). Iterative, with its own stack of
 * pairs: a body nested any number of levels deep (a `pearl/walk` input is not depth-bounded) is
 * compared without recursion.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const pending: [unknown, unknown][] = [[a, b]];
  for (let pair = pending.pop(); pair; pair = pending.pop()) {
    const [left, right] = pair;
    if (left === right) continue;
    if (Array.isArray(left)) {
      if (!Array.isArray(right) || left.length !== right.length) return false;
      for (let index = 0; index < left.length; index++) pending.push([left[index], right[index]]);
      continue;
    }
    if (!isJsonObject(left) || !isJsonObject(right) || Array.isArray(right)) return false;
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(right, key)) return false;
      pending.push([left[key], right[key]]);
    }
  }
  return true;
}

/** Records the frame of the node the walk stands at, rendered with the values known now, and its warnings. */
function closeFrame(state: WalkState): void {
  const { node, doc } = state;
  const content = describeFrame(state);
  const nodeKey = getNodeKey(node);
  const choices = node.transitions.map((transition, index) => {
    const target = transition.target && transition.target.nodeType !== NodeType.PostCallActions ? transition.target : undefined;
    return {
      name: renderName(state, transition.name ?? ''),
      ...(target && !node.container ? { edgeKey: getTransitionKey(nodeKey, index), targetKey: getNodeKey(target) } : {}),
      ...(transition.apiResult !== undefined ? { apiResult: transition.apiResult } : {}),
    };
  });
  const frame: WalkFrame = {
    nodeKey,
    ...(node.nodeId !== undefined ? { nodeId: node.nodeId } : {}),
    ...(node.name !== undefined ? { name: node.name } : {}),
    typeName: node.nodeType === undefined ? 'Node' : (nodeTypeNames[node.nodeType] ?? `nodeType ${node.nodeType}`),
    reachedBy: state.reachedBy,
    ...(state.reachedVia !== undefined ? { reachedVia: state.reachedVia } : {}),
    ...content,
    ...(state.response ? { response: state.response } : {}),
    choices,
    variables: listVariables(doc, state.values),
  };
  state.frames.push(frame);
  warnUnknownValues(state, frame);
}

/** Every declared variable, then every other id given a value, with its value and source where known. */
function listVariables(doc: PearlDocument, values: ReadonlyMap<string, KnownValue>): WalkVariable[] {
  const list: WalkVariable[] = [];
  const seen = new Set<string>();
  for (const variable of doc.variables) {
    if (variable.id === undefined || seen.has(variable.id)) continue;
    seen.add(variable.id);
    const known = values.get(variable.id);
    list.push({
      id: variable.id,
      ...(variable.group !== undefined ? { group: variable.group } : {}),
      ...(known ? { value: known.value, source: known.source } : {}),
    });
  }
  for (const [id, known] of values) if (!seen.has(id)) list.push({ id, value: known.value, source: known.source });
  return list;
}

/**
 * A Warning for each declared variable the node itself says or sends without a value (docs/user/walks.md
 * § Diagnostics, `walk-value-unknown`): its script, instructions, request and message. The nested
 * actions of a HandoffChatToHuman or of the PostCallActions shown at EndCall are fire-and-forget and
 * run with what the platform knows then (PostCall variables are placeholders there by design): the
 * frame shows their unknown references, without a warning. An undeclared id is the Pearl's own
 * `variable-undeclared`.
 */
function warnUnknownValues(state: WalkState, frame: WalkFrame): void {
  const where: [string, readonly string[] | undefined][] = [
    ['script', frame.says?.unknown],
    ['instructions', frame.instructions?.unknown],
    ['request', frame.request?.unknown],
    ['message', [...(frame.message?.subject?.unknown ?? []), ...(frame.message?.body.unknown ?? [])]],
  ];
  const reported = new Set<string>();
  for (const [field, ids] of where) {
    for (const id of ids ?? []) {
      const variable = state.doc.variablesById.get(id);
      if (!variable || reported.has(id)) continue;
      reported.add(id);
      state.warnings.push({
        step: frame.reachedBy,
        code: WalkCode.valueUnknown,
        variable: id,
        message: `{${id}} in the ${field} of ${describeNode(state.node)} has no value at this point of the walk.`,
      });
    }
  }
}
