import { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticCode } from './diagnosticCodes';
import { createDiagnostic, DiagnosticOptions, DiagnosticSeverity, keySpanOf, TextSpan } from './diagnostics';
import { getPropertyKeyNode, JsonNode } from './jsonTree';
import { NodeType, PearlDocument, PearlNode, PearlTransition } from './pearlDocument';
import { apiResultNames, nodeTypeNames } from './enumNames';
import { withArticle } from './messageText';

/** Node types for voice Pearls only, which a text Pearl cannot use (§ Node types). */
export const voiceOnlyNodeTypes: ReadonlySet<number> = new Set([NodeType.TransferCall, NodeType.StartCallRecording]);

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
 * A toNodeId that names no nodeId while some node has none may target any node without nodeId
 * (its id is derived from its name): the path rules treat it as leading to each of them, so that no
 * Error follows from that uncertainty.
 *
 * Linear in nodes plus transitions: one pass to index, one breadth-first search forward from the
 * entry and one backward from EndCall.
 */
export function validateGraph(doc: PearlDocument): Diagnostic[] {
  if (doc.kind !== 'text' || !doc.pearl) return [];
  return new GraphValidation(doc, doc.pearl).run();
}

class GraphValidation {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly nodes: readonly PearlNode[];
  /** Top-level nodes without a nodeId: an unresolved toNodeId may target any of them (its server-derived id). */
  private readonly withoutNodeId: readonly PearlNode[];
  /** Nodes with a transition whose toNodeId names no node, while some node has no nodeId. */
  private readonly unresolvedSources = new Set<PearlNode>();
  /** Every node by nodeId, nested actions included (first holder). */
  private readonly allById = new Map<string, PearlNode>();

  /** Incoming transitions per node (the model's, resolved once per parse). */
  private readonly incoming: PearlDocument['incoming'];

  constructor(
    private readonly doc: PearlDocument,
    /** The `pearl` object node. */
    private readonly pearl: JsonNode,
  ) {
    this.nodes = doc.nodes;
    this.incoming = doc.incoming;
    this.withoutNodeId = this.nodes.filter((node) => node.nodeId === undefined);
  }

  run(): Diagnostic[] {
    this.checkNodeIds();
    this.checkTransitions();
    this.checkCounts();
    const entry = this.doc.entry;
    const endCall = this.nodes.find((node) => node.nodeType === NodeType.EndCall);
    this.checkIncoming(entry);
    if (entry) this.checkPaths(entry, endCall);
    return this.diagnostics;
  }

  private report(span: TextSpan, code: DiagnosticCode, message: string, options?: DiagnosticOptions): void {
    this.diagnostics.push(createDiagnostic(this.doc, span, code, message, options));
  }

  /** Where a diagnostic about a whole node goes: its nodeId, else its name, else its nodeType, else `{`. */
  private nodeSpan(node: PearlNode): TextSpan {
    return node.nodeIdNode ?? node.nameNode ?? node.nodeTypeNode ?? { offset: node.node.offset, length: 1 };
  }

  /** Where a diagnostic about a node's type goes: its nodeType value, else {@link nodeSpan}. */
  private typeSpan(node: PearlNode): TextSpan {
    return node.nodeTypeNode ?? this.nodeSpan(node);
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
    return `on line ${this.doc.textDocument.positionAt(node.node.offset).line + 1}`;
  }

