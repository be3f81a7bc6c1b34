import { manageWorkspaceTrustCommand, restrictedModeReason } from '../trust/restrictedMode';
import { markdownText, plainText } from '../userText';
import type { OngoingCallsCounts, OngoingCallsState } from './ongoingCallsPoller';

/** The command a click on the status runs in every watched state but `noToken`/`unauthorized`. */
export const ongoingCallsMenuCommand = 'pearl.ongoingCallsMenu';
/** The command a click runs when there is no token or the token was refused ("Pearl: Set API Token"). */
export const setApiTokenCommand = 'pearl.setApiToken';
/** Theme colour of the status item while failing or refused (one of the two a status item accepts). */
export const warningBackgroundColorId = 'statusBarItem.warningBackground';

/** What the tooltip says about the watched Pearl besides the state; every field optional. */
export interface OngoingCallsStatusDetails {
  /** `pearl.api.baseUrl`; its host is shown. */
  readonly baseUrl?: string;
  /** The Pearl's name, from its deployment record. */
  readonly pearlName?: string;
  /** The file it was deployed from (a base name or a workspace-relative path). */
  readonly fileName?: string;
  /** Formats an epoch-ms time for the tooltip (default: `Date.prototype.toLocaleTimeString`). */
  readonly formatTime?: (epochMs: number) => string;
}

/** A status bar item's content, independent of the `vscode` API. */
export interface RenderedStatus {
  /** False when idle: the item is hidden. */
  readonly visible: boolean;
  /** The item's text, with `$(icon)` syntax. */
  readonly text: string;
  /** The tooltip, Markdown (theme icons allowed, no command links). */
  readonly tooltip: string;
  /** A `ThemeColor` id for the background, when the state needs attention. */
  readonly backgroundColorId?: string;
  /** The command id a click runs. */
  readonly command?: string;
}

/**
 * The status bar item for `state`:
 * - `ok`: `$(call-incoming) 3 ongoing · 1 queued`, the queue only when the service reported it
 *   (docs/interface.md § GET /v2/Pearl/{pearlId}/OngoingCalls; docs/rulings.md § Service: it may be absent);
 * - `loading`: `$(sync~spin) Pearl calls`;
 * - `failing`: `$(warning) Pearl calls: failing`, warning background, the failure and the next
 *   attempt in the tooltip;
 * - `noToken`: `$(key) Pearl: set token`, click sets it; `unauthorized`: `$(key) Pearl: token
 *   refused`, warning background, click sets it;
 * - `notFound`: `$(circle-slash) Pearl: not found`, warning background, the tooltip says that
 *   polling stopped and how to go on;
 * - `idle`: hidden.
 * The tooltip names the Pearl id (and name and file when known), the service host and the time of
 * the last update.
 */
