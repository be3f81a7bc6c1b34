import { nodeTypeNames, variableGroupNames } from './enumNames';
import { getNumberProperty, JsonNode } from '../document/jsonTree';
import { withArticle } from './messageText';
import { isJsonObject, NodeType, PearlKind, VariableGroup } from '../document/pearlDocument';

/**
 * What a (V) field accepts (docs/interface.md § Resources and their fields, fields marked (V);
 * docs/rulings.md § Variables). Shared by the variable rules and by `{variable}` completion, so the
 * two never disagree about a field.
 */
export interface VariableField {
  /** The field in words, for messages: "the endpointUrl of a PreCallAPI node". */
  readonly label: string;
  /** Groups whose declared variables the field takes; a declared variable of another group is an Error. */
  readonly allowedGroups: ReadonlySet<number>;
  /** In words, for messages: "PreCall variables only". */
  readonly allowedText: string;
  /** Groups that are accepted but very likely a mistake here (Warning), with the reason. */
  readonly discouragedGroups: ReadonlyMap<number, string>;
  /** The field takes no variables at all (generalInstructions). */
  readonly noVariables: boolean;
  /** Post-call context: post-call variables are expected, so undeclared ids are not reported. */
  readonly postCallContext: boolean;
}

/**
 * One step from the root to a value: the property key or array index, and the value reached (a
 * syntax tree node by default; the plain value as sent for {@link resolveValueVariableField}).
 */
export interface PathStep<V = JsonNode> {
  readonly key: string | number;
  readonly value: V;
}

/** Reads `nodeType` of a node object, whatever a step's value is (a tree node or a plain value). */
type NodeTypeReader<V> = (nodeObject: V) => number | undefined;

const nodeTypeOfNode: NodeTypeReader<JsonNode> = (nodeObject) => getNumberProperty(nodeObject, 'nodeType');

const nodeTypeOfValue: NodeTypeReader<unknown> = (nodeObject) => {
  const nodeType = isJsonObject(nodeObject) ? nodeObject.nodeType : undefined;
  return typeof nodeType === 'number' ? nodeType : undefined;
};

const all: ReadonlySet<number> = new Set([VariableGroup.PreCall, VariableGroup.InCall, VariableGroup.PostCall]);
const preAndInCall: ReadonlySet<number> = new Set([VariableGroup.PreCall, VariableGroup.InCall]);
const preCallOnly: ReadonlySet<number> = new Set([VariableGroup.PreCall]);
const none: ReadonlySet<number> = new Set();
const noDiscouraged: ReadonlyMap<number, string> = new Map();
const openingDiscouraged: ReadonlyMap<number, string> = new Map([
  [VariableGroup.InCall, 'it is not yet collected when the opening sentence is sent'],
]);

const fieldCache = new Map<string, VariableField>();
/** A short tag per group set above, for the cache key: no set is spread and joined per string. */
const groupSetTags: ReadonlyMap<ReadonlySet<number>, string> = new Map([
  [all, 'a'],
  [preAndInCall, 'p'],
  [preCallOnly, 'c'],
  [none, 'n'],
]);

/**
 * How a field is described beyond its label and groups: `postCall`, in a post-call context
 * (undeclared ids are expected there; PostCall variables are taken too unless `postCallGroups` is
 * false); `discouraged`, groups accepted but very likely a mistake.
 */
interface FieldOptions {
  readonly postCall?: boolean;
  /** Whether a post-call context adds PostCall to the groups taken (default true; not for an API node). */
  readonly postCallGroups?: boolean;
  readonly discouraged?: ReadonlyMap<number, string>;
}

/** The (shared, immutable) field description; one object per distinct description. */
function field(label: string, allowedGroups: ReadonlySet<number>, options: FieldOptions = {}): VariableField {
  const key = `${label}|${groupSetTags.get(allowedGroups) ?? [...allowedGroups].join()}|${options.postCall ? 1 : 0}|${options.postCallGroups === false ? 0 : 1}|${options.discouraged === openingDiscouraged ? 1 : 0}`;
  let cached = fieldCache.get(key);
  if (!cached) fieldCache.set(key, (cached = createField(label, allowedGroups, options)));
  return cached;
}

