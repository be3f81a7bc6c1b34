/**
 * Connecting and retargeting on the canvas: the selected node shows a handle (a circle under its
 * box) to drag onto another node, which then asks for the new transition's name inline (from a
 * PreCallAPI node: Success or Failure, its apiResult); the selected transition shows a handle at
 * its arrow's end to drag onto another node, which retargets it. Handles and the rubber band are
 * drawn in a layer of their own above the graph; every text goes through `textContent` or `value`.
 */
import type { PearlGraph, PearlGraphNode } from '#protocol/graphTypes';
import { defaultTransitionName, uniqueTransitionName } from '#protocol/transitionNames';
import { getNodeTitle } from '../layoutText';
import { createSvgElement } from '../renderGraph';
import { nodeKeyAt, trackPointerDrag } from './pointerDrag';

/** PreCallAPI (§ Node): its transitions carry apiResult 1 Success or 2 Failure. */
const preCallApi = 3;
const handleRadius = 7;

/** A box of the drawing, in graph coordinates. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** What connecting needs from the designer. */
export interface ConnectHost {
  graph(): PearlGraph | undefined;
  /** The drawn box of node `key`, in graph coordinates. */
  nodeBox(key: string): Box | undefined;
  /** The drawn path of transition `key`, if it is drawn. */
  edgePath(key: string): SVGPathElement | undefined;
  addTransition(source: string, target: string, name: string, apiResult: number | undefined): void;
  retarget(transition: string, target: string): void;
}

/** The connect and retarget handles of one page. */
export class Connector {
  private layer: SVGGElement | undefined;
  /** What the handles drawn show (selection, box, title, path): the same after a drawing, they stay as they are. */
  private drawnFor = '';

  /**
   * @param viewportGroup the transformed `<g>` the graph is drawn in (the handles go in it too).
   * @param stage the element the inline form is positioned in (position: relative).
   */
  constructor(
    private readonly viewportGroup: SVGGElement,
    private readonly stage: HTMLElement,
    private readonly host: ConnectHost,
  ) {}

  /** Draws the handles for the selection (a node key, or an edge key); call after each drawing. */
  update(selectedNode: string | undefined, selectedEdge: string | undefined): void {
    const graph = this.host.graph();
    const node = selectedNode === undefined ? undefined : graph?.nodes.find((candidate) => candidate.key === selectedNode);
    const box = selectedNode === undefined ? undefined : this.host.nodeBox(selectedNode);
    const path = selectedEdge === undefined ? undefined : this.host.edgePath(selectedEdge);
    const drawnFor = JSON.stringify([
      graph === undefined,
      node && [node.key, node.nodeType, getNodeTitle(node)],
      box && [box.x, box.y, box.width, box.height],
      selectedEdge,
      path?.getAttribute('d'),
    ]);
    if (drawnFor === this.drawnFor && this.layer?.isConnected) return;
    this.drawnFor = drawnFor;
    this.layer?.remove();
    const layer = createSvgElement('g', { class: 'designer-layer' }, this.viewportGroup);
    this.layer = layer;
    if (graph === undefined) return;
    if (selectedNode !== undefined) {
      // EndCall and PostCallActions have no transitions (§ Transition).
      if (node && box && node.nodeType !== 100 && node.nodeType !== 200) {
        const handle = this.handle(
          box.x + box.width / 2,
          box.y + box.height + handleRadius + 2,
          'connect-handle',
          `Drag onto another node to add a transition from ${getNodeTitle(node)}`,
        );
        handle.dataset.handleFor = node.key;
        handle.addEventListener('pointerdown', (event) =>
          this.dragFrom(handle, event, box.x + box.width / 2, box.y + box.height, (x, y, target) => this.askName(node, target, x, y)),
        );
      }
    }
    if (selectedEdge !== undefined) {
      if (path) {
        const end = path.getPointAtLength(path.getTotalLength());
        const handle = this.handle(end.x, end.y, 'retarget-handle', 'Drag onto another node to make this transition lead there');
        handle.dataset.handleFor = selectedEdge;
        handle.addEventListener('pointerdown', (event) =>
          this.dragFrom(handle, event, end.x, end.y, (_x, _y, target) => this.host.retarget(selectedEdge, target)),
        );
      }
    }
  }

