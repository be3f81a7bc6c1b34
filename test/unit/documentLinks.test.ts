import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { service } from '../helpers/documents';

const content = `{
  "$schema": "../schemas/text-pearl.schema.json",
  "name": "https://not-a-link-in-a-name-key",
  "pearl": {
    "knowledgeBase": "Prices: https://clinic.example.com/prices. Booking (https://clinic.example.com/book?day=mon) or call.",
    "nodes": [{ "nodeId": "api", "apiSettings": { "endpointUrl": "https://api.example.com/orders/{order_id}" } }]
  },
  "inbound": { "callWebhookUrl": "https://hooks.example.com/pearl", "textChannelId": "http://plain.example.com" }
}`;

/** Each link as the user sees it: the underlined text and where it goes. */
function links(uri: string): [string, string | undefined][] {
  const document = TextDocument.create(uri, 'pearl', 1, content);
  return service
    .findDocumentLinks(service.parsePearlDocument(document))
    .map((link) => [content.slice(document.offsetAt(link.range.start), document.offsetAt(link.range.end)), link.target]);
}

test('document links: $schema to the schema file next to the document, https URLs in values', () => {
  assert.deepEqual(links('file:///work/examples/clinic.pearl.json'), [
    ['../schemas/text-pearl.schema.json', 'file:///work/schemas/text-pearl.schema.json'],
    // A string value, even a name, links its URL; sentence punctuation is not part of it.
    ['https://not-a-link-in-a-name-key', 'https://not-a-link-in-a-name-key'],
    ['https://clinic.example.com/prices', 'https://clinic.example.com/prices'],
    ['https://clinic.example.com/book?day=mon', 'https://clinic.example.com/book?day=mon'],
    // The endpoint with a {variable} is left alone; http is not linked.
    ['https://hooks.example.com/pearl', 'https://hooks.example.com/pearl'],
  ]);
});

test('document links: an untitled document cannot resolve a relative $schema', () => {
  assert.equal(links('untitled:Untitled-1')[0][0], 'https://not-a-link-in-a-name-key');
});

test('document links: a $schema with another scheme is not a link', () => {
  for (const schema of ['command:workbench.action.quit', 'javascript:alert(1)']) {
    const document = TextDocument.create('file:///w/a.pearl.json', 'pearl', 1, `{ "$schema": ${JSON.stringify(schema)} }`);
    assert.deepEqual(service.findDocumentLinks(service.parsePearlDocument(document)), []);
  }
});

test('document links: a $schema on another host is not a link (an SMB connection on Windows); local paths and https are', () => {
  const linkOf = (uri: string, schema: string): string | undefined => {
    const document = TextDocument.create(uri, 'pearl', 1, `{ "$schema": ${JSON.stringify(schema)} }`);
    return service.findDocumentLinks(service.parsePearlDocument(document))[0]?.target;
  };
  for (const schema of [
    'file://host/share/s.json',
    '//host/share/s.json',
    '\\\\host\\share\\s.json',
    'file://evil.test/s.json',
    '/\\host\\s.json',
  ])
    assert.equal(linkOf('file:///w/a.pearl.json', schema), undefined, schema);
  assert.equal(linkOf('untitled:Untitled-1', 'file://host/share/s.json'), undefined);
  assert.equal(linkOf('file:///w/a.pearl.json', 'file:///w/schemas/s.json'), 'file:///w/schemas/s.json');
  assert.equal(linkOf('file:///w/a.pearl.json', '/w/schemas/s.json'), 'file:///w/schemas/s.json');
  assert.equal(linkOf('file:///w/a.pearl.json', 'https://schemas.example.com/s.json'), 'https://schemas.example.com/s.json');
  // A document opened from a share links files next to it, on the same host.
  assert.equal(linkOf('file://server/share/a.pearl.json', 'schemas/s.json'), 'file://server/share/schemas/s.json');
  assert.equal(linkOf('vscode-remote://ssh-remote+box/w/a.pearl.json', '../s.json'), 'vscode-remote://ssh-remote+box/s.json');
});
