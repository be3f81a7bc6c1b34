import * as vscode from 'vscode';
import { deployPayloadRequest, type DeployPayload, type LocatedField, locateFieldsRequest } from '#protocol/pearlRequests';
import { type ApiCallOptions, getPearlSettings, pearlStatusNames, setPearlActive, updatePearl } from '../api/pearlAccountApi';
import { checkBaseUrl, createPearl, type CreatePearlResult } from '../api/pearlApiClient';
import { activePearlDocument } from '../activePearlDocument';
import { sha256Hex } from '../contentHash';
import type { CmdFactory, PearlContext } from '../pearlContext';
import { liveScheme } from '../pearlsView/liveDocuments';
import { pearlsViewId } from '../pearlsView/pearlsView';
import { checkWorkspaceTrust } from '../trust/workspaceTrust';
import { describeDeploy, largeBodyQuestion } from './deployConfirmation';
import { deployedMessage, describeFailure, lookButton } from './deployMessages';
import { checkPrevious, type DeployAction, deployChoices, type PreviousPearl, previousLabel } from './deployPlan';
import type { DeployDiagnostics } from './deployDiagnostics';
import { describePlaceholderRefusal } from './deployPlaceholders';
import { guardUpdate, recordOfSent } from './liveCheck';
import { askModal, showError, showInformation, showWarning } from '../notify';
import { plainText } from '../userText';

/**
 * How a `pearl.deploy` run ended; the command resolves to it (for tests and other commands). It
 * resolves once the Pearl is recorded or the failure reported; the follow-up buttons of the
 * notifications do not hold it.
 * - `created`: the service returned `pearlId` and the deployment is recorded; `paused` when the
 *   user chose to pause the previous Pearl (a text Pearl's second deploy).
 * - `updated`: the simple Pearl `pearlId` was updated in place (PUT /v2/Pearl/{id}) and recorded.
 * - `refused`: nothing was sent (Restricted Mode, no pearl file, a read-only live document, server
 *   not running, errors in the file, a template placeholder left in it, base URL refused).
 * - `cancelled`: the user dismissed the token box or the confirmation, or cancelled the request; or,
 *   before an update in place, the live settings changed on the service (or could not be read or
 *   compared) and the user did not choose Update Anyway (`live settings changed`, `live settings
 *   unknown`, `diff opened`).
 * - `failed`: the service or the network said no; `kind` as in {@link CreatePearlResult}.
 */
export type DeployOutcome =
  | {
      readonly status: 'created';
      readonly pearlId: string;
      /** After `Create a new Pearl and pause …`: the previous Pearl, whether it is now paused, and the status the service answered. */
      readonly paused?: { readonly pearlId: string; readonly ok: boolean; readonly pearlStatus?: number };
    }
  | { readonly status: 'updated'; readonly pearlId: string }
  | { readonly status: 'refused' | 'cancelled'; readonly reason: string }
  | { readonly status: 'failed'; readonly kind: string; readonly httpStatus?: number; readonly message: string };

/**
 * `pearl.deploy` ("Pearl: Deploy", the editor title button and the "Deploy to NLPearl" code lens):
 * sends the pearl file (the `Uri` argument, else the active editor's) to the create operation of its
 * kind (docs/interface.md § Endpoints), after checking, in this order: the workspace is trusted
 * (in Restricted Mode it says why and sends nothing); the language server runs;
 * the file has no Error diagnostic; `pearl.api.baseUrl` passes `checkBaseUrl`; a token is stored or
 * entered; when the file has a recorded deployment to this service, the service's list says whether
 * that Pearl still exists (`deployPlan.ts`); the user picks in a modal what to do (create; or update
 * a simple Pearl in place; or create a text Pearl and pause the previous one, or keep both); before
 * an update in place, the live settings are compared with the recorded deployment and, when they
 * differ or cannot be compared, the user is asked again (`liveCheck.ts`). On
 * success the deployment is recorded (docs/rulings.md § Service); a 400 of the create or the update
 * becomes `pearl-deploy` diagnostics in the file.
 */
