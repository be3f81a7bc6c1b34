/**
 * A budget of bytes held at once (file contents in memory). {@link ByteBudget.acquire} waits, first
 * come first served, until the bytes fit; an amount larger than the whole budget is granted when
 * nothing else is held, so it never waits forever and the budget is exceeded by one holder only.
 */
export class ByteBudget {
  private held = 0;
  private readonly waiting: { bytes: number; grant: () => void }[] = [];

  /** @param capacity The bytes that may be held at once. */
  constructor(private readonly capacity: number) {}

  /** Resolves once `bytes` are granted; give them back with {@link ByteBudget.release}. */
  acquire(bytes: number): Promise<void> {
    return new Promise((grant) => {
      this.waiting.push({ bytes, grant });
      this.grantWaiting();
    });
  }

  /** Gives back `bytes` granted by {@link ByteBudget.acquire}. */
  release(bytes: number): void {
    this.held -= bytes;
    this.grantWaiting();
  }

  private grantWaiting(): void {
    for (let first = this.waiting[0]; first; first = this.waiting[0]) {
      if (this.held > 0 && this.held + first.bytes > this.capacity) return;
      this.waiting.shift();
      this.held += first.bytes;
      first.grant();
    }
  }
}
