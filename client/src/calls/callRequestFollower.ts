/**
 * Follows a test call's request (GET /v1/Outbound/CallRequest/{id}, docs/user/calls.md § Test
 * call) until it is final or the follower gives up, without `vscode`: one reading at a time,
 * {@link pollIntervalMs} apart, a 429's Retry-After honoured, at most {@link maxPolls} readings and
 * {@link maxFollowMs} in all, {@link maxConsecutiveFailures} failures in a row, a refused token at
 * once. Each change of state is reported; nothing here throws.
 */

import type { CallRequestResult } from '../api/pearlCallsApi';
import { callRequestStatusName, finalCallRequestStatuses } from './callNames';

/** Milliseconds between two readings. */
export const pollIntervalMs = 3000;
/** Most readings of one request. */
export const maxPolls = 200;
/** Longest a request is followed, in milliseconds (15 minutes). */
export const maxFollowMs = 15 * 60_000;
/** Failed readings in a row after which the follower gives up. */
export const maxConsecutiveFailures = 5;

/** Where the request stands, as the status bar says it. */
export type FollowState =
  | { readonly kind: 'queued'; readonly text: string }
  | { readonly kind: 'onCall'; readonly text: string }
  | { readonly kind: 'done'; readonly text: string; readonly callId?: string; readonly status?: number; readonly errors: readonly string[] }
  | { readonly kind: 'stopped'; readonly text: string };

/** What the follower needs. */
export interface FollowerDeps {
  getCallRequest(requestId: string, signal: AbortSignal): Promise<CallRequestResult>;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** See the module comment. */
export class CallRequestFollower {
  private timer: unknown;
  private controller: AbortController | undefined;
  private polls = 0;
  private failures = 0;
  private readonly started: number;
  private finished = false;

  constructor(
    private readonly requestId: string,
    private readonly deps: FollowerDeps,
    private readonly onState: (state: FollowState) => void,
  ) {
    this.started = deps.now();
  }

  /** Reads the request now, then on schedule. */
  start(): void {
    this.onState({ kind: 'queued', text: 'queued' });
    void this.poll();
  }

  /** Stops following (the status bar item was closed); the call itself goes on. */
  stop(): void {
    this.finish({ kind: 'stopped', text: 'no longer followed' });
  }

  /** Whether the follower is done. */
  get done(): boolean {
    return this.finished;
  }

  private finish(state: FollowState): void {
    if (this.finished) return;
    this.finished = true;
    this.deps.clearTimeout(this.timer);
    this.controller?.abort();
    this.onState(state);
  }

  private schedule(ms: number): void {
    if (this.finished) return;
    const left = this.started + maxFollowMs - this.deps.now();
    if (this.polls >= maxPolls || left <= 0) {
      this.finish({ kind: 'stopped', text: `still not finished after ${this.polls} readings: look for the call in the Pearls view` });
      return;
    }
    this.timer = this.deps.setTimeout(() => void this.poll(), Math.min(ms, left));
  }

  private async poll(): Promise<void> {
    if (this.finished) return;
    this.polls++;
    this.controller = new AbortController();
    const result = await this.deps.getCallRequest(this.requestId, this.controller.signal);
    if (this.finished) return;
    if (!result.ok) {
      if (result.kind === 'unauthorized') return this.finish({ kind: 'stopped', text: 'the service refused the API token' });
      if (result.kind === 'cancelled') return;
      this.failures++;
      if (this.failures >= maxConsecutiveFailures)
        return this.finish({ kind: 'stopped', text: `could not read the request: ${result.message}` });
      const wait =
        result.kind === 'rateLimited' && result.retryAfterSeconds !== undefined
          ? result.retryAfterSeconds * 1000
          : pollIntervalMs * this.failures;
      return this.schedule(Math.max(pollIntervalMs, wait));
    }
    this.failures = 0;
    const { status, callId, errors } = result.request;
    if (status !== undefined && finalCallRequestStatuses.has(status)) {
      const name = callRequestStatusName(status);
      return this.finish({
        kind: 'done',
        text: status === 10 ? (callId === undefined ? 'completed' : 'completed: click to open the call') : name,
        ...(callId === undefined ? {} : { callId }),
        status,
        errors,
      });
    }
    if (status === 2) this.onState({ kind: 'onCall', text: 'on call' });
    else if (status === 1 || status === undefined) this.onState({ kind: 'queued', text: 'queued' });
    else this.onState({ kind: 'queued', text: `status ${callRequestStatusName(status)}` });
    this.schedule(pollIntervalMs);
  }
}