export function deployCommand(diagnostics: DeployDiagnostics): CmdFactory {
  const inFlight = new Set<string>();
  return (ctx) =>
    async (arg?: unknown): Promise<DeployOutcome> => {
      if (!checkWorkspaceTrust('deploy')) return { status: 'refused', reason: 'workspace not trusted' };
      const document = await resolveDocument(arg);
      if (!document) {
        void showError('Pearl: Deploy works on a *.pearl.json file: open one first.');
        return { status: 'refused', reason: 'no pearl document' };
      }
      if (document.uri.scheme === liveScheme) {
        void showInformation(
          'This is the read-only live settings of a Pearl. To deploy it, import it into the workspace first (Import Live Settings into Workspace).',
        );
        return { status: 'refused', reason: 'live settings document' };
      }
      const key = document.uri.toString();
      if (inFlight.has(key)) {
        void showInformation(`A deploy of ${basename(document.uri.path)} is already running.`);
        return { status: 'refused', reason: 'already deploying' };
      }
      inFlight.add(key);
      try {
        return await deploy(ctx, diagnostics, document);
      } finally {
        inFlight.delete(key);
      }
    };
}

async function deploy(ctx: PearlContext, diagnostics: DeployDiagnostics, document: vscode.TextDocument): Promise<DeployOutcome> {
  const payload = await readPayload(ctx, document);
  if ('status' in payload) return payload;

  const checked = checkBaseUrl(ctx.config.apiBaseUrl);
  if (!checked.ok) {
    offer(ctx, 'error', `Deploy refused: the setting pearl.api.baseUrl is not usable. ${checked.message}`, {
      'Open Settings': () => vscode.commands.executeCommand('workbench.action.openSettings', 'pearl.api.baseUrl'),
    });
    return { status: 'refused', reason: 'base URL refused' };
  }
  const baseUrl = ctx.config.apiBaseUrl;

  const token = await ctx.tokens.getOrPrompt(
    'Deploying needs the bearer token of your NLPearl account (AccountId:SecretKey). It is kept in the secret storage.',
  );
  if (token === undefined) return { status: 'cancelled', reason: 'no token' };

  const large = largeBodyQuestion(new TextEncoder().encode(payload.body).length);
  if (large !== undefined && (await askModal(large.message, large.detail, large.button)) !== large.button)
    return { status: 'cancelled', reason: 'body too large' };

  const contentHash = await sha256Hex(payload.body);
  const timeoutSeconds = ctx.config.deployTimeoutSeconds;
  const previous = await findPrevious(ctx, document, { baseUrl, token, timeoutMs: timeoutSeconds * 1000 });
  const choices = deployChoices(payload.kind, previous);
  const confirmation = describeDeploy(payload, baseUrl, contentHash, previous, document.isDirty, choices);
  const answer = await askModal(confirmation.message, confirmation.detail, ...choices.map((choice) => choice.button));
  const choice = choices.find((candidate) => candidate.button === answer);
  if (choice === undefined) return { status: 'cancelled', reason: 'not confirmed' };

  if (choice.action === 'update' && previous !== undefined) {
    const guarded = await checkLiveBeforeUpdate(ctx, document, previous, { baseUrl, token, timeoutMs: timeoutSeconds * 1000 });
    if (guarded !== undefined) return guarded;
  }

  const label = plainText(payload.name?.trim() || basename(document.uri.path), 80);
  const sent: SentDeploy = { document, payload, baseUrl, contentHash, label, action: choice.action, previous };
  const result = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `${choice.action === 'update' ? 'Updating' : 'Deploying'} ${label}…`,
      cancellable: true,
    },
    async (_progress, cancellation) => {
      const controller = new AbortController();
      const listener = cancellation.onCancellationRequested(() => controller.abort());
      const options = { baseUrl, token, timeoutMs: timeoutSeconds * 1000, signal: controller.signal };
      try {
        if (choice.action === 'update' && previous !== undefined) {
          const updated = await updatePearl({ ...options, pearlId: previous.record.pearlId, body: payload.body });
          return updated.ok ? { ok: true as const, pearlId: previous.record.pearlId } : updated;
        }
        return await createPearl({ ...options, path: payload.path, body: payload.body });
      } finally {
        listener.dispose();
      }
    },
  );
  if (!result.ok) return reportFailure(ctx, diagnostics, sent, result, timeoutSeconds);
  const outcome = await reportDeployed(ctx, diagnostics, sent, result.pearlId);
  if (choice.action === 'createAndPause' && previous !== undefined)
    return pausePrevious(ctx, outcome, previous, { baseUrl, token, timeoutSeconds });
  return outcome;
}

/**
 * The file's latest deployment to `options.baseUrl` and what the service's list says of it now, or
 * undefined when there is none. Reading the list shows a progress notification.
 */
