/**
 * The designer's gestures on the drawn graph (webview side): the palette (`palette.ts`), the
 * connect and retarget handles (`connect.ts`; a retarget onto the transition's own node asks
 * first), renaming a transition by double-clicking its label or F2 (`transitionRename.ts`), the
 * selected node's side panel (`nodePanel.ts`),
 * selecting a transition, Delete on
 * the selected node or transition (a node's incoming transitions are listed in a confirmation
 * first), Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) for the editor's undo and redo, selecting what an edit
 * created once the graph drawn from the new text shows it, and the sentence of a refused edit.
 *
 * Gestures become {@link GraphEditMessage}s addressed by the keys of the graph on screen and its
 * `version`; the host asks the language server for the text edit and applies it as one undo step.
 */
import type { GraphEdit, NodeSettingForm, PearlGraph } from '#protocol/graphTypes';
import type { QuickFixTitle, WebviewMessage } from '#protocol/graphPreviewMessages';
import { getNodeTitle } from '../layoutText';
import { confirmInPage } from './confirmDialog';
import { type Box, Connector } from './connect';
import { NodePanel } from './nodePanel';
import { createPalette, type PaletteEntry } from './palette';
import { enableTransitionRename, renameTransition, type TransitionRenameHost } from './transitionRename';

/** What the designer needs from the page (`main.ts`). */
export interface DesignerHost {
  /** Posts a message to the extension host. */
  post(message: WebviewMessage): void;
  /** The graph on screen, or undefined when none is drawn. */
  graph(): PearlGraph | undefined;
  /** The key of the selected node, if a node is selected. */
  selectedNode(): string | undefined;
  /** Selects node `key` (marks it, focuses it); undefined clears the node selection. */
  selectNode(key: string | undefined): void;
  /** The drawn box of node `key`, in graph coordinates. */
  nodeBox(key: string): Box | undefined;
  /** The drawn elements of transition `key` (its path's group, label and tag); none when it is not drawn. */
  edgeElements(key: string): readonly SVGGElement[];
  /** Whether the side panel starts collapsed to its bar (the page's saved state). */
  readonly panelCollapsed: boolean;
  /** The side panel was collapsed or opened by its toggle: the graph area changed size. */
  panelCollapsedChanged(collapsed: boolean): void;
}

/** The page's elements the designer works in. */
export interface DesignerElements {
  readonly svg: SVGSVGElement;
  /** The transformed `<g>` the graph is drawn in. */
  readonly viewportGroup: SVGGElement;
  /** The graph's container (position: relative): inline forms go there. */
  readonly stage: HTMLElement;
  /** Shows a refused edit's sentence (as text). */
  readonly notice: HTMLElement;
  readonly palette: HTMLElement;
  readonly nodePanel: HTMLElement;
}

/** How long a refusal stays on screen, in milliseconds. */
const refusalMs = 10_000;

/** The designer of one preview page. */
export class Designer {
  private selectedEdgeKey: string | undefined;
  /** The key the host asked to select after an edit, until a graph drawn from the edited text contains it. */
  private pendingSelect: string | undefined;
  /** The version of the graph the last edit was made on: the graph drawn from its text is newer. */
  private editedVersion = -1;
  private refusalTimer: ReturnType<typeof setTimeout> | undefined;
  /** The elements marked as the selected transition. */
  private marked: readonly Element[] = [];
  private readonly svg: SVGSVGElement;
  private readonly notice: HTMLElement;
  private readonly connector: Connector;
  private readonly panel: NodePanel;
  private readonly stage: HTMLElement;
  private readonly renameHost: TransitionRenameHost = {
    graph: () => this.host.graph(),
    rename: (transition, name) => this.send({ kind: 'renameTransition', transition, name }),
  };

