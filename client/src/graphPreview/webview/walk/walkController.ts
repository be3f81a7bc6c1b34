/**
 * The walk of the graph page (issue 18, docs/user/walks.md § Walk a conversation): the page keeps the walk (the values known
 * before the conversation and the steps, a {@link WalkInput}) and asks the host for its trace after
 * each change; the host asks the language server (`pearl/walk`), so the interactive walk and a saved
 * walk of the same steps give the same trace. A trace is drawn in the panel (`walkPanel.ts`) and on
 * the graph: the nodes reached get the class `walk-path`, the current one `walk-current`, the
 * transitions taken (path, label, tag) `walk-path`. The coverage toggle marks the transitions the
 * saved walks take with `walk-covered` (from `pearl/walkCoverage`).
 *
 * Every answer carries the `seq` of the walk it was computed for: an answer to an older walk is
 * dropped, and while a step's trace is on its way the controls wait, so two quick clicks never
 * take a transition of a node already left.
 */
import type { PearlGraph } from '#protocol/graphTypes';
import type { WalkCoverage } from '#protocol/pearlRequests';
import { isWalkInput, type WalkHostMessage, type WalkPageMessage } from '#protocol/walkPanelMessages';
import type { WalkChoice, WalkInput, WalkStep, WalkTrace } from '#protocol/walkTypes';
import { getNodeTitle } from '../layoutText';
import { WalkPanel } from './walkPanel';

/** What the walk keeps in the webview state (across hide/show and reloads). */
export interface WalkState {
  readonly open: boolean;
  readonly walk: WalkInput;
  readonly coverage: boolean;
}

/** What the walk needs from the page (`main.ts`). */
export interface WalkPageHost {
  post(message: WalkPageMessage | { readonly type: 'reveal'; readonly key: string }): void;
  /** The graph on screen, if any. */
  graph(): PearlGraph | undefined;
  /** Pans so that node `key` is in view. */
  bringIntoView(key: string): void;
  /** The walk panel was opened or closed (the page shows it in place of the node panel). */
  shown(open: boolean): void;
  /** The coverage toggle changed, with the text for its button. */
  coverageShown(on: boolean, label: string): void;
  saveState(state: WalkState): void;
}

/** The walk of one page. */
export class WalkController {
  private variables: Record<string, string> = {};
  private steps: WalkStep[] = [];
  private open = false;
  private seq = 0;
  private trace: WalkTrace | undefined;
  private error: string | undefined;
  private pending = false;
  private sending = false;
  private notice: string | undefined;
  private coverageOn = false;
  private coverage: WalkCoverage | null | undefined;
  /** Whether the graph carries walk or coverage classes now. */
  private decorated = false;
  private readonly panel: WalkPanel;

  constructor(
    private readonly panelElement: HTMLElement,
    private readonly root: SVGGElement,
    private readonly host: WalkPageHost,
    saved: unknown,
  ) {
    this.panel = new WalkPanel(panelElement, {
      take: (choice) => this.take(choice),
      back: () => this.change(this.steps.slice(0, -1)),
      restart: () => this.change([]),
      goTo: (index) => this.goTo(index),
      set: (id, value) => this.set(id, value),
      respond: (response) => this.change([...this.steps, { response }]),
      send: () => this.sendRequest(),
      save: () => this.host.post({ type: 'saveWalk', walk: this.input() }),
      close: () => this.setOpen(false),
      reveal: (key) => this.host.post({ type: 'reveal', key }),
    });
    const state = readWalkState(saved);
    if (state !== undefined) {
      this.variables = { ...state.walk.variables };
      this.steps = [...state.walk.steps];
      this.coverageOn = state.coverage;
      this.open = state.open;
    }
  }

  /** Called once the page listens: shows what the state restored. */
  start(): void {
    this.panelElement.hidden = !this.open;
    this.host.shown(this.open);
    this.host.coverageShown(this.coverageOn, this.coverageLabel());
  }

