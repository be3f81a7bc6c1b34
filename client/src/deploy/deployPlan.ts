/**
 * What a deploy can do when the file has a recorded deployment (docs/rulings.md § Service;
 * docs/public-reference.md): a simple Pearl may be updated in place (PUT /v2/Pearl/{id}) or
 * created anew; a text Pearl has no update, so it is created anew, and the previous one may be
 * paused (PUT /v2/Pearl/{id}/Active) or kept running. It imports nothing from `vscode`.
 */

import { type ApiCallOptions, getPearl, listPearls } from '../api/pearlAccountApi';
import { getOngoingCalls, type OngoingCallsResult } from '../api/pearlApiClient';
import { plainText } from '../userText';
import type { DeploymentRecord } from './deploymentStore';

/** What the file's latest deployment is now, as the service's list says. */
export interface PreviousPearl {
  readonly record: DeploymentRecord;
  /**
   * `exists`: listed, or read alone; `gone`: not in the whole list, or GET /v2/Pearl/{id} answered
   * 404 (deleted); `unknown`: neither the list nor the one Pearl could tell (`note` says why).
   */
  readonly state: 'exists' | 'gone' | 'unknown';
  /** Its name and status as listed (when it exists). */
  readonly name?: string;
  readonly status?: number;
  /** Its ongoing calls, when it is running and they could be read. */
  readonly ongoing?: { readonly totalOngoingCalls: number; readonly totalOnQueue?: number };
  /** Why it is `unknown`, or how it was found `gone` when not by the whole list: one sentence, no token. */
  readonly note?: string;
}

/**
 * What a deploy does: `create` a new Pearl; `update` the previous one in place (simple only);
 * `createAndPause` create and then pause the previous (text); `createKeepBoth` create and leave the
 * previous running (text).
 */
export type DeployAction = 'create' | 'update' | 'createAndPause' | 'createKeepBoth';

/** One button of the confirmation. */
export interface DeployChoice {
  readonly action: DeployAction;
  /** The button's text, e.g. `Update "Front desk" (prl_1)`. */
  readonly button: string;
}

/** The label of the plain create button (no previous deployment to act on). */
export const createButton = 'Create Pearl';

/**
 * Looks the record's Pearl up in GET /v2/Pearl (and, when it runs, its ongoing calls with
 * `readCounts`: in the extension the shared reading, ongoingCallsStore.ts, so the question says what
 * the status bar and the Pearls view show; GET OngoingCalls by default), within `options.timeoutMs` each. Only a list read whole says a Pearl is `gone`: when the list is cut (past
 * `maxListedPearls`) or could not be read, the one Pearl is read (GET /v2/Pearl/{id}): found, it
 * exists; a 404, it is gone; otherwise `unknown`, the note saying what failed. Never rejects.
 */
export async function checkPrevious(
  record: DeploymentRecord,
  options: ApiCallOptions,
  readCounts: (pearlId: string, options: ApiCallOptions) => Promise<OngoingCallsResult> = (pearlId, call) =>
    getOngoingCalls({ ...call, pearlId }),
): Promise<PreviousPearl> {
  const list = await listPearls(options);
  let listed = list.ok ? list.pearls.find((pearl) => pearl.id === record.pearlId) : undefined;
  if (listed === undefined) {
    if (list.ok && list.omitted === 0) return { record, state: 'gone' };
    const why = list.ok
      ? `The account's list of Pearls is cut (the first ${(list.pearls.length + list.skipped).toLocaleString('en-US')} of ${list.total.toLocaleString('en-US')} were read) and does not show it`
      : `The account's list of Pearls could not be read (${list.message})`;
    const one = await getPearl({ ...options, pearlId: record.pearlId });
    if (!one.ok && one.kind === 'http' && one.status === 404)
      return { record, state: 'gone', note: `The service answered 404 Not Found for it (GET /v2/Pearl/${record.pearlId}).` };
    if (!one.ok)
      return { record, state: 'unknown', note: `${why}, and reading it alone (GET /v2/Pearl/${record.pearlId}) failed: ${one.message}` };
    listed = one.pearl;
  }
  const base = { record, state: 'exists' as const, name: listed.name, status: listed.status };
  if (listed.status !== 1) return base;
  const counts = await readCounts(record.pearlId, options);
  if (!counts.ok) return base;
  return {
    ...base,
    ongoing:
      counts.totalOnQueue === undefined
        ? { totalOngoingCalls: counts.totalOngoingCalls }
        : { totalOngoingCalls: counts.totalOngoingCalls, totalOnQueue: counts.totalOnQueue },
  };
}

/** `"Name" (id)` of the previous Pearl, the listed name first, else the recorded one; invisible characters shown, no link. */
export function previousLabel(previous: PreviousPearl): string {
  const name = (previous.name ?? previous.record.name)?.trim().replace(/\s+/g, ' ');
  const label = name
    ? `"${name.length > 60 ? `${name.slice(0, 59)}…` : name}" (${previous.record.pearlId})`
    : `(${previous.record.pearlId})`;
  // Shown in notifications and on buttons: plain text, no link, no icon (userText.ts).
  return plainText(label);
}

/**
 * The confirmation's buttons for a file of `kind` with `previous`:
 * - no previous, or it is gone or could not be checked: `Create Pearl`;
 * - simple, the previous exists: `Update "Name" (id)`, `Create a new Pearl`;
 * - text, the previous exists and runs: `Create a new Pearl and pause "Name" (id)`, `Create a new Pearl and keep both running`;
 * - text, the previous exists and does not run: `Create a new Pearl`.
 */
export function deployChoices(kind: 'text' | 'simple', previous: PreviousPearl | undefined): DeployChoice[] {
  if (previous === undefined || previous.state !== 'exists') return [{ action: 'create', button: createButton }];
  const label = previousLabel(previous);
  if (kind === 'simple') {
    return [
      { action: 'update', button: `Update ${label}` },
      { action: 'create', button: 'Create a new Pearl' },
    ];
  }
  if (previous.status !== 1) return [{ action: 'create', button: 'Create a new Pearl' }];
  return [
    { action: 'createAndPause', button: `Create a new Pearl and pause ${label}` },
    { action: 'createKeepBoth', button: 'Create a new Pearl and keep both running' },
  ];
}
