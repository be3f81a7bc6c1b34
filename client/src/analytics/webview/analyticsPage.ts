/**
 * The analytics page's script (bundled to dist/analytics.js): draws the {@link Dashboard} the host
 * sends, one section per chart with its canvas, its numbers as a table (visually hidden until "Show
 * as table"), "Save PNG" and "Save CSV" (the host opens the save dialog), the deployments of the
 * Pearl listed under each time line. Every text is set with `textContent`; nothing from the host
 * is parsed as HTML. The charts are made one per task, so no task of the first draw is long; the
 * body's `data-drawn` counts the dashboards fully drawn (the tests and the bench wait on it). The
 * charts are drawn again when the theme changes. Each step is a `performance.measure` (`analytics: …`).
 */

import { Chart } from 'chart.js';
import type { ChartModel, ChartTable, Dashboard } from '../analyticsData';
import { type AnalyticsHostMessage, type AnalyticsPageMessage, type AnalyticsViewState, isAnalyticsViewState } from '../analyticsMessages';
import { chartConfiguration } from './chartConfig';
import { readTheme, watchTheme } from './theme';

declare function acquireVsCodeApi(): { postMessage(message: AnalyticsPageMessage): void; setState(state: AnalyticsViewState): void };

const vscodeApi = acquireVsCodeApi();
const byId = (id: string): HTMLElement => document.getElementById(id) as HTMLElement;
const chartsElement = byId('charts');
const statusElement = byId('status');
const errorElement = byId('error');

/** The charts drawn now, by model id. */
const charts = new Map<string, Chart>();
let dashboard: Dashboard | undefined;
/** Increases with every dashboard: a draw of an older one stops. */
let generation = 0;
let drawnCount = 0;
const emptyTable: ChartTable = { caption: '', columns: [], rows: [] };

byId('change-range').addEventListener('click', () => vscodeApi.postMessage({ type: 'changeRange' }));
byId('reload').addEventListener('click', () => vscodeApi.postMessage({ type: 'reload' }));

window.addEventListener('message', (event: MessageEvent<AnalyticsHostMessage>) => {
  const message = event.data;
  if (typeof message !== 'object' || message === null) return;
  if (message.type === 'remember') {
    // VS Code keeps this state and hands it back after a reload, to open the same page again.
    if (isAnalyticsViewState(message.state)) vscodeApi.setState(message.state);
  } else if (message.type === 'loading') {
    setHeader(message.title, message.rangeText);
    statusElement.textContent = `Reading the analytics of ${message.rangeText}…`;
  } else if (message.type === 'error') {
    // The charts of another range would pass for this one's: they go.
    generation++;
    dashboard = undefined;
    for (const chart of charts.values()) chart.destroy();
    charts.clear();
    chartsElement.replaceChildren();
    byId('notes').replaceChildren();
    setHeader(message.title, message.rangeText);
    statusElement.textContent = '';
    errorElement.textContent = message.message;
    errorElement.hidden = false;
  } else if (message.type === 'dashboard') {
    void show(message.dashboard);
  }
});

watchTheme(() => {
  if (dashboard !== undefined) void show(dashboard);
});

vscodeApi.postMessage({ type: 'ready' });
void warmUp();

/**
 * While the host reads the analytics, draws one small chart of each kind off screen and throws it
 * away, one per task: Chart.js's code then runs compiled when the data arrives, and the first chart of
 * the dashboard is not one long task.
 */
async function warmUp(): Promise<void> {
  const box = element('div', { class: 'warm-up', 'aria-hidden': 'true' });
  document.body.append(box);
  const theme = readTheme();
  const kinds: ChartModel[] = [
    {
      id: 'warmUpBar',
      title: '',
      kind: 'bar',
      labels: ['a'],
      values: [1],
      colors: ['blue'],
      valueLabel: '',
      empty: false,
      table: emptyTable,
    },
    { id: 'warmUpDoughnut', title: '', kind: 'doughnut', labels: ['a'], values: [1], colors: ['blue'], empty: false, table: emptyTable },
    {
      id: 'warmUpLine',
      title: '',
      kind: 'line',
      labels: ['a', 'b'],
      series: [{ label: 'a', values: [1, 2], color: 'blue' }],
      marks: [{ time: '', position: 0.5, label: '' }],
      unit: '',
      empty: false,
      table: emptyTable,
    },
    { id: 'warmUpHeatmap', title: '', kind: 'heatmap', cells: [{ hour: 1, day: 1, count: 1 }], max: 1, empty: false, table: emptyTable },
  ];
  for (const model of kinds) {
    await nextTask();
    if (dashboard !== undefined) break;
    const canvas = element('canvas');
    box.replaceChildren(canvas);
    new Chart(canvas, chartConfiguration(model, theme)).destroy();
  }
  box.remove();
}

function setHeader(title: string, rangeText: string): void {
  byId('title').textContent = `Analytics of ${title}`;
  byId('range').textContent = rangeText;
}

