/**
 * What the saved walks say about a Pearl's transitions (docs/user/walks.md § Coverage): which edges of
 * the graph at least one walk takes (`pearl/walkCoverage`, the graph's covered transitions) and
 * which none takes (`pearl-lint --coverage`).
 */
import type { Range } from 'vscode-languageserver-types';
import type { WalkCoverage } from '#protocol/pearlRequests';
import type { SavedWalkSummary } from '#protocol/walkTypes';
import { getNodeKey, getTransitionKey } from '../document/graphKeys';
import { NodeType, type PearlDocument } from '../document/pearlDocument';
import { spanToRange, valueSpan } from '../document/pathSpans';
import { walkPearl } from './walkEngine';
import { checkWalk, readWalksFile } from './walksFile';

/**
 * The coverage of `pearl` by the walks of `walksFiles` (parses of walks files; those whose `pearl`
 * does not resolve to `pearl`'s URI are skipped): the edge keys some walk takes, in the graph's
 * order, and a summary of each walk (passed: no Error diagnostic). Linear in the steps walked.
 */
export function getWalkCoverage(pearl: PearlDocument, walksFiles: readonly PearlDocument[]): WalkCoverage {
  const taken = new Set<string>();
  const walks: SavedWalkSummary[] = [];
  for (const file of walksFiles) {
    const model = readWalksFile(file);
    if (model.pearlUri !== pearl.textDocument.uri) continue;
    for (const walk of model.walks) {
      const trace = walkPearl(pearl, walk.input);
      for (const frame of trace.frames) if (frame.reachedVia !== undefined) taken.add(frame.reachedVia);
      const passed = !checkWalk(file, walk, trace).some((diagnostic) => diagnostic.severity === 1);
      walks.push({
        uri: file.textDocument.uri,
        name: walk.name ?? `Walk ${walk.index + 1}`,
        range: spanToRange(file, valueSpan(file, [...walk.path, 'name'])),
        passed,
      });
    }
  }
  return { covered: listTransitions(pearl).flatMap((edge) => (taken.has(edge.key) ? [edge.key] : [])), walks };
}

/** A transition of the graph, as coverage reports it. */
export interface CoverageTransition {
  /** Its edge key (`PearlGraphEdge.key`). */
  readonly key: string;
  /** Its name as written. */
  readonly name: string | undefined;
  /** The nodeId (else name) of the node it leaves and of the node it leads to. */
  readonly from: string;
  readonly to: string;
  /** Where the transition object is written in the Pearl. */
  readonly range: Range;
}

/** Every transition of the graph (top-level nodes, target resolved to a node of the graph), in document order. */
export function listTransitions(pearl: PearlDocument): CoverageTransition[] {
  const list: CoverageTransition[] = [];
  if (pearl.kind !== 'text') return list;
  for (const node of pearl.nodes) {
    node.transitions.forEach((transition, index) => {
      const target = transition.target;
      if (!target || target.nodeType === NodeType.PostCallActions) return;
      list.push({
        key: getTransitionKey(getNodeKey(node), index),
        name: transition.name,
        from: node.nodeId ?? node.name ?? getNodeKey(node),
        to: target.nodeId ?? target.name ?? getNodeKey(target),
        range: spanToRange(pearl, valueSpan(pearl, transition.path)),
      });
    });
  }
  return list;
}