async function findPrevious(ctx: PearlContext, document: vscode.TextDocument, options: ApiCallOptions): Promise<PreviousPearl | undefined> {
  const record = ctx.deployments.latestFor(document.uri);
  if (record === undefined || record.baseUrl !== options.baseUrl) return undefined;
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Checking ${record.pearlId}, the Pearl this file was deployed as…` },
    () => checkPrevious(record, options, (pearlId, call) => ctx.ongoingCalls.fresh(pearlId, call)),
  );
}

/**
 * Before an update in place (docs/rulings.md § Service): reads the live settings and compares them
 * with the recorded deployment (`liveCheck.ts`). Undefined when the update may go on (the same, or
 * the user chose Update Anyway); else the outcome (nothing sent), after opening the diff when asked.
 */
async function checkLiveBeforeUpdate(
  ctx: PearlContext,
  document: vscode.TextDocument,
  previous: PreviousPearl,
  options: ApiCallOptions,
): Promise<DeployOutcome | undefined> {
  const pearlId = previous.record.pearlId;
  const label = previousLabel(previous);
  const guarded = await guardUpdate({
    record: previous.record,
    label,
    options,
    ask: (message, detail, ...buttons) => askModal(message, detail, ...buttons),
    openDiff: () => vscode.commands.executeCommand('pearl.pearls.compareWithFile', pearlId, document.uri),
    readSettings: (readOptions) =>
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Reading the live settings of ${label}…` }, () =>
        getPearlSettings(readOptions),
      ),
  });
  ctx.outputChannel.appendLine(`Deploy: the live settings of ${pearlId} compared with the last deployment: ${guarded.check.state}.`);
  if (guarded.proceed) return undefined;
  if (guarded.reason === 'diff opened') {
    void showInformation(`Nothing was sent to ${label}. Deploy again to update it once you have compared.`);
  }
  return { status: 'cancelled', reason: guarded.reason };
}

/**
 * After `Create a new Pearl and pause …`: pauses the previous Pearl (PUT /v2/Pearl/{id}/Active) and
 * says how that went. The outcome carries the status the service answered.
 */
async function pausePrevious(
  ctx: PearlContext,
  outcome: DeployOutcome,
  previous: PreviousPearl,
  options: { baseUrl: string; token: string; timeoutSeconds: number },
): Promise<DeployOutcome> {
  const pearlId = previous.record.pearlId;
  const label = previousLabel(previous);
  const result = await setPearlActive({
    baseUrl: options.baseUrl,
    token: options.token,
    timeoutMs: options.timeoutSeconds * 1000,
    pearlId,
    active: false,
  });
  if (!result.ok) {
    ctx.outputChannel.appendLine(
      `Deploy: pausing ${pearlId} failed: kind=${result.kind}${result.status === undefined ? '' : ` status=${result.status}`}.`,
    );
    void showError(`The new Pearl was created, but pausing ${label} failed: ${result.message} Both are running.`);
    return outcome.status === 'created' ? { ...outcome, paused: { pearlId, ok: false } } : outcome;
  }
  const status = pearlStatusNames[result.status] ?? `status ${result.status}`;
  ctx.outputChannel.appendLine(`Deploy: paused ${pearlId}; the service answered status ${result.status}.`);
  if (result.status !== 2) void showWarning(`${label} was not paused: the service says it is ${status}.`);
  return outcome.status === 'created' ? { ...outcome, paused: { pearlId, ok: result.status === 2, pearlStatus: result.status } } : outcome;
}

/** What one confirmed deploy sends, for reporting its outcome. */
interface SentDeploy {
  readonly document: vscode.TextDocument;
  readonly payload: DeployPayload;
  readonly baseUrl: string;
  /** SHA-256 of the body, hex. */
  readonly contentHash: string;
  /** The Pearl's name, else the file's name: how messages name it. */
  readonly label: string;
  /** What was confirmed: create, update in place, or create and pause (or keep) the previous Pearl. */
  readonly action: DeployAction;
  readonly previous?: PreviousPearl;
}

/**
 * The payload the language server builds for `document`, or the outcome of a refusal already told
 * to the user: the server is down (serverGate.ts says so) or gives no payload, or the file has
 * errors or template placeholders (docs/rulings.md § Template placeholders).
 */
