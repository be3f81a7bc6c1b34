import type { PearlContext } from '../pearlContext';

/** Stub: being written. */
export function registerDeploy(ctx: PearlContext): void {
  void ctx;
}
