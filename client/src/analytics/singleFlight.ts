/**
 * At most one request in flight: each {@link SingleFlight.run} aborts the one before (its signal),
 * and only the latest run's result is handed back. The analytics panel holds one, so choosing
 * another range while one is being read cancels that read, and an old answer never replaces a newer one.
 */
export class SingleFlight {
  private current: AbortController | undefined;

  /** Whether a run is in flight. */
  get busy(): boolean {
    return this.current !== undefined;
  }

  /**
   * Aborts the run in flight (if any), then runs `task` with a fresh signal. Resolves to its result,
   * or to undefined when a later run or {@link SingleFlight.cancel} superseded it meanwhile.
   */
  async run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<{ value: T } | undefined> {
    this.current?.abort();
    const controller = new AbortController();
    this.current = controller;
    try {
      const value = await task(controller.signal);
      return this.current === controller ? { value } : undefined;
    } finally {
      if (this.current === controller) this.current = undefined;
    }
  }

  /** Aborts the run in flight; its result is dropped. */
  cancel(): void {
    this.current?.abort();
    this.current = undefined;
  }
}
