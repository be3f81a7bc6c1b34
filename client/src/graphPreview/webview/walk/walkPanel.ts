/**
 * The walk panel's drawing (issue 18, docs/user/walks.md § Walk a conversation): beside the graph, in place of the designer's
 * node panel, it shows the walk standing at its current node: the path so far (each node a button
 * going back there), what the agent says (rendered with the values known there; unknown
 * `{variables}` marked), the instructions, an API or PreCallAPI node's exact request with a form for
 * its response and **Send**, an SMS or Email message, the hand-off or post-call actions, the
 * transitions as buttons named by their names, the warnings, and the variables with their values
 * and where each came from, with a form to set one. Back, Restart, Save as walk and Close head it.
 * Built with DOM APIs only (`walkDom.ts`); drawn again whole from a {@link WalkView} after each trace.
 */
import type { WalkChoice, WalkFrame, WalkInput, WalkResponse, WalkTrace, WalkVariable } from '#protocol/walkTypes';
import { appendRendered, button, element, jsonBlock, renderedBlock, requestBlock } from './walkDom';

/** What the panel's controls ask of the walk (walkController.ts). */
export interface WalkPanelActions {
  take(choice: WalkChoice): void;
  back(): void;
  restart(): void;
  /** Goes back to frame `index` of the trace (the steps after it are dropped). */
  goTo(index: number): void;
  set(id: string, value: string): void;
  respond(response: WalkResponse): void;
  send(): void;
  save(): void;
  close(): void;
  reveal(nodeKey: string): void;
}

/** Everything the panel shows. */
export interface WalkView {
  readonly trace: WalkTrace | undefined;
  /** Why there is no trace (shown as text). */
  readonly error: string | undefined;
  /** A step was sent and its trace has not come back: the controls wait. */
  readonly pending: boolean;
  readonly walk: WalkInput;
  /** The node's request is being sent. */
  readonly sending: boolean;
  /** The last outcome to tell (saved, sent, refused), shown as text. */
  readonly notice: string | undefined;
  /** A node's title (name, else nodeId, else type) by its key, from the graph on screen. */
  titleOf(nodeKey: string): string | undefined;
}

/** What the user typed in the panel's forms, kept while the panel is drawn again. */
interface Drafts {
  status: string;
  body: string;
  setId: string;
  setValue: string;
}

/** The panel in its `<aside>`. */
export class WalkPanel {
  private readonly drafts: Drafts = { status: '200', body: '', setId: '', setValue: '' };

  constructor(
    private readonly root: HTMLElement,
    private readonly actions: WalkPanelActions,
  ) {}

  /** Draws `view` (the focus, when it was in the panel, goes to the first transition or to Back). */
  render(view: WalkView): void {
    const hadFocus = this.root.contains(document.activeElement);
    const children: HTMLElement[] = [this.header(view)];
    if (view.notice !== undefined) children.push(element('p', 'walk-notice', view.notice));
    const trace = view.trace;
    if (view.error !== undefined) children.push(alertBox(view.error));
    if (trace !== undefined) {
      if (trace.failure !== undefined) children.push(alertBox(failureText(trace.failure.step, trace.failure.message)));
      children.push(this.pathList(trace, view));
      const frame = trace.frames[trace.frames.length - 1];
      if (frame !== undefined) children.push(this.frameSection(frame, trace, view), this.variablesSection(frame, view));
      if (trace.warnings.length > 0) children.push(warningsSection(trace));
    }
    this.root.replaceChildren(...children);
    this.root.setAttribute('aria-busy', String(view.pending));
    if (hadFocus) (this.root.querySelector<HTMLButtonElement>('.walk-choice:not(:disabled)') ?? this.root.querySelector('button'))?.focus();
  }

