import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Diagnostic, Range } from 'vscode-languageserver-types';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import type { PearlDocument } from '../../server/src/service/pearlDocument';

/** The service under test, shared by the unit tests. */
export const service = getLanguageService();

/** Parses `content` as a `*.pearl.json` document. */
export function parse(content: string): PearlDocument {
  return service.parsePearlDocument(TextDocument.create('file:///test.pearl.json', 'pearl', 1, content));
}

/** The range of the `occurrence`-th (0-based) match of `needle` in `content`. */
export function rangeOf(content: string, needle: string, occurrence = 0): Range {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) {
    offset = content.indexOf(needle, offset + 1);
    assert.ok(offset >= 0, `'${needle}' (occurrence ${occurrence}) not found in the test document`);
  }
  const doc = TextDocument.create('file:///x', 'pearl', 1, content);
  return { start: doc.positionAt(offset), end: doc.positionAt(offset + needle.length) };
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
 * The range of the value in the `occurrence`-th match of `"key": value` in `content`, e.g.
 * `valueRange(content, '"nodeId": "stuck"')` is the range of `"stuck"` where it is a nodeId.
 */
export function valueRange(content: string, keyAndValue: string, occurrence = 0): Range {
  const range = rangeOf(content, keyAndValue, occurrence);
  const valueStart = keyAndValue.indexOf(': ') + 2;
  return {
    start: { line: range.start.line, character: range.start.character + valueStart },
    end: range.end,
  };
}