  /** Unique nodeIds, among top-level and nested nodes (§ Node: unique within the flow). */
  private checkNodeIds(): void {
    const seen = new Map<string, PearlNode>();
    for (const node of this.doc.allNodes) {
      if (node.nodeId === undefined || !node.nodeIdNode) continue;
      const first = seen.get(node.nodeId);
      if (first) {
        const named = first.name !== undefined ? ` '${first.name}'` : '';
        const where = first.container ? ` in the ${first.container.list} of ${this.describe(first.container.node)}` : '';
        this.report(
          node.nodeIdNode,
          DiagnosticCode.nodeIdDuplicate,
          `nodeId '${node.nodeId}' is already used by the ${this.typeOf(first)}${named} ${this.lineOf(first)}${where}; nodeIds must be unique within the flow.`,
        );
      } else {
        seen.set(node.nodeId, node);
        this.allById.set(node.nodeId, node);
      }
    }
    for (const node of this.nodes) {
      if (node.nodeType !== undefined && voiceOnlyNodeTypes.has(node.nodeType)) {
        this.report(
          this.typeSpan(node),
          DiagnosticCode.voiceOnlyNode,
          `nodeType ${node.nodeType} (${nodeTypeNames[node.nodeType]}) is for voice Pearls only; a text Pearl cannot use it.`,
        );
      }
    }
  }

  /** Targets, apiResult placement and uniqueness, transition name uniqueness (§ Transition). */
  private checkTransitions(): void {
    for (const node of this.nodes) {
      // Most nodes have one transition or none: no set for them.
      const names = node.transitions.length > 1 ? new Set<string>() : undefined;
      const isPreCall = node.nodeType === NodeType.PreCallAPI;
      const apiResults = isPreCall ? new Set<number>() : undefined;
      for (const transition of node.transitions) {
        if (names && transition.name !== undefined && transition.nameNode) {
          if (names.has(transition.name)) {
            this.report(
              transition.nameNode,
              DiagnosticCode.transitionNameDuplicate,
              `Transition name '${transition.name}' is used twice in ${this.describe(node)}; names must be unique within a node.`,
            );
          }
          names.add(transition.name);
        }
        const target = transition.target;
        const { toNodeId, toNodeIdNode } = transition;
        if ((!target || target.nodeType === NodeType.PostCallActions) && toNodeId !== undefined && toNodeIdNode) {
          const outside = this.allById.get(toNodeId);
          if (outside) {
            this.reportTargetOutsideGraph(toNodeId, toNodeIdNode, outside);
          } else {
            this.reportUnknownTarget(toNodeId, toNodeIdNode);
            if (this.withoutNodeId.length > 0) this.unresolvedSources.add(node);
          }
        }
        if (apiResults) {
          this.checkPreCallTransition(transition, target, apiResults);
        } else if (transition.apiResultNode && transition.apiResultNode.type !== 'null') {
          this.report(
            transition.apiResultNode,
            DiagnosticCode.apiResultMisplaced,
            `apiResult is allowed only on transitions of a PreCallAPI node; this transition leaves ${this.describe(node)}.`,
          );
        }
      }
    }
  }

  /** A transition into a PostCallActions container or a nested action (not part of the graph). */
  private reportTargetOutsideGraph(id: string, toNodeIdNode: JsonNode, target: PearlNode): void {
    const message = target.container
      ? `toNodeId '${id}' names ${withArticle(this.typeOf(target).replace(' node', ' action'))} nested in the ${target.container.list} of ${this.describe(target.container.node)}; nested actions run on their own and cannot be the target of a transition.`
      : `toNodeId '${id}' names a PostCallActions container, which is not connected to the rest of the graph; a transition cannot lead to it.`;
    this.report(toNodeIdNode, DiagnosticCode.targetOutsideGraph, message);
  }

  private reportUnknownTarget(id: string, toNodeIdNode: JsonNode): void {
    if (this.withoutNodeId.length > 0) {
      this.report(
        toNodeIdNode,
        DiagnosticCode.unknownTarget,
        `toNodeId '${id}' names no nodeId; it may match the id the service derives from a node's name, which cannot be checked.`,
        { severity: DiagnosticSeverity.Warning },
      );
    } else {
      this.report(toNodeIdNode, DiagnosticCode.unknownTarget, `toNodeId '${id}' names no node of this Pearl.`);
    }
  }

