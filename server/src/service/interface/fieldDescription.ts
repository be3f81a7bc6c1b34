import { isJsonObject, valueAtPath, type JsonPath } from '../document/jsonValue';
import { nodeTypeNames } from './enumNames';
import { quote } from './messageText';

/** Lists whose entries are nodes (docs/interface.md § Node types: `nodes`, and the nested `handOffAction` and `postCallActions`). */
const nodeLists = new Set(['nodes', 'handOffAction', 'postCallActions']);

/**
 * A field of the request named as its author knows it, for messages (deploy refusals and
 * confirmations): entries of the node lists are named by the node (`script of Dialogue node
 * 'menu'`), transitions by their name (`toNodeId of transition 'Book' of Dialogue node 'menu'`),
 * variables by their id (§ DataSettings), any other array entry by its 1-based position (`to (entry 2)`).
 * Without such an entry the path reads as the service spells it (`inbound.textChannelId`); a key
 * that is not a plain name is bracketed (`headers['X-Source']`). Quoted text is cut by `quote`.
 * `request` is the decoded value the path walks; a path that leaves it is still described, with
 * positions where a name cannot be read.
 */
export function describeFieldPath(request: unknown, path: JsonPath): string {
  const owners: string[] = [];
  let fields: (string | number)[] = [];
  let current: unknown = request;
  for (const [index, segment] of path.entries()) {
    const next = valueAtPath(current, [segment]);
    const listKey = index > 0 ? path[index - 1] : undefined;
    const owner = typeof segment === 'number' && typeof listKey === 'string' ? describeEntry(listKey, next, segment) : undefined;
    if (owner !== undefined) {
      owners.unshift(owner);
      fields = [];
    } else {
      fields.push(segment);
    }
    current = next;
  }
  const field = formatFields(fields);
  if (owners.length === 0) return field === '' ? 'the request' : field;
  return [...(field === '' ? [] : [field]), ...owners].join(' of ');
}

/** The entry `value` at `position` of the list `listKey`, when that list's entries have names. */
function describeEntry(listKey: string, value: unknown, position: number): string | undefined {
  const object = isJsonObject(value) ? value : undefined;
  if (nodeLists.has(listKey)) {
    const nodeType = object?.nodeType;
    const typeName = typeof nodeType === 'number' ? nodeTypeNames[nodeType] : undefined;
    const kind = listKey === 'nodes' ? 'node' : 'action';
    const label = stringOf(object?.nodeId) ?? stringOf(object?.name);
    return `${typeName !== undefined ? `${typeName} ${kind}` : kind} ${label !== undefined ? `'${quote(label)}'` : `${position + 1}`}`;
  }
  if (listKey === 'transitions') {
    const label = stringOf(object?.name) ?? stringOf(object?.toNodeId);
    return `transition ${label !== undefined ? `'${quote(label)}'` : `${position + 1}`}`;
  }
  if (listKey === 'variables') {
    const label = stringOf(object?.id) ?? stringOf(object?.name);
    return `variable ${label !== undefined ? `'${quote(label)}'` : `${position + 1}`}`;
  }
  return undefined;
}

/** `apiSettings.headers['X-Source']`, `to (entry 2)`: the fields below the innermost named entry. */
function formatFields(fields: readonly (string | number)[]): string {
  let text = '';
  for (const segment of fields) {
    if (typeof segment === 'number') text += ` (entry ${segment + 1})`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${segment.includes("'") ? JSON.stringify(segment) : `'${quote(segment)}'`}]`;
  }
  return text;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
