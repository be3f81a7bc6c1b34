/**
 * The rows of the Pearls view, independent of the `vscode` API: the account at the top, then one
 * row per Pearl, or a message row when there is nothing to list. Every text that came from the
 * service goes through {@link plainLabel} (`userText.ts`): one line, invisible characters shown as
 * `\uXXXX`, no link, at most 120 characters. Rows carry plain strings only; the view puts them into tree
 * items as plain strings (no Markdown, no command links from service data).
 */

import {
  type AccountInfo,
  accountStatusNames,
  maxListedPearls,
  pearlStatusNames,
  pearlTypeNames,
  type PearlSummary,
} from '../api/pearlAccountApi';
import { plainLabel } from '../userText';
import type { PearlCounts, PearlsSnapshot } from './pearlsSnapshot';

/** Account statuses shown as a warning (docs/public-reference.md § GET /v1/Account): 3 NoCredits, 4 SuspendedAccount, 5 DebtReached. */
export const accountWarningStatuses: ReadonlySet<number> = new Set([3, 4, 5]);

/** A row of the view. `icon` is a codicon id; `warning` asks for the warning colour. */
export interface PearlsRow {
  readonly kind: 'account' | 'pearl' | 'message';
  /** Stable id of the row (`account`, `pearl:<id>`, `message:<n>`). */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  /** Plain text, one fact a line. */
  readonly tooltip?: string;
  readonly icon: string;
  readonly warning?: boolean;
  /** For Pearl rows: the Pearl, its counts (running only) and the linked file. */
  readonly pearl?: PearlSummary;
  readonly counts?: PearlCounts;
  readonly linkedFile?: string;
  /** `when`-clause value for the row's menus (see {@link contextValueOf}). */
  readonly contextValue?: string;
  /** A command of this extension the row runs when clicked (message rows only; never from service data). */
  readonly command?: string;
}

/** `Running`, `Paused`, `Suspended`, `TemporaryMaintenance`, `status 7` for a value the reference does not name, `status unknown`. */
export function statusName(status: number | undefined): string {
  if (status === undefined) return 'status unknown';
  return pearlStatusNames[status] ?? `status ${status}`;
}

/** `Inbound`, `Outbound`, or `direction unknown`. */
export function directionName(type: number | undefined): string {
  return type === undefined ? 'direction unknown' : (pearlTypeNames[type] ?? `type ${type}`);
}

/** `3 ongoing · 1 queued` (the queue only when reported), as the status bar writes counts. */
export function formatCounts(counts: PearlCounts): string {
  return counts.totalOnQueue === undefined
    ? `${counts.totalOngoingCalls} ongoing`
    : `${counts.totalOngoingCalls} ongoing · ${counts.totalOnQueue} queued`;
}

/**
 * The `contextValue` of a Pearl row: `pearl.running`, `pearl.paused` or `pearl.other`, plus
 * `.linked` when a file of the workspace was deployed as it (menus match with regular expressions).
 */
export function contextValueOf(pearl: PearlSummary, linked: boolean): string {
  const state = pearl.status === 1 ? 'running' : pearl.status === 2 ? 'paused' : 'other';
  return `pearl.${state}${linked ? '.linked' : ''}`;
}

/** The account row: name, then credits, minutes and access status; a warning for NoCredits, SuspendedAccount, DebtReached. */
export function accountRow(account: AccountInfo | undefined, error: string | undefined): PearlsRow {
  if (account === undefined) {
    return {
      kind: 'account',
      id: 'account',
      label: 'Account',
      description: 'not read',
      tooltip: plainLabel(error ?? ''),
      icon: 'account',
      warning: true,
    };
  }
  const status = account.status === undefined ? 'status unknown' : (accountStatusNames[account.status] ?? `status ${account.status}`);
  const warning = account.status !== undefined && accountWarningStatuses.has(account.status);
  const credits = account.creditBalance === undefined ? undefined : `${formatNumber(account.creditBalance)} credits`;
  const minutes = account.remainingMinutes === undefined ? undefined : `${formatNumber(account.remainingMinutes)} min left`;
  const name = account.name === undefined || account.name.trim() === '' ? 'Account' : plainLabel(account.name);
  const tooltip = [
    `Account: ${name}`,
    `Access: ${status}`,
    credits === undefined ? 'Credit balance: not reported' : `Credit balance: ${credits}`,
    minutes === undefined ? 'Remaining minutes: not reported' : `Remaining minutes: ${formatNumber(account.remainingMinutes ?? 0)}`,
    account.totalAgents === undefined ? undefined : `Agents: ${account.totalAgents}`,
  ].filter((line): line is string => line !== undefined);
  return {
    kind: 'account',
    id: 'account',
    label: name,
    description: [status, credits, minutes].filter((part) => part !== undefined).join(' · '),
    tooltip: tooltip.join('\n'),
    icon: warning ? 'warning' : 'account',
    warning,
  };
}

