import type { Range } from 'vscode-languageserver-types';

// Walks (issue 18, docs/user/walks.md): a path through a text Pearl's conversation graph, stepped
// interactively in the graph preview or kept in a `*.walks.json` file. One engine in the language
// service (server/src/service/walks/) computes a {@link WalkTrace} from a Pearl and a
// {@link WalkInput}; the walk panel, the walks-file diagnostics and `pearl-lint` all read that
// trace, so an interactive walk and the saved walk of the same steps give the same trace.

/** Values of variables, by variable id (without curly braces). */
export type WalkValues = Readonly<Record<string, string>>;

/** What the current node should show, checked by an `expect` step. Every field given must hold. */
export interface WalkExpectation {
  /** The current node's `nodeId` (or its `name` when it has no nodeId). */
  readonly node?: string;
  /** A substring of what the agent says at the current node (its rendered script), compared as is. */
  readonly says?: string;
  /** The current API/PreCallAPI node's request: method by name (`POST`), the URL with variables filled, the JSON body. */
  readonly request?: { readonly method?: string; readonly url?: string; readonly body?: unknown };
}

/** The answer of the current API or PreCallAPI node's request. */
export interface WalkResponse {
  /** HTTP status (a PreCallAPI node takes its Success transition on 2xx, else its Failure one). */
  readonly status: number;
  /** The response's JSON body; `outputBody` maps its fields onto variables. */
  readonly body?: unknown;
}

/** One step of a walk, in the walks file's own spelling. */
export type WalkStep =
  /** Take a transition of the current node, named by its `name` (the condition). */
  | { readonly take: string }
  /** Values collected in the conversation from this step on. */
  | { readonly set: WalkValues }
  /** The answer of the current API/PreCallAPI node's request. */
  | { readonly response: WalkResponse }
  /** Check the current node. */
  | { readonly expect: WalkExpectation };

/** The walk to run: values known before the conversation, then the steps. */
export interface WalkInput {
  readonly variables?: WalkValues;
  readonly steps: readonly WalkStep[];
}

/** Where a variable's value at a frame came from. */
export type WalkValueSource =
  | { readonly kind: 'variables' }
  | { readonly kind: 'set'; readonly step: number }
  | { readonly kind: 'response'; readonly step: number; readonly nodeKey: string; readonly field: string };

/** A declared variable at one frame: its value when known there, and where it came from. */
export interface WalkVariable {
  readonly id: string;
  /** The declared group (1 PreCall, 2 InCall, 3 PostCall), absent for an undeclared id. */
  readonly group?: number;
  /** Absent while no value is known at this point of the walk. */
  readonly value?: string;
  readonly source?: WalkValueSource;
}

/**
 * A text with its `{variable}` references filled: `text` is what would be said or sent, with each
 * unknown reference left as `{id}`; `unknown` lists the ids left unfilled, in order of first use.
 */
export interface WalkRenderedText {
  readonly text: string;
  readonly unknown: readonly string[];
}

/** The request an API or PreCallAPI node would send, with variables filled. */
export interface WalkRequest {
  /** `GET`, `POST`, `PUT`, `DELETE`, `PATCH` (from the method's integer). */
  readonly method: string;
  readonly url: WalkRenderedText;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body built from `body` (variableId or typed value); absent for GET/DELETE or no body. */
  readonly body?: unknown;
  /** Ids whose value is unknown anywhere in the URL, headers or body. */
  readonly unknown: readonly string[];
}

/** A transition of the current node, as a button of the walk panel. */
export interface WalkChoice {
  /** The transition's name (the condition), rendered. */
  readonly name: string;
  /** The edge key in `pearl/graph` (`PearlGraphEdge.key`); absent when its target resolves to no node. */
  readonly edgeKey?: string;
  /** The target node's key in `pearl/graph`, when it resolves. */
  readonly targetKey?: string;
  /** 1 Success, 2 Failure, on a PreCallAPI node. */
  readonly apiResult?: number;
}

