/**
 * The graph preview's HTML page, without `vscode`, so the browser test renders the very page the
 * webview shows. The page loads one script and one stylesheet from the extension's `dist/` and
 * nothing else; everything from the Pearl file is drawn later by the script with DOM APIs.
 */
import { escapeHtml } from '../htmlText';
import { contentSecurityPolicy, pageHead } from '../webviewPage';

/** What {@link getGraphPreviewHtml} needs from the host. */
export interface GraphPreviewHtmlParams {
  /** `webview.cspSource`: the origin the webview loads local resources from. */
  readonly cspSource: string;
  /** A fresh nonce per page (`createNonce` of webviewPage.ts); only elements carrying it may run or style. */
  readonly nonce: string;
  /** `dist/graphPreview.js` as a webview URI. */
  readonly scriptUri: string;
  /** `dist/graphPreview.css` as a webview URI. */
  readonly styleUri: string;
}

/**
 * The strict Content-Security-Policy of the page: no remote loads, no inline code without the
 * nonce, no eval; workers only from `blob:` (the layout worker, built from the page's own script:
 * layoutClient.ts).
 */
export function getGraphPreviewCsp(cspSource: string, nonce: string): string {
  return contentSecurityPolicy(nonce, { cspSource, images: true, blobWorkers: true });
}

/**
 * The complete page: the toolbar on a row of its own (search, the designer's Panels toggle, the
 * walk and its coverage, focus mode, zoom out, zoom in, fit, export), then a row of the designer's palette, the stage (an empty `<svg>` the script fills, the
 * overview canvas, a message area and the legend), the selected node's side panel and the walk panel (shown in its place while walking): the palette
 * and the panel sit beside the graph, never over it, so Fit shows every node. Then the script. Every parameter is escaped for its attribute.
 */
export function getGraphPreviewHtml(params: GraphPreviewHtmlParams): string {
  const nonce = escapeHtml(params.nonce);
  const csp = getGraphPreviewCsp(params.cspSource, params.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
${pageHead({ csp, nonce: params.nonce, title: 'Pearl Graph Preview', styleUri: params.styleUri })}
</head>
<body>
<div class="toolbar" role="toolbar" aria-label="Graph preview">
<div class="search">
<input id="search" type="search" placeholder="Find a node" aria-label="Find a node by name, nodeId or type" spellcheck="false">
<span id="search-status" class="search-status" role="status" aria-live="polite"></span>
</div>
<span class="toolbar-spacer"></span>
<button type="button" data-action="designer" aria-pressed="true" title="Show or hide the palette and the selected node's panel beside the graph">Panels</button>
<button type="button" data-action="walk" aria-pressed="false" title="Walk the conversation: step through the graph from its entry node, as the agent would">Walk</button>
<button type="button" data-action="coverage" aria-pressed="false" title="Show the transitions that the saved walks take">Coverage</button>
<button type="button" data-action="focusMode" aria-pressed="false" title="Focus: show the selected node with its incoming and outgoing neighbours, dim the rest">Focus</button>
<button type="button" data-action="zoomOut" title="Zoom out" aria-label="Zoom out">&#x2212;</button>
<button type="button" data-action="zoomIn" title="Zoom in" aria-label="Zoom in">+</button>
<button type="button" data-action="fit" title="Fit the graph to the panel">Fit</button>
<button type="button" data-action="exportSvg" title="Save the graph as an SVG file">Export SVG</button>
</div>
<div class="workspace">
<div id="palette" class="palette" role="toolbar" aria-label="Add a node" aria-orientation="vertical"></div>
<div class="stage" id="stage">
<svg id="graph" class="graph" xmlns="http://www.w3.org/2000/svg" role="group" aria-label="Conversation graph"></svg>
<canvas id="minimap" class="minimap" role="img" aria-label="Overview of the graph: click to move the view there" hidden></canvas>
<div id="message" class="message" role="status" hidden></div>
<div id="designer-notice" class="designer-notice" role="alert" title="Click to close" hidden></div>
${legendHtml}
</div>
<aside id="node-panel" class="node-panel" aria-label="Selected node"></aside>
<aside id="walk-panel" class="walk-panel" aria-label="Walk the conversation" hidden></aside>
</div>
<script nonce="${nonce}" src="${escapeHtml(params.scriptUri)}"></script>
</body>
</html>
`;
}

/** One legend row: a small sample drawn with the same classes as the graph, and its meaning. */
function legendRow(sample: string, text: string): string {
  return `<li><svg class="legend-sample" width="34" height="16" aria-hidden="true">${sample}</svg><span>${text}</span></li>`;
}

const box = (classes: string): string => `<rect class="${classes}" x="2" y="2" width="30" height="12" rx="3"></rect>`;
const badge = (classes: string, label: string): string =>
  `<g class="${classes}"><rect class="mark-box" x="1" y="2" width="32" height="12" rx="6"></rect><text class="mark-text" x="17" y="11" text-anchor="middle">${label}</text></g>`;
const line = (classes: string): string => `<path class="${classes}" d="M2 8 H32"></path>`;

const legendHtml = `<details id="legend" class="legend">
<summary>Legend</summary>
<ul>
${legendRow(box('node-box family-opening'), 'OpeningSentence')}
${legendRow(box('node-box family-api'), 'PreCallAPI, API')}
${legendRow(box('node-box family-dialogue'), 'Dialogue, SearchKnowledgeBase')}
${legendRow(box('node-box family-message'), 'SMS, Email')}
${legendRow(box('node-box family-handoff'), 'Handoff, TransferCall, Recording')}
${legendRow(box('node-box family-end'), 'EndCall')}
${legendRow(box('node-box family-postcall'), 'PostCallActions')}
${legendRow(badge('mark mark-entry', 'start'), 'Entry node')}
${legendRow(box('node-box family-other has-errors-box'), 'Has errors (count, hover for messages)')}
${legendRow(badge('mark mark-cannot-reach-end', '&#x219B;'), 'Cannot reach EndCall')}
${legendRow(badge('mark mark-no-incoming', '&#x21E5;'), 'No incoming transition')}
${legendRow(line('edge-path'), 'Transition')}
${legendRow(line('edge-path edge-success'), '&#x2713; apiResult Success')}
${legendRow(line('edge-path edge-failure'), '&#x2717; apiResult Failure')}
</ul>
</details>`;
