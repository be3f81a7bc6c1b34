/**
 * The analytics page outside VS Code, for its page test and `npm run bench:analytics`: the page from
 * `getAnalyticsHtml` (with its Content-Security-Policy) and the bundled `dist/analytics.js` and
 * `.css`, served on 127.0.0.1, with the dark theme's variables and a fake `acquireVsCodeApi` (what
 * the page posts lands in `window.__posted`) injected as a nonce'd inline script, which also records
 * CSP violations (`window.__cspViolations`) and long tasks (`window.__longTasks`, ms). Needs
 * `node scripts/bundle.mjs` first.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { getAnalyticsHtml } from '../../../client/src/analytics/analyticsHtml';
import { createNonce } from '../../../client/src/webviewPage';
import type { Dashboard } from '../../../client/src/analytics/analyticsData';
import type { AnalyticsHostMessage, AnalyticsPageMessage } from '../../../client/src/analytics/analyticsMessages';
import { darkTheme, distDir } from './previewPage';

export { chromiumPath, launchOptions } from './previewPage';

/** What a test reads from the page's globals (inside `page.evaluate`). */
export interface AnalyticsPageGlobals {
  __posted: AnalyticsPageMessage[];
  __cspViolations: string[];
  __longTasks: number[];
  postMessage(message: AnalyticsHostMessage, targetOrigin: string): void;
}

/** The fake webview API, the theme and the observers, run before the page's script. */
function preludeScript(): string {
  return `(() => {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(${JSON.stringify({ ...darkTheme, '--vscode-charts-lines': 'rgba(204, 204, 204, 0.5)' })})) root.style.setProperty(name, value);
  document.addEventListener('DOMContentLoaded', () => document.body.classList.add('vscode-dark'));
  window.__posted = [];
  window.__cspViolations = [];
  window.__longTasks = [];
  document.addEventListener('securitypolicyviolation', (event) => window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: true });
  window.acquireVsCodeApi = () => ({
    postMessage: (message) => { window.__posted.push(JSON.parse(JSON.stringify(message))); },
    setState: (state) => { sessionStorage.setItem('webviewState', JSON.stringify(state)); },
  });
})();`;
}

/** Serves the analytics page and its two bundles; the server's origin is the page's `cspSource`. */
export function startAnalyticsServer(): Promise<{ server: http.Server; origin: string }> {
  const files: Record<string, string> = {
    '/dist/analytics.js': 'text/javascript; charset=utf-8',
    '/dist/analytics.css': 'text/css; charset=utf-8',
  };
  let origin = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/') {
      const nonce = createNonce();
      const html = getAnalyticsHtml({
        cspSource: origin,
        nonce,
        scriptUri: `${origin}/dist/analytics.js`,
        styleUri: `${origin}/dist/analytics.css`,
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

/** The message that draws `dashboard`. */
export function dashboardMessage(dashboard: Dashboard): AnalyticsHostMessage {
  return { type: 'dashboard', dashboard };
}
