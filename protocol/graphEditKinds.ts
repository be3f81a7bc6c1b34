/**
 * The kinds of graph edit (`pearl/graphEdit`, the designer's gestures), each declared once in
 * {@link graphEditShapes}: its fields and how each is checked as received. The TypeScript types
 * ({@link GraphEdit}, {@link GraphEditOf}) and the shape check every receiver runs
 * ({@link describeGraphEditShapeProblem}: the host on the page's message, the server on the
 * request) are derived from it; the server's planners (server/src/service/edits/) are a table keyed
 * by the same kinds, so a kind without a planner does not compile. Addressed by the keys of the
 * graph drawn from the request's version (`PearlGraphNode.key`, `PearlGraphEdge.key`).
 */

/** How one field of an edit is checked as received (a client may send anything). */
export interface FieldShape<T, Optional extends boolean = boolean> {
  /** The field may be absent. */
  readonly optional: Optional;
  /** Whether `value` is of the field's type (the shape only: the planner checks the meaning). */
  readonly test: (value: unknown) => value is T;
  /** The type's name in a refusal (`text`, `a whole number`). */
  readonly expected: string;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isInteger = (value: unknown): value is number => Number.isInteger(value);

/** A string (any: the planner checks names, keys and ids). */
const text: FieldShape<string, false> = { optional: false, test: isText, expected: 'text' };
/** An integer. */
const integer: FieldShape<number, false> = { optional: false, test: isInteger, expected: 'a whole number' };

/** `shape`, or absent. */
function optional<T>(shape: FieldShape<T, false>): FieldShape<T, true> {
  return { ...shape, optional: true };
}

/** One of the `values`. */
function oneOf<const T extends string>(...values: readonly T[]): FieldShape<T, false> {
  const allowed: ReadonlySet<unknown> = new Set(values);
  return { optional: false, test: (value): value is T => allowed.has(value), expected: `one of ${values.join(', ')}` };
}

/** A settings path: 1 to 16 property names and element indexes (non-negative integers). */
const settingPath: FieldShape<readonly (string | number)[], false> = {
  optional: false,
  test: (value): value is readonly (string | number)[] =>
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 16 &&
    value.every((step) => typeof step === 'string' || (Number.isInteger(step) && (step as number) >= 0)),
  expected: 'a list of property names and indexes',
};

/** A settings value: a string, a finite number, a boolean or a list of strings (the schema decides which fits). */
const settingValue: FieldShape<string | number | boolean | readonly string[], false> = {
  optional: false,
  test: (value): value is string | number | boolean | readonly string[] =>
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (Array.isArray(value) && value.every((item) => typeof item === 'string')),
  expected: 'text, a number, true or false, or a list of texts',
};

/**
 * Every kind of graph edit: its name, and its fields with their shapes. To add a kind, add an
 * entry here and its planner in the service (docs/dev/recipes.md § Adding a graph-edit kind).
 */
export const graphEditShapes = {
  /**
   * A node of `nodeType` (a value of the node type table, docs/interface.md § Node) appended to
   * `pearl.nodes`, with a unique nodeId derived from `name` (default: the type's name) and the
   * settings object its type requires; with `from` (a node key), also a transition from that node
   * to the new one, named `transitionName` (default: `Go to <name>`, made unique within the node).
   * Selects the new node.
   */
  addNode: { nodeType: integer, name: optional(text), from: optional(text), transitionName: optional(text) },
  /**
   * A transition named `name` from node `source` to node `target` (node keys, § Transition);
   * `apiResult` (1 Success, 2 Failure) only from a PreCallAPI node, where it defaults to the one
   * not used yet. Selects the new transition.
   */
  addTransition: { source: text, target: text, name: text, apiResult: optional(integer) },
  /** The transition's toNodeId set to the nodeId of node `target` (an edge key; a node key). Selects it. */
  retargetTransition: { transition: text, target: text },
  /** The transition's `name` set (non-empty, unique within its node, § Transition). Selects it. */
  renameTransition: { transition: text, name: text },
  /** The transition (an edge key) removed from its node's transitions. */
  deleteTransition: { transition: text },
  /** The node (a node key) removed, with every transition that targets it. */
  deleteNode: { node: text },
  /**
   * One string property of the node set to `value` (written JSON-escaped); `nodeId` also renames
   * every toNodeId naming the old id, as rename does. Selects the node.
   */
  setNodeProperty: { node: text, property: oneOf('name', 'script', 'instructions', 'nodeId'), value: text },
  /**
   * One field of the node's settings object set to `value`: `path` is a `NodeSettingField.path`,
   * starting with the settings object of the node's type (§ Node). The value must have the field's
   * type per the schema: a string, an integer within int32 (one of the enumerated values where the
   * schema enumerates them), a boolean, or a list of strings. Missing objects on the path are
   * created; a list element must exist. Selects the node.
   */
  setNodeSetting: { node: text, path: settingPath, value: settingValue },
  /**
   * The settings field, list element (`['apiSettings', 'body', 0]`) or header at `path` removed
   * from the node's settings object (a cleared field is absent, not empty). Selects the node.
   */
  clearNodeSetting: { node: text, path: settingPath },
  /**
   * A new entry in the settings list or map at `path` (a `NodeSettingField` of type `objectList`
   * or `stringMap`): an empty object appended to a list of objects (an API body), or the header
   * `name` with an empty value added to a map of strings. Selects the node.
   */
  addNodeSettingItem: { node: text, path: settingPath, name: optional(text) },
} as const satisfies Readonly<Record<string, Readonly<Record<string, FieldShape<unknown>>>>>;

/** The kinds of graph edit (`addNode`…). */
export type GraphEditKind = keyof typeof graphEditShapes;

type Shapes<K extends GraphEditKind> = (typeof graphEditShapes)[K];
type Checked<S> = S extends FieldShape<infer T> ? T : never;
type RequiredKeys<S> = { [P in keyof S]: S[P] extends FieldShape<unknown, false> ? P : never }[keyof S];
type OptionalKeys<S> = Exclude<keyof S, RequiredKeys<S>>;

/** The edit of kind `K`: `{ kind: K }` and the fields its entry in {@link graphEditShapes} declares. */
export type GraphEditOf<K extends GraphEditKind> = { readonly kind: K } & {
  readonly [P in RequiredKeys<Shapes<K>>]: Checked<Shapes<K>[P]>;
} & { readonly [P in OptionalKeys<Shapes<K>>]?: Checked<Shapes<K>[P]> };

/** One change of the conversation graph of a text Pearl: an edit of one of the {@link GraphEditKind}s. */
export type GraphEdit = { [K in GraphEditKind]: GraphEditOf<K> }[GraphEditKind];

/** {@link graphEditShapes}`.addNode`. */
export type AddNodeEdit = GraphEditOf<'addNode'>;
/** {@link graphEditShapes}`.addTransition`. */
export type AddTransitionEdit = GraphEditOf<'addTransition'>;
/** {@link graphEditShapes}`.retargetTransition`. */
export type RetargetTransitionEdit = GraphEditOf<'retargetTransition'>;
/** {@link graphEditShapes}`.renameTransition`. */
export type RenameTransitionEdit = GraphEditOf<'renameTransition'>;
/** {@link graphEditShapes}`.deleteTransition`. */
export type DeleteTransitionEdit = GraphEditOf<'deleteTransition'>;
/** {@link graphEditShapes}`.deleteNode`. */
export type DeleteNodeEdit = GraphEditOf<'deleteNode'>;
/** {@link graphEditShapes}`.setNodeProperty`. */
export type SetNodePropertyEdit = GraphEditOf<'setNodeProperty'>;
/** {@link graphEditShapes}`.setNodeSetting`. */
export type SetNodeSettingEdit = GraphEditOf<'setNodeSetting'>;
/** {@link graphEditShapes}`.clearNodeSetting`. */
export type ClearNodeSettingEdit = GraphEditOf<'clearNodeSetting'>;
/** {@link graphEditShapes}`.addNodeSettingItem`. */
export type AddNodeSettingItemEdit = GraphEditOf<'addNodeSettingItem'>;

/** Whether `kind` names a kind of graph edit. */
export function isGraphEditKind(kind: unknown): kind is GraphEditKind {
  return typeof kind === 'string' && Object.prototype.hasOwnProperty.call(graphEditShapes, kind);
}

/**
 * What is wrong with the shape of `edit` as received, or undefined when it is a {@link GraphEdit}:
 * not an object, an unknown kind, a field missing, of the wrong type, or not of the kind. A
 * sentence for the user. Linear in the size of `edit`.
 */
export function describeGraphEditShapeProblem(edit: unknown): string | undefined {
  if (typeof edit !== 'object' || edit === null || Array.isArray(edit)) return 'The graph edit is missing.';
  const fields = edit as Record<string, unknown>;
  if (!isGraphEditKind(fields.kind)) return 'The graph edit has no known kind.';
  const shapes: Readonly<Record<string, FieldShape<unknown>>> = graphEditShapes[fields.kind];
  for (const [name, shape] of Object.entries(shapes)) {
    const value = fields[name];
    if (value === undefined && shape.optional) continue;
    if (value === undefined) return `The ${fields.kind} graph edit is missing its ${name}.`;
    if (!shape.test(value)) return `The ${name} of a ${fields.kind} graph edit must be ${shape.expected}.`;
  }
  const extra = Object.keys(fields).find((name) => name !== 'kind' && !Object.prototype.hasOwnProperty.call(shapes, name));
  return extra === undefined ? undefined : `A ${fields.kind} graph edit has no field ${JSON.stringify(extra).slice(0, 40)}.`;
}

/** Type guard: `edit` is a {@link GraphEdit} ({@link describeGraphEditShapeProblem} finds nothing). */
export function isGraphEdit(edit: unknown): edit is GraphEdit {
  return describeGraphEditShapeProblem(edit) === undefined;
}