  private header(view: WalkView): HTMLElement {
    const header = element('div', 'walk-header');
    element('h2', undefined, 'Walk', header);
    const steps = view.walk.steps.length;
    element('span', 'walk-step-count', steps === 1 ? '1 step' : `${steps} steps`, header);
    const controls = element('div', 'walk-controls', undefined, header);
    const back = button('Back', 'walk-back', () => this.actions.back(), controls);
    back.disabled = steps === 0 || view.pending;
    back.title = 'Undo the last step';
    const restart = button('Restart', 'walk-restart', () => this.actions.restart(), controls);
    restart.disabled = steps === 0 || view.pending;
    restart.title = 'Back to the entry node (the values known before the conversation stay)';
    const save = button('Save as walk…', 'walk-save', () => this.actions.save(), controls);
    save.disabled = view.pending || view.trace === undefined || view.trace.failure !== undefined;
    save.title = 'Keep this path as a walk in the walks file beside the Pearl, replayed by pearl-lint';
    const close = button('×', 'walk-close secondary', () => this.actions.close(), controls);
    close.title = 'Close the walk panel';
    close.setAttribute('aria-label', 'Close the walk panel');
    return header;
  }

  /** The nodes reached, in order; each a button going back there. */
  private pathList(trace: WalkTrace, view: WalkView): HTMLElement {
    const list = element('ol', 'walk-path-list');
    list.setAttribute('aria-label', 'Path so far');
    trace.frames.forEach((frame, index) => {
      const item = element('li', undefined, undefined, list);
      const last = index === trace.frames.length - 1;
      const title = frameTitle(frame, view);
      if (last) {
        element('span', 'walk-path-current', title, item).setAttribute('aria-current', 'step');
        return;
      }
      const go = button(title, 'walk-path-node link', () => this.actions.goTo(index), item);
      go.title = `Go back to ${title}`;
      go.disabled = view.pending;
    });
    return list;
  }

  private frameSection(frame: WalkFrame, trace: WalkTrace, view: WalkView): HTMLElement {
    const section = element('section', 'walk-node');
    section.dataset.nodeKey = frame.nodeKey;
    const heading = element('h3', undefined, undefined, section);
    element('span', 'walk-node-type', frame.typeName, heading);
    heading.appendChild(document.createTextNode(' '));
    element('span', 'walk-node-title', frameTitle(frame, view), heading);
    const reveal = button('Show in editor', 'walk-reveal link', () => this.actions.reveal(frame.nodeKey), heading);
    reveal.title = 'Reveal this node in the Pearl file';
    const reachedBy = view.walk.steps[frame.reachedBy];
    const previous = trace.frames[trace.frames.length - 2];
    if (reachedBy !== undefined && 'response' in reachedBy && previous !== undefined) {
      // A PreCallAPI node takes its Success or Failure transition by itself on its response.
      const status = reachedBy.response.status;
      const text = `Reached by the response ${status} of ${frameTitle(previous, view)} (${status >= 200 && status < 300 ? 'Success' : 'Failure'}).`;
      element('p', 'walk-note walk-reached', text, section);
    }
    renderedBlock(section, 'Says', frame.says, 'walk-says');
    renderedBlock(section, 'Instructions', frame.instructions, 'walk-instructions');
    if (frame.message !== undefined) messageBlock(section, frame.message);
    if (frame.request !== undefined) {
      requestBlock(section, frame.request);
      if (frame.response !== undefined) responseBlock(section, frame.response);
      else if (trace.failure === undefined) section.appendChild(this.responseForm(view));
    }
    if (frame.actions !== undefined && frame.actions.length > 0) actionsBlock(section, frame);
    section.appendChild(this.choices(frame, trace, view));
    return section;
  }

  /** The form entering the response of the node's request, and Send. */
  private responseForm(view: WalkView): HTMLElement {
    const form = element('div', 'walk-block walk-response-form');
    element('div', 'walk-label', 'Response', form);
    const statusLabel = element('label', 'walk-field', undefined, form);
    element('span', undefined, 'Status', statusLabel);
    const status = element('input', 'walk-status', undefined, statusLabel);
    status.type = 'number';
    status.min = '100';
    status.max = '599';
    status.value = this.drafts.status;
    status.addEventListener('input', () => (this.drafts.status = status.value));
    const bodyLabel = element('label', 'walk-field', undefined, form);
    element('span', undefined, 'JSON body', bodyLabel);
    const body = element('textarea', 'walk-body', undefined, bodyLabel);
    body.rows = 4;
    body.spellcheck = false;
    body.placeholder = '{ "id": "B-17" }';
    body.value = this.drafts.body;
    body.addEventListener('input', () => (this.drafts.body = body.value));
    const problem = element('p', 'walk-form-problem');
    problem.setAttribute('role', 'alert');
    const buttons = element('div', 'walk-form-buttons', undefined, form);
    const use = button('Use this response', 'walk-use-response', () => this.useResponse(problem), buttons);
    use.disabled = view.pending;
    const send = button(view.sending ? 'Sending…' : 'Send request…', 'walk-send secondary', () => this.actions.send(), buttons);
    send.disabled = view.pending || view.sending;
    send.title = 'Send this request for real from VS Code (after a confirmation); its response becomes this step';
    form.appendChild(problem);
    return form;
  }

