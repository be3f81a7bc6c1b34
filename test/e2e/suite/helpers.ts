import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { repositoryRoot } from '../../helpers/paths';

// Polls until a state is reached, failing with what it waited for (also for the suite's files).
export { waitFor } from '../../helpers/wait';

/** `publisher.name` of the extension under test, from the repository's package.json. */
export const extensionId = ((): string => {
  const manifest = JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as { publisher: string; name: string };
  return `${manifest.publisher}.${manifest.name}`;
})();

/** The extension under test; fails the test if VS Code does not know it. */
export function pearlExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(extensionId);
  assert.ok(extension, `VS Code does not know the extension ${extensionId}: is it installed?`);
  return extension;
}

/**
 * The URI of `relativePath` under the workspace's `examples/` (the harness opens a copy of the
 * repository's examples/ and schemas/ as the workspace, so `$schema` paths resolve as in the repository).
 */
export function exampleUri(relativePath: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'no workspace folder is open');
  return vscode.Uri.joinPath(folder.uri, 'examples', ...relativePath.split('/'));
}

/** Opens `uri` in an editor and returns its document. */
export async function openInEditor(uri: vscode.Uri): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** The text of a diagnostic's code, whatever form the client gave it. */
export function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const code = diagnostic.code;
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}

/** The stand-in's record of created Pearls (`GET /__standin/created`); the harness gives its URL. */
export async function createdCount(): Promise<number> {
  const response = await fetch(`${process.env.PEARL_E2E_STANDIN_URL}/__standin/created`);
  assert.ok(response.ok, `GET /__standin/created: HTTP ${response.status}`);
  return ((await response.json()) as unknown[]).length;
}
