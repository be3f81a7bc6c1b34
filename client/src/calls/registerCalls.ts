import * as vscode from 'vscode';
import type { PearlSummary } from '../api/pearlAccountApi';
import { getCallRequest, makeCall, resetMemory } from '../api/pearlCallsApi';
import { isPlausiblePearlId } from '../api/pearlApiClient';
import { askModal, showError, showInformation, showWarning } from '../notify';
import type { CmdFactory, PearlContext } from '../pearlContext';
import { commandTimeoutMs, type PearlCommandOutcome, resolveTarget } from '../pearlsView/pearlTarget';
import type { PearlsView } from '../pearlsView/pearlsView';
import { plainLabel } from '../userText';
import { reportFailure } from '../pearlsView/runPauseCommands';
import { checkWorkspaceTrust } from '../trust/workspaceTrust';
import { plainLines } from '../userText';
import { callFilterStatusNames } from './callNames';
import { CallRequestFollower, type FollowState } from './callRequestFollower';
import { CallsInView, readText } from './callsInView';
import { type CallsFilter, checkPhoneNumber, checkSearch, customRange, defaultFilter, presetRange } from './callsTreeModel';
import { CallViews, callViewType } from './callViewPanel';
import { readWalkValues, type WalkValues } from './pearlFileFacts';

/** Where the last test call's number is kept: the workspace's state (never settings or files). */
export const testCallNumberKey = 'pearl.testCall.number';

/** Most PreCall variables asked one by one before a test call. */
const maxAskedVariables = 30;

/**
 * The calls features of the Pearls view (docs/user/calls.md): the calls under each Pearl, their
 * filters, the call view, "Walk with this call's values", the test call and "Forget a Customer".
 * Commands `pearl.calls.*`; each that sends the token first checks workspace trust (Restricted
 * Mode turns them off like Deploy), the base URL and the token.
 */
export function registerCalls(ctx: PearlContext, view: PearlsView): void {
  const calls = new CallsInView(ctx, view);
  const views = new CallViews(ctx, calls);
  const follow = new TestCallStatus(views);
  ctx.pushCleanup(calls);
  ctx.pushCleanup(views);
  // After a reload, VS Code hands back the call tabs that were open (their page saved the call's id).
  ctx.pushCleanup(
    vscode.window.registerWebviewPanelSerializer(callViewType, {
      deserializeWebviewPanel: (panel, state: unknown) => views.restore(panel, state),
    }),
  );
  ctx.pushCleanup(follow);
  ctx.registerCommand('calls.open', () => async (pearlId?: unknown, callId?: unknown): Promise<PearlCommandOutcome> => {
    if (!checkWorkspaceTrust('pearlsView')) return { status: 'refused', reason: 'workspace not trusted' };
    const id = typeof callId === 'string' ? callId : await askCallId();
    if (id === undefined) return { status: 'cancelled', reason: 'no call id' };
    const shown = await views.show(id, typeof pearlId === 'string' ? pearlId : undefined);
    return shown === 'done'
      ? { status: 'done' }
      : shown === 'failed'
        ? { status: 'failed', kind: 'call', message: 'The call could not be read.' }
        : { status: 'refused', reason: 'not shown' };
  });
  ctx.registerCommand('calls.loadMore', () => (pearlId?: unknown) => {
    if (typeof pearlId === 'string') calls.loader.loadMore(pearlId);
  });
  ctx.registerCommand('calls.filter', () => () => filterCommand(calls));
  ctx.registerCommand('calls.clearFilters', () => () => {
    calls.loader.setFilter(defaultFilter(Date.now()));
    calls.showFilter();
  });
  ctx.registerCommand('calls.walkWithValues', () => () => views.walkWith());
  ctx.registerCommand('calls.placeTestCall', placeTestCall(view, calls, follow));
  ctx.registerCommand('calls.forgetCustomer', forgetCustomer(view, calls));
}

async function askCallId(): Promise<string | undefined> {
  const id = await vscode.window.showInputBox({
    title: 'Open a call',
    prompt: 'The call id (as the Pearls view or a call webhook gives it).',
    validateInput: (value) => (isPlausiblePearlId(value.trim()) ? undefined : 'A call id is 1 to 256 visible characters.'),
  });
  return id?.trim();
}

