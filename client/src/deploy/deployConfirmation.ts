import type { DeployPayload } from '#protocol/pearlRequests';
import { pearlStatusNames } from '../api/pearlAccountApi';
import { type DeployChoice, type PreviousPearl, previousLabel } from './deployPlan';

/** What the modal confirmation of a deploy says: a one-line question and the details below it. */
export interface DeployConfirmation {
  readonly message: string;
  readonly detail: string;
}

/**
 * The confirmation shown before a deploy sends anything (docs/rulings.md § Service: "the product says
 * which before sending"): what each button does (create a new, live Pearl; update the previous one
 * in place; pause the previous one or keep it running), the file's name, kind, direction and
 * channel, the service it goes to, and what is known of the previous deployment (gone, not
 * checked, its status and ongoing calls, and whether the content is the same as then).
 *
 * @param contentHash SHA-256 (hex) of `payload.body`, compared with the previous record's.
 * @param unsaved whether the editor holds changes not saved to disk (they are sent).
 * @param choices the buttons `deployChoices` gives for this file.
 */
export function describeDeploy(
  payload: DeployPayload,
  baseUrl: string,
  contentHash: string,
  previous: PreviousPearl | undefined,
  unsaved: boolean,
  choices: readonly DeployChoice[],
): DeployConfirmation {
  const name = payload.name?.trim() ? payload.name : undefined;
  const kind = payload.kind === 'text' ? 'Text Pearl' : 'Simple (voice) Pearl';
  const channelField = payload.kind === 'text' ? 'textChannelId' : 'phoneNumberId';
  const lines = [
    ...explainChoices(payload, previous, choices),
    '',
    `Name: ${name ?? '(none)'}`,
    `Kind: ${kind}`,
    `Direction: ${payload.direction ?? 'neither inbound nor outbound'}`,
    `${channelField}: ${payload.channelId ?? '(not set)'}`,
    `Service: ${baseUrl}`,
    `Size: ${formatSize(new TextEncoder().encode(payload.body).byteLength)}`,
  ];
  if (previous !== undefined) {
    lines.push('', ...describePrevious(previous));
    if (previous.record.contentHash === contentHash) lines.push('The content is the same as then.');
  }
  if (unsaved) lines.push('', 'The editor content is sent, including changes not saved yet.');
  lines.push(...describeDroppedKeys(payload.droppedKeys));
  const update = choices.some((choice) => choice.action === 'update');
  const message = update
    ? `Update ${previous === undefined ? 'the Pearl' : previousLabel(previous)} in place, or create a new Pearl?`
    : name
      ? `Create the live Pearl "${name}"?`
      : 'Create a new live Pearl from this file?';
  return { message, detail: lines.join('\n') };
}

/** Most keys {@link describeDroppedKeys} names; the rest are counted. */
export const maxDroppedKeysShown = 10;

/**
 * The confirmation's paragraph on keys written more than once (docs/rulings.md § Files: what is
 * sent holds the last value of each): none when `droppedKeys` is empty, else each JSON path (at
 * most {@link maxDroppedKeysShown}, then how many more).
 */
export function describeDroppedKeys(droppedKeys: readonly string[]): string[] {
  if (droppedKeys.length === 0) return [];
  const count = droppedKeys.length;
  const shown = droppedKeys.slice(0, maxDroppedKeysShown).map((key) => `  ${key}`);
  const more = count - shown.length;
  return [
    '',
    `${count === 1 ? 'A key is' : `${count} keys are`} written more than once; only the last value of each is sent, the earlier ${count === 1 ? 'value is' : 'values are'} dropped:`,
    ...shown,
    ...(more > 0 ? [`  and ${more} more (see the duplicate-key warnings)`] : []),
  ];
}

/** Bodies larger than this many bytes (5 MB) are sent only after the user agrees ({@link largeBodyQuestion}). */
export const largeBodyBytes = 5 * 1000 * 1000;

/** `812 bytes`, `12.3 kB`, `5 MB`, `5.2 MB` (decimal units, one decimal below 100 unless it is 0). */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const [value, unit] = bytes < 1000 * 1000 ? [bytes / 1000, 'kB'] : [bytes / (1000 * 1000), 'MB'];
  return `${value < 100 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${unit}`;
}

/**
 * The question asked before the confirmation when the request body is larger than
 * {@link largeBodyBytes}, or undefined when it is not: `message` names the size, `detail` says why
 * it matters; the button is `button`.
 */
export function largeBodyQuestion(bodyBytes: number): { message: string; detail: string; button: string } | undefined {
  if (bodyBytes <= largeBodyBytes) return undefined;
  return {
    message: `The request body is ${formatSize(bodyBytes)}, more than ${formatSize(largeBodyBytes)}. Send it anyway?`,
    detail:
      'A Pearl is usually a few kilobytes: a body this large often holds pasted data by mistake. The service may refuse it or take long to answer, and the whole body is uploaded on every deploy.',
    button: 'Continue',
  };
}

/** One paragraph per button: what it sends and what it leaves. */
function explainChoices(payload: DeployPayload, previous: PreviousPearl | undefined, choices: readonly DeployChoice[]): string[] {
  const label = previous === undefined ? '' : previousLabel(previous);
  const lines: string[] = [];
  for (const choice of choices) {
    if (choice.action === 'update') {
      lines.push(
        `${choice.button}: sends the file to PUT /v2/Pearl/${previous?.record.pearlId ?? '{id}'}; the live Pearl takes its settings at once.`,
      );
    } else if (choice.action === 'createAndPause') {
      lines.push(`${choice.button}: POST ${payload.path} creates a new, live Pearl, then ${label} is paused (it takes no new calls).`);
    } else if (choice.action === 'createKeepBoth') {
      lines.push(`${choice.button}: POST ${payload.path} creates a new, live Pearl; ${label} keeps running, so both answer.`);
    } else {
      lines.push(
        `${choice.button}: POST ${payload.path} creates a new Pearl, published (live) at once${label === '' ? '' : `; ${label} stays as it is`}.`,
      );
    }
  }
  if (payload.kind === 'text' && previous?.state === 'exists') {
    lines.push('A text Pearl cannot be updated in place: the service has no update operation for text Pearls.');
  }
  return lines;
}

/** What is known of the previous deployment. */
function describePrevious(previous: PreviousPearl): string[] {
  const { record } = previous;
  const when = `This file was ${record.action === 'imported' ? 'imported from' : 'deployed as'} ${record.pearlId} (${formatTime(record.time)}).`;
  if (previous.state === 'gone') return [when, previous.note ?? "That Pearl is no longer in the account's list of Pearls."];
  if (previous.state === 'unknown') return [when, `Whether it still exists could not be checked: ${previous.note ?? 'no answer'}`];
  const status = previous.status === undefined ? 'status unknown' : (pearlStatusNames[previous.status] ?? `status ${previous.status}`);
  const ongoing = previous.ongoing;
  const calls =
    ongoing === undefined
      ? ''
      : ` with ${ongoing.totalOngoingCalls} ongoing ${ongoing.totalOngoingCalls === 1 ? 'call' : 'calls'}${ongoing.totalOnQueue === undefined ? '' : ` and ${ongoing.totalOnQueue} queued`}`;
  return [when, `It is ${status}${calls}.`];
}

/** An ISO time as a short local date and time; the ISO text itself when unreadable. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
