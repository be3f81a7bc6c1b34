/**
 * The analytics page's HTML, without `vscode`, so the browser test renders the very page the panel
 * shows. It loads one script and one stylesheet from the extension's `dist/` and nothing else; the
 * charts, tables and every text from the service are made later by the script with DOM APIs
 * (`textContent`, never `innerHTML`).
 */

import { escapeHtml } from '../htmlText';
import { contentSecurityPolicy, pageHead } from '../webviewPage';

/** What {@link getAnalyticsHtml} needs from the host. */
export interface AnalyticsHtmlParams {
  /** `webview.cspSource`: the origin the webview loads local resources from. */
  readonly cspSource: string;
  /** A fresh nonce per page; only elements carrying it may run or style. */
  readonly nonce: string;
  /** `dist/analytics.js` as a webview URI. */
  readonly scriptUri: string;
  /** `dist/analytics.css` as a webview URI. */
  readonly styleUri: string;
}

/**
 * The page's Content-Security-Policy: nothing remote, scripts and stylesheets only with the nonce
 * (or from the extension), no `'unsafe-inline'`, no eval. Chart.js sizes its canvases through the
 * CSSOM (`element.style.width = …`), which a style-src policy does not govern, and injects no
 * stylesheet, so it needs nothing more.
 */
export function getAnalyticsCsp(cspSource: string, nonce: string): string {
  return contentSecurityPolicy(nonce, { cspSource, images: true });
}

/** The complete page: a header (the Pearl, the range, Change range and Reload), a status line, the charts' grid. */
export function getAnalyticsHtml(params: AnalyticsHtmlParams): string {
  const nonce = escapeHtml(params.nonce);
  const csp = getAnalyticsCsp(params.cspSource, params.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
${pageHead({ csp, nonce: params.nonce, title: 'Pearl Analytics', styleUri: params.styleUri })}
</head>
<body>
<header class="header">
<div class="heading">
<h1 id="title">Analytics</h1>
<p id="range" class="range"></p>
</div>
<div class="actions" role="toolbar" aria-label="Analytics">
<button type="button" id="change-range" title="Choose the days to show (at most 90)">Change range…</button>
<button type="button" id="reload" title="Read the analytics of this range again">Reload</button>
</div>
</header>
<p id="status" class="status" role="status" aria-live="polite"></p>
<div id="error" class="error" role="alert" hidden></div>
<ul id="notes" class="notes"></ul>
<main id="charts" class="charts"></main>
<script nonce="${nonce}" src="${escapeHtml(params.scriptUri)}"></script>
</body>
</html>
`;
}
