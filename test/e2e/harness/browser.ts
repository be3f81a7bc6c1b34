import * as path from 'node:path';
import * as util from 'node:util';
import { type BrowserContext, chromium, type ConsoleMessage, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './prerequisites';
import type { RunFolder } from './runFolder';

/**
 * Launches the system's Chromium (headless, through playwright-core: no browser download) with a
 * fresh profile `<run>/browser/<name>`, so each page starts with no workbench state of its own.
 */
export async function launchBrowser(run: RunFolder, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(path.join(run.browserDir, name), {
    executablePath: chromiumPath(),
    headless: true,
    env: run.env,
    viewport: { width: 1400, height: 900 },
    args: [...chromiumArgs],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/**
 * Reassembles what the extension host prints: in extension-test mode it reaches the page as
 * `console.log('%c INFO', 'color: …', <format>, ...args)`. Resolves each message in order (the
 * arguments are fetched asynchronously) and hands the text to `write`.
 */
export function relayExtensionHostConsole(page: Page, write: (line: string, noise: boolean) => void): () => Promise<void> {
  let chain = Promise.resolve();
  page.on('console', (message: ConsoleMessage) => {
    chain = chain.then(async () => {
      const values = await Promise.all(message.args().map((arg) => arg.jsonValue().catch(() => '<unserializable>')));
      if (values.length === 0) values.push(message.text());
      let first = 0;
      if (typeof values[0] === 'string' && values[0].startsWith('%c')) {
        const styles = (values[0].match(/%c/g) ?? []).length;
        values[0] = values[0].replace(/%c/g, '').trim();
        values.splice(1, styles);
        if (/^(TRACE|DEBUG|INFO|WARN|ERROR|\[Extension Host\])$/.test(values[0] as string)) first = 1;
      }
      const line = util.format(...values.slice(first));
      write(line, workbenchNoise.test(line));
    });
  });
  return () => chain.catch(() => undefined);
}

/**
 * The workbench's own chatter in an offline, headless run (the extension gallery it cannot reach,
 * resources a headless browser does not load, webview sandbox notices): kept in the log, not printed.
 */
const workbenchNoise =
  /^(Creating a socket|Resolv|Updating additional|ChatSessionStore|\[Service Worker\])|ENOTFOUND|Failed to load resource|iframe which has both|same-origin iframe|Overwriting extension|service worker controller/;
