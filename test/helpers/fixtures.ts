import * as fs from 'node:fs';
import * as path from 'node:path';
import { repositoryRoot } from './paths';

/** The folder of the Pearl texts that unit, protocol and CLI tests share (test/fixtures/). */
export const fixturesDir = path.join(repositoryRoot, 'test', 'fixtures');

/** The text of `test/fixtures/<name>`, exactly as on disk (UTF-8). */
export function fixture(name: string): string {
  return fs.readFileSync(path.join(fixturesDir, name), 'utf8');
}

/**
 * A valid text Pearl (inbound, OpeningSentence → Dialogue → EndCall, variables first_name and
 * order_id), pretty-printed, with no diagnostic.
 */
export const cleanTextPearl = fixture('text-pearl.pearl.json');

/** The agentPersonality of {@link threeProblemsTextPearl}: 41 characters, the limit is 35. */
export const longPersonality = 'Warm, patient and precise, never too long';

/**
 * {@link cleanTextPearl} with exactly three problems: {@link longPersonality} (max-length, an
 * Error), an undeclared `{foo}` in the Dialogue script (variable-undeclared, a Warning) and a
 * transition to `nowhere` (unknown-target, an Error).
 */
export const threeProblemsTextPearl = fixture('text-pearl-three-problems.pearl.json');

/** The names of the `*.pearl.json` files in `examples/<folder>` (examples/ itself by default), sorted. */
export function examplePearlFiles(folder = ''): string[] {
  return fs
    .readdirSync(path.join(repositoryRoot, 'examples', folder))
    .filter((name) => name.endsWith('.pearl.json'))
    .sort();
}

/** The texts of the JSON files of examples/ and templates/ (Pearls and walks files; not examples/broken/), in name order. */
export function exampleAndTemplateTexts(): string[] {
  return ['examples', 'templates'].flatMap((folder) =>
    fs
      .readdirSync(path.join(repositoryRoot, folder))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => fs.readFileSync(path.join(repositoryRoot, folder, name), 'utf8')),
  );
}

/** The text of `examples/<relativePath>` (UTF-8). */
export function exampleText(relativePath: string): string {
  return fs.readFileSync(path.join(repositoryRoot, 'examples', relativePath), 'utf8');
}

// The generator lives in bench/, its own TypeScript project, which test/tsconfig.json does not
// reference (a static import would make tsc reject the file as outside this project): load its
// compiled output, built beside ours by `tsc -b` (out/bench/).
interface PearlGenerator {
  generateTextPearl(nodeCount: number, seed?: number): string;
  readonly generatedVariableIds: readonly string[];
  generateShapedPearl(shape: PearlShape, nodeCount: number, seed?: number): string;
  readonly pearlShapes: readonly PearlShape[];
  edit(text: string, change: (nodes: ShapedNode[]) => void): string;
  middle(nodes: ShapedNode[]): ShapedNode;
}

/** bench/pearlGenerator.ts: the shapes real Pearls have (hub targets, back edges, fan-out, chains, a mix). */
export type PearlShape = 'hub' | 'backEdges' | 'fanOut' | 'chain' | 'mix';

/** bench/pearlGenerator.ts: a node of a generated Pearl as {@link edit} hands it over. */
export interface ShapedNode {
  nodeId: string;
  name?: string;
  script?: string;
  transitions?: { name: string; toNodeId: string }[];
}
const generator = require('../../bench/pearlGenerator') as PearlGenerator;

/** bench/pearlGenerator.ts: a valid text Pearl of `nodeCount` (>= 4) nodes, deterministic per `seed` (default 1). */
export const generateTextPearl: PearlGenerator['generateTextPearl'] = generator.generateTextPearl;

/** bench/pearlGenerator.ts: the variable ids every generated Pearl declares. */
export const generatedVariableIds: readonly string[] = generator.generatedVariableIds;

/** bench/pearlGenerator.ts: a Pearl of `nodeCount` (>= 8) nodes of `shape`, deterministic per `seed` (default 1). */
export const generateShapedPearl: PearlGenerator['generateShapedPearl'] = generator.generateShapedPearl;

/** bench/pearlGenerator.ts: every {@link PearlShape}, in the benchmarks' order. */
export const pearlShapes: readonly PearlShape[] = generator.pearlShapes;

/** bench/pearlGenerator.ts: `text` (a generated Pearl) with its nodes changed by `change`, written with 2-space indentation. */
export const edit: PearlGenerator['edit'] = generator.edit;

/** bench/pearlGenerator.ts: the middle Dialogue with a script and transitions, the node the benchmarks edit. */
export const middle: PearlGenerator['middle'] = generator.middle;

/**
 * The Pearl the UI pass's designer starts from (an OpeningSentence whose "Bye" leads to an EndCall):
 * the graph designer's gestures and the layout of their results are tested on it.
 */
export const designerStartText = `{
  // Edited from the graph designer only.
  "name": "Support",
  "pearl": {
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hello!", "transitions": [{ "name": "Bye", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100 }
    ]
  }
}
`;
