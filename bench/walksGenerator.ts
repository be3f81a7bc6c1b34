// Walks files (docs/user/walks.md § Walks files) through the Pearls of bench/pearlGenerator.ts, for
// `npm run bench:compare` and `npm run bench:cli` (pearl-lint --coverage replaying them).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { edit, generateShapedPearl, middle } from './pearlGenerator';

/** The parts of a generated Pearl a walk reads. */
interface WalkedPearl {
  variables?: { id: string; group: number }[];
  pearl: { nodes: { nodeId: string; nodeType: number; transitions?: { name: string; toNodeId: string }[] }[] };
}

/**
 * A walks file of `count` walks through `pearlText` (a generated text Pearl without API nodes),
 * which it names as `pearlFile`. Each walk starts at the OpeningSentence with every PreCall
 * variable given and every InCall variable set, then takes transitions chosen by a seeded random
 * draw (so every walk differs, and long back edges and hub targets are taken as often as the
 * shape has them), checking the node it reached every fifth step, until EndCall (the walk then
 * says `"end": true`) or `maxSteps` transitions. Deterministic for the same arguments.
 * @throws Error when the Pearl has no OpeningSentence.
 */
export function generateWalksFile(pearlText: string, pearlFile: string, count: number, maxSteps = 60, seed = 1): string {
  const pearl = JSON.parse(pearlText) as WalkedPearl;
  const byId = new Map(pearl.pearl.nodes.map((node) => [node.nodeId, node] as const));
  const opening = pearl.pearl.nodes.find((node) => node.nodeType === 2);
  if (!opening) throw new Error('generateWalksFile: the Pearl has no OpeningSentence');
  const values = (group: number): Record<string, string> =>
    Object.fromEntries((pearl.variables ?? []).filter((v) => v.group === group).map((v) => [v.id, `value of ${v.id}`]));
  let state = seed >>> 0 || 1;
  // xorshift32: small, seeded, the same sequence everywhere.
  const random = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  const walks = Array.from({ length: count }, (_, index) => {
    const steps: object[] = [{ set: values(2) }];
    let node = opening;
    let ended = false;
    for (let taken = 0; taken < maxSteps; taken++) {
      const transitions = node.transitions ?? [];
      if (transitions.length === 0) {
        ended = node.nodeType === 100;
        break;
      }
      const transition = transitions[Math.floor(random() * transitions.length)];
      steps.push({ take: transition.name });
      const next = byId.get(transition.toNodeId);
      if (!next) break;
      node = next;
      if (taken % 5 === 4) steps.push({ expect: { node: node.nodeId } });
    }
    if (!ended && node.nodeType === 100) ended = true;
    return { name: `Walk ${index + 1} through the flow`, variables: values(1), steps, ...(ended ? { end: true } : {}) };
  });
  return `${JSON.stringify({ pearl: pearlFile, walks }, null, 2)}\n`;
}

/** The walks benches' input: bench:compare's full form and bench:cli. */
export const walksInputSize = { nodes: 500, count: 100 } as const;

/**
 * Writes the walks benches' input into `folder` (created if missing): `flow.pearl.json`, a
 * `backEdges` Pearl of `nodes` nodes (long back edges to a hub; one transition more hands off to a
 * person, so that pearl-lint finds no error), and `flow.walks.json`, `count` walks through it
 * ({@link generateWalksFile}). Run pearl-lint from `folder`: a walks file's Pearl must be inside its
 * working folder.
 */
export function writeWalksInput(folder: string, nodes: number, count: number): void {
  fs.mkdirSync(folder, { recursive: true });
  const pearl = edit(generateShapedPearl('backEdges', nodes), (list) =>
    middle(list).transitions?.push({ name: 'Customer asks for a person', toNodeId: 'handoff_to_person' }),
  );
  fs.writeFileSync(path.join(folder, 'flow.pearl.json'), pearl);
  fs.writeFileSync(path.join(folder, 'flow.walks.json'), generateWalksFile(pearl, 'flow.pearl.json', count));
}
