import * as vscode from 'vscode';
import { deployPayloadRequest } from '#protocol/pearlRequests';
import { getPearlSettings } from '../api/pearlAccountApi';
import { sha256Hex } from '../contentHash';
import { recordOfSent } from '../deploy/liveCheck';
import type { CmdFactory, PearlContext } from '../pearlContext';
import { fileNameStem, formatForCompare, formatLiveDocument, hasFlow, kindOfContent, toRequestValue } from './liveSettingsFormat';
import { type FolderEntry, refuseImportTarget, singlePearlSuffix } from './importTarget';
import { LiveDocuments } from './liveDocuments';
import { commandTimeoutMs, type PearlCommandOutcome, type PearlTarget, resolveTarget } from './pearlTarget';
import type { PearlsView } from './pearlsView';
import { reportFailure } from './runPauseCommands';
import { showError, showInformation } from '../notify';
import { plainText } from '../userText';
import { serverNotRunningMessage } from '../serverGate';

/** What the user is told when GET Settings returned no flow. */
function noFlowMessage(target: PearlTarget): string {
  return `The service returned no flow for ${target.label}: it was made in the platform's interface, and the API gives the flow (pearl and variables) only for Pearls created through the API.`;
}

/** GET Settings of the target, or the failure already told to the user. */
async function readSettings(
  ctx: PearlContext,
  target: PearlTarget,
  what: string,
): Promise<{ ok: true; settings: Record<string, unknown> } | { ok: false; outcome: PearlCommandOutcome }> {
  const result = await vscode.window.withProgress({ location: { viewId: 'pearl.pearlsView' }, title: `Reading ${target.label}` }, () =>
    getPearlSettings({ baseUrl: target.baseUrl, token: target.token, timeoutMs: commandTimeoutMs, pearlId: target.pearl.id }),
  );
  return result.ok ? result : { ok: false, outcome: reportFailure(ctx, `${what} ${target.label}`, result) };
}

/**
 * `pearl.pearls.openLiveSettings`: GET /v2/Pearl/{id}/Settings shown as a read-only
 * `*.pearl.json` document (`pearl-live:` scheme, see {@link LiveDocuments}) with every language
 * feature. Says plainly when the service returned no flow.
 */
export function openLiveSettingsCommand(view: PearlsView): CmdFactory {
  return (ctx) =>
    async (arg?: unknown): Promise<PearlCommandOutcome> => {
      const target = await resolveTarget(ctx, view, arg, { title: 'Open the live settings of which Pearl?' });
      if ('status' in target) return target;
      const read = await readSettings(ctx, target, 'Reading the live settings of');
      if (!read.ok) return read.outcome;
      const settings = read.settings;
      const name = typeof settings.name === 'string' ? settings.name : (target.pearl.name ?? '');
      const uri = LiveDocuments.liveUri(target.pearl.id, fileNameStem(name || target.pearl.id));
      const kind = ctx.deployments.all().find((record) => record.pearlId === target.pearl.id)?.kind;
      const header = {
        name,
        pearlId: target.pearl.id,
        baseUrl: target.baseUrl,
        readAt: new Date().toISOString(),
        hasFlow: hasFlow(settings),
      };
      view.liveDocuments.set(uri, formatLiveDocument(settings, header, kind));
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
      if (!header.hasFlow) void showInformation(noFlowMessage(target));
      return { status: 'done', uri: uri.toString() };
    };
}

/**
 * `pearl.pearls.compareWithFile`: VS Code's diff editor, the live settings on the left and the
 * file's sent value (what Deploy would send: the server's deploy payload) on the right, both
 * formatted by `formatForCompare`. The file: the one deployed as the Pearl, else one picked from
 * the workspace's `*.pearl.json` files (or a `Uri` second argument).
 */
export function compareWithFileCommand(view: PearlsView): CmdFactory {
  return (ctx) =>
    async (arg?: unknown, fileArg?: unknown): Promise<PearlCommandOutcome> => {
      const target = await resolveTarget(ctx, view, arg, { title: 'Compare which Pearl with its file?' });
      if ('status' in target) return target;
      const file = fileArg instanceof vscode.Uri ? fileArg : (view.linkUris().get(target.pearl.id) ?? (await pickPearlFile()));
      if (file === undefined) return { status: 'cancelled', reason: 'no file chosen' };
      const sent = await sentValueOf(ctx, file);
      if (typeof sent === 'string') {
        void showError(sent);
        return { status: 'refused', reason: sent };
      }
      const read = await readSettings(ctx, target, 'Reading the live settings of');
      if (!read.ok) return read.outcome;
      const settings = read.settings;
      const sides = formatForCompare(settings, sent);
      const stem = fileNameStem(
        file.path
          .split('/')
          .pop()
          ?.replace(/\.pearl\.json$/i, '') ?? 'pearl',
      );
      const uris = LiveDocuments.compareUris(target.pearl.id, stem);
      view.liveDocuments.set(uris.live, sides.live);
      view.liveDocuments.set(uris.file, sides.file);
      const fileName = vscode.workspace.asRelativePath(file);
      await vscode.commands.executeCommand('vscode.diff', uris.live, uris.file, `Live ${target.label} ↔ ${fileName} (as sent)`, {
        preview: false,
      });
      if (!hasFlow(settings)) void showInformation(noFlowMessage(target));
      return { status: 'done', uri: uris.live.toString() };
    };
}