async function readPayload(ctx: PearlContext, document: vscode.TextDocument): Promise<DeployPayload | DeployOutcome> {
  const client = ctx.runningClient();
  if (client === undefined) return { status: 'refused', reason: 'language server not running' };
  const textDocument = { uri: client.code2ProtocolConverter.asUri(document.uri) };
  let payload: DeployPayload | null;
  try {
    payload = await client.sendRequest(deployPayloadRequest, { textDocument });
  } catch (error) {
    ctx.outputChannel.appendLine(`Deploy: the language server did not give the payload of ${document.uri.toString()}: ${describe(error)}`);
    void showError(`The language server could not prepare the deploy: ${describe(error)}`);
    return { status: 'refused', reason: 'no payload' };
  }
  if (payload === null) {
    void showError('The language server does not have this file open yet: try again in a moment.');
    return { status: 'refused', reason: 'no payload' };
  }
  if (payload.errors.length > 0) {
    const count = payload.errors.length;
    offer(ctx, 'error', `${count} ${count === 1 ? 'error' : 'errors'} in file: fix ${count === 1 ? 'it' : 'them'} before deploying`, {
      'Show Problems': () => vscode.commands.executeCommand('workbench.actions.view.problems'),
    });
    await revealFirstError(document, payload);
    return { status: 'refused', reason: 'errors in file' };
  }
  const placeholders = describePlaceholderRefusal(payload);
  if (placeholders !== undefined) {
    offer(ctx, 'error', placeholders, { 'Show Problems': () => vscode.commands.executeCommand('workbench.actions.view.problems') });
    return { status: 'refused', reason: 'placeholders in file' };
  }
  return payload;
}

/** Records the created (or updated) Pearl, clears the service's earlier problems and tells the user. */
async function reportDeployed(
  ctx: PearlContext,
  diagnostics: DeployDiagnostics,
  sent: SentDeploy,
  pearlId: string,
): Promise<DeployOutcome> {
  const { document, payload, label } = sent;
  const updated = sent.action === 'update';
  try {
    await ctx.deployments.add({
      uri: document.uri.toString(),
      pearlId,
      time: new Date().toISOString(),
      contentHash: sent.contentHash,
      baseUrl: sent.baseUrl,
      name: payload.name,
      kind: payload.kind,
      action: updated ? 'updated' : 'created',
      ...(await recordOfSent(payload.body)),
    });
  } catch (error) {
    ctx.outputChannel.appendLine(`Deploy: ${updated ? 'updated' : 'created'} ${pearlId} but could not record it: ${describe(error)}`);
  }
  diagnostics.clear(document.uri);
  const operation = updated ? `PUT /v2/Pearl/${pearlId}` : `POST ${payload.path}`;
  ctx.outputChannel.appendLine(
    `Deploy: ${updated ? 'updated' : 'created'} Pearl ${label} (id ${pearlId}) from ${document.uri.toString()} at ${sent.baseUrl} (${operation}).`,
  );
  offer(ctx, 'info', deployedMessage(label, pearlId, updated), {
    'Copy id': () => vscode.env.clipboard.writeText(pearlId),
    'Watch calls': () => vscode.commands.executeCommand('pearl.watchOngoingCalls', pearlId),
  });
  return { status: updated ? 'updated' : 'created', pearlId };
}

