/**
 * Renames in walks files (docs/rulings.md § Walks: a walk is a test of the Pearl): when a
 * transition or a node id of a Pearl is renamed (LSP rename, the designer's `renameTransition` and
 * its side panel's nodeId), every walks file whose `pearl` names that Pearl follows: the `take`
 * steps that take that transition from that node, and the `expect.node` values naming that id.
 * Transport-free: the host finds and reads the walks files, the service plans the text edits.
 */
import type { TextEdit } from 'vscode-languageserver-types';
import type { GraphEdit } from '#protocol/graphEditKinds';
import { isJsonObject } from '../document/jsonValue';
import type { PearlDocument } from '../document/pearlDocument';
import type { PearlRename } from '../interface/pearlRenames';
import { spanToRange } from '../document/pathSpans';
import { walkPearl } from './walkEngine';
import { readWalksFile } from './walksFile';

/** One rename in a Pearl that walks files follow (interface/pearlRenames.ts). */
export type WalksRename = PearlRename;

/** The text edits of one walks file, by its URI. */
export interface WalksFileEdits {
  readonly uri: string;
  readonly edits: TextEdit[];
}

/**
 * The text edits that make the walks file `walksDoc` follow `rename` in `pearl` (both parsed by
 * `parsePearlDocument`, the Pearl before the rename): none when the file's `pearl` does not resolve
 * to `pearl`'s URI.
 * - a transition rename replaces the value of each `take` step that takes that transition: the
 *   steps are run through the engine (docs/user/walks.md § The walk), so a take of another node's
 *   transition of the same name is left alone, and so are the steps after a failing one;
 * - a nodeId rename replaces each `expect.node` equal to `from`.
 * Each new value is written as a JSON string (escaped), replacing the old string with its quotes;
 * comments and layout are kept. Never throws; linear in the steps times the nodes reached.
 */
export function planWalksRename(walksDoc: PearlDocument, pearl: PearlDocument, rename: WalksRename): TextEdit[] {
  const model = readWalksFile(walksDoc);
  if (model.pearlUri === undefined || model.pearlUri !== pearl.textDocument.uri) return [];
  const paths: (string | number)[][] = [];
  for (const walk of model.walks) {
    const steps: readonly unknown[] = walk.input.steps;
    if (rename.kind === 'nodeId') {
      steps.forEach((step, index) => {
        if (isJsonObject(step) && isJsonObject(step.expect) && step.expect.node === rename.from) {
          paths.push([...walk.path, 'steps', index, 'expect', 'node']);
        }
      });
      continue;
    }
    for (const frame of walkPearl(pearl, walk.input).frames) {
      const step = steps[frame.reachedBy];
      if (frame.reachedVia === rename.transition && isJsonObject(step) && typeof step.take === 'string') {
        paths.push([...walk.path, 'steps', frame.reachedBy, 'take']);
      }
    }
  }
  const edits: TextEdit[] = [];
  for (const path of paths) {
    const span = walksDoc.locate(path);
    if (span) edits.push({ range: spanToRange(walksDoc, span), newText: JSON.stringify(rename.to) });
  }
  return edits;
}

/**
 * The edits of every walks file of `walksFiles` that names `pearl` and has something to follow
 * (see {@link planWalksRename}); files naming another Pearl, and files with nothing to change, are
 * left out.
 */
export function planWalksRenames(walksFiles: readonly PearlDocument[], pearl: PearlDocument, rename: WalksRename): WalksFileEdits[] {
  return walksFiles.flatMap((walksDoc) => {
    const edits = planWalksRename(walksDoc, pearl, rename);
    return edits.length > 0 ? [{ uri: walksDoc.textDocument.uri, edits }] : [];
  });
}

/**
 * Whether the graph edit `edit` renames something that walks files follow (a transition's name, a
 * node's nodeId), so that the host reads the workspace's walks files before planning it.
 */
export function graphEditRenamesInWalks(edit: GraphEdit): boolean {
  return edit.kind === 'renameTransition' || (edit.kind === 'setNodeProperty' && edit.property === 'nodeId');
}