/** `pearl.calls.filter`: what to filter by (dates, status, tags, search), then its value. */
async function filterCommand(calls: CallsInView): Promise<void> {
  const filter = calls.loader.filter;
  const choice = await vscode.window.showQuickPick(
    [
      { label: 'Date range…', id: 'dates' },
      {
        label: 'Conversation status…',
        id: 'status',
        description: filter.statuses.length > 0 ? `${filter.statuses.length} chosen` : undefined,
      },
      { label: 'Tags…', id: 'tags', description: filter.tags.length > 0 ? `${filter.tags.length} chosen` : undefined },
      { label: 'Search text…', id: 'search', description: filter.search === '' ? undefined : plainLabel(filter.search) },
      { label: 'Clear filters', id: 'clear' },
    ],
    { title: 'Filter calls' },
  );
  if (choice === undefined) return;
  const now = Date.now();
  let next = filter;
  if (choice.id === 'clear') next = defaultFilter(now);
  if (choice.id === 'dates') {
    const range = await pickDates(filter, now);
    if (range === undefined) return;
    next = range;
  }
  if (choice.id === 'status') {
    const picked = await vscode.window.showQuickPick(
      Object.entries(callFilterStatusNames).map(([value, name]) => ({
        label: name,
        value: Number(value),
        picked: filter.statuses.includes(Number(value)),
      })),
      { title: 'Calls with which conversation status? (none: any)', canPickMany: true },
    );
    if (picked === undefined) return;
    next = { ...filter, statuses: picked.map((item) => item.value) };
  }
  if (choice.id === 'tags') {
    const tags = await pickTags(calls, filter.tags);
    if (tags === undefined) return;
    next = { ...filter, tags };
  }
  if (choice.id === 'search') {
    const typed = await vscode.window.showInputBox({ title: 'Search the calls for', value: filter.search, validateInput: checkSearch });
    if (typed === undefined) return;
    next = { ...filter, search: typed.trim() };
  }
  calls.loader.setFilter(next);
  calls.showFilter();
}

/** The filter with a date range picked (a preset or two typed days); undefined when cancelled or refused. */
async function pickDates(filter: CallsFilter, now: number): Promise<CallsFilter | undefined> {
  const range = await vscode.window.showQuickPick(
    [
      { label: 'Today', id: 'today' as const },
      { label: 'Last 7 days', id: '7' as const, description: 'default' },
      { label: 'Last 30 days', id: '30' as const },
      { label: 'Last 90 days', id: '90' as const },
      { label: 'From … to …', id: 'custom' as const },
    ],
    { title: 'Calls of which days?' },
  );
  if (range === undefined) return undefined;
  if (range.id !== 'custom') {
    const preset = presetRange(range.id, now);
    return {
      fromMs: preset.fromMs,
      toMs: preset.toMs,
      statuses: filter.statuses,
      tags: filter.tags,
      search: filter.search,
      ...(preset.rangeLabel === undefined ? {} : { rangeLabel: preset.rangeLabel }),
    };
  }
  const dateRule = (value: string): string | undefined =>
    /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? undefined : 'Write the date as YYYY-MM-DD.';
  const from = await vscode.window.showInputBox({ title: 'First day (YYYY-MM-DD)', validateInput: dateRule });
  if (from === undefined) return undefined;
  const to = await vscode.window.showInputBox({ title: 'Last day (YYYY-MM-DD)', value: from, validateInput: dateRule });
  if (to === undefined) return undefined;
  const custom = customRange(from, to);
  if ('error' in custom) {
    void showWarning(custom.error);
    return undefined;
  }
  return { ...filter, ...custom };
}

/** The tag values picked (from the deployed files' tags, or one typed); undefined when cancelled. */
async function pickTags(calls: CallsInView, current: readonly string[]): Promise<string[] | undefined> {
  const known = calls.knownTags();
  const values = new Set([...known.keys(), ...current]);
  if (values.size === 0) {
    const typed = await vscode.window.showInputBox({
      title: 'Calls with which tag? (its id; no listed Pearl has a deployed file naming its tags)',
      validateInput: (value) => (value.length <= 100 ? undefined : 'At most 100 characters.'),
    });
    if (typed === undefined) return undefined;
    return typed.trim() === '' ? [] : [typed.trim()];
  }
  const picked = await vscode.window.showQuickPick(
    [...values].map((value) => ({
      label: plainLabel(known.get(value)?.name ?? value),
      description: plainLabel(value),
      value,
      picked: current.includes(value),
    })),
    { title: 'Calls with which tags? (none: any)', canPickMany: true },
  );
  return picked?.map((item) => item.value);
}

