/**
 * The call view's page script (docs/user/calls.md § The call view), bundled as `dist/callView.js`.
 * It draws the {@link CallViewModel} the host posts with DOM APIs, every text from the call set
 * with `textContent` in an element with `dir="auto"` and `unicode-bidi: isolate` (class
 * `call-text`): no HTML, no Markdown, no links from the call. The transcript is drawn in chunks, one
 * per animation frame, so a long call opens at once and stays responsive; each turn also has
 * `content-visibility: auto`. The page loads nothing; the recording opens only through the host,
 * on a click.
 */

import { type CallPageMessage, type CallViewState, isCallViewState, type ShowCallMessage } from '../callViewHtml';
import type { CallViewModel, CollectedRow, TurnView } from '../callViewModel';

declare function acquireVsCodeApi(): { postMessage(message: CallPageMessage): void; setState(state: CallViewState): void };

/** Turns drawn before the first paint. */
const firstChunk = 60;
/** Turns drawn per animation frame after it. */
const chunkSize = 300;

const vscodeApi = acquireVsCodeApi();
const root = document.getElementById('call') as HTMLElement;
let generation = 0;

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data as Partial<ShowCallMessage> | null;
  if (message === null || typeof message !== 'object' || message.type !== 'show' || typeof message.model !== 'object') return;
  // VS Code keeps this state and hands it back after a reload, to open the same call again.
  if (isCallViewState(message.restore)) vscodeApi.setState(message.restore);
  render(message.model);
});
vscodeApi.postMessage({ type: 'ready' });

/** An element with `className`, and `text` as its text (never as HTML). */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A span of call text: direction from its own content, isolated from what is around it. */
function callText(tag: 'span' | 'div' | 'td' | 'dd' | 'p', text: string, className = ''): HTMLElement {
  const node = element(tag, `call-text ${className}`.trim(), text);
  node.dir = 'auto';
  return node;
}

function render(model: CallViewModel): void {
  generation++;
  document.title = model.title;
  root.replaceChildren();
  root.setAttribute('aria-busy', 'true');
  delete document.body.dataset.drawn;
  root.append(element('h1', undefined, model.title));

  const header = element('dl', 'header');
  for (const field of model.header) {
    header.append(element('dt', undefined, field.label));
    const value = callText('dd', field.value);
    if (field.note !== undefined) value.append(element('span', 'assumed', `(${field.note})`));
    header.append(value);
  }
  root.append(header);

  const actions = element('div', 'actions');
  const walk = element('button', undefined, "Walk with this call's values");
  walk.type = 'button';
  walk.disabled = !model.canWalk;
  walk.title = model.canWalk
    ? "Open the walk panel of the deployed Pearl file with this call's collected values"
    : 'No file of this workspace was deployed as this Pearl';
  walk.addEventListener('click', () => vscodeApi.postMessage({ type: 'walk' }));
  actions.append(walk);
  if (model.recordingUrl !== undefined) {
    const recording = element('button', 'secondary', 'Open recording');
    recording.type = 'button';
    recording.title = 'Opens the recording in your browser (https)';
    recording.addEventListener('click', () => vscodeApi.postMessage({ type: 'openRecording' }));
    actions.append(recording);
  } else if (model.recordingNote !== undefined) {
    actions.append(element('span', 'note', model.recordingNote));
  }
  root.append(actions);

  if (model.summary !== undefined) {
    root.append(element('h2', undefined, 'Summary'));
    root.append(callText('p', model.summary, 'summary'));
  }

  root.append(element('h2', undefined, 'Tags'));
  if (model.tags.length === 0) root.append(element('p', 'note', 'No tags.'));
  else {
    const list = element('ul', 'tags');
    for (const tag of model.tags) {
      const item = callText('span', tag.label, `tag${tag.color === undefined ? '' : ` tag-color-${tag.color}`}`);
      item.title = tag.title;
      const li = element('li');
      li.append(item);
      list.append(li);
    }
    root.append(list);
  }

  root.append(element('h2', undefined, 'Collected values'));
  root.append(collectedTable(model.collected, model.declaredFrom));

  root.append(element('h2', undefined, `Transcript (${model.turns.length} ${model.turns.length === 1 ? 'turn' : 'turns'})`));
  for (const note of model.notes) root.append(element('p', 'note', note));
  const transcript = element('ol', 'transcript');
  transcript.setAttribute('aria-label', 'Transcript');
  root.append(transcript);
  if (model.turnsOmitted > 0) root.append(element('p', 'more', `… ${model.turnsOmitted} more turns not shown.`));
  drawTurns(model.turns, transcript, generation);
}

function collectedTable(rows: readonly CollectedRow[], declaredFrom: string | undefined): HTMLElement {
  if (rows.length === 0) return element('p', 'note', 'No values were collected.');
  const table = element('table');
  if (declaredFrom !== undefined) table.append(element('caption', 'note', `Declared variables from ${declaredFrom}`));
  const head = element('tr');
  for (const title of ['Variable', 'Name', 'Value', 'Group', 'Type', '']) head.append(element('th', undefined, title));
  const thead = element('thead');
  thead.append(head);
  const body = element('tbody');
  for (const row of rows) {
    const tr = element('tr', row.collected ? undefined : 'not-collected');
    tr.append(callText('td', row.id), callText('td', row.name), callText('td', row.collected ? row.value : '(not collected)'));
    tr.append(element('td', undefined, row.group), element('td', undefined, row.type));
    const mark = element('td', 'mark', row.mark === undefined ? '' : `⚠ ${row.mark}`);
    if (row.mark !== undefined) tr.dataset.mark = 'true';
    tr.append(mark);
    body.append(tr);
  }
  table.append(thead, body);
  return table;
}

function turnItem(turn: TurnView): HTMLElement {
  const item = element('li', `turn ${turn.speaker}`);
  item.append(element('span', 'speaker', turn.speakerLabel), element('span', 'time', turn.time));
  const text = callText('div', turn.text);
  if (turn.omittedChars > 0) text.append(element('span', 'more', ` … ${turn.omittedChars} more characters`));
  item.append(text);
  return item;
}

/** Draws `turns` into `list`: the first chunk now, the rest one chunk per animation frame (stops when another call is drawn). */
function drawTurns(turns: readonly TurnView[], list: HTMLElement, drawing: number): void {
  let next = 0;
  const chunk = (size: number): void => {
    if (drawing !== generation) return;
    const fragment = document.createDocumentFragment();
    const end = Math.min(turns.length, next + size);
    for (; next < end; next++) fragment.append(turnItem(turns[next]));
    list.append(fragment);
    document.body.dataset.turnsDrawn = String(next);
    if (next < turns.length) requestAnimationFrame(() => chunk(chunkSize));
    else {
      root.setAttribute('aria-busy', 'false');
      document.body.dataset.drawn = 'true';
    }
  };
  chunk(firstChunk);
}