/** The parsed body Deploy would send for `file`, or a sentence saying why there is none. */
async function sentValueOf(ctx: PearlContext, file: vscode.Uri): Promise<unknown> {
  const client = ctx.runningClient({ quiet: true });
  if (client === undefined) return serverNotRunningMessage;
  const document = await vscode.workspace.openTextDocument(file);
  if (document.languageId !== 'pearl') return `${vscode.workspace.asRelativePath(file)} is not a *.pearl.json file.`;
  try {
    const payload = await client.sendRequest(deployPayloadRequest, { textDocument: { uri: client.code2ProtocolConverter.asUri(file) } });
    if (payload === null) return 'The language server does not have this file open yet: try again in a moment.';
    return JSON.parse(payload.body) as unknown;
  } catch (error) {
    return `The file could not be read as it would be sent: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** One of the workspace's `*.pearl.json` files, picked; undefined when cancelled or none. */
async function pickPearlFile(): Promise<vscode.Uri | undefined> {
  const files = await vscode.workspace.findFiles('**/*.pearl.json', '**/node_modules/**', 500);
  if (files.length === 0) {
    void showInformation('There is no *.pearl.json file in the workspace to compare with.');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    files.map((uri) => ({ label: plainText(vscode.workspace.asRelativePath(uri)), uri })),
    { title: 'Compare with which file?' },
  );
  return picked?.uri;
}

/**
 * `pearl.pearls.import`: writes the live settings into the workspace as a new `*.pearl.json` file
 * (the create request: without `type` and null values, with a `$schema` when the kind is known),
 * opens it and links it to the Pearl. The file is chosen in a save dialog, or given as a `Uri` second
 * argument; it must be a new, real file inside a workspace folder: an existing file, a symbolic link
 * (dangling or not) or a path through a linked folder is refused, saying why (`importTarget.ts`).
 */
export function importCommand(view: PearlsView): CmdFactory {
  return (ctx) =>
    async (arg?: unknown, fileArg?: unknown): Promise<PearlCommandOutcome> => {
      const target = await resolveTarget(ctx, view, arg, { title: 'Import which Pearl into the workspace?' });
      if ('status' in target) return target;
      const read = await readSettings(ctx, target, 'Importing');
      if (!read.ok) return read.outcome;
      const settings = read.settings;
      const value = toRequestValue(settings);
      const kind = kindOfContent(value);
      const text = `${JSON.stringify(kind === undefined ? value : { $schema: `${kind}-pearl.schema.json`, ...value }, null, 2)}\n`;
      const file = await chooseNewFile(fileArg, fileNameStem(typeof value.name === 'string' ? value.name : target.pearl.id));
      if (typeof file === 'string') return { status: file === 'cancelled' ? 'cancelled' : 'refused', reason: file };
      await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
      if (kind !== undefined) {
        const body = JSON.stringify(value);
        await ctx.deployments.add({
          uri: file.toString(),
          pearlId: target.pearl.id,
          time: new Date().toISOString(),
          contentHash: await sha256Hex(body),
          baseUrl: target.baseUrl,
          ...(typeof value.name === 'string' ? { name: value.name } : {}),
          kind,
          action: 'imported',
          ...(await recordOfSent(body)),
        });
      }
      await vscode.window.showTextDocument(file, { preview: false });
      if (!hasFlow(settings)) void showInformation(noFlowMessage(target));
      return { status: 'done', uri: file.toString() };
    };
}

/** The new file's URI, or why there is none (`cancelled`, or a sentence already shown). */
async function chooseNewFile(fileArg: unknown, stem: string): Promise<vscode.Uri | string> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  let file: vscode.Uri | undefined;
  if (fileArg instanceof vscode.Uri) {
    file = vscode.workspace.getWorkspaceFolder(fileArg) === undefined ? undefined : fileArg;
  } else {
    file = await vscode.window.showSaveDialog({
      title: 'Import the live settings as a new file',
      defaultUri: folder === undefined ? undefined : vscode.Uri.joinPath(folder.uri, `${stem}.pearl.json`),
      // `json`, not `pearl.json`: a dialog that reads the extension as `.json` would append the
      // filter's to the suggested name; the name is checked for `.pearl.json` below.
      filters: { 'Pearl files': ['json'] },
    });
    if (file === undefined) return 'cancelled';
    file = file.with({ path: singlePearlSuffix(file.path) });
  }
  const workspaceFolder = file === undefined ? undefined : vscode.workspace.getWorkspaceFolder(file);
  const problem =
    file === undefined || workspaceFolder === undefined || workspaceFolder.uri.scheme !== file.scheme
      ? 'Import writes only inside a workspace folder.'
      : !file.path.endsWith('.pearl.json')
        ? 'The new file must be named *.pearl.json.'
        : await refuseImportTarget(workspaceFolder.uri.path, file.path, vscode.workspace.asRelativePath(file), (path) =>
            readFolder(workspaceFolder.uri.with({ path })),
          );
  if (problem !== undefined || file === undefined) {
    void showError(problem ?? 'No file.');
    return problem ?? 'no file';
  }
  return file;
}

/** The entries of `folder` by `workspace.fs`, each a symbolic link when its type has that bit (dangling links too). */
async function readFolder(folder: vscode.Uri): Promise<FolderEntry[]> {
  const entries = await vscode.workspace.fs.readDirectory(folder);
  return entries.map(([name, type]) => ({ name, symbolicLink: (type & vscode.FileType.SymbolicLink) !== 0 }));
}