  private checkPreCallTransition(transition: PearlTransition, target: PearlNode | undefined, apiResults: Set<number>): void {
    const where = transition.nameNode ?? transition.toNodeIdNode ?? { offset: transition.node.offset, length: 1 };
    if (transition.apiResult === undefined) {
      this.report(
        transition.apiResultNode ?? where,
        DiagnosticCode.graphApiResultMissing,
        'Every transition of a PreCallAPI node must set apiResult: 1 (Success) or 2 (Failure).',
      );
    } else if (apiResults.has(transition.apiResult)) {
      this.report(
        transition.apiResultNode ?? where,
        DiagnosticCode.graphApiResultDuplicate,
        `A PreCallAPI node has one ${apiResultNames[transition.apiResult] ?? `apiResult ${transition.apiResult}`} transition at most; this is the second.`,
      );
    } else {
      apiResults.add(transition.apiResult);
    }
    if (target && target.nodeType !== NodeType.OpeningSentence) {
      this.report(
        transition.toNodeIdNode ?? where,
        DiagnosticCode.graphPreCallTarget,
        `A PreCallAPI transition must lead to an OpeningSentence node; '${target.nodeId}' is ${withArticle(this.typeOf(target))}.`,
      );
    }
  }

  /** Rule 2 (OpeningSentence and PreCallAPI counts; the entry is the model's) and the EndCall count of rule 3. */
  private checkCounts(): void {
    const openings = this.nodes.filter((node) => node.nodeType === NodeType.OpeningSentence);
    const preCalls = this.nodes.filter((node) => node.nodeType === NodeType.PreCallAPI);
    const endCalls = this.nodes.filter((node) => node.nodeType === NodeType.EndCall);
    const nodesKey = getPropertyKeyNode(this.pearl, 'nodes') ?? keySpanOf(this.pearl);

    for (const extra of preCalls.slice(1)) {
      this.report(this.typeSpan(extra), DiagnosticCode.graphPreCallCount, 'A Pearl has at most one PreCallAPI node; this is the second.');
    }
    if (preCalls.length === 0) {
      if (openings.length === 0) {
        this.report(
          nodesKey,
          DiagnosticCode.graphEntryMissing,
          'The graph has no entry: add one OpeningSentence node (nodeType 2), or a PreCallAPI node (3) leading to one or two.',
        );
      }
      for (const extra of openings.slice(1)) {
        this.report(
          this.typeSpan(extra),
          DiagnosticCode.graphOpeningCount,
          `Without a PreCallAPI node there is exactly one OpeningSentence node; this is number ${openings.indexOf(extra) + 1}.`,
        );
      }
    } else {
      if (openings.length === 0) {
        this.report(
          this.typeSpan(preCalls[0]),
          DiagnosticCode.graphOpeningCount,
          'The PreCallAPI node must lead to one or two OpeningSentence nodes; there are none.',
        );
      }
      for (const extra of openings.slice(2)) {
        this.report(
          this.typeSpan(extra),
          DiagnosticCode.graphOpeningCount,
          `A PreCallAPI node leads to one or two OpeningSentence nodes; this is number ${openings.indexOf(extra) + 1}.`,
        );
      }
    }
    if (endCalls.length === 0) {
      this.report(nodesKey, DiagnosticCode.graphEndCallCount, 'The graph has no EndCall node (nodeType 100); it needs exactly one.');
    }
    for (const extra of endCalls.slice(1)) {
      this.report(this.typeSpan(extra), DiagnosticCode.graphEndCallCount, 'The graph has exactly one EndCall node; this is the second.');
    }
  }