  private useResponse(problem: HTMLElement): void {
    const status = Number(this.drafts.status);
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      problem.textContent = 'The status is a whole number from 100 to 599.';
      return;
    }
    let body: unknown;
    if (this.drafts.body.trim() !== '') {
      try {
        body = JSON.parse(this.drafts.body) as unknown;
      } catch (error) {
        problem.textContent = `The body is not JSON: ${error instanceof Error ? error.message : String(error)}`;
        return;
      }
    }
    this.drafts.body = '';
    this.drafts.status = '200';
    this.actions.respond(body === undefined ? { status } : { status, body });
  }

  /** The transitions as buttons, or why there are none. */
  private choices(frame: WalkFrame, trace: WalkTrace, view: WalkView): HTMLElement {
    const block = element('div', 'walk-block walk-choices');
    element('div', 'walk-label', 'Transitions', block);
    if (trace.failure !== undefined) {
      element('p', 'walk-note', 'The walk stops here: go Back to take another way.', block);
      return block;
    }
    if (frame.choices.length === 0) {
      element('p', 'walk-note', trace.ended ? 'The conversation ends here.' : 'This node has no transition to take.', block);
      return block;
    }
    for (const choice of frame.choices) {
      const classes = ['walk-choice'];
      if (choice.apiResult === 1) classes.push('walk-choice-success');
      if (choice.apiResult === 2) classes.push('walk-choice-failure');
      const take = button(choice.name, classes.join(' '), () => this.actions.take(choice), block);
      take.disabled = view.pending;
      const target = choice.targetKey === undefined ? undefined : view.titleOf(choice.targetKey);
      take.title = target === undefined ? 'Leads to no node' : `Leads to ${target}`;
    }
    return block;
  }

  /** The variables known at this frame, and the form setting one. */
  private variablesSection(frame: WalkFrame, view: WalkView): HTMLElement {
    const section = element('section', 'walk-variables');
    element('h3', undefined, 'Variables', section);
    if (frame.variables.length === 0) element('p', 'walk-note', 'This Pearl declares no variables.', section);
    else {
      const table = element('table', 'walk-variable-table', undefined, section);
      const head = element('tr', undefined, undefined, element('thead', undefined, undefined, table));
      for (const title of ['Variable', 'Value', 'From']) element('th', undefined, title, head);
      const body = element('tbody', undefined, undefined, table);
      for (const variable of frame.variables) variableRow(body, variable, view);
    }
    section.appendChild(this.setForm(frame, view));
    return section;
  }

  private setForm(frame: WalkFrame, view: WalkView): HTMLElement {
    const form = element('div', 'walk-set-form');
    const ids = frame.variables.map((variable) => variable.id);
    if (ids.length === 0) return form;
    if (!ids.includes(this.drafts.setId)) this.drafts.setId = ids[0];
    const select = element('select', 'walk-set-id', undefined, form);
    select.setAttribute('aria-label', 'Variable to set');
    for (const id of ids) element('option', undefined, id, select).value = id;
    select.value = this.drafts.setId;
    select.addEventListener('change', () => (this.drafts.setId = select.value));
    const value = element('input', 'walk-set-value', undefined, form);
    value.setAttribute('aria-label', 'Value');
    value.placeholder = 'value';
    value.spellcheck = false;
    value.value = this.drafts.setValue;
    value.addEventListener('input', () => (this.drafts.setValue = value.value));
    const commit = (): void => {
      this.drafts.setValue = '';
      this.actions.set(this.drafts.setId, value.value);
    };
    value.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') commit();
    });
    button('Set', 'walk-set', commit, form).disabled = view.pending;
    element('p', 'walk-note', 'A PreCall value is known before the conversation; any other is collected from this step on.', form);
    return form;
  }
}

