/**
 * "Export SVG": a standalone copy of the drawn graph. Outside VS Code the theme variables and the
 * stylesheet are gone, so each element's computed paint and font are copied onto the copy as
 * presentation attributes; the pan/zoom transform is dropped and the view box fits the graph.
 */
import { createSvgElement, showAllTooltips } from './renderGraph';

/** Computed properties copied onto the exported elements. */
const copiedProperties = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-opacity',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
] as const;

/** Classes that mark the editor session's state on the drawing (`far`: zoomed out, text hidden). */
const sessionClasses = ['cursor', 'selected', 'match', 'match-current', 'dimmed', 'focused', 'far', 'offscreen'] as const;

/**
 * Serializes `svg` (whose `viewport` `<g>` holds the drawing of a `width` × `height` graph) as an
 * SVG document with the theme's colours resolved and the editor background behind it.
 */
export function exportSvg(svg: SVGSVGElement, viewport: SVGGElement, width: number, height: number): string {
  // The cursor, the selection, search matches and focus mode belong to the editor session, not to
  // the exported picture.
  const removed: [Element, string][] = [];
  for (const name of sessionClasses) {
    for (const element of Array.from(svg.querySelectorAll(`.${name}`))) {
      element.classList.remove(name);
      removed.push([element, name]);
    }
  }
  // The tooltips, written on the page only for what is pointed at, all go into the file.
  showAllTooltips(viewport);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copyComputedStyles(svg, copy);
  for (const [element, name] of removed) element.classList.add(name);
  for (const attribute of Array.from(copy.attributes)) {
    if (attribute.name.startsWith('data-') || ['id', 'class', 'role', 'aria-label'].includes(attribute.name))
      copy.removeAttribute(attribute.name);
  }
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(Math.ceil(width)));
  copy.setAttribute('height', String(Math.ceil(height)));
  copy.setAttribute('viewBox', `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`);

  const index = Array.from(svg.children).indexOf(viewport);
  copy.children[index]?.removeAttribute('transform');
  const background = getComputedStyle(document.body).backgroundColor;
  const backdrop = createSvgElement('rect', { width: '100%', height: '100%', fill: background || '#ffffff' });
  copy.insertBefore(backdrop, copy.firstChild);
  for (const element of Array.from(copy.querySelectorAll('[tabindex]'))) element.removeAttribute('tabindex');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/**
 * Walks `source` and its clone `target` together, copying computed styles as attributes: all of
 * them on the root, then only where a value differs from the parent's (the rest is inherited;
 * `opacity`, not inherited, whenever it is not 1).
 */
function copyComputedStyles(source: Element, target: Element, parentStyle?: CSSStyleDeclaration): void {
  const style = getComputedStyle(source);
  for (const property of copiedProperties) {
    const value = style.getPropertyValue(property);
    const inherited = property === 'opacity' ? '1' : parentStyle?.getPropertyValue(property);
    if (value && value !== inherited) target.setAttribute(property, value);
  }
  if (style.display === 'none') target.setAttribute('display', 'none');
  for (let index = 0; index < source.children.length; index++) {
    const targetChild = target.children[index];
    if (targetChild) copyComputedStyles(source.children[index], targetChild, style);
  }
}