function createField(label: string, allowedGroups: ReadonlySet<number>, options: FieldOptions): VariableField {
  const postCall = options.postCall ?? false;
  const groups = postCall && options.postCallGroups !== false ? all : allowedGroups;
  return {
    label,
    allowedGroups: groups,
    allowedText: describeGroups(groups),
    discouragedGroups: options.discouraged ?? noDiscouraged,
    noVariables: groups.size === 0,
    postCallContext: postCall,
  };
}

function describeGroups(groups: ReadonlySet<number>): string {
  if (groups.size === 0) return 'no variables';
  if (groups.size === 3) return 'variables of any group';
  const names = [...groups].map((group) => variableGroupNames[group]);
  return groups.size === 1 ? `${names[0]} variables only` : `${names.join(' and ')} variables`;
}

/** A transition name, the most common (V) field: looked up once, not per transition. */
const transitionNameField = field('a transition name', preAndInCall);
/** generalInstructions, which takes no variables. */
const generalInstructionsField = field('generalInstructions', none);

/**
 * Whether a string under `key` can be a (V) field: a cheap filter before {@link resolveVariableField}.
 * A `switch`, not a set: the keys of a parsed value are internalized strings, which the engine
 * compares to these by identity, several times faster than a hash lookup (the walk of the (V)
 * strings asks it of every string member of every node).
 */
export function isVariableFieldKey(key: string): boolean {
  switch (key) {
    case 'generalInstructions':
    case 'script':
    case 'instructions':
    case 'name':
    case 'endpointUrl':
    case 'value':
    case 'body':
    case 'subject':
    case 'transferCallPhoneNumber':
    case 'warmTransferMessage':
    case 'openingSentence':
    case 'flowScript':
      return true;
    default:
      return false;
  }
}

/**
 * Whether an object or array under `key` can be on the way from `pearl` to a (V) field; a walk
 * looking for (V) fields need not descend anywhere else. Keep in step with
 * {@link resolveVariableField}. A `switch`, as {@link isVariableFieldKey}.
 */
export function isVariableContainerKey(key: string): boolean {
  switch (key) {
    case 'nodes':
    case 'transitions':
    case 'apiSettings':
    case 'body':
    case 'outputBody':
    case 'smsSettings':
    case 'emailSettings':
    case 'transferCallSettings':
    case 'handOffAction':
    case 'postCallActions':
    case 'notifications':
    case 'emailTemplate':
      return true;
    default:
      return false;
  }
}

/**
 * The (V) field that the string at the end of `steps` (root to value) is, or undefined when it is
 * not a field that takes variables. `steps[0]` is the first property under the root.
 */
export function resolveVariableField(kind: PearlKind, steps: readonly PathStep[]): VariableField | undefined {
  return resolveField(kind, steps, nodeTypeOfNode, steps.length);
}

/**
 * {@link resolveVariableField} for steps over the parsed value (what is sent): each step's value
 * is the plain object, array or string reached. Reads no syntax tree. Only the first `end` steps
 * are read (all by default): a walk keeps one array of steps for every depth it reaches.
 */
export function resolveValueVariableField(
  kind: PearlKind,
  steps: readonly PathStep<unknown>[],
  end = steps.length,
): VariableField | undefined {
  return resolveField(kind, steps, nodeTypeOfValue, end);
}

function resolveField<V>(
  kind: PearlKind,
  steps: readonly PathStep<V>[],
  nodeTypeOf: NodeTypeReader<V>,
  end: number,
): VariableField | undefined {
  if (end < 2 || steps[0].key !== 'pearl') return undefined;
  // Runs for every candidate string of the document: index into `steps`, allocate nothing.
  return kind === 'text' ? resolveTextField(steps, 1, nodeTypeOf, end) : resolveSimpleField(steps, 1, end);
}

/** The key of `steps[index]`, or undefined at or past `end`. */
function keyAt(steps: readonly PathStep<unknown>[], index: number, end: number): string | number | undefined {
  return index < end ? steps[index].key : undefined;
}

function resolveTextField<V>(
  steps: readonly PathStep<V>[],
  from: number,
  nodeTypeOf: NodeTypeReader<V>,
  end: number,
): VariableField | undefined {
  const length = end - from;
  if (length === 1 && steps[from].key === 'generalInstructions') return generalInstructionsField;
  if (length >= 3 && steps[from].key === 'nodes' && typeof steps[from + 1].key === 'number') {
    return resolveNodeField(steps, from + 1, nodeTypeOf, end);
  }
  return undefined;
}