/** The row of one Pearl; `linkedFile` is the workspace-relative path of the file deployed as it. */
export function pearlRow(pearl: PearlSummary, counts: PearlCounts | undefined, linkedFile: string | undefined): PearlsRow {
  const name = pearl.name === undefined || pearl.name.trim() === '' ? '(no name)' : plainLabel(pearl.name);
  const status = statusName(pearl.status);
  const direction = directionName(pearl.type);
  const live = pearl.status === 1 ? (counts === undefined ? 'calls not read' : formatCounts(counts)) : undefined;
  const tooltip = [
    name,
    `Id: ${plainLabel(pearl.id)}`,
    `Direction: ${direction}`,
    `Status: ${status}`,
    live === undefined ? undefined : `Calls: ${live}`,
    pearl.createdAt === undefined ? undefined : `Created: ${plainLabel(pearl.createdAt)}`,
    linkedFile === undefined ? undefined : `Deployed from ${linkedFile}`,
  ].filter((line): line is string => line !== undefined);
  return {
    kind: 'pearl',
    id: `pearl:${pearl.id}`,
    label: name,
    description: [direction, status, live].filter((part) => part !== undefined).join(' · '),
    tooltip: tooltip.join('\n'),
    icon: pearlIcon(pearl.status),
    warning: pearl.status === 3 || pearl.status === 10,
    pearl,
    ...(counts === undefined ? {} : { counts }),
    ...(linkedFile === undefined ? {} : { linkedFile }),
    contextValue: contextValueOf(pearl, linkedFile !== undefined),
  };
}

function pearlIcon(status: number | undefined): string {
  if (status === 1) return 'play-circle';
  if (status === 2) return 'debug-pause';
  if (status === 3) return 'error';
  if (status === 10) return 'tools';
  return 'question';
}

/**
 * Whether `next` draws exactly what `previous` drew: the same rows in the same order, every field
 * alike (rows hold plain data only). The view tells VS Code its rows changed only when this is
 * false: a reading every few seconds that changed nothing must not redraw the tree under the user's
 * pointer (a click on a row being redrawn can be lost).
 */
export function sameRows(previous: readonly PearlsRow[], next: readonly PearlsRow[]): boolean {
  if (previous.length !== next.length) return false;
  for (let i = 0; i < next.length; i++) {
    if (previous[i] !== next[i] && JSON.stringify(previous[i]) !== JSON.stringify(next[i])) return false;
  }
  return true;
}

/**
 * Every row for `snapshot`: the account, then the Pearls by name (then id), each linked to the file
 * `links` gives for its id. With no Pearls, a message row says so. Message rows also say when the
 * list is cut (how many of how many are shown, and the bound), how many entries had no usable id,
 * and how many ids the service listed more than once: such an id is shown once, as first listed
 * (row ids must be unique, or VS Code shows nothing).
 */
export function buildRows(snapshot: PearlsSnapshot, links: ReadonlyMap<string, string>): PearlsRow[] {
  const rows: PearlsRow[] = [accountRow(snapshot.account, snapshot.accountError)];
  const firstOfEach = new Map<string, PearlSummary>();
  const repeatedIds = new Set<string>();
  for (const pearl of snapshot.pearls) {
    if (firstOfEach.has(pearl.id)) repeatedIds.add(pearl.id);
    else firstOfEach.set(pearl.id, pearl);
  }
  const pearls = [...firstOfEach.values()].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.id.localeCompare(b.id));
  for (const pearl of pearls) rows.push(pearlRow(pearl, snapshot.counts.get(pearl.id), links.get(pearl.id)));
  if (pearls.length === 0 && snapshot.omitted === 0) rows.push(messageRow(1, 'No Pearls in this account yet.', 'info'));
  if (snapshot.omitted > 0) {
    const total = snapshot.pearls.length + snapshot.skipped + snapshot.omitted;
    rows.push(
      messageRow(
        2,
        `The list is cut: ${pearls.length === 1 ? '1 Pearl is' : `${formatCount(pearls.length)} Pearls are`} shown of the ${formatCount(total)} entries the service listed (at most ${formatCount(maxListedPearls)} are read).`,
        'warning',
        undefined,
        true,
      ),
    );
  }
  if (snapshot.skipped > 0) {
    const count = snapshot.skipped;
    rows.push(messageRow(3, `${count} ${count === 1 ? 'entry' : 'entries'} of the list without a usable id not shown.`, 'info'));
  }
  if (repeatedIds.size > 0) {
    const [first] = repeatedIds;
    rows.push(
      messageRow(
        4,
        repeatedIds.size === 1
          ? `The service listed the Pearl id ${plainLabel(first)} more than once: it is shown once, as first listed.`
          : `The service listed ${repeatedIds.size} Pearl ids more than once: each is shown once, as first listed.`,
        'warning',
        undefined,
        true,
      ),
    );
  }
  return rows;
}

/** `10,000`: a whole number with thousands separators. */
function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** A message row (`message:<n>`); `command` is one of this extension's commands, never from service data. */
export function messageRow(n: number, label: string, icon: string, command?: string, warning = false): PearlsRow {
  return { kind: 'message', id: `message:${n}`, label, icon, warning, ...(command === undefined ? {} : { command }) };
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