  constructor(
    elements: DesignerElements,
    private readonly host: DesignerHost,
  ) {
    this.svg = elements.svg;
    this.notice = elements.notice;
    this.svg.addEventListener('click', (event) => this.onClick(event.target));
    // Capture phase: the undo and redo keys stop here, before the webview's own listener forwards
    // them to the workbench (whose undo could then run on the document a second time).
    window.addEventListener('keydown', (event) => this.onKeydown(event), true);
    this.notice.addEventListener('click', () => this.hideRefusal());
    createPalette(elements.palette, this.svg, {
      addAfterSelection: (entry) => this.addNode(entry, this.host.selectedNode()),
      addAt: (entry, after) => this.addNode(entry, after),
    });
    this.connector = new Connector(elements.viewportGroup, elements.stage, {
      graph: () => this.host.graph(),
      nodeBox: (key) => this.host.nodeBox(key),
      edgePath: (key) => this.host.edgeElements(key)[0]?.querySelector('path') ?? undefined,
      addTransition: (source, target, name, apiResult) =>
        this.send(
          apiResult === undefined
            ? { kind: 'addTransition', source, target, name }
            : { kind: 'addTransition', source, target, name, apiResult },
        ),
      retarget: (transition, target) => void this.retarget(transition, target),
    });
    this.stage = elements.stage;
    enableTransitionRename(this.svg, elements.stage, this.renameHost);
    this.panel = new NodePanel(
      elements.nodePanel,
      {
        setProperty: (node, property, value) => this.send({ kind: 'setNodeProperty', node, property, value }),
        setSetting: (node, path, value) => this.send({ kind: 'setNodeSetting', node, path, value }),
        clearSetting: (node, path) => this.send({ kind: 'clearNodeSetting', node, path }),
        addSettingItem: (node, path, name) =>
          this.send(name === undefined ? { kind: 'addNodeSettingItem', node, path } : { kind: 'addNodeSettingItem', node, path, name }),
        requestSettingFields: (key) => this.host.post({ type: 'requestSettingFields', key }),
        requestFixes: (key) => this.host.post({ type: 'requestQuickFixes', key }),
        applyFix: (key, index) => this.host.post({ type: 'applyQuickFix', key, index }),
        collapsedChanged: (collapsed) => this.host.panelCollapsedChanged(collapsed),
      },
      host.panelCollapsed,
    );
    this.panel.show(undefined);
  }

  /** The selection changed (a node selected or cleared by the page): update the handles and the panel. */
  selectionChanged(): void {
    const key = this.host.selectedNode();
    if (key !== undefined) this.selectedEdgeKey = undefined;
    this.markEdge();
    this.connector.update(key, this.selectedEdgeKey);
    this.panel.show(this.host.graph()?.nodes.find((node) => node.key === key));
  }

  /** The host's answer to a settings fields request. */
  showSettingFields(form: NodeSettingForm): void {
    this.panel.showSettingFields(form);
  }

  /** The host's answer to a quick fix request. */
  showFixes(key: string, fixes: readonly QuickFixTitle[]): void {
    this.panel.showFixes(key, fixes);
  }

  /**
   * A node of the palette entry's type; after node `from` when given, with a transition the server
   * names after where it leads (`Go to API`; `protocol/transitionNames.ts`).
   */
  private addNode(entry: PaletteEntry, from: string | undefined): void {
    this.send(from === undefined ? { kind: 'addNode', nodeType: entry.nodeType } : { kind: 'addNode', nodeType: entry.nodeType, from });
  }

  /**
   * Retargets `transition` to node `target`; dropped on the node it leaves from, asks first
   * whether a loop back to that node is meant (a slip of the mouse must not make one unnoticed).
   */
  private async retarget(transition: string, target: string): Promise<void> {
    const graph = this.host.graph();
    const edge = graph?.edges.find((candidate) => candidate.key === transition);
    const source = graph?.nodes.find((node) => node.key === edge?.source);
    if (edge !== undefined && source !== undefined && target === edge.source && edge.target !== edge.source) {
      const confirmed = await confirmInPage({
        title: `Make "${edge.name ?? 'this transition'}" lead back to ${getNodeTitle(source)}?`,
        detail: `It was dropped on ${getNodeTitle(source)}, the node it leaves from: the conversation would loop there.`,
        items: [],
        confirmLabel: 'Make it a loop',
      });
      if (!confirmed) return;
    }
    this.send({ kind: 'retargetTransition', transition, target });
  }

  /** The key of the selected transition, if one is selected. */
  get selectedEdge(): string | undefined {
    return this.selectedEdgeKey;
  }

  /** Sends one edit of the graph on screen. False when no graph is drawn. */
  send(edit: GraphEdit): boolean {
    const graph = this.host.graph();
    if (graph === undefined) return false;
    this.pendingSelect = undefined;
    this.editedVersion = graph.version;
    this.host.post({ type: 'graphEdit', version: graph.version, edit });
    return true;
  }

  /** The host applied an edit that created `key`: select it once the graph drawn from the edited text shows it. */
  selectAfterEdit(key: string): void {
    this.pendingSelect = key;
    this.graphShown();
  }

