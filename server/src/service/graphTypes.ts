import type { Diagnostic, Range, WorkspaceEdit } from 'vscode-languageserver-types';

// The conversation graph the service draws (`getGraph`) and the graph edits it performs
// (`doGraphEdit`), re-exported by server/src/protocol.ts for the pearl/graph and pearl/graphEdit
// requests.

/** A node of the conversation graph (docs/interface.md § Node). */
export interface PearlGraphNode {
  /** Stable key within the graph: `n:<index>` for `pearl.nodes[index]`, `<parentKey>/<list>:<index>` for nested actions. */
  readonly key: string;
  readonly nodeId?: string;
  readonly name?: string;
  readonly nodeType?: number;
  /** Name of the node type (`Dialogue`), or `nodeType 7` for an unknown value, or `Node` when absent. */
  readonly typeName: string;
  /** The node's `script`, when it is a string (the designer's side panel edits it). */
  readonly script?: string;
  /** The node's `instructions`, when it is a string. */
  readonly instructions?: string;
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

/** A transition (docs/interface.md § Transition) whose target resolved to a node. */
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

/**
 * A node of `nodeType` (a value of the node type table, docs/interface.md § Node) appended to
 * `pearl.nodes`, with a unique nodeId derived from `name` (default: the type's name) and the
 * settings object its type requires; with `from` (a node key), also a transition from that node to
 * the new one, named `transitionName` (default: the new node's name). Selects the new node.
 */
export interface AddNodeEdit {
  readonly kind: 'addNode';
  readonly nodeType: number;
  readonly name?: string;
  readonly from?: string;
  readonly transitionName?: string;
}

/**
 * A transition named `name` from node `source` to node `target` (node keys, § Transition);
 * `apiResult` (1 Success, 2 Failure) only from a PreCallAPI node, where it defaults to the one
 * not used yet. Selects the new transition.
 */
export interface AddTransitionEdit {
  readonly kind: 'addTransition';
  readonly source: string;
  readonly target: string;
  readonly name: string;
  readonly apiResult?: number;
}

/** The transition's toNodeId set to the nodeId of node `target` (an edge key; a node key). */
export interface RetargetTransitionEdit {
  readonly kind: 'retargetTransition';
  readonly transition: string;
  readonly target: string;
}

/** The transition (an edge key) removed from its node's transitions. */
export interface DeleteTransitionEdit {
  readonly kind: 'deleteTransition';
  readonly transition: string;
}

/** The node (a node key) removed, with every transition that targets it. */
export interface DeleteNodeEdit {
  readonly kind: 'deleteNode';
  readonly node: string;
}

/**
 * One string property of the node set to `value` (written JSON-escaped); `nodeId` also renames
 * every toNodeId naming the old id, as rename does.
 */
export interface SetNodePropertyEdit {
  readonly kind: 'setNodeProperty';
  readonly node: string;
  readonly property: 'name' | 'script' | 'instructions' | 'nodeId';
  readonly value: string;
}

/**
 * One change of the conversation graph of a text Pearl, addressed by the keys of the
 * {@link PearlGraph} drawn from the request's `version` ({@link PearlGraphNode.key},
 * {@link PearlGraphEdge.key}).
 */
export type GraphEdit =
  | AddNodeEdit
  | AddTransitionEdit
  | RetargetTransitionEdit
  | DeleteTransitionEdit
  | DeleteNodeEdit
  | SetNodePropertyEdit;

/** The answer to `pearl/graphEdit`. */
export interface GraphEditResult {
  /**
   * The text edits, as one `TextDocumentEdit` in `documentChanges` for the document at `version`:
   * minimal (the text outside the changed objects is untouched, comments included), new text in
   * the file's own indentation and line endings. Apply it as one undo step.
   */
  readonly edit: WorkspaceEdit;
  /**
   * The key, in the graph of the edited text, of the node or transition created (addNode,
   * addTransition) or changed (retargetTransition, setNodeProperty), to select it; absent after a
   * deletion.
   */
  readonly select?: string;
}
