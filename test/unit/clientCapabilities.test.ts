import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { getLanguageService } from '../../server/src/service/pearlLanguageService';
import type { ClientCapabilities } from '../../server/src/service/pearlLanguageService';
import { markdownToPlainText } from '../../server/src/service/features/clientCapabilities';
import { node, textPearl, transition } from '../helpers/documents';
import { hostileStrings } from '../helpers/markdown';
import { cursor } from '../helpers/text';

// The service answers in what the client declared it can show (LSP ClientCapabilities): plain
// text hovers and completion documentation.

const plainClient: ClientCapabilities = {
  textDocument: { hover: { contentFormat: ['plaintext'] }, completion: { completionItem: { documentationFormat: ['plaintext'] } } },
};
const plain = getLanguageService({ clientCapabilities: plainClient });

/** The service's answer at the `|` marker of `contentWithCursor`. */
function at(contentWithCursor: string): {
  doc: ReturnType<typeof plain.parsePearlDocument>;
  position: { line: number; character: number };
} {
  const { text, position } = cursor(contentWithCursor);
  const doc = plain.parsePearlDocument(TextDocument.create('file:///a.pearl.json', 'pearl', 1, text));
  return { doc, position };
}

test('a client without markdown hovers gets the same hover as plain text', () => {
  const { doc, position } = at(
    textPearl({ pearl: { agentPersonality: 'calm' }, nodes: [] }).replace('"agentPersonality"', '"agent|Personality"'),
  );
  const hover = plain.doHover(doc, position);
  const contents = hover?.contents as MarkupContent;
  assert.equal(contents.kind, 'plaintext');
  assert.ok(contents.value.startsWith('agentPersonality: string | null\n\n'), contents.value);
  assert.ok(contents.value.includes('At most 35 characters.'), contents.value);
});

test('a plain-text hover shows every string from the file literally', () => {
  for (const evil of hostileStrings) {
    const text = textPearl({
      nodes: [
        node('open', 2, [transition('go', 'target')]),
        node('target', 10, [transition('done', 'end')], { name: evil }),
        node('end', 100, []),
      ],
    });
    const { doc, position } = at(text.replace('"toNodeId": "target"', '"toNodeId": "tar|get"'));
    const contents = plain.doHover(doc, position)?.contents as MarkupContent;
    assert.equal(contents.kind, 'plaintext');
    assert.ok(contents.value.includes(evil.replace(/\s*[\r\n]+\s*/g, ' ')), `${JSON.stringify(evil)} in ${JSON.stringify(contents.value)}`);
  }
});

test('a client without markdown documentation gets completion documentation as plain text', () => {
  const { doc, position } = at('{"$schema": "text-pearl.schema.json", "pearl": {|}}');
  const agentName = plain.doComplete(doc, position).items.find((item) => item.label === 'agentName');
  assert.deepEqual(agentName?.documentation, { kind: 'plaintext', value: 'Display name of the agent in the conversation' });
});

test('markdownToPlainText resolves escapes and code spans and drops emphasis', () => {
  assert.equal(markdownToPlainText('**name**: `string | null`'), 'name: string | null');
  assert.equal(markdownToPlainText('\\*not\\* \\[a\\]\\(b\\)'), '*not* [a](b)');
  assert.equal(markdownToPlainText('`` a`b ``'), 'a`b');
  assert.equal(markdownToPlainText('*In script: PreCall.*'), 'In script: PreCall.');
});