  /** Called after each drawing or refresh: marks the selected transition, applies a pending select. */
  graphShown(): void {
    const graph = this.host.graph();
    if (graph === undefined) return;
    const pending = this.pendingSelect;
    // The host's answer comes before the graph of the edited text: a key of the graph on screen
    // (keys are indexes) may name another node there.
    if (pending !== undefined && graph.version > this.editedVersion) {
      if (graph.nodes.some((node) => node.key === pending)) {
        this.pendingSelect = undefined;
        this.selectEdge(undefined);
        this.host.selectNode(pending);
      } else if (graph.edges.some((edge) => edge.key === pending)) {
        this.pendingSelect = undefined;
        this.host.selectNode(undefined);
        this.selectEdge(pending);
      }
    }
    if (this.selectedEdgeKey !== undefined && !graph.edges.some((edge) => edge.key === this.selectedEdgeKey))
      this.selectedEdgeKey = undefined;
    this.selectionChanged();
  }

  /** Shows the sentence of a refused edit (as text) until clicked or for ten seconds. */
  showRefusal(text: string): void {
    this.notice.textContent = text;
    this.notice.hidden = false;
    clearTimeout(this.refusalTimer);
    this.refusalTimer = setTimeout(() => this.hideRefusal(), refusalMs);
  }

  private hideRefusal(): void {
    clearTimeout(this.refusalTimer);
    this.notice.hidden = true;
    this.notice.textContent = '';
  }

  private onClick(target: EventTarget | null): void {
    if (!(target instanceof Element)) return;
    if (target.closest('[data-node-key]')) {
      this.selectEdge(undefined);
      return;
    }
    if (target.closest('.designer-layer')) return;
    const edgeElement = target.closest('[data-edge-key], [data-label-for]');
    const key = edgeElement instanceof SVGElement ? (edgeElement.dataset.edgeKey ?? edgeElement.dataset.labelFor) : undefined;
    if (key === undefined) return;
    this.host.selectNode(undefined);
    this.selectEdge(key);
  }

  private selectEdge(key: string | undefined): void {
    this.selectedEdgeKey = key;
    this.selectionChanged();
  }

  /** Marks the selected transition's path and label (found by key in the drawing: no scan of the graph). */
  private markEdge(): void {
    for (const element of this.marked) element.classList.remove('selected');
    const key = this.selectedEdgeKey;
    this.marked = key === undefined ? [] : this.host.edgeElements(key).filter((element) => element.matches('.edge, .edge-label'));
    for (const element of this.marked) element.classList.add('selected');
  }

  private onKeydown(event: KeyboardEvent): void {
    // Text fields keep their own keys; the dialog and the inline form handle theirs.
    if (isTextField(event.target)) return;
    if (event.target instanceof Element && event.target.closest('.designer-dialog-backdrop, .transition-form')) return;
    const command = historyCommand(event);
    if (command !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      this.host.post({ type: 'history', command });
      return;
    }
    if (event.key === 'F2' && this.selectedEdgeKey !== undefined) {
      if (renameTransition(this.svg, this.stage, this.selectedEdgeKey, this.renameHost)) event.preventDefault();
      return;
    }
    if ((event.key === 'Delete' || event.key === 'Backspace') && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (this.selectedEdgeKey === undefined && this.host.selectedNode() === undefined) return;
      event.preventDefault();
      void this.deleteSelection();
    }
  }

  /** Deletes the selected transition, or the selected node after the user confirms. */
  private async deleteSelection(): Promise<void> {
    const graph = this.host.graph();
    if (graph === undefined) return;
    if (this.selectedEdgeKey !== undefined) {
      this.send({ kind: 'deleteTransition', transition: this.selectedEdgeKey });
      return;
    }
    const key = this.host.selectedNode();
    const node = graph.nodes.find((candidate) => candidate.key === key);
    if (node === undefined) return;
    const titles = new Map(graph.nodes.map((candidate) => [candidate.key, getNodeTitle(candidate)]));
    const incoming = graph.edges
      .filter((edge) => edge.target === node.key && edge.source !== node.key)
      .map(
        (edge) =>
          `${edge.name === undefined ? 'A transition without a name' : `"${edge.name}"`} from ${titles.get(edge.source) ?? 'a node'}`,
      );
    const confirmed = await confirmInPage({
      title: `Delete the ${node.typeName} node "${getNodeTitle(node)}"?`,
      detail:
        incoming.length === 0
          ? 'No transition leads to it.'
          : `${incoming.length === 1 ? 'This transition leads' : `These ${incoming.length} transitions lead`} to it and will be deleted too:`,
      items: incoming,
      confirmLabel: 'Delete',
    });
    // The graph may have changed while the dialog was open: the version sent is the one now drawn,
    // and the server refuses a key that no longer names the node.
    if (confirmed) this.send({ kind: 'deleteNode', node: node.key });
  }
}

/** 'undo' for Ctrl+Z (Cmd+Z), 'redo' for Ctrl+Y or Ctrl+Shift+Z (Cmd+Shift+Z); otherwise undefined. */
export function historyCommand(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): 'undo' | 'redo' | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return undefined;
}

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}
