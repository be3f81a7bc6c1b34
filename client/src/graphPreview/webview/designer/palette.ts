/**
 * The designer's palette: one button per node type a text Pearl allows (the node types table,
 * § Node, without the voice-only TransferCall and StartCallRecording). A click adds the type after
 * the selected node (an `addNode` with `from` and a transition named after the type); a drag adds
 * it where it is dropped: onto a node, after that node (the node is marked while the drag is over
 * it); onto empty space in the graph, unconnected.
 */
import { isOver, nodeKeyAt, trackPointerDrag } from './pointerDrag';

/** A node type the palette offers: its value (§ Node) and name. */
export interface PaletteEntry {
  readonly nodeType: number;
  readonly name: string;
  /** The colour family class of `graphPreview.css` (`family-dialogue`, …). */
  readonly family: string;
}

/** The node types of a text Pearl, in the order a conversation usually uses them. */
export const textPearlPalette: readonly PaletteEntry[] = [
  { nodeType: 2, name: 'OpeningSentence', family: 'opening' },
  { nodeType: 10, name: 'Dialogue', family: 'dialogue' },
  { nodeType: 80, name: 'SearchKnowledgeBase', family: 'dialogue' },
  { nodeType: 40, name: 'API', family: 'api' },
  { nodeType: 3, name: 'PreCallAPI', family: 'api' },
  { nodeType: 50, name: 'SMS', family: 'message' },
  { nodeType: 51, name: 'Email', family: 'message' },
  { nodeType: 31, name: 'HandoffChatToHuman', family: 'handoff' },
  { nodeType: 100, name: 'EndCall', family: 'end' },
  { nodeType: 200, name: 'PostCallActions', family: 'postcall' },
];

/** The names said with "an" (a vowel sound). */
const anNames = new Set(['OpeningSentence', 'API', 'SMS', 'Email', 'EndCall']);

/** What the palette asks of the designer. */
export interface PaletteHost {
  /** Adds a node of `entry`'s type after the selected node (or unconnected when none is selected). */
  addAfterSelection(entry: PaletteEntry): void;
  /** Adds a node of `entry`'s type after node `after` (a node key), or unconnected when undefined. */
  addAt(entry: PaletteEntry, after: string | undefined): void;
}

/** Fills `container` with the palette's buttons; a drag shows a ghost and drops onto `target`. */
export function createPalette(container: HTMLElement, target: Element, host: PaletteHost): void {
  const title = document.createElement('div');
  title.className = 'palette-title';
  title.textContent = 'Add';
  container.replaceChildren(title);
  for (const entry of textPearlPalette) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `palette-item family-${entry.family}`;
    button.dataset.nodeType = String(entry.nodeType);
    button.textContent = entry.name;
    button.title = `Add ${anNames.has(entry.name) ? 'an' : 'a'} ${entry.name} node: click to add it after the selected node, drag it onto a node to add it after that one, or onto empty space to add it unconnected`;
    // Keyboard: Enter and Space click.
    button.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        host.addAfterSelection(entry);
      }
    });
    button.addEventListener('pointerdown', (event) => {
      let ghost: HTMLElement | undefined;
      let marked: string | undefined;
      const mark = (key: string | undefined): void => {
        if (key !== marked) markDropTarget(target, (marked = key));
      };
      trackPointerDrag(button, event, {
        onClick: () => host.addAfterSelection(entry),
        onStart: () => {
          ghost = document.createElement('div');
          ghost.className = `palette-ghost family-${entry.family}`;
          ghost.textContent = entry.name;
          document.body.appendChild(ghost);
        },
        onMove: (x, y) => {
          // CSSOM, which the CSP allows (a style attribute would not be).
          if (ghost) ghost.style.transform = `translate(${x + 8}px, ${y + 8}px)`;
          mark(isOver(target, x, y) ? nodeKeyAt(x, y) : undefined);
        },
        onDrop: (x, y) => {
          ghost?.remove();
          mark(undefined);
          if (isOver(target, x, y) && !isOver(container, x, y)) host.addAt(entry, nodeKeyAt(x, y));
        },
        onCancel: () => {
          ghost?.remove();
          mark(undefined);
        },
      });
    });
    container.appendChild(button);
  }
}

/** Marks node `key` of the graph `target` as where a drop adds the new node after (none: clears the mark). */
function markDropTarget(target: Element, key: string | undefined): void {
  for (const element of Array.from(target.querySelectorAll('.drop-target'))) element.classList.remove('drop-target');
  if (key !== undefined) target.querySelector(`[data-node-key="${CSS.escape(key)}"]`)?.classList.add('drop-target');
}
