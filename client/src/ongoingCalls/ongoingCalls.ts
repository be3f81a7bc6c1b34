import type { PearlContext } from '../pearlContext';

/** Stub: being written. */
export function registerOngoingCalls(ctx: PearlContext): void {
  void ctx;
}
