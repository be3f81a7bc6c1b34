/**
 * Focus mode: the selected node, the nodes it has transitions to and from (with the group boxes and
 * nested actions that belong to them) stay bright; every other node and transition is dimmed.
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

/**
 * Dims what lies outside the neighbourhood of `key` in the drawing under `root` (class `dimmed` on
 * nodes, transitions and labels); `undefined` shows everything bright.
 */
export function applyFocus(root: Element, graph: PearlGraph | undefined, key: string | undefined): void {
  const bright = graph && key !== undefined ? neighbourhood(graph, key) : undefined;
  // Nothing to undo and nothing to dim: the common case while typing, kept free of DOM work.
  if (bright === undefined && root.querySelector('.dimmed, .focused') === null) return;
  for (const element of Array.from(root.querySelectorAll<SVGElement>('[data-node-key]'))) {
    element.classList.toggle('dimmed', bright !== undefined && !bright.has(element.dataset.nodeKey ?? ''));
    element.classList.toggle('focused', bright !== undefined && element.dataset.nodeKey === key);
  }
  const labels = new Map(
    Array.from(root.querySelectorAll<SVGElement>('[data-label-for]'), (element) => [element.dataset.labelFor ?? '', element]),
  );
  for (const element of Array.from(root.querySelectorAll<SVGElement>('[data-edge-key]'))) {
    const dimmed = bright !== undefined && element.dataset.source !== key && element.dataset.target !== key;
    element.classList.toggle('dimmed', dimmed);
    labels.get(element.dataset.edgeKey ?? '')?.classList.toggle('dimmed', dimmed);
  }
}
