/**
 * The name a new transition gets when the user gives none (a node added after another from the
 * palette, the name the connect form proposes): the condition that triggers it, in words that
 * say where it leads, unique within its node (§ Transition: names are unique within a node).
 * Shared by the server (addNode's default) and the page (the connect form's proposal).
 */

/** EndCall's value in the node type table (docs/interface.md § Node). */
const endCall = 100;

/**
 * `When the conversation is over` for a transition to an EndCall node, else `Go to <title>` with
 * the target's name (else its nodeId, else its type's name).
 */
export function defaultTransitionName(target: {
  readonly name?: string;
  readonly nodeId?: string;
  readonly nodeType?: number;
  readonly typeName?: string;
}): string {
  if (target.nodeType === endCall) return 'When the conversation is over';
  const title = [target.name, target.nodeId, target.typeName].find((text) => text !== undefined && text.trim() !== '');
  return `Go to ${title?.trim() ?? 'the next step'}`;
}

/** `base`, or `base 2`, `base 3`… : the first not in `taken` (the names of the node's transitions). */
export function uniqueTransitionName(base: string, taken: ReadonlySet<string | undefined>): string {
  if (!taken.has(base)) return base;
  for (let index = 2; ; index++) if (!taken.has(`${base} ${index}`)) return `${base} ${index}`;
}
