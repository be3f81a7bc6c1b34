import type { DeployPayload } from '../../../protocol/pearlRequests';
import type { DeploymentRecord } from './deploymentStore';

/** What the modal confirmation of a deploy says: a one-line question and the details below it. */
export interface DeployConfirmation {
  readonly message: string;
  readonly detail: string;
}

/**
 * The confirmation shown before a deploy sends anything (docs/rulings.md § Service: "the product says
 * so before sending"): a new, live Pearl is created, never an update; its name, kind, direction and
 * channel; the service it goes to; and, when the file was deployed before, that the earlier Pearl
 * stays (and whether the content is the same, which would make a duplicate).
 *
 * @param contentHash SHA-256 (hex) of `payload.body`, compared with `previous.contentHash`.
 * @param unsaved whether the editor holds changes not saved to disk (they are sent).
 */
export function describeDeploy(
  payload: DeployPayload,
  baseUrl: string,
  contentHash: string,
  previous: DeploymentRecord | undefined,
  unsaved: boolean,
): DeployConfirmation {
  const name = payload.name?.trim() ? payload.name : undefined;
  const kind = payload.kind === 'text' ? 'Text Pearl' : 'Simple (voice) Pearl';
  const channelField = payload.kind === 'text' ? 'textChannelId' : 'phoneNumberId';
  const lines = [
    'This creates a new Pearl, published (live) at once. The interface has no update: every deploy creates another Pearl.',
    '',
    `Name: ${name ?? '(none)'}`,
    `Kind: ${kind} (POST ${payload.path})`,
    `Direction: ${payload.direction ?? 'neither inbound nor outbound'}`,
    `${channelField}: ${payload.channelId ?? '(not set)'}`,
    `Service: ${baseUrl}`,
  ];
  if (previous) {
    lines.push('', `This file was deployed before, as ${previous.pearlId} (${formatTime(previous.time)}); that Pearl stays as it is.`);
    if (previous.contentHash === contentHash) lines.push('The content is the same as then: this would create a duplicate.');
  }
  if (unsaved) lines.push('', 'The editor content is sent, including changes not saved yet.');
  const message = name ? `Create the live Pearl "${name}"?` : 'Create a new live Pearl from this file?';
  return { message, detail: lines.join('\n') };
}

/** An ISO time as a short local date and time; the ISO text itself when unreadable. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
