/**
 * Focus mode: the selected node, the nodes it has transitions to and from (with the group boxes and
 * nested actions that belong to them) and the transitions between them stay bright; every other
 * node, transition, label and tag is dimmed. The drawing's root gets the class `focus-mode`, which
 * dims everything (graphPreview.css), and the neighbourhood the class `bright`: moving the focus,
 * or a new drawing, changes the classes of the two neighbourhoods only (their elements are
 * remembered, never searched for in the drawing), and while one types (same node, same drawing)
 * nothing is touched at all.
 */
import type { PearlGraph } from '#protocol/graphTypes';

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
  /** Keys of the nodes lit, and their elements (looked up again by key on each call for the same drawing: a node may have been redrawn). */
  private litNodes: string[] = [];
  private litElements: Element[] = [];
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
    if (centre === this.centre && drawing === this.drawing) {
      // A node redrawn in place (its diagnostics changed) took the classes over: its new element is the one lit now.
      this.litElements = this.litNodes.flatMap((nodeKey) => this.nodeElement(nodeKey) ?? []);
      return;
    }
    // The elements lit, kept by the new drawing or not, some under new keys: unlit as they are, with no scan of the drawing.
    for (const element of this.litElements) element.classList.remove('bright', 'focused');
    for (const element of this.litEdges) element.classList.remove('bright');
    this.litNodes = [];
    this.litElements = [];
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
      this.litElements.push(element);
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
