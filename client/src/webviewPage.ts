// What every webview page of the extension shares (the graph preview, the analytics page, the call
// view): its nonce, its Content-Security-Policy and the head of its HTML. Imports only htmlText.ts
// and no `vscode`, so the page tests render the very pages the webviews show.
import { escapeHtml } from './htmlText';

/** 128 random bits (Web Crypto's `getRandomValues`), base64: a Content-Security-Policy nonce. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** What a page may load beyond its own nonce'd script: nothing unless said. */
export interface PagePolicy {
  /** `webview.cspSource`: the extension's files (stylesheets, images, fonts) come from there. */
  readonly cspSource?: string;
  /** Images from the extension and `data:` URLs (canvases exported as PNG, icons). */
  readonly images?: boolean;
  /** Workers from `blob:` URLs (a worker built from the page's own script). */
  readonly blobWorkers?: boolean;
}

/**
 * The strict Content-Security-Policy of a page: `default-src 'none'`; scripts and styles only with
 * the nonce (stylesheets also from `cspSource` when given); no `'unsafe-inline'`, no eval, nothing
 * remote; images, fonts and workers only as `policy` allows.
 */
export function contentSecurityPolicy(nonce: string, policy: PagePolicy = {}): string {
  const source = policy.cspSource === undefined ? '' : `${policy.cspSource} `;
  return [
    "default-src 'none'",
    policy.images === true ? `img-src ${source}data:` : "img-src 'none'",
    `style-src ${source}'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    ...(policy.blobWorkers === true ? ['worker-src blob:'] : []),
    ...(policy.cspSource === undefined ? [] : [`font-src ${policy.cspSource}`]),
    "media-src 'none'",
    "frame-src 'none'",
  ].join('; ');
}

/** The head of a page: its policy, title, and a stylesheet link or inline styles, each with the nonce. */
export function pageHead(params: {
  readonly csp: string;
  readonly nonce: string;
  readonly title: string;
  readonly styleUri?: string;
  readonly styles?: string;
}): string {
  const nonce = escapeHtml(params.nonce);
  return [
    '<meta charset="UTF-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(params.csp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    ...(params.styleUri === undefined ? [] : [`<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(params.styleUri)}">`]),
    `<title>${escapeHtml(params.title)}</title>`,
    ...(params.styles === undefined ? [] : [`<style nonce="${nonce}">${params.styles}</style>`]),
  ].join('\n');
}
