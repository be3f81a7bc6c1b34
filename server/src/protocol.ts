/**
 * The Pearl extensions to the Language Server Protocol: each custom request declared once, with its
 * types, and imported by both the server (handlers) and the VS Code client (callers), like
 * rust-analyzer's `lsp_ext.ts`. Ranges are LSP ranges (0-based lines, UTF-16 characters).
 */
import { RequestType } from 'vscode-languageserver-protocol';
import type { Diagnostic, Range, TextDocumentIdentifier } from 'vscode-languageserver-types';

/** Parameters of the requests that concern one document. */
export interface PearlDocumentParams {
  readonly textDocument: TextDocumentIdentifier;
}

/** A node of the conversation graph (pearl-agent-service.md § Node). */
export interface PearlGraphNode {
  /** Stable key within the graph: `n:<index>` for `pearl.nodes[index]`, `<parentKey>/<list>:<index>` for nested actions. */
  readonly key: string;
  readonly nodeId?: string;
  readonly name?: string;
  readonly nodeType?: number;
  /** Name of the node type (`Dialogue`), or `nodeType 7` for an unknown value, or `Node` when absent. */
  readonly typeName: string;
  /** The whole node object in the document. */
  readonly range: Range;
  /** The node's nodeId (or name) value, where a reveal puts the cursor. */
  readonly selectionRange: Range;
  /** The entry node (graph rule 1). */
  readonly isEntry: boolean;
  /** For a nested action: the node holding it and which list (handOffAction / postCallActions). */
  readonly parent?: { readonly key: string; readonly list: 'handOffAction' | 'postCallActions' };
  /** Diagnostics whose range starts inside this node (nested actions' not included in the parent's). */
  readonly diagnostics: readonly Diagnostic[];
  /** Carries a `graph-cannot-reach-end` diagnostic (rule 3). */
  readonly cannotReachEnd: boolean;
  /** Carries a `graph-no-incoming` or `graph-opening-not-targeted` diagnostic (rule 4). */
  readonly noIncoming: boolean;
}

/** A transition (pearl-agent-service.md § Transition) whose target resolved to a node. */
export interface PearlGraphEdge {
  /** `<sourceKey>>t:<index>`. */
  readonly key: string;
  readonly source: string;
  readonly target: string;
  readonly name?: string;
  /** 1 Success, 2 Failure (PreCallAPI transitions). */
  readonly apiResult?: number;
  /** The transition object in the document. */
  readonly range: Range;
}

/** The conversation graph of a text Pearl, for the graph preview. */
export interface PearlGraph {
  readonly uri: string;
  /** The document version the graph was built from. */
  readonly version: number;
  readonly kind: 'text' | 'simple';
  readonly name?: string;
  readonly nodes: readonly PearlGraphNode[];
  readonly edges: readonly PearlGraphEdge[];
}

/** `pearl/graph`: the graph of the document's current version; null when the document is not open. */
export const graphRequest = new RequestType<PearlDocumentParams, PearlGraph | null, void>('pearl/graph');

/** What a deploy will send, and to which operation (pearl-agent-service.md § Endpoints). */
export interface DeployPayload {
  readonly kind: 'text' | 'simple';
  /** `/v2/Pearl/Text` or `/v2/Pearl`. */
  readonly path: '/v2/Pearl/Text' | '/v2/Pearl';
  /** The request body: the parsed value as strict JSON, `$schema` removed (DECISIONS.md § Files). */
  readonly body: string;
  readonly name?: string;
  /** Which channel configuration the request carries; undefined when neither or both. */
  readonly direction?: 'inbound' | 'outbound';
  /** textChannelId (text) or phoneNumberId (simple) of that configuration. */
  readonly channelId?: string;
  /** Error diagnostics of this version; a deploy is refused while there are any. */
  readonly errors: readonly Diagnostic[];
  /** The document version this payload was built from. */
  readonly version: number;
}

/** `pearl/deployPayload`: the body to send; null when the document is not open. */
export const deployPayloadRequest = new RequestType<PearlDocumentParams, DeployPayload | null, void>('pearl/deployPayload');

/** Parameters of `pearl/locateFields`. */
export interface LocateFieldsParams extends PearlDocumentParams {
  /** ValidationProblemDetails `errors` keys: field paths in ASP.NET style (DECISIONS.md § Service). */
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
