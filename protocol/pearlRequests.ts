/**
 * The Pearl extensions to the Language Server Protocol: each custom request declared once, with its
 * types, and imported by both the server (handlers) and the VS Code client (callers), like
 * rust-analyzer's `lsp_ext.ts`. Ranges are LSP ranges (0-based lines, UTF-16 characters).
 */
import { RequestType } from 'vscode-languageserver-protocol';
import type { Range, TextDocumentIdentifier, WorkspaceEdit } from 'vscode-languageserver-types';
import type { DeployPayload } from './deployPayload';
import type { PearlKind } from './pearlKind';
import type { GraphEdit, GraphEditResult, NodeSettingForm, PearlGraph } from './graphTypes';
import type { SavedWalkSummary, SaveWalkTarget, WalkInput, WalkTrace } from './walkTypes';

/** Parameters of the requests that concern one document. */
export interface PearlDocumentParams {
  readonly textDocument: TextDocumentIdentifier;
}

// The graph and graph-edit types are the service's (protocol/graphTypes.ts).
export type * from './graphTypes';

/**
 * `pearl/kind`: the kind of Pearl the server reads the document's current version as
 * (protocol/pearlKind.ts `detectPearlKind` of its value, from the parse it keeps); null when the
 * document is not open. The client asks it instead of parsing a large document again.
 */
export const pearlKindRequest = new RequestType<PearlDocumentParams, PearlKind | null, void>('pearl/kind');

/** `pearl/graph`: the graph of the document's current version; null when the document is not open. */
export const graphRequest = new RequestType<PearlDocumentParams, PearlGraph | null, void>('pearl/graph');

export type { DeployPayload } from './deployPayload';

/** `pearl/deployPayload`: the body to send; null when the document is not open. */
export const deployPayloadRequest = new RequestType<PearlDocumentParams, DeployPayload | null, void>('pearl/deployPayload');

/** Parameters of `pearl/locateFields`. */
export interface LocateFieldsParams extends PearlDocumentParams {
  /** ValidationProblemDetails `errors` keys: field paths in ASP.NET style (docs/rulings.md § Service). */
  readonly keys: readonly string[];
}

/** Where a field path key lands in the document. */
export interface LocatedField {
  readonly key: string;
  readonly range: Range;
  /** false when the key named nothing in the document and the range is the root's. */
  readonly found: boolean;
}

/** `pearl/locateFields`: the range of each field path key; null when the document is not open. */
export const locateFieldsRequest = new RequestType<LocateFieldsParams, LocatedField[] | null, void>('pearl/locateFields');

/** Parameters of `pearl/graphEdit`. */
export interface GraphEditParams extends PearlDocumentParams {
  /** The document version the graph was drawn from ({@link PearlGraph.version}); another version is refused. */
  readonly version: number;
  readonly edit: GraphEdit;
}

/**
 * `pearl/graphEdit`: the minimal text edit performing one graph change. Refused with a
 * `ResponseError` of code `RequestFailed` (-32803) whose message is a sentence for the user: the
 * document changed since `version`, it does not parse, a key names nothing, a duplicate transition
 * name within the node, an invalid or taken nodeId, a node type the Pearl's kind does not allow, a
 * transition out of EndCall, a PreCallAPI transition to a node that is not an OpeningSentence, a
 * settings value (`setNodeSetting`) not of its field's type. Null when the document is not open.
 */
export const graphEditRequest = new RequestType<GraphEditParams, GraphEditResult | null, void>('pearl/graphEdit');

/** Parameters of `pearl/nodeSettingFields`. */
export interface NodeSettingFieldsParams extends PearlDocumentParams {
  /** A node key (`PearlGraphNode.key`) in the document's current version. */
  readonly node: string;
}

/**
 * `pearl/nodeSettingFields`: the fields and lists of node `node`'s settings object (its type's
 * apiSettings, smsSettings…) in the document's current version, from the schema, for the
 * designer's side panel; null when the document is not open, the key names no node or the node's
 * type has no settings object.
 */
export const nodeSettingFieldsRequest = new RequestType<NodeSettingFieldsParams, NodeSettingForm | null, void>('pearl/nodeSettingFields');

export type * from './walkTypes';

/** Parameters of `pearl/walk`. */
export interface WalkParams extends PearlDocumentParams {
  readonly walk: WalkInput;
}

/**
 * `pearl/walk`: the trace of `walk` through the text Pearl's current version (docs/user/walks.md); the
 * walk panel sends the steps taken so far after each click. Null when the document is not open;
 * a trace with a `failure` at step -1 for a simple Pearl or a Pearl without an entry node.
 */
export const walkRequest = new RequestType<WalkParams, WalkTrace | null, void>('pearl/walk');

/** What the saved walks say about a Pearl's transitions. */
export interface WalkCoverage {
  /** Edge keys (`PearlGraphEdge.key`) of the current version that at least one saved walk takes. */
  readonly covered: readonly string[];
  /** Every walk of the workspace's walks files whose `pearl` is this document. */
  readonly walks: readonly SavedWalkSummary[];
}

/** `pearl/walkCoverage`: the workspace's saved walks of this Pearl; null when the document is not open. */
export const walkCoverageRequest = new RequestType<PearlDocumentParams, WalkCoverage | null, void>('pearl/walkCoverage');

/**
 * `pearl/prepareSaveWalk`: where "Save as walk" would put `walk`
 * (docs/user/walks.md § Walk a conversation), the walks file beside the Pearl as the editor has it (open) or as on disk, with
 * the names already taken and a name to offer. Refused with a `ResponseError` of code
 * `RequestFailed` (-32803) whose message is a sentence for the user: the Pearl has never been
 * saved, the walk fails on a step, the walks file cannot be read or is not a walks file (does not
 * parse, its root or its `walks` is of another shape). Null when the document is not open.
 */
export const prepareSaveWalkRequest = new RequestType<WalkParams, SaveWalkTarget | null, void>('pearl/prepareSaveWalk');

/** Parameters of `pearl/saveWalk`. */
export interface SaveWalkParams extends WalkParams {
  /** The walk's name, as the user gave it (trimmed by the server). */
  readonly name: string;
}

/**
 * `pearl/saveWalk`: the edit appending `walk`, named `name`, to the walks file beside the Pearl,
 * planned by the language service like a graph edit: a new file is created (`CreateFile`, then its
 * text), an existing one gets the walk at the end of its `walks` list in its own indentation and
 * line endings, comments kept. The client only applies it. Refused as `pearl/prepareSaveWalk`
 * is, and also for an empty name or one a walk of the file already has. Null when the document is
 * not open.
 */
export const saveWalkRequest = new RequestType<SaveWalkParams, WorkspaceEdit | null, void>('pearl/saveWalk');