/** `steps[at]` is a node object of `pearl.nodes`; nested action lists below it are followed. */
function resolveNodeField<V>(
  steps: readonly PathStep<V>[],
  at: number,
  nodeTypeOf: NodeTypeReader<V>,
  end: number,
): VariableField | undefined {
  let nodeObject = steps[at].value;
  let from = at + 1;
  let postCall = false;
  // Nested action lists: descend in a loop (any depth is safe).
  for (;;) {
    const list = keyAt(steps, from, end);
    if (end - from < 3 || (list !== 'handOffAction' && list !== 'postCallActions') || typeof keyAt(steps, from + 1, end) !== 'number')
      break;
    postCall ||= list === 'postCallActions' || nodeTypeOf(nodeObject) === NodeType.PostCallActions;
    nodeObject = steps[from + 1].value;
    from += 2;
  }
  const nodeType = nodeTypeOf(nodeObject);
  postCall ||= nodeType === NodeType.PostCallActions;
  const length = end - from;
  const first = keyAt(steps, from, end);
  const second = keyAt(steps, from + 1, end);
  const third = keyAt(steps, from + 2, end);
  const fourth = keyAt(steps, from + 3, end);
  if (length === 1 && (first === 'script' || first === 'instructions')) return nodeField(first, nodeType, postCall);
  if (length === 3 && first === 'transitions' && typeof second === 'number' && third === 'name') {
    return transitionNameField;
  }
  if (first === 'apiSettings') {
    const isApiValue =
      (length === 2 && second === 'endpointUrl') ||
      (length === 4 && (second === 'body' || second === 'outputBody') && typeof third === 'number' && fourth === 'value');
    return isApiValue ? nodeField(second, nodeType, postCall) : undefined;
  }
  const slot = postCall ? 1 : 0;
  if (length === 2 && first === 'smsSettings' && second === 'body') return smsBodyFields[slot];
  if (length === 2 && first === 'emailSettings') {
    if (second === 'subject') return emailSubjectFields[slot];
    if (second === 'body') return emailBodyFields[slot];
  }
  if (length === 2 && first === 'transferCallSettings') {
    if (second === 'transferCallPhoneNumber') return transferCallPhoneNumberField;
    if (second === 'warmTransferMessage') return warmTransferMessageField;
  }
  return undefined;
}

// The fields of a node's settings that do not depend on its type, outside and inside a post-call
// context: looked up once, not per string.
const smsBodyFields = [field('an SMS body', preAndInCall), field('an SMS body', preAndInCall, { postCall: true })] as const;
const emailSubjectFields = [field('an email subject', preAndInCall), field('an email subject', preAndInCall, { postCall: true })] as const;
const emailBodyFields = [field('an email body', preAndInCall), field('an email body', preAndInCall, { postCall: true })] as const;
const transferCallPhoneNumberField = field('the transferCallPhoneNumber', all);
const warmTransferMessageField = field('the warmTransferMessage', all);

/**
 * The fields whose description depends on the node's type, by the field's key, then nodeType, then
 * post-call context: resolving the (V) strings of a document builds no label string per string.
 * Only known node types (and none) are kept, so the cache stays as small as the node type table.
 */
type FieldsByNodeType = Map<number | undefined, [VariableField | undefined, VariableField | undefined]>;
const nodeFields = new Map<string, FieldsByNodeType>();

/**
 * The field `key` (`script`, `instructions`, `endpointUrl`, `body` or `outputBody`) of a node of
 * `nodeType`, made by {@link makeNodeField} once per combination: no closure or string per call.
 */
function nodeField(key: string, nodeType: number | undefined, postCall: boolean): VariableField {
  const typeName = nodeType !== undefined ? nodeTypeNames[nodeType] : undefined;
  if (nodeType !== undefined && typeName === undefined) return makeNodeField(key, nodeType, postCall, typeName);
  let byType = nodeFields.get(key);
  if (!byType) {
    const created: FieldsByNodeType = new Map();
    nodeFields.set(key, created);
    byType = created;
  }
  let pair = byType.get(nodeType);
  if (!pair) byType.set(nodeType, (pair = [undefined, undefined]));
  const slot = postCall ? 1 : 0;
  return (pair[slot] ??= makeNodeField(key, nodeType, postCall, typeName));
}

