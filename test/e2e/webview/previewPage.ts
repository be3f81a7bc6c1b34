/**
 * The graph preview page outside VS Code, for the webview tests and `npm run bench:graph`: the page
 * from `getGraphPreviewHtml` (with its Content-Security-Policy) and the bundled
 * `dist/graphPreview.js` and `.css` (the files the extension ships), served on 127.0.0.1, with a
 * fake `acquireVsCodeApi` injected as a nonce'd inline script that records what the page posts
 * into `window.__posted` and keeps the webview state in sessionStorage (so it survives a reload, as
 * VS Code's does across hide/show). Needs `node scripts/bundle.mjs` first.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { type Browser, chromium, type LaunchOptions, type Page } from 'playwright-core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService } from '../../../server/src/service/pearlLanguageService';
import { getGraphPreviewHtml } from '../../../client/src/graphPreview/graphPreviewHtml';
import { createNonce } from '../../../client/src/webviewPage';
import { chromiumArgs, chromiumPath as harnessChromiumPath } from '../harness/prerequisites';
import type { HostMessage, WebviewMessage } from '#protocol/graphPreviewMessages';

/** The system's Chromium (Debian's, or $CHROMIUM), driven through playwright-core (no browser download). */
export const chromiumPath = harnessChromiumPath();
const repoRoot = path.resolve(__dirname, '../../../..');
/** The extension's bundles. */
export const distDir = path.join(repoRoot, 'dist');

/** How the page's browser is launched: headless, offline, with the code-server harness's switches. */
export const launchOptions: LaunchOptions = { executablePath: chromiumPath, headless: true, args: [...chromiumArgs] };

/** VS Code's default dark theme ("Dark Modern"), the variables the page reads. */
export const darkTheme: Readonly<Record<string, string>> = {
  '--vscode-font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-editor-foreground': '#cccccc',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-focusBorder': '#0078d4',
  '--vscode-charts-foreground': '#cccccc',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-yellow': '#cca700',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-purple': '#b180d7',
  '--vscode-terminal-ansiCyan': '#11a8cd',
  '--vscode-editorError-foreground': '#f85149',
  '--vscode-editorWarning-foreground': '#cca700',
  '--vscode-editorWidget-background': '#202020',
  '--vscode-editorWidget-foreground': '#cccccc',
  '--vscode-editorWidget-border': '#313131',
  '--vscode-button-secondaryBackground': '#313131',
  '--vscode-button-secondaryForeground': '#cccccc',
  '--vscode-button-secondaryHoverBackground': '#3c3c3c',
  '--vscode-button-border': '#ffffff12',
};

/** The fake webview API and theme, run before the page's script. */
export function preludeScript(): string {
  return `(() => {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(${JSON.stringify(darkTheme)})) root.style.setProperty(name, value);
  root.classList.add('vscode-dark');
  window.__posted = [];
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
  window.acquireVsCodeApi = () => ({
    postMessage: (message) => { window.__posted.push(JSON.parse(JSON.stringify(message))); },
    getState: () => JSON.parse(sessionStorage.getItem('webviewState') || 'null') ?? undefined,
    setState: (state) => { sessionStorage.setItem('webviewState', JSON.stringify(state)); },
  });
})();`;
}

/** What the test reads from the page's globals (inside `page.evaluate`). */
export interface PageGlobals {
  __posted: WebviewMessage[];
  __cspViolations: string[];
  postMessage(message: HostMessage, targetOrigin: string): void;
  sessionStorage: { getItem(key: string): string | null };
}

/** Serves the preview page and the two bundles; `cspSource` is the server's origin. */
export function startServer(): Promise<{ server: http.Server; origin: string }> {
  const files: Record<string, string> = {
    '/dist/graphPreview.js': 'text/javascript; charset=utf-8',
    '/dist/graphPreview.css': 'text/css; charset=utf-8',
  };
  let origin = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/') {
      const nonce = createNonce();
      const html = getGraphPreviewHtml({
        cspSource: origin,
        nonce,
        scriptUri: `${origin}/dist/graphPreview.js`,
        styleUri: `${origin}/dist/graphPreview.css`,
      }).replace('</head>', `<script nonce="${nonce}">${preludeScript()}</script>\n</head>`);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html);
      return;
    }
    const type = files[url.pathname];
    if (type === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': type });
    response.end(fs.readFileSync(path.join(distDir, path.basename(url.pathname))));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({ server, origin });
    });
  });
}

/** The page server and browser of one `describe`: usable from its tests on (see {@link usePreviewPages}). */
export interface PreviewPages {
  readonly browser: Browser;
  /** The server's origin, `http://127.0.0.1:<port>`. */
  readonly origin: string;
}

/**
 * Starts the preview page's server and a Chromium before the tests of the calling `describe` and
 * stops both after them (call it in the `describe` body). Fails the tests when dist/graphPreview.js
 * is missing.
 */
export function usePreviewPages(): PreviewPages {
  let browser: Browser | undefined;
  let server: http.Server | undefined;
  let origin = '';
  before(async () => {
    assert.ok(fs.existsSync(path.join(distDir, 'graphPreview.js')), 'dist/graphPreview.js is missing: run `node scripts/bundle.mjs` first');
    ({ server, origin } = await startServer());
    browser = await chromium.launch(launchOptions);
  });
  after(async () => {
    await browser?.close().catch(() => undefined);
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  });
  return {
    get browser(): Browser {
      assert.ok(browser, 'the browser starts before the tests');
      return browser;
    },
    get origin(): string {
      return origin;
    },
  };
}

/** What the host holds for a page: the text its graph was drawn from, and that text's version. */
export interface HostText {
  readonly text: string;
  readonly version: number;
}

const settingsService = getLanguageService();

/**
 * Answers each `requestSettingFields` the page posts as the host does (`pearl/nodeSettingFields`):
 * with the language service's form for the text `hostText()` gives at that moment, as document
 * `uri`; nothing when it gives none.
 */
export async function answerSettingFields(page: Page, hostText: () => HostText | undefined, uri: string): Promise<void> {
  await page.exposeFunction('__answerSettingFields', (key: string) => {
    const shown = hostText();
    if (shown === undefined) return;
    const doc = settingsService.parsePearlDocument(TextDocument.create(uri, 'pearl', shown.version, shown.text));
    const form = settingsService.getNodeSettingForm(doc, key);
    if (form) {
      const message: HostMessage = { type: 'settingFields', form };
      void page.evaluate((data) => (globalThis as unknown as PageGlobals).postMessage(data, '*'), message).catch(() => undefined);
    }
  });
  await page.evaluate(() => {
    const globals = globalThis as unknown as PageGlobals & { __answerSettingFields(key: string): void };
    const posted = globals.__posted;
    const push = posted.push.bind(posted);
    posted.push = (...messages) => {
      for (const message of messages) if (message.type === 'requestSettingFields') globals.__answerSettingFields(message.key);
      return push(...messages);
    };
  });
}
