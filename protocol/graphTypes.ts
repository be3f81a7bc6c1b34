import type { Diagnostic, Range, WorkspaceEdit } from 'vscode-languageserver-types';

// The conversation graph the service draws (`getGraph`) and the graph edits it performs
// (`doGraphEdit`), re-exported by protocol/pearlRequests.ts for the pearl/graph and pearl/graphEdit
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
  /**
   * The settings object the node's type takes (§ Node: apiSettings, smsSettings, emailSettings,
   * transferCallSettings) and its value in the file (absent when the file has none); absent for a
   * type without one. The designer's side panel lists its fields with `getNodeSettingFields`
   * (server/src/service/interface/nodeSettingFields.ts) and sets them with {@link SetNodeSettingEdit}.
   */
  readonly settings?: { readonly property: string; readonly value?: unknown };
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

/**
 * One editable field of a node's settings object (derived from {@link PearlGraphNode.settings} by
 * `getNodeSettingFields`), as the schema describes it
 * (schemas/text-pearl.schema.json: NodeAPISettings, NodeSMSTemplate, NodeEmailTemplate with its
 * SmtpSettings, TransferCallSettings): every scalar field of the object and of its nested objects,
 * the fields of each present element of a list of objects (an API body's properties), each present
 * HTTP header, and lists of strings (an email's `to` and `cc`). Set with {@link SetNodeSettingEdit}.
 */
export interface NodeSettingField {
  /** From the node object: `['apiSettings', 'method']`, `['apiSettings', 'body', 0, 'key']` (0-based index). */
  readonly path: readonly (string | number)[];
  /** The field's key (`method`), or the header's name. */
  readonly label: string;
  /**
   * The nested object or list element holding the field, for a heading (`smtpSettings`,
   * `body 1`, `headers`: 1-based); absent for a field of the settings object itself.
   */
  readonly group?: string;
  /** The schema's description of the field. */
  readonly description?: string;
  /** `string`, `integer` (with `options` when enumerated), `boolean`, or `stringList` (a list of strings). */
  readonly type: 'string' | 'integer' | 'boolean' | 'stringList';
  /** The value in the file, when present and of the field's type (else absent). */
  readonly value?: string | number | boolean | readonly string[];
  /** The allowed values of an enumerated integer, with their names (`1` `GET`). */
  readonly options?: readonly { readonly value: number; readonly name: string }[];
  /** A long text (its schema allows 500 characters or more and it is not a URL): edited on several lines. */
  readonly multiline?: boolean;
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
 * One field of the node's settings object set to `value`: `path` is a
 * {@link NodeSettingField.path}, starting with the settings object of the node's type (§ Node).
 * The value must have the field's type per the schema: a string, an integer within int32 (one of
 * the enumerated values where the schema enumerates them), a boolean, or a list of strings.
 * Missing objects on the path are created; a list element must exist. Selects the node.
 */
export interface SetNodeSettingEdit {
  readonly kind: 'setNodeSetting';
  readonly node: string;
  readonly path: readonly (string | number)[];
  readonly value: string | number | boolean | readonly string[];
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
  | SetNodePropertyEdit
  | SetNodeSettingEdit;

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
   * addTransition) or changed (retargetTransition, setNodeProperty, setNodeSetting), to select it; absent after a
   * deletion.
   */
  readonly select?: string;
}
