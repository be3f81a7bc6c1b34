import { getNodeAtPath, JsonNode } from '../document/jsonTree';
import { valueAtPath, type JsonPath, type PearlDocument, type PearlNode, type PearlTransition } from '../document/pearlDocument';

/**
 * What the rules attach to a diagnostic as LSP `Diagnostic.data` so that its quick fix
 * (codeActions.ts, quickFixes/) finds what the diagnostic is about without deriving it again from
 * the range. The client sends `data` back as it received it, through JSON: every shape is plain
 * JSON (paths as arrays of keys and indexes, ids as strings, `null` for "none"). A client may also
 * send diagnostics of an older version of the document or of another tool: each reader checks
 * the shape, and each `…In` resolver checks that the document still holds what the data names,
 * returning undefined (no fix) otherwise. Built only when a diagnostic is created.
 */

/** A JSON scalar, as a diagnostic names the value it is about. */
export type JsonScalar = string | number | boolean | null;

/**
 * `data` of `wrong-type` and `model-type-kind`: the value the diagnostic is about, by its path
 * from the root (`["pearl", "nodes", 0, "nodeType"]`) and, when a scalar, the value itself.
 */
export interface ValueFixData {
  readonly path: JsonPath;
  /** The value as it was when reported; absent for an object or array. */
  readonly value?: JsonScalar;
}

/**
 * `data` of `time-zone` when a quick fix can replace the value: the value's path and the id
 * reported (a {@link ValueFixData}) with the Windows id to put in its place.
 */
export interface TimeZoneFixData extends ValueFixData {
  /** The Windows time-zone id to put in place of the value. */
  readonly replacement: string;
}

/**
 * `data` of `unknown-property` and `session-scoped-in-text`: the path of the object holding the
 * property and the property's name.
 */
export interface PropertyFixData {
  readonly path: JsonPath;
  readonly key: string;
}

/**
 * `data` of `node-settings-missing`, `graph-cannot-reach-end` and `voice-only-node`: the node, by
 * the path of its object (`["pearl", "nodes", 3]`, deeper for a nested action) with its nodeId and
 * nodeType as reported (`null` when not set), so a path that now names another node is refused.
 */
export interface NodeFixData {
  readonly path: JsonPath;
  readonly nodeId: string | null;
  readonly nodeType: number | null;
}

/**
 * `data` of `unknown-target`: the transition, by the path of its object
 * (`["pearl", "nodes", 1, "transitions", 0]`), and the toNodeId that names no node.
 */
export interface TransitionFixData {
  readonly path: JsonPath;
  readonly toNodeId: string;
}

/**
 * `data` of `api-body-not-allowed`: the path of the `body` array of the API settings and the
 * number of its entries when reported.
 */
export interface BodyFixData {
  readonly path: JsonPath;
  readonly count: number;
}

/**
 * `data` of `variable-undeclared`: the string holding the reference, by its path, the variable id
 * between the braces, and which reference to that id in the string it is (0 for the first).
 */
export interface VariableReferenceFixData {
  readonly path: JsonPath;
  readonly id: string;
  readonly occurrence: number;
}

/**
 * `data` of `variable-unused`: the declaration, by the path of its element of `variables`
 * (`["variables", 2]`), and its id as reported.
 */
export interface VariableDeclarationFixData {
  readonly path: JsonPath;
  readonly id: string;
}

/** The longest path a reader accepts: deeper than any document that is checked (see maxNestingDepth). */
const maxPathLength = 1001;

type Fields = Readonly<Record<string, unknown>>;

