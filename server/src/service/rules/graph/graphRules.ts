import { Diagnostic } from 'vscode-languageserver-types';
import { nodeFixData, TransitionFixData } from '../diagnosticData';
import { createDiagnostic, DiagnosticOptions, DiagnosticSeverity, keySpan, lineAt, openingSpan, TextSpan, valueSpan } from '../diagnostics';
import { JsonObject, JsonPath, NodeType, PearlDocument, PearlNode, PearlTransition } from '../../document/pearlDocument';
import { apiResultNames, nodeTypeNames } from '../../interface/enumNames';
import { withArticle } from '../../interface/messageText';
import { getNodeTypeFacts, getTransitionProblems, isVoiceOnlyNodeType, TransitionProblem } from '../../interface/nodeTypes';
import { graphCodes } from './graphCodes';
import type { DiagnosticRule, RuleModule } from '../ruleModule';

/** The graph rules: the codes of graphCodes.ts and their check. */
export const graphRules: RuleModule<typeof graphCodes> = {
  name: 'graph rules',
  rules: graphCodes,
  check: checkGraph,
  // It reads the model's nodeIds, names, targets, types and apiResults, which typing in a string never changes.
  keptWhileTypingInStrings: true,
};

/**
 * The graph rules of a text Pearl (docs/interface.md § Graph rules, rules 1-5; § Transition;
 * docs/rulings.md § Graph). Rules 6 and 7 (nested actions, settings objects) are field rules.
 *
 * - rule 2: `graph-entry-missing`, `graph-opening-count`, `graph-precall-count` (Error);
 * - rule 3: `graph-endcall-count`, `graph-cannot-reach-end` (Error, on each node reachable from
 *   the entry that has no path to EndCall);
 * - rule 4: `graph-no-incoming` (Error; TransferCall and PostCallActions exempt), and
 *   `graph-unreachable` (Warning) for nodes with incoming transitions the entry never reaches;
 * - rule 5: `graph-api-result-missing`, `graph-api-result-duplicate`, `graph-precall-target`,
 *   `graph-opening-not-targeted` (Error);
 * - § Transition: `api-result-misplaced`, `transition-name-duplicate`, `unknown-target` (Error;
 *   Warning when some node has no nodeId, as its derived id might match), `target-outside-graph`
 *   (Error: a PostCallActions container or a nested action, which are not part of the graph);
 * - § Node: `node-id-duplicate` (Error), `node-id-missing` (Warning), `voice-only-node` (Error).
 *
 * For the quick fixes, `unknown-target` carries the transition's TransitionFixData, and
 * `graph-cannot-reach-end` and `voice-only-node` the node's NodeFixData (diagnosticData.ts).
 *
 * A toNodeId that names no nodeId while some node has none may target any node without nodeId
 * (its id is derived from its name): the path rules treat it as leading to each of them, so that no
 * Error follows from that uncertainty.
 *
 * Reads the parsed values and the model's graph facts (targets, incoming transitions, entry) and
 * finds where a value is written only for a diagnostic it reports: a Pearl without problems is
 * checked without a syntax tree. Linear in nodes plus transitions: one pass over the nodes, one
 * breadth-first search forward from the entry and one backward from EndCall.
 */
export function checkGraph(doc: PearlDocument, diagnostics: Diagnostic[]): void {
  if (doc.kind !== 'text' || !doc.pearlValue) return;
  new GraphValidation(doc, diagnostics).run();
}

/** A node's transitions up to this many are checked for a repeated name in place, without a set. */
const namesComparedInPlace = 8;

/** Where a diagnostic about a whole node goes: the first of these the node sets, else its `{`. */
const nodeKeys: readonly string[] = ['nodeId', 'name', 'nodeType'];
/** Where a diagnostic about a node's type goes. */
const typeKeys: readonly string[] = ['nodeType', 'nodeId', 'name'];
/** Where a diagnostic about a transition as a whole goes. */
const transitionKeys: readonly string[] = ['name', 'toNodeId'];
/** Where a diagnostic about a transition's apiResult goes. */
const apiResultKeys: readonly string[] = ['apiResult', ...transitionKeys];
/** Where a diagnostic about a transition's target goes. */
const targetKeys: readonly string[] = ['toNodeId', 'name'];

/** Flags of a top-level node in {@link GraphValidation.checkPaths}, by its index in `pearl.nodes`. */
const reachedFromEntry = 1;
const reachesEndCall = 2;

const noTransitions: readonly PearlTransition[] = [];

