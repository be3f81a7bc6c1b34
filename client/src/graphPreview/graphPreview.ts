import type { PearlContext } from '../pearlContext';

/** Stub: being written. */
export function registerGraphPreview(ctx: PearlContext): void {
  void ctx;
}
