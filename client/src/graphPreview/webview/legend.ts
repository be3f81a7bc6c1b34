/**
 * The legend (a `<details>`): collapsed the first time a preview is shown (it would cover the
 * graph), and after that as the user last left it. The choice is kept in the webview state through
 * `remember`.
 */
export class Legend {
  /**
   * @param details the legend element.
   * @param saved the open state remembered, undefined when the preview was never used.
   * @param remember called with the open state whenever it changes.
   */
  constructor(
    private readonly details: HTMLDetailsElement,
    saved: boolean | undefined,
    private readonly remember: (open: boolean) => void,
  ) {
    details.open = saved ?? false;
    this.used = saved !== undefined;
    details.addEventListener('toggle', () => {
      this.used = true;
      this.remember(details.open);
    });
  }

  private used: boolean;

  /** Whether the legend is expanded. */
  get open(): boolean {
    return this.details.open;
  }

  /** The legend's box, in page px. */
  get rect(): DOMRect {
    return this.details.getBoundingClientRect();
  }

  /** The graph was used for the first time: collapse the legend (once; remembered). */
  collapseAfterFirstUse(): void {
    if (this.used) return;
    this.used = true;
    this.details.open = false;
    this.remember(false);
  }
}