/** The field `key` of a node of `nodeType` (named `typeName`, when known), as {@link nodeField} keeps it. */
function makeNodeField(key: string, nodeType: number | undefined, postCall: boolean, typeName: string | undefined): VariableField {
  const nodeLabel = typeName ? `${withArticle(typeName)} node` : 'a node';
  if (key === 'script' || key === 'instructions') {
    const discouraged = nodeType === NodeType.OpeningSentence ? openingDiscouraged : noDiscouraged;
    return field(`the ${key} of ${nodeLabel}`, all, { postCall, discouraged });
  }
  const what = key === 'endpointUrl' ? 'the endpointUrl' : `${withArticle(key)} value`;
  if (nodeType === NodeType.PreCallAPI) return field(`${what} of a PreCallAPI node`, preCallOnly);
  // An API node takes PreCall and InCall variables, inside PostCallActions too (§ NodeAPISettings).
  return field(`${what} of ${nodeLabel}`, preAndInCall, { postCall, postCallGroups: false });
}

function resolveSimpleField(steps: readonly PathStep<unknown>[], from: number, end: number): VariableField | undefined {
  const length = end - from;
  const first = keyAt(steps, from, end);
  const second = keyAt(steps, from + 1, end);
  const third = keyAt(steps, from + 2, end);
  const fourth = keyAt(steps, from + 3, end);
  if (length === 1 && first === 'openingSentence') {
    return field('the openingSentence', all, { discouraged: openingDiscouraged });
  }
  if (length === 1 && first === 'flowScript') return field('the flowScript', all);
  if (typeof second !== 'number') return undefined;
  if (length === 3 && first === 'transferCallSettings' && (third === 'transferCallPhoneNumber' || third === 'warmTransferMessage')) {
    return field(`the ${third}`, all);
  }
  if (length === 3 && first === 'smsSettings' && third === 'body') return field('an SMS body', preAndInCall);
  if (length === 3 && first === 'emailSettings' && (third === 'subject' || third === 'body')) {
    return field(`an email ${third}`, preAndInCall);
  }
  if (first === 'apiSettings') return resolveSimpleApiField(steps, from + 2, false, end);
  if (first === 'notifications') {
    // Notifications are sent after the call: post-call variables are expected there.
    if (third === 'apiSettings') return resolveSimpleApiField(steps, from + 3, true, end);
    if (length === 4 && third === 'emailTemplate' && (fourth === 'subject' || fourth === 'body')) {
      return field(`a notification email ${fourth}`, all, { postCall: true });
    }
  }
  return undefined;
}

function resolveSimpleApiField(
  steps: readonly PathStep<unknown>[],
  from: number,
  postCall: boolean,
  end: number,
): VariableField | undefined {
  const length = end - from;
  const first = keyAt(steps, from, end);
  const second = keyAt(steps, from + 1, end);
  const third = keyAt(steps, from + 2, end);
  if (length === 1 && first === 'endpointUrl') return field('an API endpointUrl', preAndInCall, { postCall });
  if (length === 3 && (first === 'body' || first === 'outputBody') && typeof second === 'number' && third === 'value') {
    return field(`an API ${first} value`, preAndInCall, { postCall });
  }
  return undefined;
}

/**
 * The steps from the root down to `node`, found by climbing its parents (O(depth)); used by
 * completion, which starts from the node under the cursor.
 */
export function getPathSteps(node: JsonNode): PathStep[] {
  const steps: PathStep[] = [];
  let current: JsonNode = node;
  while (current.parent) {
    const parent: JsonNode = current.parent;
    const children = parent.children ?? [];
    if (parent.type === 'property' && parent.parent && children.length > 0) {
      steps.push({ key: children[0].value as string, value: current });
      current = parent.parent;
    } else if (parent.type === 'array') {
      steps.push({ key: children.indexOf(current), value: current });
      current = parent;
    } else {
      current = parent;
    }
  }
  return steps.reverse();
}
