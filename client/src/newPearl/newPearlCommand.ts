import * as vscode from 'vscode';
import type { CmdFactory, PearlContext } from '../pearlContext';
import {
  getSchemaReference,
  parseTemplateManifest,
  type PearlTemplate,
  relativeSchemaReference,
  type SnippetPart,
  templateManifestFile,
  toSnippetParts,
  withSchemaReference,
} from './pearlTemplates';
import { showError } from '../notify';
import { fileNameProblem } from './fileNameCheck';

/** The extension of every Pearl file; the language `pearl` is assigned by it. */
const pearlExtension = '.pearl.json';
/** At most this many copies of a schema are looked at to pick the nearest for `$schema`. */
const maxSchemaCandidates = 20;
/** The search for the workspace's copy of a schema stops after this many milliseconds. */
const schemaSearchTimeoutMs = 3000;

/**
 * `pearl.newPearl` ("Pearl: New Pearl…"; Command Palette, File > New File…, the Explorer's context
 * menu, the walkthrough). Asks which template to start from (templates/templates.json) and the file
 * name, then opens `<name>.pearl.json` as an untitled editor bound to that path in the chosen folder
 * and inserts the template as a snippet whose tab stops are the template's `tabStops` (the Pearl's
 * name, the agent's name, the channel), the agent's name mirrored in the greetings that use it. Nothing is written to disk until the user saves, and Save
 * writes to that path without a dialog, as a file made with the Explorer's "New File…" would be
 * named. Without an open folder the editor is a plain untitled `<name>.pearl.json`.
 *
 * @param resource the Explorer's clicked file or folder (a `vscode.Uri`), when run from there.
 * @returns the new document's URI, or undefined when the user cancelled.
 */
export const newPearl: CmdFactory = (ctx) => async (resource?: unknown) => {
  const templatesDir = vscode.Uri.joinPath(ctx.extCtx.extensionUri, 'templates');
  let templates: PearlTemplate[];
  try {
    const manifest = vscode.Uri.joinPath(templatesDir, templateManifestFile);
    templates = parseTemplateManifest(await readText(manifest), manifest.path);
  } catch (error) {
    return reportBrokenInstall(ctx, error);
  }
  const picked = await vscode.window.showQuickPick(
    templates.map((template) => ({ label: template.label, description: template.description, detail: template.detail, template })),
    { title: 'New Pearl', placeHolder: 'Choose what the new Pearl starts from', matchOnDescription: true, matchOnDetail: true },
  );
  if (picked === undefined) return undefined;
  const template = picked.template;

  const folder = await targetFolder(resource);
  const fileName = await askFileName(template, folder);
  if (fileName === undefined) return undefined;
  const uri =
    folder === undefined
      ? vscode.Uri.from({ scheme: 'untitled', path: fileName })
      : vscode.Uri.joinPath(folder, fileName).with({ scheme: 'untitled' });

  let text: string;
  let parts: SnippetPart[];
  try {
    text = await readText(vscode.Uri.joinPath(templatesDir, template.file));
    const schema = getSchemaReference(text);
    if (schema !== undefined) text = withSchemaReference(text, await schemaReferenceFor(folder, schema.slice(schema.lastIndexOf('/') + 1)));
    parts = toSnippetParts(text, template.tabStops, template.mirrors);
  } catch (error) {
    return reportBrokenInstall(ctx, error);
  }
  const document = await vscode.workspace.openTextDocument(uri);
  if (document.languageId !== 'pearl') await vscode.languages.setTextDocumentLanguage(document, 'pearl');
  const editor = await vscode.window.showTextDocument(document);
  // The templates are indented by 2 spaces; an empty editor could not detect that.
  editor.options = { tabSize: 2, insertSpaces: true };
  await editor.insertSnippet(toSnippetString(parts), new vscode.Position(0, 0));
  return uri;
};

/** The text of the file `uri` (UTF-8), read with `workspace.fs` (the extension's own files on both hosts). */
async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/**
 * A VS Code snippet from `parts`: text escaped by VS Code's own `appendText`, tab stops as placeholders
 * (a mirror is a placeholder of the same number, so VS Code edits both together).
 */
function toSnippetString(parts: readonly SnippetPart[]): vscode.SnippetString {
  const snippet = new vscode.SnippetString();
  for (const part of parts) {
    if (part.tabStop === undefined) snippet.appendText(part.text);
    else snippet.appendPlaceholder(part.text, part.tabStop);
  }
  return snippet;
}

/**
 * Where the new file goes: the Explorer's clicked folder (or the folder of the clicked file), else
 * the folder of the active file when it is in the workspace, else the first workspace folder;
 * undefined without a workspace folder.
 */
