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
   * The texts the designer's side panel offers on the node (§ Node): those its type takes, from the
   * node types table (server/src/service/interface/nodeTypes.ts `getNodeTexts`: `script` on an
   * OpeningSentence or Dialogue, `instructions` where the agent talks with the customer), and any
   * the file sets anyway.
   */
  readonly texts: readonly ('script' | 'instructions')[];
  /**
   * The settings object the node's type takes (§ Node: apiSettings, smsSettings, emailSettings,
   * transferCallSettings) and its value in the file (absent when the file has none); absent for a
   * type without one. The designer's side panel lists its fields with `getNodeSettingFields`
   * (server/src/service/interface/nodeSettingFields.ts; the page asks for them with
   * `pearl/nodeSettingFields`) and sets them with a `setNodeSetting` edit.
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
 * HTTP header, and lists of strings (an email's `to` and `cc`). Set with a `setNodeSetting` edit,
 * removed with `clearNodeSetting`.
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

/**
 * A list of objects or a map of strings in a node's settings object (an API node's `body` and
 * `outputBody`, its `headers`), which takes new entries with an `addNodeSettingItem` edit: the
 * heading the side panel shows above its entries' fields ({@link NodeSettingField.group}).
 */
export interface NodeSettingList {
  /** From the node object: `['apiSettings', 'body']`. */
  readonly path: readonly (string | number)[];
  /** The list's key (`body`). */
  readonly label: string;
  /** `objectList`: entries are objects (`body 1`, `body 2`…); `stringMap`: entries are named strings (headers). */
  readonly type: 'objectList' | 'stringMap';
  /** The schema's description of the list. */
  readonly description?: string;
  /** How many entries the file has (0 when the list is absent or null). */
  readonly size: number;
}

/**
 * The answer to `pearl/nodeSettingFields`: what the designer's side panel shows of a node's
 * settings object, computed by the language service from the schema (the page does not load it).
 */
export interface NodeSettingForm {
  /** The document version it was computed from. */
  readonly version: number;
  /** The node key. */
  readonly node: string;
  /** The settings property (`apiSettings`). */
  readonly property: string;
  readonly fields: readonly NodeSettingField[];
  readonly lists: readonly NodeSettingList[];
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

// The graph edits: each kind declared once, with its shape (protocol/graphEditKinds.ts).
export type {
  AddNodeEdit,
  AddNodeSettingItemEdit,
  AddTransitionEdit,
  ClearNodeSettingEdit,
  DeleteNodeEdit,
  DeleteTransitionEdit,
  GraphEdit,
  GraphEditKind,
  GraphEditOf,
  RenameTransitionEdit,
  RetargetTransitionEdit,
  SetNodePropertyEdit,
  SetNodeSettingEdit,
} from './graphEditKinds';

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
   * addTransition) or changed (every other kind but the deletions), to select it; absent after a
   * deletion.
   */
  readonly select?: string;
}
