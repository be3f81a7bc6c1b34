import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { waitFor, type WaitOptions } from '../../helpers/wait';

/** Default time a UI step waits for the state it expects, in ms. */
export const stepTimeoutMs = 30_000;

/** {@link waitFor} with a UI step's timeout ({@link stepTimeoutMs}) and a 100 ms interval unless `options` say otherwise. */
export function pollUntil<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  options: WaitOptions = {},
): Promise<T> {
  return waitFor(what, probe, { timeoutMs: stepTimeoutMs, intervalMs: 100, ...options });
}

/**
 * The parts of VS Code 1.100's workbench the UI pass drives, by their DOM (internal classes: the
 * harness pins code-server, hence the VS Code version, so they stay put).
 */
export class Workbench {
  constructor(
    readonly page: Page,
    private readonly screenshotsDir: string,
  ) {}

  /** Saves a screenshot of the page (or of `locator`) as `<name>.png`; returns its path. */
  async screenshot(name: string, locator?: Locator): Promise<string> {
    const file = path.join(this.screenshotsDir, `${name}.png`);
    if (locator) await locator.screenshot({ path: file });
    else await this.page.screenshot({ path: file });
    return file;
  }

  /** Waits until the workbench shows the workspace's files in the Explorer. */
  async waitUntilLoaded(): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    // After a reload the side bar shows whatever view it showed last (the workbench saves that
    // state lazily, so it may still be the Pearls view): bring the Explorer back if it is not shown.
    const explorerActivity = this.page.locator('.activitybar .action-item .action-label[aria-label^="Explorer"]').first();
    await explorerActivity.waitFor({ timeout: 60_000 });
    const explorer = this.page.locator('.explorer-folders-view').first();
    const shown = await explorer
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    const explorerChecked = this.page.locator('.activitybar .action-item.checked .action-label[aria-label^="Explorer"]');
    // Clicking the Explorer's activity while it is already selected would hide the side bar.
    if (!shown && (await explorerChecked.count()) === 0) await explorerActivity.click();
    await this.page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
  }

  /** Opens `relativePath` (from the workspace root) with Quick Open and waits for its editor tab. */
  async openFile(relativePath: string): Promise<void> {
    await this.page.keyboard.press('Control+P');
    const input = await this.quickInput();
    await input.fill(relativePath);
    const name = path.basename(relativePath);
    await this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }).waitFor({ timeout: stepTimeoutMs });
    await this.page.keyboard.press('Enter');
    await this.editorTab(name).waitFor({ timeout: stepTimeoutMs });
    await this.page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor({ timeout: stepTimeoutMs });
  }

  /** The editor tab of the file named `fileName` (not a webview titled after it). */
  editorTab(fileName: string): Locator {
    return this.page.locator(`.tabs-container .tab[data-resource-name="${fileName}"]`);
  }

  /** Makes the text editor of `fileName` the active editor (a webview beside it may have had focus). */
  async focusEditor(fileName: string): Promise<void> {
    await this.editorTab(fileName).click();
    await this.page.locator(`.tabs-container .tab.active[data-resource-name="${fileName}"]`).waitFor({ timeout: stepTimeoutMs });
    // The editor takes the focus a moment after the click; wait for it, or it may close a palette opened next.
    await this.page
      .locator('.editor-group-container.active .monaco-editor.focused')
      .first()
      .waitFor({ timeout: 5000 })
      .catch(() => undefined);
  }

  /** Runs the command titled `title` ("Pearl: Deploy") from the Command Palette, as a user would. */
  async runCommand(title: string): Promise<void> {
    // The palette closes when it loses the focus: to a webview (the graph preview), or to an editor
    // whose focus arrives late after a tab click. Open it again until the command is chosen in it.
    const input = this.page.locator('.quick-input-widget input.input');
    const row = this.page.locator(`.quick-input-list .monaco-list-row.focused[aria-label^="${title.replace(/"/g, '\\"')}"]`);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.page.keyboard.press('F1');
        await input.waitFor({ state: 'visible', timeout: 3000 });
        await input.fill(`>${title}`, { timeout: 3000 });
        await row.waitFor({ timeout: 5000 });
        await this.page.keyboard.press('Enter');
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await this.page.keyboard.press('Escape');
        await this.page
          .locator('.editor-group-container.active .tabs-container .tab.active')
          .first()
          .click()
          .catch(() => undefined);
      }
    }
  }

  /** The visible Quick Input box (Quick Open, Command Palette, an extension's input box). */
  async quickInput(): Promise<Locator> {
    const input = this.page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible', timeout: stepTimeoutMs });
    return input;
  }

  /**
   * Opens the Problems panel; `maximize` (once per window: the command toggles) makes room for every
   * row of a file to be rendered (the list is virtual).
   */
  async showProblems(options: { maximize?: boolean } = {}): Promise<void> {
    await this.page.keyboard.press('Control+Shift+M');
    await this.page.locator('.markers-panel').waitFor({ state: 'visible', timeout: stepTimeoutMs });
    if (options.maximize) await this.runCommand('View: Toggle Maximized Panel');
  }

  /**
   * Types `text` into the Problems panel's filter box (empty clears it), so the rows of interest are
   * rendered however many other problems the workspace has.
   */
  async filterProblems(text: string): Promise<void> {
    const input = this.page.locator('.markers-panel-container .viewpane-filter input, .panel .viewpane-filter input').first();
    await input.waitFor({ state: 'visible', timeout: stepTimeoutMs });
    await input.fill(text);
  }

  /** Hides the panel (Problems, Output…), leaving the editors the whole height. */
  async hidePanel(): Promise<void> {
    await this.page.keyboard.press('Control+J');
    await this.page.locator('.markers-panel').waitFor({ state: 'hidden', timeout: stepTimeoutMs });
  }

  /** The accessible labels of the Problems panel's rows (files and markers). */
  async problemsRows(): Promise<string[]> {
    return this.page
      .locator('.markers-panel .monaco-list-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
  }

  /** The text of the status bar item `id` (`<extension id>.<item id>`), or undefined when it is not shown. */
  async statusBarItemText(id: string): Promise<string | undefined> {
    const item = this.page.locator(`#workbench\\.parts\\.statusbar [id="${id}"]`);
    if ((await item.count()) === 0 || !(await item.isVisible())) return undefined;
    return ((await item.textContent()) ?? '').trim();
  }

  /** The status bar. */
  statusBar(): Locator {
    return this.page.locator('#workbench\\.parts\\.statusbar');
  }

  /** Waits for a notification toast whose text matches `pattern`; resolves to its text. */
  async waitForNotification(pattern: RegExp, timeoutMs = stepTimeoutMs): Promise<string> {
    return pollUntil(
      `a notification matching ${pattern}`,
      async () => {
        const texts = await this.page
          .locator('.notifications-toasts .notification-toast .notification-list-item-message')
          .evaluateAll((items) => items.map((item) => item.textContent ?? ''));
        return texts.find((text) => pattern.test(text));
      },
      { timeoutMs },
    );
  }

  /** The modal dialog (e.g. a confirmation), once it is shown. */
  async dialog(): Promise<Locator> {
    const dialog = this.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: stepTimeoutMs });
    return dialog;
  }

  /** The content frame of the visible webview (outer iframe → inner `#active-frame`). */
  webviewContent(): FrameLocator {
    return this.page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  }
}