class GraphValidation {
  private readonly nodes: readonly PearlNode[];
  /** Top-level nodes without a nodeId: an unresolved toNodeId may target any of them (its server-derived id). */
  private readonly withoutNodeId: readonly PearlNode[];
  /** Nodes with a transition whose toNodeId names no node, while some node has no nodeId. */
  private readonly unresolvedSources = new Set<PearlNode>();
  /** The first nested action of each nodeId; undefined when no node has nested actions. */
  private readonly nestedById: ReadonlyMap<string, PearlNode> | undefined;

  /** Incoming transitions per node (the model's, resolved once per parse). */
  private readonly incoming: PearlDocument['incoming'];

  constructor(
    private readonly doc: PearlDocument,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.nodes = doc.nodes;
    this.incoming = doc.incoming;
    this.withoutNodeId = this.nodes.filter((node) => node.nodeId === undefined);
    this.nestedById = doc.allNodes.length > this.nodes.length ? firstNestedById(doc.allNodes) : undefined;
  }

  run(): void {
    this.checkNodeIds();
    this.checkTransitions();
    this.checkCounts();
    const entry = this.doc.entry;
    const endCall = this.nodes.find((node) => node.nodeType === NodeType.EndCall);
    this.checkIncoming(entry);
    if (entry) this.checkPaths(entry, endCall);
  }

  private report(span: TextSpan, rule: DiagnosticRule, message: string, options?: DiagnosticOptions): void {
    this.diagnostics.push(createDiagnostic(this.doc, span, rule, message, options));
  }

  /** Where a diagnostic about a whole node goes: its nodeId, else its name, else its nodeType, else `{`. */
  private nodeSpan(node: PearlNode): TextSpan {
    return firstSetSpan(this.doc, node.value, node.path, nodeKeys);
  }

  /** Where a diagnostic about a node's type goes: its nodeType value, else {@link nodeSpan}. */
  private typeSpan(node: PearlNode): TextSpan {
    return firstSetSpan(this.doc, node.value, node.path, typeKeys);
  }

  /** `Dialogue node 'talk'`: by nodeId, else by name, else by the line it starts on. */
  private describe(node: PearlNode): string {
    const label = node.nodeId !== undefined ? `'${node.nodeId}'` : node.name !== undefined ? `'${node.name}'` : this.lineOf(node);
    const type = this.typeOf(node);
    return `${type === 'node' ? 'Node' : type} ${label}`;
  }

  /** `Dialogue node`, `node` when the type is unknown. */
  private typeOf(node: PearlNode): string {
    const type = node.nodeType !== undefined ? nodeTypeNames[node.nodeType] : undefined;
    return type ? `${type} node` : 'node';
  }

  private lineOf(node: PearlNode): string {
    return `on line ${lineAt(this.doc, node.path)}`;
  }

  /**
   * The first node whose nodeId is `id`, in document order (each top-level node followed by its
   * nested actions), nested actions included.
   */
  private firstWithId(id: string): PearlNode | undefined {
    const topLevel = this.doc.nodesById.get(id);
    const nested = this.nestedById?.get(id);
    if (!topLevel || !nested) return topLevel ?? nested;
    // A top-level node comes before its own nested actions.
    return topLevelOf(nested).index < topLevel.index ? nested : topLevel;
  }

  /** Unique nodeIds, among top-level and nested nodes (§ Node: unique within the flow). */
  private checkNodeIds(): void {
    for (const node of this.doc.allNodes) {
      if (node.nodeId === undefined) continue;
      const first = this.firstWithId(node.nodeId);
      if (!first || first === node) continue;
      const named = first.name !== undefined ? ` '${first.name}'` : '';
      const where = first.container ? ` in the ${first.container.list} of ${this.describe(first.container.node)}` : '';
      this.report(
        valueSpan(this.doc, [...node.path, 'nodeId']),
        graphCodes.nodeIdDuplicate,
        `nodeId '${node.nodeId}' is already used by the ${this.typeOf(first)}${named} ${this.lineOf(first)}${where}; nodeIds must be unique within the flow.`,
      );
    }
    for (const node of this.nodes) {
      if (node.nodeType !== undefined && isVoiceOnlyNodeType(node.nodeType)) {
        this.report(
          this.typeSpan(node),
          graphCodes.voiceOnlyNode,
          `nodeType ${node.nodeType} (${nodeTypeNames[node.nodeType]}) is for voice Pearls only; a text Pearl cannot use it.`,
          { data: nodeFixData(node) },
        );
      }
    }
  }

