// `pearl-lint --coverage`: per Pearl, the transitions no walk takes (docs/user/walks.md § Coverage), counting
// the walks of every walks file under the working folder that names it.
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isWalksFileUri, type PearlDocument } from '../service/pearlLanguageService';
import { nodeWalksFileAccess } from '../walks/nodeWalksFileAccess';
import type { LintTarget } from './findPearlFiles';
import { exclusionMatcher } from './globPattern';
import { fileUri, lintService, readWalkedPearl, type WalkedFile } from './lintFiles';
import { readRegularFile } from './readInput';

/**
 * The coverage report of `targets` (the files checked): for each text Pearl among them or named by
 * a walks file among them, sorted by path, a line `<pearl>: <taken> of <all> transitions taken by
 * <n> walks` and one line per transition no walk takes, with its name, the nodes it joins and its
 * position (`line:column`, 1-based). The walks counted are those of the walks files among
 * `targets` and of every `*.walks.json` under `cwd` (the workspace, docs/rulings.md § Walks) whose
 * `pearl` names a Pearl of the report: the scan is the editor's (bounded, without `node_modules`,
 * dot-folders and symbolic links: walks/nodeWalksFileAccess.ts) and leaves out the files a `!` pattern of
 * `paths` (the command line's) leaves out. A walks file in `walked` (what the check found, by the
 * walks file's URI) is not read or walked again; the others are. Paths are shown relative to
 * `cwd`. Files that cannot be read are left out (the lint report says why for those checked).
 */
export async function formatWalkCoverage(
  targets: readonly LintTarget[],
  cwd: string,
  paths: readonly string[] = [],
  walked: ReadonlyMap<string, WalkedFile> = new Map(),
): Promise<string> {
  const service = lintService();
  const walksByPearl = new Map<string, PearlDocument[]>();
  const known = new Map<string, { taken: Set<string>; walks: number }>();
  const pearls = new Set<string>();
  const walksSeen = new Set<string>();
  const addWalks = (walksDoc: PearlDocument, pearlUri: string): void => {
    walksSeen.add(walksDoc.textDocument.uri);
    walksByPearl.set(pearlUri, [...(walksByPearl.get(pearlUri) ?? []), walksDoc]);
  };
  for (const target of targets) {
    const uri = fileUri(target.absolutePath);
    if (!isWalksFileUri(uri)) {
      pearls.add(uri);
      continue;
    }
    const checked = walked.get(uri);
    if (checked !== undefined) {
      walksSeen.add(uri);
      if (checked.pearlUri === undefined) continue;
      pearls.add(checked.pearlUri);
      let facts = known.get(checked.pearlUri);
      if (facts === undefined) known.set(checked.pearlUri, (facts = { taken: new Set(), walks: 0 }));
      for (const key of checked.taken) facts.taken.add(key);
      facts.walks += checked.walks;
      continue;
    }
    // Not checked this run (its results came from --cache): read and walked here.
    let text: string;
    try {
      text = readRegularFile(target.absolutePath);
    } catch {
      continue;
    }
    const walksDoc = service.parsePearlDocument(TextDocument.create(uri, 'jsonc', 1, text));
    const pearlUri = service.getWalksFilePearlUri(walksDoc);
    if (pearlUri === undefined) continue;
    pearls.add(pearlUri);
    addWalks(walksDoc, pearlUri);
  }
  const exclusions = await Promise.all(
    paths.filter((given) => given.startsWith('!')).map((given) => exclusionMatcher(given.slice(1), cwd)),
  );
  const found = await nodeWalksFileAccess.findWalksFiles([pathToFileURL(cwd).href]).catch(() => []);
  for (const uri of found) {
    if (walksSeen.has(uri) || exclusions.some((excluded) => excluded(fileURLToPath(uri)))) continue;
    const text = await nodeWalksFileAccess.readFile(uri).catch(() => undefined);
    if (text === undefined) continue;
    const walksDoc = service.parsePearlDocument(TextDocument.create(uri, 'jsonc', 1, text));
    const pearlUri = service.getWalksFilePearlUri(walksDoc);
    if (pearlUri !== undefined && pearls.has(pearlUri)) addWalks(walksDoc, pearlUri);
  }
  const lines: string[] = [];
  for (const pearlUri of [...pearls].sort()) {
    const pearl = readWalkedPearl(service, pearlUri, cwd);
    if ('reason' in pearl || pearl.kind !== 'text') continue;
    const { transitions, walks, uncovered } = service.getTransitionCoverage(pearl, walksByPearl.get(pearlUri) ?? [], known.get(pearlUri));
    const shown = path.relative(cwd, fileURLToPath(pearlUri)) || fileURLToPath(pearlUri);
    lines.push(`${shown}: ${transitions - uncovered.length} of ${transitions} transitions taken by ${walks} walk${walks === 1 ? '' : 's'}`);
    for (const transition of uncovered) {
      const at = `${transition.range.start.line + 1}:${transition.range.start.character + 1}`;
      lines.push(`  not taken: '${transition.name ?? ''}' (${transition.from} -> ${transition.to}) at ${shown}:${at}`);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : 'No text Pearl to report coverage for.\n';
}