/** `pearl.calls.placeTestCall` (an outbound Pearl's row, or a pick): asks, confirms, places the call and follows it. */
function placeTestCall(view: PearlsView, calls: CallsInView, follow: TestCallStatus): CmdFactory {
  return (ctx) =>
    async (arg?: unknown): Promise<PearlCommandOutcome> => {
      const target = await resolveTarget(ctx, view, arg, {
        title: 'Place a test call from which Pearl?',
        filter: (pearl) => pearl.type === 2,
      });
      if ('status' in target) return target;
      if (target.pearl.type !== 2) {
        void showInformation(`${target.label} is not an outbound Pearl: only an outbound Pearl places calls.`);
        return { status: 'refused', reason: 'not outbound' };
      }
      const remembered = ctx.extCtx.workspaceState.get<string>(testCallNumberKey);
      const number = await vscode.window.showInputBox({
        title: `Test call from ${target.label}`,
        prompt: 'The number to call. It rings a real phone; it is remembered for this workspace only.',
        value: typeof remembered === 'string' ? remembered : '',
        validateInput: checkPhoneNumber,
      });
      if (number === undefined) return { status: 'cancelled', reason: 'no number' };
      const to = number.trim();
      await ctx.extCtx.workspaceState.update(testCallNumberKey, to);
      const callData = await askPreCallValues(target.pearl, calls);
      if (callData === undefined) return { status: 'cancelled', reason: 'no values' };
      const values = Object.entries(callData);
      const answer = await askModal(
        `Call ${to} from ${target.label}?`,
        [
          `This places a real call: the phone ${to} rings, and the call uses your account's credit.`,
          values.length === 0
            ? 'No variables are sent with it.'
            : `Values sent with it:\n${values.map(([id, value]) => `${id} = ${value}`).join('\n')}`,
        ].join('\n\n'),
        'Place Call',
      );
      if (answer !== 'Place Call') return { status: 'cancelled', reason: 'not confirmed' };
      const placed = await makeCall({
        baseUrl: target.baseUrl,
        token: target.token,
        timeoutMs: commandTimeoutMs,
        outboundId: target.pearl.id,
        to,
        callData: values.length === 0 ? null : callData,
      });
      if (!placed.ok) return reportFailure(ctx, `Test call from ${target.label}`, placed);
      ctx.outputChannel.appendLine(`[calls] Test call from ${target.pearl.id}: request ${placed.request.id} placed.`);
      follow.follow(placed.request.id, target.label, target.baseUrl, target.token, target.pearl.id);
      return { status: 'done' };
    };
}

/**
 * The PreCall variables' values for a test call: prefilled from a walk of a walks file naming the
 * Pearl's deployed file (the user picks which, or none), then one input box per PreCall variable.
 * Undefined when the user cancels.
 */
async function askPreCallValues(pearl: PearlSummary, calls: CallsInView): Promise<Record<string, string> | undefined> {
  const known = await calls.factsFor(pearl.id);
  if (known === undefined) return {};
  const preCall = known.facts.variables.filter((variable) => variable.group === 1).slice(0, maxAskedVariables);
  if (preCall.length === 0) return {};
  const walks = await walksNaming(known.uri);
  let start: Readonly<Record<string, string>> = {};
  if (walks.length > 0) {
    const picked = await vscode.window.showQuickPick(
      [
        { label: 'Type the values', walk: undefined as WalkValues | undefined },
        ...walks.map((walk) => ({ label: plainLabel(walk.name), description: 'walk', walk })),
      ],
      { title: 'Prefill the PreCall variables from a walk?' },
    );
    if (picked === undefined) return undefined;
    start = picked.walk?.variables ?? {};
  }
  const values: Record<string, string> = {};
  for (const variable of preCall) {
    const value = await vscode.window.showInputBox({
      title: `PreCall variable ${plainLabel(variable.id)}${variable.name === undefined ? '' : ` (${plainLabel(variable.name)})`}`,
      prompt: 'Its value for this call; leave empty to send none.',
      value: start[variable.id] ?? '',
      validateInput: (text) => (text.length <= 2000 ? undefined : 'At most 2,000 characters.'),
    });
    if (value === undefined) return undefined;
    if (value !== '') values[variable.id] = value;
  }
  return values;
}