  /** Rule 4: incoming transitions; rule 5: every OpeningSentence is a target of the PreCallAPI node. */
  private checkIncoming(entry: PearlNode | undefined): void {
    const hasPreCall = entry?.nodeType === NodeType.PreCallAPI;
    for (const node of this.nodes) {
      if (node === entry || node.nodeType === NodeType.PostCallActions || node.nodeType === NodeType.TransferCall) continue;
      // A duplicate nodeId is reported as such; transitions resolve to its first holder.
      if (node.nodeId !== undefined && this.doc.nodesById.get(node.nodeId) !== node) continue;
      const incoming = this.incoming.get(node);
      if (node.nodeType === NodeType.OpeningSentence && hasPreCall) {
        if (!incoming?.some((transition) => transition.source.nodeType === NodeType.PreCallAPI)) {
          this.report(
            this.nodeSpan(node),
            DiagnosticCode.graphOpeningNotTargeted,
            `${this.describe(node)} is not the target of a PreCallAPI transition; with a PreCallAPI node, each OpeningSentence is reached through its apiResult transitions.`,
          );
        }
        continue;
      }
      if (incoming) continue;
      if (node.nodeId === undefined) {
        this.report(
          this.nodeSpan(node),
          DiagnosticCode.nodeIdMissing,
          `${this.describe(node)} has no nodeId: the service derives one from its name by a rule that is not published, so no transition can be checked against it. Give it a nodeId.`,
        );
      } else {
        this.report(
          this.nodeSpan(node),
          DiagnosticCode.graphNoIncoming,
          `${this.describe(node)} has no incoming transition; every node but the start needs one.`,
        );
      }
    }
  }

  /** Rule 3: every node reachable from the entry can reach EndCall; nodes the entry never reaches. */
  private checkPaths(entry: PearlNode, endCall: PearlNode | undefined): void {
    // An unresolved toNodeId may lead to any node without nodeId: all of them, once.
    let reachedWithoutNodeId = false;
    const queue = breadthFirst(entry, (node) => {
      const next: PearlNode[] = [];
      for (const transition of node.transitions) if (transition.target) next.push(transition.target);
      if (!reachedWithoutNodeId && this.unresolvedSources.has(node)) {
        reachedWithoutNodeId = true;
        next.push(...this.withoutNodeId);
      }
      return next;
    });
    const reachable = new Set(queue);
    if (endCall) {
      // A node without nodeId that reaches EndCall may be what each unresolved toNodeId names.
      let sourcesAdded = false;
      const reachesEnd = new Set(
        breadthFirst(endCall, (node) => {
          const previous = (this.incoming.get(node) ?? []).map((transition) => transition.source);
          if (!sourcesAdded && node.nodeId === undefined && !node.container) {
            sourcesAdded = true;
            previous.push(...this.unresolvedSources);
          }
          return previous;
        }),
      );
      for (const node of queue) {
        if (!reachesEnd.has(node) && node.nodeType !== NodeType.PostCallActions && node.nodeType !== NodeType.EndCall) {
          this.report(
            this.nodeSpan(node),
            DiagnosticCode.graphCannotReachEnd,
            `${this.describe(node)} cannot reach the EndCall node: every path must be able to end the conversation.`,
          );
        }
      }
    }
    for (const node of this.nodes) {
      if (reachable.has(node) || !this.incoming.has(node) || node.nodeType === NodeType.PostCallActions) continue;
      if (node.nodeType === NodeType.OpeningSentence && entry.nodeType === NodeType.PreCallAPI) continue;
      this.report(
        this.nodeSpan(node),
        DiagnosticCode.graphUnreachable,
        `${this.describe(node)} has incoming transitions, but none of them can be reached from the start.`,
      );
    }
  }
}

/** Every node reachable from `start` through `neighbours`, each once, in breadth-first order (`start` first). */
function breadthFirst(start: PearlNode, neighbours: (node: PearlNode) => readonly PearlNode[]): PearlNode[] {
  const seen = new Set<PearlNode>([start]);
  const order: PearlNode[] = [start];
  for (let i = 0; i < order.length; i++) {
    for (const next of neighbours(order[i])) {
      if (!seen.has(next)) {
        seen.add(next);
        order.push(next);
      }
    }
  }
  return order;
}