  /** Targets, apiResult placement and uniqueness, transition name uniqueness (§ Transition). */
  private checkTransitions(): void {
    for (const node of this.nodes) {
      const transitions = node.transitions;
      // Most nodes have a few transitions: their names are compared in place, without a set.
      const names = transitions.length > namesComparedInPlace ? new Set<string>() : undefined;
      const apiResults = node.nodeType === NodeType.PreCallAPI ? new Map<number, number>() : undefined;
      for (let i = 0; i < transitions.length; i++) {
        const transition = transitions[i];
        if (isRepeatedName(transitions, i, names)) {
          this.report(
            valueSpan(this.doc, [...transition.path, 'name']),
            graphCodes.transitionNameDuplicate,
            `Transition name '${transition.name}' is used twice in ${this.describe(node)}; names must be unique within a node.`,
          );
        }
        const { target, toNodeId } = transition;
        // Top-level source and target: only the type-dependent problems can be set.
        const problems = target ? getTransitionProblems(node.nodeType, false, target.nodeType, false, true) : 0;
        if ((!target || problems & TransitionProblem.targetOutsideGraph) && toNodeId !== undefined) {
          const outside = this.firstWithId(toNodeId);
          if (outside) {
            this.reportTargetOutsideGraph(transition, toNodeId, outside);
          } else {
            this.reportUnknownTarget(transition, toNodeId);
            if (this.withoutNodeId.length > 0) this.unresolvedSources.add(node);
          }
        }
        if (apiResults) {
          this.checkPreCallTransition(transition, target, problems, apiResults);
        } else if (transition.value.apiResult !== undefined && transition.value.apiResult !== null) {
          this.report(
            valueSpan(this.doc, [...transition.path, 'apiResult']),
            graphCodes.apiResultMisplaced,
            `apiResult is allowed only on transitions of a PreCallAPI node; this transition leaves ${this.describe(node)}.`,
          );
        }
      }
    }
  }

  /** A transition into a PostCallActions container or a nested action (not part of the graph). */
  private reportTargetOutsideGraph(transition: PearlTransition, id: string, target: PearlNode): void {
    const message = target.container
      ? `toNodeId '${id}' names ${withArticle(this.typeOf(target).replace(' node', ' action'))} nested in the ${target.container.list} of ${this.describe(target.container.node)}; nested actions run on their own and cannot be the target of a transition.`
      : `toNodeId '${id}' names a PostCallActions container, which is not connected to the rest of the graph; a transition cannot lead to it.`;
    this.report(valueSpan(this.doc, [...transition.path, 'toNodeId']), graphCodes.targetOutsideGraph, message);
  }

  private reportUnknownTarget(transition: PearlTransition, id: string): void {
    const span = valueSpan(this.doc, [...transition.path, 'toNodeId']);
    const data = { path: transition.path, toNodeId: id } satisfies TransitionFixData;
    if (this.withoutNodeId.length > 0) {
      this.report(
        span,
        graphCodes.unknownTarget,
        `toNodeId '${id}' names no nodeId; it may match the id the service derives from a node's name, which cannot be checked.`,
        { severity: DiagnosticSeverity.Warning, data },
      );
    } else {
      this.report(span, graphCodes.unknownTarget, `toNodeId '${id}' names no node of this Pearl.`, { data });
    }
  }

  private checkPreCallTransition(
    transition: PearlTransition,
    target: PearlNode | undefined,
    problems: number,
    apiResults: Map<number, number>,
  ): void {
    if (transition.apiResult === undefined) {
      this.report(
        firstSetSpan(this.doc, transition.value, transition.path, apiResultKeys),
        graphCodes.graphApiResultMissing,
        'Every transition of a PreCallAPI node must set apiResult: 1 (Success) or 2 (Failure).',
      );
    } else {
      const seen = (apiResults.get(transition.apiResult) ?? 0) + 1;
      apiResults.set(transition.apiResult, seen);
      if (seen > 1) {
        this.report(
          firstSetSpan(this.doc, transition.value, transition.path, apiResultKeys),
          graphCodes.graphApiResultDuplicate,
          `A PreCallAPI node has one ${apiResultNames[transition.apiResult] ?? `apiResult ${transition.apiResult}`} transition at most; this is ${ordinal(seen)}.`,
        );
      }
    }
    if (target && problems & TransitionProblem.targetNotOpeningSentence) {
      this.report(
        firstSetSpan(this.doc, transition.value, transition.path, targetKeys),
        graphCodes.graphPreCallTarget,
        `A PreCallAPI transition must lead to an OpeningSentence node; '${target.nodeId}' is ${withArticle(this.typeOf(target))}.`,
      );
    }
  }

