// pearl/graphEdit on the built server (dist/server.js --stdio), as an editor calls it: an edit for
// the open version, applied and followed by the graph of the new text; refusals as RequestFailed
// errors carrying the user's sentence.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { TextDocumentEdit } from 'vscode-languageserver-types';
import type { GraphEditResult, NodeSettingForm, PearlGraph } from '#protocol/pearlRequests';
import { withLspClient } from '../helpers/lspClient';
import { applyEdits } from '../helpers/text';

const uri = 'file:///workspace/designer.pearl.json';
const text = `{
  "$schema": "../schemas/text-pearl.schema.json",
  // edited from the graph
  "name": "Designer",
  "pearl": {
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "transitions": [{ "name": "Greeted", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100 }
    ]
  }
}
`;

test('pearl/graphEdit over stdio: an edit for the open version, then refusals with a sentence', async () => {
  await withLspClient(async (client) => {
    await client.initialize();
    await client.open(uri, text, 3);

    const result = await client.request<GraphEditResult>('pearl/graphEdit', {
      textDocument: { uri },
      version: 3,
      edit: { kind: 'addNode', nodeType: 10, name: 'Talk', from: 'n:0', transitionName: 'Wants to talk' },
    });
    assert.equal(result.select, 'n:2');
    const [change] = result.edit.documentChanges as TextDocumentEdit[];
    assert.deepEqual(change.textDocument, { uri, version: 3 });
    const edited = applyEdits(text, change.edits);
    assert.equal(
      edited,
      text
        .replace(
          `{ "name": "Greeted", "toNodeId": "end" }]`,
          `{ "name": "Greeted", "toNodeId": "end" }, { "name": "Wants to talk", "toNodeId": "talk" }]`,
        )
        .replace(
          `{ "nodeId": "end", "name": "End", "nodeType": 100 }`,
          `{ "nodeId": "end", "name": "End", "nodeType": 100 },\n      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [] }`,
        ),
    );

    // The editor applies it; the graph of version 4 has the new node where `select` says.
    await client.change(uri, 4, [{ text: edited }]);
    const graph = await client.request<PearlGraph>('pearl/graph', { textDocument: { uri } });
    assert.equal(graph.version, 4);
    assert.deepEqual(
      graph.nodes.find((node) => node.key === result.select),
      graph.nodes.find((node) => node.nodeId === 'talk'),
    );

    await assert.rejects(
      client.request('pearl/graphEdit', { textDocument: { uri }, version: 3, edit: { kind: 'deleteNode', node: 'n:1' } }),
      { code: -32803, message: 'The file has changed since the graph was drawn. Try again on the updated graph.' },
    );
    await assert.rejects(
      client.request('pearl/graphEdit', {
        textDocument: { uri },
        version: 4,
        edit: { kind: 'addTransition', source: 'n:1', target: 'n:0', name: 'Back' },
      }),
      { code: -32803, message: 'An EndCall node ends the conversation: it cannot have transitions.' },
    );
    // A settings field: the graph carries the settings object, the edit sets a field; a value of the wrong type is refused.
    const added = await client.request<GraphEditResult>('pearl/graphEdit', {
      textDocument: { uri },
      version: 4,
      edit: { kind: 'addNode', nodeType: 50, name: 'Code' },
    });
    const withSms = applyEdits(edited, (added.edit.documentChanges as TextDocumentEdit[])[0].edits);
    await client.change(uri, 5, [{ text: withSms }]);
    const smsGraph = await client.request<PearlGraph>('pearl/graph', { textDocument: { uri } });
    const sms = smsGraph.nodes.find((node) => node.key === added.select);
    assert.deepEqual(sms?.settings, { property: 'smsSettings', value: { body: '' } });
    const setBody = await client.request<GraphEditResult>('pearl/graphEdit', {
      textDocument: { uri },
      version: 5,
      edit: { kind: 'setNodeSetting', node: added.select, path: ['smsSettings', 'body'], value: 'Your code: {code}' },
    });
    assert.deepEqual(
      (setBody.edit.documentChanges as TextDocumentEdit[])[0].edits.map((edit) => edit.newText),
      ['"Your code: {code}"'],
    );
    await assert.rejects(
      client.request('pearl/graphEdit', {
        textDocument: { uri },
        version: 5,
        edit: { kind: 'setNodeSetting', node: added.select, path: ['smsSettings', 'body'], value: 12 },
      }),
      { code: -32803, message: 'body must be text.' },
    );
    // The side panel's fields come from the server: the SMS node's, none for the EndCall.
    const form = await client.request<NodeSettingForm | null>('pearl/nodeSettingFields', { textDocument: { uri }, node: added.select });
    assert.equal(form?.version, 5);
    assert.deepEqual(
      form?.fields.map((field) => [field.path, field.type, field.value]),
      [[['smsSettings', 'body'], 'string', '']],
    );
    assert.equal(await client.request('pearl/nodeSettingFields', { textDocument: { uri }, node: 'n:1' }), null);
    // A malformed edit (its kind's shape, protocol/graphEditKinds.ts) is refused with a sentence.
    await assert.rejects(
      client.request('pearl/graphEdit', { textDocument: { uri }, version: 5, edit: { kind: 'renameTransition', transition: 'n:0>t:0' } }),
      { code: -32803, message: 'The renameTransition graph edit is missing its name.' },
    );
    const renamed = await client.request<GraphEditResult>('pearl/graphEdit', {
      textDocument: { uri },
      version: 5,
      edit: { kind: 'renameTransition', transition: 'n:0>t:0', name: 'Said hello' },
    });
    assert.deepEqual(
      (renamed.edit.documentChanges as TextDocumentEdit[])[0].edits.map((edit) => edit.newText),
      ['"Said hello"'],
    );
    assert.equal(
      await client.request('pearl/graphEdit', {
        textDocument: { uri: 'file:///not-open.pearl.json' },
        version: 1,
        edit: { kind: 'deleteNode', node: 'n:0' },
      }),
      null,
    );
  });
});
