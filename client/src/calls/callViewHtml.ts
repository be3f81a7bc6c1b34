/**
 * The call view's page (docs/user/calls.md § The call view), without `vscode`, so the page test
 * renders the very page the webview shows: a strict Content-Security-Policy (nothing remote, no
 * inline code without the nonce, no images, no frames), VS Code's theme variables, the styles, and
 * one script (`dist/callView.js`) that draws everything from the {@link CallViewModel} the host
 * posts, as text.
 */

import { escapeHtml } from '../htmlText';
import { contentSecurityPolicy, pageHead } from '../webviewPage';
import type { CallViewModel } from './callViewModel';

/** Host → page: draw this call. */
export interface ShowCallMessage {
  readonly type: 'show';
  readonly model: CallViewModel;
  /** What the page keeps with `setState`, so that VS Code restores the view after a reload. */
  readonly restore: CallViewState;
}

/** The call view's saved state: which call of which Pearl it shows (ids only, never the call). */
export interface CallViewState {
  readonly callId: string;
  readonly pearlId?: string;
}

/** Whether `value` is a {@link CallViewState} (it comes back from the page: checked). */
export function isCallViewState(value: unknown): value is CallViewState {
  if (typeof value !== 'object' || value === null) return false;
  const { callId, pearlId } = value as { callId?: unknown; pearlId?: unknown };
  return typeof callId === 'string' && (pearlId === undefined || typeof pearlId === 'string');
}

/** Page → host: the page listens (`ready`), the user asked for the recording or a walk with the values. */
export type CallPageMessage = { readonly type: 'ready' } | { readonly type: 'openRecording' } | { readonly type: 'walk' };

/** Whether `value` is a message the page may post (its content is data: checked). */
export function isCallPageMessage(value: unknown): value is CallPageMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'ready' || type === 'openRecording' || type === 'walk';
}

/** What {@link getCallViewHtml} needs. */
export interface CallViewHtmlParams {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  /** A fresh nonce per page. */
  readonly nonce: string;
  /** `dist/callView.js` as a webview URI. */
  readonly scriptUri: string;
}

/** The page's Content-Security-Policy: nothing but the nonce'd script and style. */
export function getCallViewCsp(nonce: string): string {
  return contentSecurityPolicy(nonce);
}

/** The complete page. Every parameter is escaped for its attribute. */
export function getCallViewHtml(params: CallViewHtmlParams): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
${pageHead({ csp: getCallViewCsp(params.nonce), nonce: params.nonce, title: 'Call', styles })}
</head>
<body>
<main id="call" aria-busy="true">
<p id="loading">Reading the call…</p>
</main>
<script nonce="${escapeHtml(params.nonce)}" src="${escapeHtml(params.scriptUri)}"></script>
</body>
</html>`;
}

/** The page's styles: VS Code's theme variables only; every text from the call is direction-isolated. */
const styles = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-editor-foreground); background: var(--vscode-editor-background); margin: 0; padding: 0 20px 40px; }
h1 { font-size: 1.4em; font-weight: 600; margin: 16px 0 8px; }
h2 { font-size: 1.1em; font-weight: 600; margin: 20px 0 6px; border-bottom: 1px solid var(--vscode-widget-border, var(--vscode-editorWidget-border, transparent)); padding-bottom: 4px; }
.call-text { unicode-bidi: isolate; white-space: pre-wrap; overflow-wrap: anywhere; }
/* In a table, a word breaks only when it cannot fit its column: 'anywhere' lets the columns shrink
   below their words' widths, and ids broke mid-word beside the graph ("lead_first_ name"). */
td .call-text, td.call-text { overflow-wrap: break-word; }
dl.header { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; }
dl.header dt { color: var(--vscode-descriptionForeground); }
dl.header dd { margin: 0; }
.note { color: var(--vscode-descriptionForeground); font-size: 0.95em; margin: 2px 0; }
.assumed { color: var(--vscode-descriptionForeground); font-style: italic; margin-inline-start: 6px; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; margin: 12px 0; }
button { font: inherit; color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: 1px solid var(--vscode-button-border, transparent); padding: 4px 12px; border-radius: 2px; cursor: pointer; }
button:hover { background: var(--vscode-button-hoverBackground); }
button.secondary { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); }
button:focus-visible, [tabindex]:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 2px; }
button:disabled { opacity: 0.5; cursor: default; }
.summary { background: var(--vscode-textBlockQuote-background, transparent); border-inline-start: 3px solid var(--vscode-textBlockQuote-border, var(--vscode-focusBorder)); padding: 6px 10px; }
.tags { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 0; margin: 0; }
.tag { border: 1px solid currentColor; border-radius: 10px; padding: 0 8px; }
.tag-color-1 { color: var(--vscode-charts-purple); }
.tag-color-2 { color: var(--vscode-charts-red); }
.tag-color-3 { color: var(--vscode-charts-yellow); }
.tag-color-4 { color: var(--vscode-charts-green); }
.tag-color-5 { color: var(--vscode-charts-blue); }
.tag-color-6 { color: var(--vscode-terminal-ansiMagenta, var(--vscode-charts-purple)); }
.tag-color-7 { color: var(--vscode-terminal-ansiCyan, var(--vscode-charts-blue)); }
.tag-color-8 { color: var(--vscode-terminal-ansiBrightGreen, var(--vscode-charts-green)); }
.tag-color-9 { color: var(--vscode-charts-orange); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: start; padding: 3px 8px; border-bottom: 1px solid var(--vscode-widget-border, var(--vscode-editorWidget-border, transparent)); vertical-align: top; }
th { color: var(--vscode-descriptionForeground); font-weight: 600; }
tr.not-collected td { color: var(--vscode-descriptionForeground); }
.mark { color: var(--vscode-editorWarning-foreground); }
ol.transcript { list-style: none; padding: 0; margin: 0; }
li.turn { content-visibility: auto; contain-intrinsic-size: auto 48px; display: grid; grid-template-columns: 6em 4em 1fr; gap: 8px; padding: 4px 6px; border-inline-start: 3px solid transparent; }
li.turn.agent { border-inline-start-color: var(--vscode-charts-blue); background: var(--vscode-editorWidget-background, transparent); }
li.turn.customer { border-inline-start-color: var(--vscode-charts-green); }
.speaker { font-weight: 600; }
.time { color: var(--vscode-descriptionForeground); font-variant-numeric: tabular-nums; }
.more { color: var(--vscode-descriptionForeground); font-style: italic; }
`;