  /** Where a diagnostic about the graph as a whole goes: the `nodes` key, else the `pearl` key. */
  private nodesKeySpan(): TextSpan {
    return this.doc.locate(['pearl', 'nodes'])?.key ?? keySpan(this.doc, ['pearl']);
  }

  /** Rule 2 (OpeningSentence and PreCallAPI counts; the entry is the model's) and the EndCall count of rule 3. */
  private checkCounts(): void {
    const openings = this.nodes.filter((node) => node.nodeType === NodeType.OpeningSentence);
    const preCalls = this.nodes.filter((node) => node.nodeType === NodeType.PreCallAPI);
    const endCalls = this.nodes.filter((node) => node.nodeType === NodeType.EndCall);

    for (let i = 1; i < preCalls.length; i++) {
      this.report(
        this.typeSpan(preCalls[i]),
        graphCodes.graphPreCallCount,
        `A Pearl has at most one PreCallAPI node; this is ${ordinal(i + 1)}.`,
      );
    }
    if (preCalls.length === 0) {
      if (openings.length === 0) {
        this.report(
          this.nodesKeySpan(),
          graphCodes.graphEntryMissing,
          'The graph has no entry: add one OpeningSentence node (nodeType 2), or a PreCallAPI node (3) leading to one or two.',
        );
      }
      for (let i = 1; i < openings.length; i++) {
        this.report(
          this.typeSpan(openings[i]),
          graphCodes.graphOpeningCount,
          `Without a PreCallAPI node there is exactly one OpeningSentence node; this is number ${i + 1}.`,
        );
      }
    } else {
      if (openings.length === 0) {
        this.report(
          this.typeSpan(preCalls[0]),
          graphCodes.graphOpeningCount,
          'The PreCallAPI node must lead to one or two OpeningSentence nodes; there are none.',
        );
      }
      for (let i = 2; i < openings.length; i++) {
        this.report(
          this.typeSpan(openings[i]),
          graphCodes.graphOpeningCount,
          `A PreCallAPI node leads to one or two OpeningSentence nodes; this is number ${i + 1}.`,
        );
      }
    }
    if (endCalls.length === 0) {
      this.report(this.nodesKeySpan(), graphCodes.graphEndCallCount, 'The graph has no EndCall node (nodeType 100); it needs exactly one.');
    }
    for (let i = 1; i < endCalls.length; i++) {
      this.report(
        this.typeSpan(endCalls[i]),
        graphCodes.graphEndCallCount,
        `The graph has exactly one EndCall node; this is ${ordinal(i + 1)}.`,
      );
    }
  }

  /** Rule 4: incoming transitions; rule 5: every OpeningSentence is a target of the PreCallAPI node. */
  private checkIncoming(entry: PearlNode | undefined): void {
    const hasPreCall = entry?.nodeType === NodeType.PreCallAPI;
    for (const node of this.nodes) {
      if (node === entry || getNodeTypeFacts(node.nodeType)?.needsIncoming === false) continue;
      // A duplicate nodeId is reported as such; transitions resolve to its first holder.
      if (node.nodeId !== undefined && this.doc.nodesById.get(node.nodeId) !== node) continue;
      const incoming = this.incoming.get(node);
      if (node.nodeType === NodeType.OpeningSentence && hasPreCall) {
        if (!incoming?.some((transition) => transition.source.nodeType === NodeType.PreCallAPI)) {
          this.report(
            this.nodeSpan(node),
            graphCodes.graphOpeningNotTargeted,
            `${this.describe(node)} is not the target of a PreCallAPI transition; with a PreCallAPI node, each OpeningSentence is reached through its apiResult transitions.`,
          );
        }
        continue;
      }
      if (incoming) continue;
      if (node.nodeId === undefined) {
        this.report(
          this.nodeSpan(node),
          graphCodes.nodeIdMissing,
          `${this.describe(node)} has no nodeId: the service derives one from its name by a rule that is not published, so no transition can be checked against it. Give it a nodeId.`,
        );
      } else {
        this.report(
          this.nodeSpan(node),
          graphCodes.graphNoIncoming,
          `${this.describe(node)} has no incoming transition; every node but the start needs one.`,
        );
      }
    }
  }