function alertBox(text: string): HTMLElement {
  const box = element('div', 'walk-error', text);
  box.setAttribute('role', 'alert');
  return box;
}

function failureText(step: number, message: string): string {
  return step < 0 ? `The walk cannot start: ${message}` : `The walk stops at step ${step + 1}: ${message}`;
}

/** A frame's title: the graph's (name, else nodeId), else the frame's own fields. */
function frameTitle(frame: WalkFrame, view: WalkView): string {
  return view.titleOf(frame.nodeKey) ?? frame.name ?? frame.nodeId ?? frame.typeName;
}

function responseBlock(parent: Element, response: WalkResponse): void {
  const block = element('div', 'walk-block walk-response', undefined, parent);
  element('div', 'walk-label', `Response: ${response.status}`, block);
  if (response.body !== undefined) jsonBlock(block, response.body);
}

function messageBlock(parent: Element, message: NonNullable<WalkFrame['message']>): void {
  const block = element('div', 'walk-block walk-message', undefined, parent);
  element('div', 'walk-label', 'Message', block);
  if (message.to !== undefined && message.to.length > 0) element('div', 'walk-message-to', `To: ${message.to.join(', ')}`, block);
  if (message.subject !== undefined) {
    const subject = element('div', 'walk-message-subject', 'Subject: ', block);
    appendRendered(subject, message.subject);
  }
  appendRendered(element('div', 'walk-text', undefined, block), message.body);
}

/** HandoffChatToHuman's hand-off actions, EndCall's PostCallActions: each nested action rendered. */
function actionsBlock(parent: Element, frame: WalkFrame): void {
  const block = element('div', 'walk-block walk-actions', undefined, parent);
  element('div', 'walk-label', frame.typeName === 'HandoffChatToHuman' ? 'Hand-off actions' : 'After the call', block);
  const list = element('ul', undefined, undefined, block);
  for (const action of frame.actions ?? []) {
    const item = element('li', undefined, undefined, list);
    element('div', 'walk-action-title', action.name === undefined ? action.typeName : `${action.typeName}: ${action.name}`, item);
    if (action.message !== undefined) appendRendered(element('div', 'walk-text', undefined, item), action.message);
    if (action.request !== undefined) requestBlock(item, action.request);
  }
}

function warningsSection(trace: WalkTrace): HTMLElement {
  const section = element('section', 'walk-warnings');
  element('h3', undefined, trace.warnings.length === 1 ? '1 warning' : `${trace.warnings.length} warnings`, section);
  const list = element('ul', undefined, undefined, section);
  for (const warning of trace.warnings)
    element('li', 'problem warning', failureText(warning.step, warning.message).replace('The walk stops at', 'At'), list);
  return section;
}

const groupNames: Readonly<Record<number, string>> = { 1: 'PreCall', 2: 'InCall', 3: 'PostCall' };

function variableRow(body: HTMLElement, variable: WalkVariable, view: WalkView): void {
  const row = element('tr', undefined, undefined, body);
  row.dataset.variable = variable.id;
  const id = element('td', 'walk-variable-id', variable.id, row);
  if (variable.group !== undefined) element('span', 'walk-variable-group', ` ${groupNames[variable.group] ?? ''}`, id);
  const value = element('td', 'walk-variable-value', undefined, row);
  if (variable.value === undefined) element('span', 'walk-unknown', 'unknown', value);
  else value.textContent = variable.value;
  element('td', 'walk-variable-source', sourceText(variable, view), row);
}

function sourceText(variable: WalkVariable, view: WalkView): string {
  const source = variable.source;
  if (source === undefined) return '';
  switch (source.kind) {
    case 'variables':
      return 'before the conversation';
    case 'set':
      return `set at step ${source.step + 1}`;
    case 'response':
      return `response of ${view.titleOf(source.nodeKey) ?? 'an API node'} (${source.field}), step ${source.step + 1}`;
  }
}
