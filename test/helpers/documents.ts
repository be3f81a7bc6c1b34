import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Diagnostic, Range } from 'vscode-languageserver-types';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import type { JsonNode } from '../../server/src/service/document/jsonTree';
import type { PearlDocument } from '../../server/src/service/document/pearlDocument';

// Places in a document by their text; re-exported for the tests that build documents here.
export { rangeOf, valueRange } from './text';

/** The service under test, shared by the unit tests. */
export const service = getLanguageService();

/** Parses `content` as a `*.pearl.json` document. */
export function parse(content: string): PearlDocument {
  return service.parsePearlDocument(TextDocument.create('file:///test.pearl.json', 'pearl', 1, content));
}

/** All diagnostics of `content` with `code`. */
export function diagnosticsWithCode(content: string, code: string): Diagnostic[] {
  return service.doValidation(parse(content)).filter((diagnostic) => diagnostic.code === code);
}

/** Asserts exactly one diagnostic with `code`, at `range`, with `severity`; returns it. */
export function assertOne(content: string, code: string, range: Range, severity: number): Diagnostic {
  const found = diagnosticsWithCode(content, code);
  assert.equal(found.length, 1, `expected one ${code}, got ${JSON.stringify(found, null, 1)}`);
  assert.deepEqual(found[0].range, range);
  assert.equal(found[0].severity, severity);
  assert.equal(found[0].source, 'pearl');
  return found[0];
}

/** Asserts no diagnostic with `code`. */
export function assertNone(content: string, code: string): void {
  assert.deepEqual(diagnosticsWithCode(content, code), []);
}

/** A JSON node of a text Pearl, loosely typed for building test documents. */
export type Json = Record<string, unknown>;

/**
 * A valid text Pearl (inbound, one OpeningSentence → Dialogue → EndCall) whose `pearl.nodes` and
 * `variables` can be replaced; pretty-printed so each value sits on its own line.
 */
export function textPearl(options: { nodes?: Json[]; variables?: Json[]; pearl?: Json } = {}): string {
  const nodes = options.nodes ?? [
    node('open', 2, [transition('greeted', 'talk')], { script: 'Hello {first_name}!' }),
    node('talk', 10, [transition('done', 'end')], { script: 'How can I help?' }),
    node('end', 100, []),
  ];
  const variables = options.variables ?? [
    { id: 'first_name', name: 'First name', group: 1, type: 1 },
    { id: 'order_id', name: 'Order id', group: 2, type: 1 },
  ];
  return JSON.stringify(
    {
      $schema: '../schemas/text-pearl.schema.json',
      name: 'Test',
      pearl: { agentName: 'Ava', modelType: 11, ...options.pearl, nodes },
      variables,
      inbound: { textChannelId: 'channel-1', totalAgents: 1 },
    },
    null,
    2,
  );
}

/** A node object for {@link textPearl}. */
export function node(nodeId: string | undefined, nodeType: number, transitions: Json[], extra: Json = {}): Json {
  const result: Json = { nodeId, name: `Node ${nodeId ?? 'unnamed'}`, nodeType, transitions, ...extra };
  if (nodeId === undefined) delete result.nodeId;
  if ((nodeType === 3 || nodeType === 40) && !('apiSettings' in extra)) {
    result.apiSettings = { name: 'Lookup', method: 1, endpointUrl: 'https://example.test/lookup' };
  }
  return result;
}

/** A transition object for {@link node}. */
export function transition(name: string, toNodeId: string, apiResult?: number | null): Json {
  return apiResult === undefined ? { name, toNodeId } : { name, toNodeId, apiResult };
}

/**
 * A syntax tree as plain data, for comparing two parses with deepEqual. With `links`, each node also
 * carries its parent (as `type@offset`) and the names of its own properties, so parent links and
 * stray fields are compared too.
 */
export function plainTree(node: JsonNode | undefined, options: { readonly links?: boolean } = {}): unknown {
  if (!node) return undefined;
  return {
    type: node.type,
    offset: node.offset,
    length: node.length,
    value: node.value,
    colonOffset: node.colonOffset,
    ...(options.links
      ? { parent: node.parent ? `${node.parent.type}@${node.parent.offset}` : undefined, keys: Object.keys(node).sort().join() }
      : {}),
    children: node.children?.map((child) => plainTree(child, options)),
  };
}
