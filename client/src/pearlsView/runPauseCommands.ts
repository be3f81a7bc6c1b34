import * as vscode from 'vscode';
import { setPearlActive } from '../api/pearlAccountApi';
import type { CmdFactory, PearlContext } from '../pearlContext';
import { commandTimeoutMs, type PearlCommandOutcome, type PearlTarget, resolveTarget } from './pearlTarget';
import type { PearlsView } from './pearlsView';
import { pauseQuestionDetail } from './pauseQuestion';
import { statusName } from './pearlsTreeModel';
import { askModal, showError, showInformation, showWarning } from '../notify';

const pauseButton = 'Pause';

/**
 * `pearl.pearls.run` and `pearl.pearls.pause` (from a row of the view, with a Pearl id, or from the
 * palette with a pick): PUT /v2/Pearl/{id}/Active (docs/public-reference.md). Pausing first
 * reads the Pearl's ongoing calls (the shared reading, ongoingCallsStore.ts); when there are any (or they cannot be read) it asks, saying how
 * many. The row shows the status the service answered at once; the view then reads again.
 */
export function setActiveCommand(view: PearlsView, active: boolean): CmdFactory {
  return (ctx) =>
    async (arg?: unknown): Promise<PearlCommandOutcome> => {
      const target = await resolveTarget(ctx, view, arg, {
        title: active ? 'Run which Pearl?' : 'Pause which Pearl?',
        filter: (pearl) => (active ? pearl.status !== 1 : pearl.status !== 2),
      });
      if ('status' in target) return target;
      if (!active && !(await confirmPause(ctx, target))) return { status: 'cancelled', reason: 'not confirmed' };
      const result = await vscode.window.withProgress(
        { location: { viewId: 'pearl.pearlsView' }, title: `${active ? 'Running' : 'Pausing'} ${target.label}` },
        () =>
          setPearlActive({ baseUrl: target.baseUrl, token: target.token, timeoutMs: commandTimeoutMs, pearlId: target.pearl.id, active }),
      );
      if (!result.ok) return reportFailure(ctx, `${active ? 'Run' : 'Pause'} ${target.label}`, result);
      view.refresher.patchStatus(target.pearl.id, result.status);
      view.refresher.refresh();
      const expected = active ? 1 : 2;
      const now = statusName(result.status);
      ctx.outputChannel.appendLine(
        `[pearls] ${active ? 'Run' : 'Pause'} ${target.pearl.id}: the service answered status ${result.status}.`,
      );
      if (result.status === expected) void showInformation(`${target.label} is now ${now}.`);
      else void showWarning(`${target.label} was not ${active ? 'started' : 'paused'}: the service says it is ${now}.`);
      return { status: 'done', pearlStatus: result.status };
    };
}

/**
 * Whether to pause: true at once when the Pearl has no ongoing or queued call; else (or when the
 * count cannot be read) a modal question that says how many. The count is the shared reading
 * (`ctx.ongoingCalls`), read again first when older than a few seconds, so the view and the status
 * bar then show the number the question says.
 */
async function confirmPause(ctx: PearlContext, target: PearlTarget): Promise<boolean> {
  const counts = await ctx.ongoingCalls.fresh(target.pearl.id, {
    baseUrl: target.baseUrl,
    token: target.token,
    timeoutMs: commandTimeoutMs,
  });
  const detail = pauseQuestionDetail(counts);
  if (detail === undefined) return true;
  const answer = await askModal(`Pause ${target.label}?`, detail, pauseButton);
  return answer === pauseButton;
}

/** Logs a failure (kind and status only) and tells the user; the outcome for the caller. */
export function reportFailure(
  ctx: PearlContext,
  what: string,
  result: { kind: string; status?: number; message: string },
): PearlCommandOutcome {
  ctx.outputChannel.appendLine(`[pearls] ${what} failed: ${result.kind}${result.status === undefined ? '' : ` (HTTP ${result.status})`}.`);
  const message =
    result.kind === 'unauthorized'
      ? `${what}: the service refused the API token. Set another one with "Pearl: Set API Token".`
      : `${what} failed: ${result.message}`;
  void showError(message);
  return {
    status: 'failed',
    kind: result.kind,
    ...(result.status === undefined ? {} : { httpStatus: result.status }),
    message: result.message,
  };
}