/** The walks of the workspace's walks files whose `pearl` names `pearlUri` (at most 50 files looked at). */
async function walksNaming(pearlUri: vscode.Uri): Promise<WalkValues[]> {
  const folder = vscode.workspace.getWorkspaceFolder(pearlUri);
  if (folder === undefined) return [];
  const files = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*.walks.json'), '**/node_modules/**', 50);
  const walks: WalkValues[] = [];
  for (const file of files) {
    const text = await readText(file);
    if (text === undefined) continue;
    const read = readWalkValues(text);
    if (read.pearl === undefined) continue;
    if (vscode.Uri.joinPath(file, '..', read.pearl).toString() !== pearlUri.toString()) continue;
    walks.push(...read.walks.filter((walk) => Object.keys(walk.variables).length > 0));
  }
  return walks.slice(0, 100);
}

/** `pearl.calls.forgetCustomer`: asks the number, confirms, PUT ResetMemory. */
function forgetCustomer(view: PearlsView, calls: CallsInView): CmdFactory {
  return (ctx) =>
    async (arg?: unknown): Promise<PearlCommandOutcome> => {
      const target = await resolveTarget(ctx, view, arg, { title: 'Forget a customer of which Pearl?' });
      if ('status' in target) return target;
      const memory = (await calls.factsFor(target.pearl.id))?.facts.memory;
      if (memory === false) {
        void showInformation(`${target.label} was deployed from a file with pearl.memory false: it remembers no customer.`);
        return { status: 'refused', reason: 'no memory' };
      }
      const number = await vscode.window.showInputBox({
        title: `Forget a customer of ${target.label}`,
        prompt: "The customer's phone number, as the calls show it.",
        validateInput: checkPhoneNumber,
      });
      if (number === undefined) return { status: 'cancelled', reason: 'no number' };
      const phoneNumber = number.trim();
      const answer = await askModal(
        `Forget ${phoneNumber} for ${target.label}?`,
        `The Pearl no longer remembers its earlier conversations with this number. This cannot be undone.${memory === undefined ? '\n\nWhether this Pearl has memory turned on is not known here (no deployed file of it in this workspace).' : ''}`,
        'Forget',
      );
      if (answer !== 'Forget') return { status: 'cancelled', reason: 'not confirmed' };
      const result = await resetMemory({
        baseUrl: target.baseUrl,
        token: target.token,
        timeoutMs: commandTimeoutMs,
        pearlId: target.pearl.id,
        phoneNumber,
      });
      if (!result.ok) return reportFailure(ctx, `Forget a customer of ${target.label}`, result);
      void showInformation(`${target.label} has forgotten ${phoneNumber}.`);
      return { status: 'done' };
    };
}

/**
 * The status bar item that follows the latest test call's request ({@link CallRequestFollower}):
 * `Test call: queued`, `on call`, `completed: click to open the call`. Clicking it opens the call
 * when there is one; a new test call replaces the one followed.
 */
class TestCallStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('pearl.testCall', vscode.StatusBarAlignment.Left, 40);
  private follower: CallRequestFollower | undefined;
  private callId: string | undefined;
  private pearlId: string | undefined;
  private readonly command: vscode.Disposable;

  constructor(private readonly views: CallViews) {
    this.item.name = 'Pearl Test Call';
    this.command = vscode.commands.registerCommand('pearl.calls.testCallStatus', () => this.clicked());
    this.item.command = 'pearl.calls.testCallStatus';
  }

  follow(requestId: string, label: string, baseUrl: string, token: string, pearlId: string): void {
    this.follower?.stop();
    this.callId = undefined;
    this.pearlId = pearlId;
    const follower = new CallRequestFollower(
      requestId,
      {
        getCallRequest: (id, signal) => getCallRequest({ baseUrl, token, timeoutMs: commandTimeoutMs, requestId: id, signal }),
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        now: () => Date.now(),
      },
      (state) => {
        if (this.follower === follower) this.show(state, label);
      },
    );
    this.follower = follower;
    follower.start();
  }

  private show(state: FollowState, label: string): void {
    const icon =
      state.kind === 'done' ? (state.status === 10 ? 'pass' : 'error') : state.kind === 'stopped' ? 'debug-disconnect' : 'sync~spin';
    this.item.text = `$(${icon}) Test call: ${state.text}`;
    this.item.tooltip = plainLines(
      `Test call from ${label}: ${state.text}.${state.kind === 'done' && state.errors.length > 0 ? `\n${state.errors.join('\n')}` : ''}\nClick to ${state.kind === 'done' && state.callId !== undefined ? 'open the call' : 'hide this'}.`,
    );
    if (state.kind === 'done') {
      this.callId = state.callId;
      if (state.status !== 10)
        void showError(
          `The test call from ${label} ended as ${state.text}${state.errors.length > 0 ? `: ${state.errors.join(' ')}` : '.'}`,
        );
    }
    this.item.show();
  }

  private async clicked(): Promise<void> {
    if (this.callId !== undefined) {
      await this.views.show(this.callId, this.pearlId);
      return;
    }
    this.follower?.stop();
    this.follower = undefined;
    this.item.hide();
  }

  dispose(): void {
    this.follower?.stop();
    this.item.dispose();
    this.command.dispose();
  }
}
