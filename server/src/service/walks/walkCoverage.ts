/**
 * What the saved walks say about a Pearl's transitions (docs/user/walks.md § Coverage): which edges of
 * the graph at least one walk takes (`pearl/walkCoverage`, the graph's covered transitions) and
 * which none takes (`pearl-lint --coverage`).
 */
import type { Range } from 'vscode-languageserver-types';
import type { WalkCoverage } from '#protocol/pearlRequests';
import type { SavedWalkSummary, WalkTrace } from '#protocol/walkTypes';
import { getNodeKey, getTransitionKey } from '../document/graphKeys';
import { NodeType, type PearlDocument, type PearlTransition } from '../document/pearlDocument';
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
      for (const key of takenTransitions(trace)) taken.add(key);
      const passed = !checkWalk(file, walk, trace).some((diagnostic) => diagnostic.severity === 1);
      walks.push({
        uri: file.textDocument.uri,
        name: walk.name ?? `Walk ${walk.index + 1}`,
        range: spanToRange(file, valueSpan(file, [...walk.path, 'name'])),
        passed,
      });
    }
  }
  // The taken keys in the graph's order, without locating any transition in the text.
  const covered: string[] = [];
  listTransitions(pearl, (key) => {
    if (taken.has(key)) covered.push(key);
    return false;
  });
  return { covered, walks };
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

/**
 * Every transition of the graph (top-level nodes, target resolved to a node of the graph), in
 * document order; with `wanted`, only those whose edge key it accepts. Only the transitions listed
 * are located in the text, all in one read (`PearlDocument.locateEach`): a report of most of a
 * thousand transitions reads the text once, a report of none not at all.
 */
export function listTransitions(pearl: PearlDocument, wanted?: (key: string) => boolean): CoverageTransition[] {
  if (pearl.kind !== 'text') return [];
  const listed: { key: string; transition: PearlTransition; from: string; to: string }[] = [];
  for (const node of pearl.nodes) {
    node.transitions.forEach((transition, index) => {
      const target = transition.target;
      if (!target || target.nodeType === NodeType.PostCallActions) return;
      const key = getTransitionKey(getNodeKey(node), index);
      if (wanted && !wanted(key)) return;
      listed.push({
        key,
        transition,
        from: node.nodeId ?? node.name ?? getNodeKey(node),
        to: target.nodeId ?? target.name ?? getNodeKey(target),
      });
    });
  }
  if (listed.length === 0) return [];
  const paths = listed.map(({ transition }) => transition.path);
  const spans = pearl.locateEach(paths);
  return listed.map(({ key, transition, from, to }, i) => ({
    key,
    name: transition.name,
    from,
    to,
    // Every transition of the model is in the text; the fallback is valueSpan's nearest value written.
    range: spanToRange(pearl, spans[i] ?? valueSpan(pearl, paths[i])),
  }));
}

/** What `pearl-lint --coverage` reports of one Pearl: {@link getTransitionCoverage}. */
export interface TransitionCoverage {
  /** The transitions of the graph ({@link listTransitions}). */
  readonly transitions: number;
  /** The walks counted: those of the walks files given plus `known.walks`. */
  readonly walks: number;
  /** The transitions no walk takes, in document order. */
  readonly uncovered: CoverageTransition[];
}

/**
 * The transitions of `pearl` that no walk takes (docs/user/walks.md § Coverage): the walks of
 * `walksFiles` (parses of walks files; those naming another Pearl are skipped) are walked, and
 * `known` adds walks already walked elsewhere (pearl-lint's check of a walks file: the edge keys
 * their traces took, {@link takenTransitions}, and how many they were). Unlike
 * {@link getWalkCoverage} no walk is judged and only the transitions reported are located in the
 * text. Linear in the steps walked.
 */
export function getTransitionCoverage(
  pearl: PearlDocument,
  walksFiles: readonly PearlDocument[],
  known: { readonly taken: Iterable<string>; readonly walks: number } = { taken: [], walks: 0 },
): TransitionCoverage {
  const taken = new Set(known.taken);
  let walks = known.walks;
  for (const file of walksFiles) {
    const model = readWalksFile(file);
    if (model.pearlUri !== pearl.textDocument.uri) continue;
    for (const walk of model.walks) {
      for (const key of takenTransitions(walkPearl(pearl, walk.input))) taken.add(key);
      walks++;
    }
  }
  let transitions = 0;
  const uncovered = listTransitions(pearl, (key) => {
    transitions++;
    return !taken.has(key);
  });
  return { transitions, walks, uncovered };
}

/** The edge keys of the transitions a walk's trace takes, in its order (repeats included). */
export function takenTransitions(trace: WalkTrace): string[] {
  const keys: string[] = [];
  for (const frame of trace.frames) if (frame.reachedVia !== undefined) keys.push(frame.reachedVia);
  return keys;
}