  private handle(cx: number, cy: number, className: string, title: string): SVGCircleElement {
    const circle = createSvgElement('circle', { class: className, cx, cy, r: handleRadius }, this.layer);
    createSvgElement('title', {}, circle).textContent = title;
    return circle;
  }

  /** Drags a rubber band from (x0, y0); on a drop over a node, calls `dropped` with the client point and its key. */
  private dragFrom(
    handle: SVGCircleElement,
    event: PointerEvent,
    x0: number,
    y0: number,
    dropped: (x: number, y: number, target: string) => void,
  ): void {
    let band: SVGLineElement | undefined;
    trackPointerDrag(handle, event, {
      onStart: () => {
        band = createSvgElement('line', { class: 'rubber-band', x1: x0, y1: y0, x2: x0, y2: y0 }, this.layer);
      },
      onMove: (x, y) => {
        const point = this.toGraph(x, y);
        if (band && point) {
          band.setAttribute('x2', String(point.x));
          band.setAttribute('y2', String(point.y));
        }
      },
      onDrop: (x, y) => {
        band?.remove();
        const target = nodeKeyAt(x, y);
        if (target !== undefined) dropped(x, y, target);
      },
      onCancel: () => band?.remove(),
    });
  }

  private toGraph(x: number, y: number): DOMPoint | undefined {
    const matrix = this.viewportGroup.getScreenCTM();
    return matrix ? new DOMPoint(x, y).matrixTransform(matrix.inverse()) : undefined;
  }

  /** The inline form naming a new transition from `source` to `target`, at client point (x, y). */
  private askName(source: PearlGraphNode, target: string, x: number, y: number): void {
    this.stage.querySelector('.transition-form')?.remove();
    const graph = this.host.graph();
    const targetNode = graph?.nodes.find((candidate) => candidate.key === target);
    if (graph === undefined || targetNode === undefined) return;
    const taken = new Set(graph.edges.filter((edge) => edge.source === source.key).map((edge) => edge.name));
    const form = document.createElement('form');
    form.className = 'transition-form';
    const stageBox = this.stage.getBoundingClientRect();
    form.style.left = `${Math.round(x - stageBox.left)}px`;
    form.style.top = `${Math.round(y - stageBox.top)}px`;
    const label = document.createElement('label');
    label.textContent = `Transition from ${getNodeTitle(source)} to ${getNodeTitle(targetNode)}`;
    const input = document.createElement('input');
    input.name = 'transitionName';
    input.spellcheck = false;
    input.setAttribute('aria-label', 'Transition name');
    let result: HTMLSelectElement | undefined;
    if (source.nodeType === preCallApi) {
      result = document.createElement('select');
      result.name = 'apiResult';
      result.setAttribute('aria-label', 'API result');
      for (const [value, text] of [
        ['1', 'Success'],
        ['2', 'Failure'],
      ]) {
        const option = document.createElement('option');
        option.value = value;
        option.textContent = text;
        result.appendChild(option);
      }
      // The result not used yet by this node first.
      const used = new Set(graph.edges.filter((edge) => edge.source === source.key).map((edge) => edge.apiResult));
      result.value = used.has(1) && !used.has(2) ? '2' : '1';
      input.value = result.value === '1' ? 'Success' : 'Failure';
      result.addEventListener('change', () => {
        if (input.value === 'Success' || input.value === 'Failure') input.value = result?.value === '2' ? 'Failure' : 'Success';
      });
    } else {
      input.value = uniqueTransitionName(defaultTransitionName(targetNode), taken);
    }
    form.append(label, input);
    if (result) form.appendChild(result);
    let open = true;
    // Removing the form blurs its input, whose focusout closes it again: only the first counts.
    const close = (): void => {
      if (!open) return;
      open = false;
      form.remove();
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (name === '') {
        input.setCustomValidity('A transition needs a name.');
        input.reportValidity();
        return;
      }
      this.host.addTransition(source.key, target, name, result ? Number(result.value) : undefined);
      close();
    });
    form.addEventListener('keydown', (event) => {
      event.stopPropagation();
      if (event.key === 'Escape') close();
    });
    form.addEventListener('focusout', (event) => {
      if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) close();
    });
    this.stage.appendChild(form);
    input.focus();
    input.select();
  }
}