/** Logs a failed or cancelled create and tells the user what happened and what to do next. */
async function reportFailure(
  ctx: PearlContext,
  diagnostics: DeployDiagnostics,
  sent: SentDeploy,
  result: Extract<CreatePearlResult, { ok: false }>,
  timeoutSeconds: number,
): Promise<DeployOutcome> {
  const { label } = sent;
  const updating = sent.action === 'update' && sent.previous !== undefined;
  const target = updating ? `${sent.baseUrl}/v2/Pearl/${sent.previous?.record.pearlId ?? ''}` : `${sent.baseUrl}${sent.payload.path}`;
  if (result.kind === 'cancelled') {
    ctx.outputChannel.appendLine(`Deploy: ${label} to ${target} cancelled by the user.`);
    const may = updating ? 'the Pearl may have been updated anyway' : 'the Pearl may exist anyway';
    offer(ctx, 'info', `Deploy cancelled. If the request had already reached the service, ${may}.`, {});
    return { status: 'cancelled', reason: 'request cancelled' };
  }
  ctx.outputChannel.appendLine(
    `Deploy: ${label} to ${target} failed: kind=${result.kind}` +
      `${result.status === undefined ? '' : ` status=${result.status}`}` +
      `${result.retryAfterSeconds === undefined ? '' : ` retryAfter=${result.retryAfterSeconds}s`}: ${result.message}`,
  );
  if (result.kind === 'validation') {
    const marked = await markProblems(ctx, diagnostics, sent.document, result);
    const where = marked > 0 ? ` (${marked} ${marked === 1 ? 'problem' : 'problems'} marked in the file)` : '';
    offer(ctx, 'error', `The service rejected ${label}: ${result.message}${where}`, {
      'Show Problems': () => vscode.commands.executeCommand('workbench.actions.view.problems'),
    });
  } else if (result.kind === 'unauthorized') {
    const nothing = updating ? 'nothing was updated' : 'nothing was created';
    const refused = result.status === undefined ? result.message : `The service refused the token (${result.status}): ${nothing}.`;
    offer(ctx, 'error', `${refused} Set a valid API token and deploy again.`, {
      'Set API Token': () => vscode.commands.executeCommand('pearl.setApiToken'),
    });
  } else {
    const failure = describeFailure(result, timeoutSeconds, updating);
    const actions: Record<string, () => unknown> = failure.mayExist ? { [lookButton]: () => lookInPearlsView() } : {};
    offer(ctx, 'error', failure.message, { ...actions, 'Show Log': () => ctx.outputChannel.show(true) });
  }
  return { status: 'failed', kind: result.kind, httpStatus: result.status, message: result.message };
}

/** Shows the Pearls view and reads the account's Pearls again (GET /v2/Pearl), to see whether the Pearl exists. */
async function lookInPearlsView(): Promise<void> {
  await vscode.commands.executeCommand(`${pearlsViewId}.focus`);
  await vscode.commands.executeCommand('pearl.pearls.refresh');
}

/** Turns a 400's `errors` into `pearl-deploy` diagnostics at the ranges the server locates. */
async function markProblems(
  ctx: PearlContext,
  diagnostics: DeployDiagnostics,
  document: vscode.TextDocument,
  result: Extract<CreatePearlResult, { ok: false }>,
): Promise<number> {
  const errors = result.problem?.errors ?? {};
  const keys = Object.keys(errors);
  if (keys.length === 0) return 0;
  let located: LocatedField[] = [];
  const client = ctx.runningClient({ quiet: true });
  try {
    if (client !== undefined) {
      located =
        (await client.sendRequest(locateFieldsRequest, {
          textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) },
          keys,
        })) ?? [];
    }
  } catch (error) {
    // The diagnostics still appear, on the first line.
    ctx.outputChannel.appendLine(`Deploy: could not locate the service's field paths: ${describe(error)}`);
  }
  return diagnostics.set(document.uri, errors, located);
}

/** Shows the document with the cursor on its first error (in document order). */
async function revealFirstError(document: vscode.TextDocument, payload: DeployPayload): Promise<void> {
  const first = [...payload.errors].sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  )[0];
  const position = new vscode.Position(first.range.start.line, first.range.start.character);
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/**
 * The pearl document a deploy is for: the `Uri` argument (title button, code lens), else the active
 * editor's, or the Pearl shown when a walkthrough step has the focus ({@link activePearlDocument}).
 */
async function resolveDocument(arg: unknown): Promise<vscode.TextDocument | undefined> {
  let document: vscode.TextDocument | undefined;
  if (arg instanceof vscode.Uri) {
    document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === arg.toString());
    if (!document) {
      try {
        document = await vscode.workspace.openTextDocument(arg);
      } catch {
        return undefined;
      }
    }
  } else {
    document = activePearlDocument();
  }
  return document?.languageId === 'pearl' ? document : undefined;
}

/**
 * Shows a notification with buttons without holding the caller: the chosen button's action runs
 * when clicked; an action's failure is logged and shown.
 */
function offer(ctx: PearlContext, severity: 'info' | 'error', message: string, actions: Record<string, () => unknown>): void {
  const buttons = Object.keys(actions);
  void (async () => {
    try {
      const choice = severity === 'info' ? await showInformation(message, ...buttons) : await showError(message, ...buttons);
      if (choice !== undefined) await actions[choice]();
    } catch (error) {
      ctx.outputChannel.appendLine(`Pearl: ${describe(error)}`);
      void showError(describe(error));
    }
  })();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The last segment of a URI path (`/a/b/agent.pearl.json` gives `agent.pearl.json`). */
function basename(uriPath: string): string {
  return uriPath.slice(uriPath.lastIndexOf('/') + 1);
}