function isRecord(data: unknown): data is Fields {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

function isPath(path: unknown): path is JsonPath {
  return (
    Array.isArray(path) &&
    path.length <= maxPathLength &&
    path.every((step) => typeof step === 'string' || (typeof step === 'number' && Number.isInteger(step) && step >= 0))
  );
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isScalar(value: unknown): value is JsonScalar {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** `data` as a {@link ValueFixData}, or undefined when it has another shape. */
export function readValueFixData(data: unknown): ValueFixData | undefined {
  if (!isRecord(data) || !isPath(data.path)) return undefined;
  if (data.value !== undefined && !isScalar(data.value)) return undefined;
  return data as unknown as ValueFixData;
}

/** `data` as a {@link TimeZoneFixData}, or undefined when it has another shape. */
export function readTimeZoneFixData(data: unknown): TimeZoneFixData | undefined {
  const value = readValueFixData(data) as Partial<TimeZoneFixData> | undefined;
  return typeof value?.value === 'string' && typeof value.replacement === 'string' ? (value as TimeZoneFixData) : undefined;
}

/** `data` as a {@link PropertyFixData}, or undefined when it has another shape. */
export function readPropertyFixData(data: unknown): PropertyFixData | undefined {
  return isRecord(data) && isPath(data.path) && typeof data.key === 'string' ? (data as unknown as PropertyFixData) : undefined;
}

/** `data` as a {@link NodeFixData}, or undefined when it has another shape. */
export function readNodeFixData(data: unknown): NodeFixData | undefined {
  return isRecord(data) &&
    isPath(data.path) &&
    (data.nodeId === null || typeof data.nodeId === 'string') &&
    (data.nodeType === null || typeof data.nodeType === 'number')
    ? (data as unknown as NodeFixData)
    : undefined;
}

/** `data` as a {@link TransitionFixData}, or undefined when it has another shape. */
export function readTransitionFixData(data: unknown): TransitionFixData | undefined {
  return isRecord(data) && isPath(data.path) && typeof data.toNodeId === 'string' ? (data as unknown as TransitionFixData) : undefined;
}

/** `data` as a {@link BodyFixData}, or undefined when it has another shape. */
export function readBodyFixData(data: unknown): BodyFixData | undefined {
  return isRecord(data) && isPath(data.path) && isIndex(data.count) ? (data as unknown as BodyFixData) : undefined;
}

/** `data` as a {@link VariableReferenceFixData}, or undefined when it has another shape. */
export function readVariableReferenceFixData(data: unknown): VariableReferenceFixData | undefined {
  return isRecord(data) && isPath(data.path) && typeof data.id === 'string' && isIndex(data.occurrence)
    ? (data as unknown as VariableReferenceFixData)
    : undefined;
}

/** `data` as a {@link VariableDeclarationFixData}, or undefined when it has another shape. */
export function readVariableDeclarationFixData(data: unknown): VariableDeclarationFixData | undefined {
  return isRecord(data) && isPath(data.path) && typeof data.id === 'string' && data.occurrence === undefined
    ? (data as unknown as VariableDeclarationFixData)
    : undefined;
}

/** The {@link NodeFixData} of `node`. */
export function nodeFixData(node: Pick<PearlNode, 'path' | 'nodeId' | 'nodeType'>): NodeFixData {
  return { path: node.path, nodeId: node.nodeId ?? null, nodeType: node.nodeType ?? null };
}

/** Whether two paths name the same value. */
export function samePath(a: JsonPath, b: JsonPath): boolean {
  return a.length === b.length && a.every((step, index) => step === b[index]);
}

/** The value at `path` in the parsed value of `doc` (own properties only), or undefined. */
export function valueAt(doc: PearlDocument, path: JsonPath): unknown {
  return valueAtPath(doc.value, path);
}

/**
 * The syntax tree node of the value `data` names, when the document holds that value there still
 * (the same scalar, when the data names one); else undefined.
 */
export function valueNodeIn(doc: PearlDocument, data: ValueFixData): JsonNode | undefined {
  const value = valueAt(doc, data.path);
  if (value === undefined || (data.value !== undefined && value !== data.value)) return undefined;
  if (data.value === undefined && (value === null || typeof value !== 'object')) return undefined;
  return getNodeAtPath(doc.root, data.path);
}

/** The node (top-level or nested) `data` names, when it is still there with the same nodeId and nodeType; else undefined. */
export function nodeIn(doc: PearlDocument, data: NodeFixData): PearlNode | undefined {
  const node = doc.allNodes.find((candidate) => samePath(candidate.path, data.path));
  return node && (node.nodeId ?? null) === data.nodeId && (node.nodeType ?? null) === data.nodeType ? node : undefined;
}

/** The transition of a top-level node `data` names, when it is still there with the same toNodeId; else undefined. */
export function transitionIn(doc: PearlDocument, data: TransitionFixData): PearlTransition | undefined {
  for (const node of doc.nodes) {
    if (node.path.length >= data.path.length || !samePath(node.path, data.path.slice(0, node.path.length))) continue;
    const transition = node.transitions.find((candidate) => samePath(candidate.path, data.path));
    return transition?.toNodeId === data.toNodeId ? transition : undefined;
  }
  return undefined;
}