/** The walk standing at one node: one frame per node reached, in order. */
export interface WalkFrame {
  /** The node's key in `pearl/graph` (`n:<index>`). */
  readonly nodeKey: string;
  readonly nodeId?: string;
  readonly name?: string;
  /** The node type's name (`Dialogue`). */
  readonly typeName: string;
  /**
   * The index in {@link WalkInput.steps} of the `take` step that reached this node (or of the
   * `response` step at a PreCallAPI node, which takes its Success or Failure transition by itself);
   * -1 for the entry node.
   */
  readonly reachedBy: number;
  /** The edge key (`PearlGraphEdge.key`) of the transition that reached this node; absent for the entry node. Added for coverage and the path drawn in the graph. */
  readonly reachedVia?: string;
  /** The node's script, rendered with the values known here. */
  readonly says?: WalkRenderedText;
  readonly instructions?: WalkRenderedText;
  /** API and PreCallAPI nodes. */
  readonly request?: WalkRequest;
  /** The response given at this node by a `response` step, when one was. */
  readonly response?: WalkResponse;
  /** SMS (`body`) and Email (`subject` and `body`) nodes: the rendered message. */
  readonly message?: { readonly subject?: WalkRenderedText; readonly body: WalkRenderedText; readonly to?: readonly string[] };
  /** HandoffChatToHuman's handOffAction and EndCall's PostCallActions: the nested actions, rendered (post-call ids stay placeholders). */
  readonly actions?: readonly {
    readonly nodeKey: string;
    readonly typeName: string;
    readonly name?: string;
    readonly message?: WalkRenderedText;
    readonly request?: WalkRequest;
  }[];
  /** The transitions that can be taken from here (none at EndCall). */
  readonly choices: readonly WalkChoice[];
  /** Every declared variable (and every id given a value), with its value at this frame. */
  readonly variables: readonly WalkVariable[];
}

/** Why a walk stopped early: the step that failed and a sentence for the user. */
export interface WalkFailure {
  /** Index in {@link WalkInput.steps}; -1 when the walk could not start (no entry node). */
  readonly step: number;
  readonly message: string;
  /** The walks-file diagnostic code of this failure or warning (`walk-take-unknown`; docs/user/walks.md § Diagnostics). Added by the engine. */
  readonly code?: string;
  /** The variable id concerned, for a warning about one (`walk-variable-undeclared`, `walk-value-unknown`). */
  readonly variable?: string;
}

/**
 * The result of a walk: the frames in order (the first is the entry node's), whether it ended at
 * EndCall, and the first failure, if any (the frames stop there). Checks that do not stop the walk
 * (a `{variable}` used where no value can be known yet, an id that is not declared) are `warnings`.
 */
export interface WalkTrace {
  readonly frames: readonly WalkFrame[];
  readonly ended: boolean;
  readonly failure?: WalkFailure;
  readonly warnings: readonly WalkFailure[];
}

/** A walk kept in a walks file, as `pearl/walkCoverage` reports it. */
export interface SavedWalkSummary {
  /** The walks file's URI. */
  readonly uri: string;
  readonly name: string;
  /** The walk's `name` value in the walks file. */
  readonly range: Range;
  readonly passed: boolean;
}

/**
 * Where "Save as walk" puts a walk (`pearl/prepareSaveWalk`,
 * docs/user/walks.md § Walk a conversation): what the host needs to ask the user for the walk's name.
 */
export interface SaveWalkTarget {
  /** The walks file's URI: `<name>.walks.json` beside the Pearl `<name>.pearl.json`. */
  readonly walksFile: string;
  /** Whether the walks file exists (false: saving creates it). */
  readonly exists: boolean;
  /** The names of the walks already in the file: a new walk takes another. */
  readonly takenNames: readonly string[];
  /** The name to offer: `Reaches <the node the walk stands at>`. */
  readonly suggestedName: string;
}
