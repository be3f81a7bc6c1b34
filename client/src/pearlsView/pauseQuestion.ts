/**
 * What the Pearls view's Pause asks before pausing a Pearl, from its ongoing-call counts as the
 * shared store gives them (ongoingCallsStore.ts: the reading the view and the status bar show).
 * It imports nothing from `vscode`.
 */

import type { OngoingCallsResult } from '../api/pearlApiClient';
import { formatCounts } from './pearlsTreeModel';

/**
 * The question's text for `counts`, or undefined when there is nothing to ask (no ongoing and no
 * queued call): it says how many calls there are, or why they could not be read.
 */
export function pauseQuestionDetail(counts: OngoingCallsResult): string | undefined {
  if (counts.ok && counts.totalOngoingCalls === 0 && !(counts.totalOnQueue !== undefined && counts.totalOnQueue > 0)) return undefined;
  const now = counts.ok ? `It has ${formatCounts(counts)} right now.` : `Its ongoing calls could not be read (${counts.message}).`;
  return `${now}\n\nA paused Pearl takes no new calls until you run it again. The service's reference does not say what happens to calls already in progress.`;
}
