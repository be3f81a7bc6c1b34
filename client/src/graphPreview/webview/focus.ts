/**
 * Focus mode: the selected node, the nodes it has transitions to and from (with the group boxes and
 * nested actions that belong to them) and the transitions between them stay bright; every other
 * node, transition, label and tag is dimmed. The drawing's root gets the class `focus-mode`, which
 * dims everything (graphPreview.css), and the neighbourhood the class `bright`: moving the focus
 * changes the classes of the two neighbourhoods only, and while one types (same node, same
 * drawing) nothing is touched at all.
 */
import type { PearlGraph } from '../../../../protocol/graphTypes';

/** The keys of the nodes shown bright around `key`: itself, its neighbours, their parents and its nested actions. */
export function neighbourhood(graph: PearlGraph, key: string): Set<string> {
  const keys = new Set([key]);
  for (const edge of graph.edges) {
    if (edge.source === key) keys.add(edge.target);
    if (edge.target === key) keys.add(edge.source);
  }
  for (const node of graph.nodes) {
    if (node.parent && keys.has(node.key)) keys.add(node.parent.key);
    if (node.parent?.key === key) keys.add(node.key);
  }
  return keys;
}

/** The focus mode of one drawing (see the module comment). */
export class FocusMode {
  /** Keys of the nodes lit: looked up again when unlit, since a node may have been redrawn since. */
  private litNodes: string[] = [];
  /** Transitions, labels and tags lit (never redrawn without a new drawing). */
  private litEdges: Element[] = [];
  private centre: string | undefined;
  private drawing = -1;

  /**
   * @param root the drawing's `<g>`.
   * @param nodeElement the drawn element of a node, by key (the page's current one).
   * @param edgeElements the drawn elements of a transition (path, label, tag), by key.
   */
  constructor(
    private readonly root: Element,
    private readonly nodeElement: (key: string) => Element | undefined,
    private readonly edgeElements: (key: string) => readonly Element[] | undefined,
  ) {}

  /**
   * Shows the neighbourhood of `key` in `graph` bright and dims the rest; `key` undefined shows all
   * bright. `drawing` numbers the drawing: a new one (elements drawn anew) is lit again even for
   * the same key.
   */
  show(graph: PearlGraph | undefined, key: string | undefined, drawing: number): void {
    const centre = graph === undefined ? undefined : key;
    if (centre === this.centre && drawing === this.drawing) return;
    if (drawing === this.drawing) {
      for (const nodeKey of this.litNodes) this.nodeElement(nodeKey)?.classList.remove('bright', 'focused');
      for (const element of this.litEdges) element.classList.remove('bright');
    } else {
      // A new drawing keeps the elements of what did not change, some under new keys (a node
      // removed above renumbers the nodes after it): what is lit is found by its class.
      for (const element of Array.from(this.root.querySelectorAll('.bright, .focused'))) element.classList.remove('bright', 'focused');
    }
    this.litNodes = [];
    this.litEdges = [];
    this.centre = centre;
    this.drawing = drawing;
    this.root.classList.toggle('focus-mode', centre !== undefined);
    if (graph === undefined || centre === undefined) return;
    for (const nodeKey of neighbourhood(graph, centre)) {
      const element = this.nodeElement(nodeKey);
      if (!element) continue;
      element.classList.add('bright');
      this.litNodes.push(nodeKey);
    }
    this.nodeElement(centre)?.classList.add('focused');
    for (const edge of graph.edges) {
      if (edge.source !== centre && edge.target !== centre) continue;
      for (const element of this.edgeElements(edge.key) ?? []) {
        element.classList.add('bright');
        this.litEdges.push(element);
      }
    }
  }
}