/** Replaces the page's charts with those of `next`, one chart per task. */
async function show(next: Dashboard): Promise<void> {
  const mine = ++generation;
  dashboard = next;
  setHeader(next.title, next.rangeText);
  errorElement.hidden = true;
  errorElement.textContent = '';
  statusElement.textContent = '';
  for (const chart of charts.values()) chart.destroy();
  charts.clear();
  const notes = byId('notes');
  notes.replaceChildren(...next.notes.map((note) => element('li', {}, note)));
  const start = performance.now();
  const sections = next.charts.map((model) => chartSection(model));
  chartsElement.replaceChildren(...sections.map((section) => section.element));
  const theme = readTheme();
  performance.measure('analytics: sections', { start });
  for (const { model, canvas } of sections) {
    await nextTask();
    if (mine !== generation) return;
    if (canvas === undefined) continue;
    const chartStart = performance.now();
    charts.set(model.id, new Chart(canvas, chartConfiguration(model, theme)));
    performance.measure(`analytics: chart ${model.id}`, { start: chartStart });
  }
  drawnCount++;
  document.body.dataset.drawn = String(drawnCount);
}

/** Resolves in a later task (a message to itself: not throttled as timers are). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** The section of one chart: heading, actions, message, canvas (none when empty), marks and table. */
function chartSection(model: ChartModel): { model: ChartModel; element: HTMLElement; canvas?: HTMLCanvasElement } {
  const titleId = `chart-${model.id}-title`;
  const tableId = `chart-${model.id}-table`;
  const section = element('section', { class: `chart chart-${model.kind}`, 'aria-labelledby': titleId, 'data-chart': model.id });
  const table = tableOf(model.table, tableId);
  const toggle = element('button', { type: 'button', 'aria-expanded': 'false', 'aria-controls': tableId }, 'Show as table');
  toggle.addEventListener('click', () => {
    const shown = table.classList.toggle('visually-hidden') === false;
    toggle.setAttribute('aria-expanded', String(shown));
    toggle.textContent = shown ? 'Hide table' : 'Show as table';
  });
  const png = element('button', { type: 'button', title: `Save the chart "${model.title}" as a PNG image` }, 'Save PNG');
  png.addEventListener('click', () => {
    const chart = charts.get(model.id);
    if (chart) vscodeApi.postMessage({ type: 'exportPng', chartId: model.id, dataUrl: chart.toBase64Image('image/png', 1) });
  });
  png.toggleAttribute('disabled', model.empty);
  const csv = element('button', { type: 'button', title: `Save the numbers of "${model.title}" as CSV` }, 'Save CSV');
  csv.addEventListener('click', () => vscodeApi.postMessage({ type: 'exportCsv', chartId: model.id }));
  const head = element('div', { class: 'chart-head' });
  head.append(element('h2', { id: titleId }, model.title), actions(toggle, png, csv));
  section.append(head);
  if (model.message !== undefined) section.append(element('p', { class: 'chart-message' }, model.message));
  let canvas: HTMLCanvasElement | undefined;
  if (!model.empty) {
    canvas = element('canvas', { role: 'img', 'aria-label': `${model.title}: the numbers are in the table "${model.table.caption}".` });
    const box = element('div', { class: 'chart-canvas' });
    box.append(canvas);
    section.append(box);
  }
  if (model.kind === 'line' && model.marks.length > 0) section.append(marksList(model.marks.map((mark) => mark.label)));
  section.append(table);
  return { model, element: section, canvas };
}

function actions(...buttons: HTMLElement[]): HTMLElement {
  const group = element('div', { class: 'chart-actions' });
  group.append(...buttons);
  return group;
}

/** The deployments under a time line, as text. */
function marksList(labels: readonly string[]): HTMLElement {
  const box = element('div', { class: 'marks' });
  box.append(element('span', { class: 'marks-key', 'aria-hidden': 'true' }), element('span', {}, `Deployments (dashed lines):`));
  const list = element('ul');
  list.append(...labels.map((label) => element('li', {}, label)));
  box.append(list);
  return box;
}

/** A table of `table`, visually hidden (screen readers read it) until "Show as table". */
function tableOf(table: ChartTable, id: string): HTMLTableElement {
  const result = element('table', { id, class: 'data-table visually-hidden' });
  result.append(element('caption', {}, table.caption));
  const head = element('thead');
  const headRow = element('tr');
  headRow.append(...table.columns.map((column) => element('th', { scope: 'col' }, column)));
  head.append(headRow);
  const body = element('tbody');
  for (const row of table.rows) {
    const tableRow = element('tr');
    tableRow.append(
      ...row.map((cell, index) =>
        index === 0
          ? element('th', { scope: 'row' }, String(cell))
          : element('td', typeof cell === 'number' ? { class: 'number' } : {}, formatCell(cell)),
      ),
    );
    body.append(tableRow);
  }
  result.append(head, body);
  return result;
}

/** A number with at most two decimals; text as it is. */
function formatCell(cell: string | number): string {
  return typeof cell === 'number' ? String(Math.round(cell * 100) / 100) : cell;
}

/** An element with attributes and, optionally, its text (as text, never HTML). */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}