  /**
   * Rule 3: every node reachable from the entry can reach EndCall; nodes the entry never reaches.
   * Two breadth-first searches over top-level nodes (transition targets, incoming sources and the
   * nodes without nodeId are all top-level), marked by index in one byte array.
   */
  private checkPaths(entry: PearlNode, endCall: PearlNode | undefined): void {
    const flags = new Uint8Array(this.nodes[this.nodes.length - 1].index + 1);
    const reached: PearlNode[] = [];
    enqueue(entry, reachedFromEntry, flags, reached);
    // An unresolved toNodeId may lead to any node without nodeId: all of them, once.
    let reachedWithoutNodeId = false;
    for (let i = 0; i < reached.length; i++) {
      const node = reached[i];
      for (const transition of node.transitions) enqueue(transition.target, reachedFromEntry, flags, reached);
      if (!reachedWithoutNodeId && this.unresolvedSources.has(node)) {
        reachedWithoutNodeId = true;
        for (const next of this.withoutNodeId) enqueue(next, reachedFromEntry, flags, reached);
      }
    }
    if (endCall) {
      const reachingEnd: PearlNode[] = [];
      enqueue(endCall, reachesEndCall, flags, reachingEnd);
      // A node without nodeId that reaches EndCall may be what each unresolved toNodeId names.
      let sourcesAdded = false;
      for (let i = 0; i < reachingEnd.length; i++) {
        const node = reachingEnd[i];
        for (const transition of this.incoming.get(node) ?? noTransitions) enqueue(transition.source, reachesEndCall, flags, reachingEnd);
        if (!sourcesAdded && node.nodeId === undefined && !node.container) {
          sourcesAdded = true;
          for (const source of this.unresolvedSources) enqueue(source, reachesEndCall, flags, reachingEnd);
        }
      }
      for (const node of reached) {
        if (!(flags[node.index] & reachesEndCall) && node.nodeType !== NodeType.PostCallActions && node.nodeType !== NodeType.EndCall) {
          this.report(
            this.nodeSpan(node),
            graphCodes.graphCannotReachEnd,
            `${this.describe(node)} cannot reach the EndCall node: every path must be able to end the conversation.`,
            { data: nodeFixData(node) },
          );
        }
      }
    }
    for (const node of this.nodes) {
      if (flags[node.index] & reachedFromEntry || !this.incoming.has(node) || node.nodeType === NodeType.PostCallActions) continue;
      if (node.nodeType === NodeType.OpeningSentence && entry.nodeType === NodeType.PreCallAPI) continue;
      this.report(
        this.nodeSpan(node),
        graphCodes.graphUnreachable,
        `${this.describe(node)} has incoming transitions, but none of them can be reached from the start.`,
      );
    }
  }
}

/**
 * The span of the value of the first of `keys` that `object` (the object at `path`, as sent) sets,
 * else of its opening `{`.
 */
function firstSetSpan(doc: PearlDocument, object: JsonObject, path: JsonPath, keys: readonly string[]): TextSpan {
  for (const key of keys) if (object[key] !== undefined) return valueSpan(doc, [...path, key]);
  return openingSpan(doc, path);
}

/**
 * Whether the name of `transitions[i]` is the name of an earlier transition of the list. `names`,
 * for a long list, holds the earlier names (this adds the name); without it they are compared in place.
 */
function isRepeatedName(transitions: readonly PearlTransition[], i: number, names: Set<string> | undefined): boolean {
  const name = transitions[i].name;
  if (name === undefined) return false;
  if (names) {
    if (names.has(name)) return true;
    names.add(name);
    return false;
  }
  for (let j = 0; j < i; j++) if (transitions[j].name === name) return true;
  return false;
}

/** The first nested action of each nodeId among `allNodes` (in document order). */
function firstNestedById(allNodes: readonly PearlNode[]): Map<string, PearlNode> {
  const byId = new Map<string, PearlNode>();
  for (const node of allNodes) {
    if (node.container && node.nodeId !== undefined && !byId.has(node.nodeId)) byId.set(node.nodeId, node);
  }
  return byId;
}

/** The top-level node that holds `node` (through its containers), or `node` itself. */
function topLevelOf(node: PearlNode): PearlNode {
  let top = node;
  while (top.container) top = top.container.node;
  return top;
}

/** Appends `node` to `order` and sets `flag` for it in `flags` (by its index), unless the flag is set already. */
function enqueue(node: PearlNode | undefined, flag: number, flags: Uint8Array, order: PearlNode[]): void {
  if (!node || flags[node.index] & flag) return;
  flags[node.index] |= flag;
  order.push(node);
}

/** How a message counts the `position`-th (from 1) of something there should be one of: `the second`, then `number 3`. */
function ordinal(position: number): string {
  return position === 2 ? 'the second' : `number ${position}`;
}