export function renderStatus(state: OngoingCallsState, details: OngoingCallsStatusDetails = {}): RenderedStatus {
  const formatTime = details.formatTime ?? ((epochMs: number) => new Date(epochMs).toLocaleTimeString());
  if (state.kind === 'idle') {
    return { visible: false, text: '', tooltip: '' };
  }
  const header = describePearl(state.pearlId, details);
  const tooltip = (...lines: string[]): string => [header, ...lines].join('\n\n');
  switch (state.kind) {
    case 'loading':
      return {
        visible: true,
        text: '$(sync~spin) Pearl calls',
        tooltip: tooltip('Reading the ongoing calls…'),
        command: ongoingCallsMenuCommand,
      };
    case 'ok':
      return {
        visible: true,
        text: `$(call-incoming) ${formatCounts(state)}`,
        tooltip: tooltip(`**${escapeMarkdown(describeCounts(state))}**`, `Updated at ${escapeMarkdown(formatTime(state.updatedAt))}`),
        command: ongoingCallsMenuCommand,
      };
    case 'failing': {
      const status = state.status === undefined ? '' : `, HTTP ${state.status}`;
      const lines = [
        `$(warning) **Failing** (${codeSpan(state.failureKind)}${status}): ${escapeMarkdown(state.message)}`,
        `Next attempt at ${escapeMarkdown(formatTime(state.nextAttemptAt))}`,
      ];
      if (state.lastOk !== undefined) {
        lines.push(
          `Last value: ${escapeMarkdown(formatCounts(state.lastOk))}, updated at ${escapeMarkdown(formatTime(state.lastOk.updatedAt))}`,
        );
      }
      return {
        visible: true,
        text: '$(warning) Pearl calls: failing',
        tooltip: tooltip(...lines),
        backgroundColorId: warningBackgroundColorId,
        command: ongoingCallsMenuCommand,
      };
    }
    case 'noToken':
      return {
        visible: true,
        text: '$(key) Pearl: set token',
        tooltip: tooltip('No Pearl API token is set. Click to set it; the ongoing calls are read once it is.'),
        command: setApiTokenCommand,
      };
    case 'unauthorized': {
      const status = state.status === undefined ? '' : ` (HTTP ${state.status})`;
      return {
        visible: true,
        text: '$(key) Pearl: token refused',
        tooltip: tooltip(`The service refused the API token${status}. Click to set another; polling resumes when the token changes.`),
        backgroundColorId: warningBackgroundColorId,
        command: setApiTokenCommand,
      };
    }
    case 'notFound':
      return {
        visible: true,
        text: '$(circle-slash) Pearl: not found',
        tooltip: tooltip(
          `The service has no Pearl with this id (HTTP ${state.status}), so its ongoing calls are no longer read. Click to watch another id, or to refresh if the Pearl should exist.`,
        ),
        backgroundColorId: warningBackgroundColorId,
        command: ongoingCallsMenuCommand,
      };
  }
}

/** `3 ongoing · 1 queued`, or `3 ongoing` when the queue was not reported. */
export function formatCounts(counts: Pick<OngoingCallsCounts, 'totalOngoingCalls' | 'totalOnQueue'>): string {
  const ongoing = `${counts.totalOngoingCalls} ongoing`;
  return counts.totalOnQueue === undefined ? ongoing : `${ongoing} · ${counts.totalOnQueue} queued`;
}

function describeCounts(counts: OngoingCallsCounts): string {
  const calls = `${counts.totalOngoingCalls} ongoing ${counts.totalOngoingCalls === 1 ? 'call' : 'calls'}`;
  return counts.totalOnQueue === undefined ? calls : `${calls}, ${counts.totalOnQueue} on queue`;
}

function describePearl(pearlId: string, details: OngoingCallsStatusDetails): string {
  const lines = [`**Pearl** ${codeSpan(pearlId)}${details.pearlName ? ` ${escapeMarkdown(details.pearlName)}` : ''}`];
  if (details.fileName) lines.push(`Deployed from ${escapeMarkdown(details.fileName)}`);
  if (details.baseUrl) lines.push(`Service ${codeSpan(hostOf(details.baseUrl))}`);
  // Two trailing spaces: a Markdown line break inside one paragraph.
  return lines.join('  \n');
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** `text` ({@link plainText}) as a Markdown code span, with a fence longer than any backtick run inside it. */
function codeSpan(raw: string): string {
  const text = plainText(raw);
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Text from the service, a file or the clock as it is shown: {@link markdownText}. */
function escapeMarkdown(text: string): string {
  return markdownText(text);
}

/**
 * The status bar item in Restricted Mode, when there is a Pearl to watch but nothing is read:
 * `$(workspace-untrusted) Pearl calls: off`, the reason in the tooltip, and a click opens the
 * workspace trust editor.
 */
export function renderRestrictedStatus(pearlId: string, details: OngoingCallsStatusDetails = {}): RenderedStatus {
  return {
    visible: true,
    text: '$(workspace-untrusted) Pearl calls: off',
    tooltip: [describePearl(pearlId, details), restrictedModeReason('ongoingCalls'), 'Click to manage workspace trust.'].join('\n\n'),
    command: manageWorkspaceTrustCommand,
  };
}
