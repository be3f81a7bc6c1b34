// pearl/walk and pearl/walkCoverage on the built server (dist/server.js --stdio), as the walk panel
// calls them: the trace of the steps taken so far through the open Pearl.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { WalkTrace } from '../../protocol/pearlRequests';
import { withLspClient } from '../helpers/lspClient';

const pearlUri = 'file:///workspace/booking.pearl.json';
const pearlText = `{
  "$schema": "../schemas/text-pearl.schema.json",
  "name": "Booking",
  "variables": [
    { "id": "customer_name", "name": "Name", "group": 1, "type": 1 },
    { "id": "party_size", "name": "Party size", "group": 2, "type": 2 }
  ],
  "pearl": {
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hi {customer_name}!",
        "transitions": [{ "name": "Customer wants to book a table", "toNodeId": "ask" }] },
      { "nodeId": "ask", "name": "Ask", "nodeType": 10, "script": "For how many?",
        "transitions": [{ "name": "Details collected", "toNodeId": "book" }] },
      { "nodeId": "book", "name": "Book", "nodeType": 40,
        "apiSettings": { "name": "Book", "method": 2, "endpointUrl": "https://api.example.com/bookings?size={party_size}",
          "body": [{ "key": "size", "variableId": "party_size" }, { "key": "name", "type": 1, "value": "{customer_name}" }],
          "outputBody": [{ "key": "bookingId", "variableId": "booking_id" }] },
        "transitions": [{ "name": "Booked", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100 }
    ]
  }
}
`;

test('pearl/walk over stdio: the trace of the steps so far, a failure on the step that fails, null for a closed document', async () => {
  await withLspClient(async (client) => {
    await client.initialize();
    await client.open(pearlUri, pearlText, 1);
    const trace = await client.request<WalkTrace>('pearl/walk', {
      textDocument: { uri: pearlUri },
      walk: {
        variables: { customer_name: 'Ana' },
        steps: [{ take: 'Customer wants to book a table' }, { set: { party_size: '4' } }, { take: 'Details collected' }],
      },
    });
    assert.equal(trace.failure, undefined);
    assert.deepEqual(
      trace.frames.map((frame) => [frame.nodeId, frame.reachedBy]),
      [
        ['open', -1],
        ['ask', 0],
        ['book', 2],
      ],
    );
    assert.equal(trace.frames[0].says?.text, 'Hi Ana!');
    const request = trace.frames[2].request;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.url.text, 'https://api.example.com/bookings?size=4');
    assert.deepEqual(request?.body, { size: 4, name: 'Ana' });
    assert.deepEqual(
      trace.frames[2].choices.map((choice) => [choice.name, choice.edgeKey, choice.targetKey]),
      [['Booked', 'n:2>t:0', 'n:3']],
    );

    const failed = await client.request<WalkTrace>('pearl/walk', {
      textDocument: { uri: pearlUri },
      walk: { steps: [{ take: 'Customer wants to book' }] },
    });
    assert.equal(failed.failure?.step, 0);
    assert.equal(
      failed.failure?.message,
      "OpeningSentence node 'open' has no transition 'Customer wants to book'; its transitions are 'Customer wants to book a table'.",
    );

    const closed = await client.request<WalkTrace | null>('pearl/walk', {
      textDocument: { uri: 'file:///workspace/other.pearl.json' },
      walk: { steps: [] },
    });
    assert.equal(closed, null);
  });
});