  /** Opens or closes the walk panel (toolbar button, "Pearl: Walk Conversation", the panel's ×). */
  setOpen(open: boolean): void {
    this.open = open;
    this.panelElement.hidden = !open;
    this.host.shown(open);
    this.saveState();
    if (open) this.request();
    else this.decorate();
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** Turns the coverage of the saved walks on or off. */
  setCoverage(on: boolean): void {
    this.coverageOn = on;
    this.coverage = undefined;
    this.saveState();
    this.host.coverageShown(on, this.coverageLabel());
    if (on) this.host.post({ type: 'requestWalkCoverage' });
    this.decorate();
  }

  get coverageShown(): boolean {
    return this.coverageOn;
  }

  /** A new graph (the document changed): the walk and the coverage are computed again on it. */
  graphChanged(): void {
    if (this.open) this.request();
    if (this.coverageOn) this.host.post({ type: 'requestWalkCoverage' });
  }

  /** Handles a walk message of the host. */
  onHostMessage(message: WalkHostMessage): void {
    switch (message.type) {
      case 'startWalk':
        if (message.variables !== undefined) {
          this.variables = { ...message.variables };
          this.steps = [];
        }
        this.setOpen(true);
        break;
      case 'walkTrace':
        if (message.seq !== this.seq) return;
        this.pending = false;
        this.trace = message.trace ?? undefined;
        this.error = message.trace === null ? (message.error ?? 'The walk could not be computed.') : undefined;
        this.render();
        this.decorate();
        this.showCurrent();
        break;
      case 'walkRequestResult':
        this.sending = false;
        if (message.seq !== this.seq) {
          this.notice = 'The walk changed while the request was sent: its response was not used.';
          this.render();
          return;
        }
        this.notice = message.message;
        if (message.response !== undefined) this.change([...this.steps, { response: message.response }], message.message);
        else this.render();
        break;
      case 'walkSaved':
        this.notice = message.text;
        this.render();
        if (message.saved && this.coverageOn) this.host.post({ type: 'requestWalkCoverage' });
        break;
      case 'walkCoverage':
        if (!this.coverageOn) return;
        this.coverage = message.coverage;
        this.host.coverageShown(true, this.coverageLabel());
        this.decorate();
        break;
    }
  }

  /** Puts the walk's classes on the graph again (after each drawing or refresh of it). */
  decorate(): void {
    if (this.decorated) {
      for (const element of Array.from(this.root.querySelectorAll('.walk-path, .walk-current, .walk-covered')))
        element.classList.remove('walk-path', 'walk-current', 'walk-covered');
      this.decorated = false;
    }
    const path = this.open && this.trace !== undefined ? pathOf(this.trace, this.steps) : undefined;
    const covered = this.coverageOn && this.coverage ? new Set(this.coverage.covered) : undefined;
    this.root.classList.toggle('walk-coverage', covered !== undefined);
    if (path === undefined && covered === undefined) return;
    this.decorated = true;
    const current = path?.nodes[path.nodes.length - 1];
    for (const element of Array.from(this.root.querySelectorAll<SVGElement>('[data-node-key]'))) {
      const key = element.dataset.nodeKey ?? '';
      if (path?.nodes.includes(key)) element.classList.add('walk-path');
      if (key === current) element.classList.add('walk-current');
    }
    for (const element of Array.from(this.root.querySelectorAll<SVGElement>('[data-edge-key], [data-label-for], [data-tag-for]'))) {
      const { edgeKey, labelFor, tagFor } = element.dataset;
      const key = edgeKey ?? labelFor ?? tagFor ?? '';
      if (path?.edges.has(key)) element.classList.add('walk-path');
      if (covered?.has(key)) element.classList.add('walk-covered');
    }
  }

  private take(choice: WalkChoice): void {
    this.change([...this.steps, { take: choice.name }]);
  }

  /** Back to frame `index`: keeps the steps before the `take` that left it. */
  private goTo(index: number): void {
    const next = this.trace?.frames[index + 1];
    if (next === undefined) return;
    this.change(this.steps.slice(0, Math.max(0, next.reachedBy)));
  }

  /** A value: a PreCall variable's is known before the conversation; any other is a `set` step from here on. */
  private set(id: string, value: string): void {
    const variable = this.trace?.frames[this.trace.frames.length - 1]?.variables.find((candidate) => candidate.id === id);
    if (variable?.group === 1) {
      this.variables = { ...this.variables, [id]: value };
      this.change(this.steps);
    } else this.change([...this.steps, { set: { [id]: value } }]);
  }

  private sendRequest(): void {
    this.sending = true;
    this.notice = undefined;
    this.host.post({ type: 'sendWalkRequest', seq: this.seq, walk: this.input() });
    this.render();
  }

  /** The walk is now `steps`: asks for its trace. */
  private change(steps: WalkStep[], notice?: string): void {
    this.steps = steps;
    this.notice = notice;
    this.saveState();
    this.request();
  }

  /** Asks the host for the trace of the walk as it is. */
  private request(): void {
    this.seq++;
    this.pending = true;
    this.host.post({ type: 'walk', seq: this.seq, walk: this.input() });
    this.render();
  }

  private input(): WalkInput {
    return { variables: { ...this.variables }, steps: [...this.steps] };
  }

  private render(): void {
    if (!this.open) return;
    const graph = this.host.graph();
    const titles = new Map(graph?.nodes.map((node) => [node.key, getNodeTitle(node)]));
    this.panel.render({
      trace: this.trace,
      error: this.error,
      pending: this.pending,
      walk: this.input(),
      sending: this.sending,
      notice: this.notice,
      titleOf: (key) => titles.get(key),
    });
  }

  private showCurrent(): void {
    const frames = this.trace?.frames;
    const current = frames?.[frames.length - 1];
    if (current !== undefined) this.host.bringIntoView(current.nodeKey);
  }

  private coverageLabel(): string {
    if (!this.coverageOn || !this.coverage) return 'Coverage';
    const edges = this.host.graph()?.edges.length ?? 0;
    return `Coverage ${this.coverage.covered.length}/${edges}`;
  }

  private saveState(): void {
    this.host.saveState({ open: this.open, walk: this.input(), coverage: this.coverageOn });
  }
}

/**
 * The nodes a trace reached and the transitions it took: frame after frame, the choice the `take`
 * step that reached a frame named, else (a step the engine took by itself) the choice of the frame
 * before that leads to it.
 */
export function pathOf(trace: WalkTrace, steps: readonly WalkStep[]): { nodes: string[]; edges: Set<string> } {
  const nodes = trace.frames.map((frame) => frame.nodeKey);
  const edges = new Set<string>();
  for (let index = 1; index < trace.frames.length; index++) {
    const previous = trace.frames[index - 1];
    const frame = trace.frames[index];
    const step = steps[frame.reachedBy];
    const byName = step !== undefined && 'take' in step ? previous.choices.find((choice) => choice.name === step.take) : undefined;
    const choice = byName ?? previous.choices.find((candidate) => candidate.targetKey === frame.nodeKey);
    if (choice?.edgeKey !== undefined) edges.add(choice.edgeKey);
  }
  return { nodes, edges };
}

/** The walk state kept in the webview state, when `saved` is one. */
function readWalkState(saved: unknown): WalkState | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { open, walk, coverage } = saved as Record<string, unknown>;
  if (!isWalkInput(walk)) return undefined;
  return { open: open === true, walk, coverage: coverage === true };
}