async function targetFolder(resource: unknown): Promise<vscode.Uri | undefined> {
  // Any scheme but untitled: a virtual workspace (github.dev) has no `file:` URIs.
  if (resource instanceof vscode.Uri && resource.scheme !== 'untitled') {
    const stat = await vscode.workspace.fs.stat(resource).then(
      (value) => value,
      () => undefined,
    );
    if (stat !== undefined) return stat.type & vscode.FileType.Directory ? resource : vscode.Uri.joinPath(resource, '..');
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active !== undefined && active.scheme !== 'untitled' && vscode.workspace.getWorkspaceFolder(active) !== undefined)
    return vscode.Uri.joinPath(active, '..');
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

/**
 * Asks for the new file's name (the template's suggestion, made unique, preselected), in an input
 * box that says where the file goes and refuses a name that is empty, holds a folder or a character
 * no file system takes, or is taken. Resolves to `<name>.pearl.json`, or undefined when cancelled.
 */
async function askFileName(template: PearlTemplate, folder: vscode.Uri | undefined): Promise<string | undefined> {
  const where = folder === undefined ? 'an untitled editor' : vscode.workspace.asRelativePath(folder, true) || folder.fsPath;
  let suggestion = template.fileName;
  for (let n = 2; (await isTaken(folder, suggestion + pearlExtension)) && n < 100; n++) suggestion = `${template.fileName}-${n}`;
  const name = await vscode.window.showInputBox({
    title: `New Pearl: ${template.label}`,
    prompt: `Name of the new file (${pearlExtension} is added), in ${where}`,
    value: suggestion,
    valueSelection: [0, suggestion.length],
    validateInput: (value) => newFileProblem(value, folder),
  });
  return name === undefined ? undefined : toPearlFileName(name);
}

/** `value` trimmed, without a typed `.pearl.json` or `.json`, plus `.pearl.json`. */
function toPearlFileName(value: string): string {
  return `${value.trim().replace(/(\.pearl)?\.json$/i, '')}${pearlExtension}`;
}

/** Why `value` cannot name the new file ({@link fileNameProblem}, or the name is taken), or undefined when it can. */
async function newFileProblem(value: string, folder: vscode.Uri | undefined): Promise<string | undefined> {
  const problem = fileNameProblem(value.trim().replace(/(\.pearl)?\.json$/i, ''));
  if (problem !== undefined) return problem;
  const fileName = toPearlFileName(value);
  if (await isTaken(folder, fileName)) return `${fileName} already exists${folder === undefined ? '' : ' in this folder'}.`;
  return undefined;
}

/**
 * Whether `fileName` exists in `folder` (read with `workspace.fs`: any workspace, virtual ones too),
 * or an open untitled editor is already bound to that name.
 */
async function isTaken(folder: vscode.Uri | undefined, fileName: string): Promise<boolean> {
  const untitledPath = folder === undefined ? fileName : vscode.Uri.joinPath(folder, fileName).path;
  const open = vscode.workspace.textDocuments.some((document) => document.isUntitled && document.uri.path === untitledPath);
  if (open || folder === undefined) return open;
  return vscode.workspace.fs.stat(vscode.Uri.joinPath(folder, fileName)).then(
    () => true,
    () => false,
  );
}

/**
 * The `$schema` value of a new file in `folder`: the relative path to the nearest copy of
 * `schemaFileName` in its workspace folder (node_modules left out), else the bare file name.
 */
async function schemaReferenceFor(folder: vscode.Uri | undefined, schemaFileName: string): Promise<string> {
  const workspaceFolder = folder === undefined ? undefined : vscode.workspace.getWorkspaceFolder(folder);
  if (folder === undefined || workspaceFolder === undefined) return schemaFileName;
  // A huge workspace must not hold the new editor up: the search gives up after a while.
  const timeout = new vscode.CancellationTokenSource();
  const timer = setTimeout(() => timeout.cancel(), schemaSearchTimeoutMs);
  const found = await Promise.resolve(
    vscode.workspace.findFiles(
      new vscode.RelativePattern(workspaceFolder, `**/${schemaFileName}`),
      '**/node_modules/**',
      maxSchemaCandidates,
      timeout.token,
    ),
  )
    .catch((): vscode.Uri[] => [])
    .finally(() => {
      clearTimeout(timer);
      timeout.dispose();
    });
  const nearest = found
    .map((uri) => relativeSchemaReference(folder.path, uri.path, schemaFileName))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0];
  return nearest ?? schemaFileName;
}

/** The templates shipped with the extension cannot be read: says so and logs why. */
function reportBrokenInstall(ctx: PearlContext, error: unknown): undefined {
  const reason = error instanceof Error ? error.message : String(error);
  ctx.outputChannel.appendLine(`New Pearl: the templates could not be read: ${reason}`);
  void showError(
    'New Pearl: the templates shipped with the extension could not be read; reinstall the extension. Details are in the "Pearl" output channel.',
  );
  return undefined;
}
