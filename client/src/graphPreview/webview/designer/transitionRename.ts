/**
 * Renaming a transition on the canvas: a double-click on its label (or F2 on the selected
 * transition) opens an inline form over the label with the name selected; Enter sends a `renameTransition` edit when the name changed (an
 * empty name, or one another transition of the same node has, is refused in the form with a
 * sentence), Escape or leaving the form cancels. Every string from the file goes through `value`
 * or `textContent`.
 */
import type { PearlGraph } from '#protocol/graphTypes';

/** What renaming needs from the designer. */
export interface TransitionRenameHost {
  graph(): PearlGraph | undefined;
  rename(transition: string, name: string): void;
}

/**
 * Listens for double-clicks on the transition labels drawn in `svg` and opens the rename form in
 * `stage` (the graph's container, position: relative).
 */
export function enableTransitionRename(svg: SVGSVGElement, stage: HTMLElement, host: TransitionRenameHost): void {
  svg.addEventListener('dblclick', (event) => {
    const label = event.target instanceof Element ? event.target.closest('[data-label-for]') : null;
    const key = label instanceof SVGElement ? label.dataset.labelFor : undefined;
    if (label === null || key === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    openRenameForm(stage, label.getBoundingClientRect(), key, host);
  });
}

/** Opens the rename form of transition `key` over its drawn label (F2 on a selected transition); false when it is not drawn. */
export function renameTransition(svg: SVGSVGElement, stage: HTMLElement, key: string, host: TransitionRenameHost): boolean {
  const label = Array.from(svg.querySelectorAll<SVGElement>('[data-label-for]')).find((element) => element.dataset.labelFor === key);
  if (label === undefined) return false;
  openRenameForm(stage, label.getBoundingClientRect(), key, host);
  return true;
}

/** The problem with `name` for transition `key`, or undefined: empty, or taken by another transition of its node. */
export function describeRenameProblem(graph: PearlGraph, key: string, name: string): string | undefined {
  if (name.trim() === '') return 'A transition needs a name: the condition that triggers it.';
  const source = graph.edges.find((edge) => edge.key === key)?.source;
  const taken = graph.edges.some((edge) => edge.source === source && edge.key !== key && edge.name === name);
  return taken ? 'Another transition of this node has that name: names must be unique within a node.' : undefined;
}

/** Opens the form for transition `key` over `anchor` (the label's client box). */
function openRenameForm(stage: HTMLElement, anchor: DOMRect, key: string, host: TransitionRenameHost): void {
  stage.querySelector('.transition-form')?.remove();
  const edge = host.graph()?.edges.find((candidate) => candidate.key === key);
  if (edge === undefined) return;
  const form = document.createElement('form');
  form.className = 'transition-form transition-rename';
  const stageBox = stage.getBoundingClientRect();
  form.style.left = `${Math.round(anchor.left - stageBox.left)}px`;
  form.style.top = `${Math.round(anchor.top - stageBox.top)}px`;
  const label = document.createElement('label');
  label.textContent = 'Rename the transition';
  const input = document.createElement('input');
  input.name = 'transitionName';
  input.spellcheck = false;
  input.setAttribute('aria-label', 'Transition name');
  input.value = edge.name ?? '';
  form.append(label, input);
  let open = true;
  // Removing the form blurs its input, whose focusout closes it again: only the first counts.
  const close = (): void => {
    if (!open) return;
    open = false;
    form.remove();
  };
  input.addEventListener('input', () => input.setCustomValidity(''));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const graph = host.graph();
    const name = input.value.trim();
    const problem = graph ? describeRenameProblem(graph, key, name) : undefined;
    if (problem !== undefined) {
      input.setCustomValidity(problem);
      input.reportValidity();
      return;
    }
    if (name !== edge.name) host.rename(key, name);
    close();
  });
  form.addEventListener('keydown', (event) => {
    // The form's keys are its own: Delete or Ctrl+Z must not reach the graph.
    event.stopPropagation();
    if (event.key === 'Escape') close();
  });
  form.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) close();
  });
  stage.appendChild(form);
  input.focus();
  input.select();
}
