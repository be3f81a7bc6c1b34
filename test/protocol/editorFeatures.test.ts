// The editor features and the Pearl protocol extensions of the built server (dist/server.js --stdio),
// as an editor calls them: hover, outline, definition, rename, quick fix, formatting, and the
// custom requests pearl/graph, pearl/deployPayload and pearl/locateFields.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { CodeAction, DocumentSymbol, Hover, LocationLink, Position, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import type { DeployPayload, LocatedField, PearlGraph } from '#protocol/pearlRequests';
import { assertRendersLiterally, hostileStrings } from '../helpers/markdown';
import { withLspClient } from '../helpers/lspClient';
import { ruleFixes } from '../helpers/codeActions';
import { applyEdits, positionAt, positionOf, rangeOf } from '../helpers/text';

const uri = 'file:///workspace/features.pearl.json';
const text = `{
  "$schema": "../schemas/text-pearl.schema.json",
  // comments are tolerated while authoring
  "name": "Features",
  "pearl": {
    "agentName": "Ava",
    "timeZone": "America/New_York",
    "modelType": 11,
    "nodes": [
      { "nodeId": "open", "name": "Open", "nodeType": 2, "script": "Hi {first_name}", "transitions": [{ "name": "Greeted", "toNodeId": "talk" }] },
      { "nodeId": "talk", "name": "Talk", "nodeType": 10, "transitions": [{ "name": "Done", "toNodeId": "end" }] },
      { "nodeId": "end", "name": "End", "nodeType": 100, "transitions": [] }
    ]
  },
  "variables": [{ "id": "first_name", "name": "First name", "group": 1, "type": 1 }],
  "inbound": { "textChannelId": "channel-1", "totalAgents": 1 }
}
`;

test('over stdio: hover names the variable, the outline lists nodes, definition and rename follow a nodeId, the time-zone fix (from the diagnostic data) and formatting apply', async () => {
  await withLspClient(async (client) => {
    const init = await client.initialize();
    for (const capability of [
      'hoverProvider',
      'documentSymbolProvider',
      'definitionProvider',
      'renameProvider',
      'codeActionProvider',
      'documentFormattingProvider',
    ]) {
      assert.ok(init.capabilities[capability], capability);
    }
    await client.open(uri, text, 1);
    const published = await client.waitForDiagnostics(uri, (p) => p.version === 1);
    const timeZone = published.diagnostics.find((d) => d.code === 'time-zone');
    assert.ok(timeZone, 'the IANA time zone is reported');

    const hover = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: positionOf(text, '{first_name}', 2),
    });
    assert.match(JSON.stringify(hover.contents), /First name/);

    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    const pearl = symbols[0]?.children?.find((symbol) => symbol.name === 'pearl');
    assert.deepEqual(
      pearl?.children?.map((symbol) => symbol.name),
      ['open — Open', 'talk — Talk', 'end — End'],
      'the outline lists the nodes',
    );

    const definition = await client.request<LocationLink[]>('textDocument/definition', {
      textDocument: { uri },
      position: positionOf(text, '"toNodeId": "talk"', 15),
    });
    const talkId = rangeOf(text, '"nodeId": "talk"');
    assert.deepEqual(definition[0].targetSelectionRange, {
      start: { line: talkId.start.line, character: talkId.start.character + '"nodeId": '.length },
      end: talkId.end,
    });

    const rename = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri },
      position: positionOf(text, '"nodeId": "talk"', 12),
      newName: 'conversation',
    });
    const renamed = applyEdits(text, rename.changes![uri]);
    assert.ok(renamed.includes('"nodeId": "conversation"') && renamed.includes('"toNodeId": "conversation"'));
    assert.ok(!renamed.includes('"talk"'));
    await assert.rejects(
      client.request('textDocument/rename', {
        textDocument: { uri },
        position: positionOf(text, '{first_name}', 2),
        newName: 'first name',
      }),
      /./,
      'a variable id with a space is refused with a reason',
    );

    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: timeZone.range,
      context: { diagnostics: [timeZone] },
    });
    const fix = actions.find((action) => action.title.includes('Eastern Standard Time'));
    assert.ok(fix, 'a quick fix offers the Windows id');
    assert.ok(applyEdits(text, fix.edit!.changes![uri]).includes('"timeZone": "Eastern Standard Time"'));
    // The fix reads the published diagnostic's data, as the client sends it back, not its range.
    assert.deepEqual(timeZone.data, { path: ['pearl', 'timeZone'], value: 'America/New_York', replacement: 'Eastern Standard Time' });
    const elsewhere = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
    const fromData = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: elsewhere,
      context: { diagnostics: [{ ...timeZone, range: elsewhere }] },
    });
    assert.deepEqual(
      ruleFixes(fromData).map((action) => [action.title, action.edit]),
      [[fix.title, fix.edit]],
    );
    const withoutData = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: timeZone.range,
      context: { diagnostics: [{ ...timeZone, data: { replacement: 'Eastern Standard Time' } }] },
    });
    assert.deepEqual(ruleFixes(withoutData), [], 'data of another shape gets no fix');
    // After the fixes, the documentation of the code (time-zone is an Error: no disable action).
    assert.deepEqual(
      actions.map((action) => action.title),
      [fix.title, 'Show documentation for time-zone'],
    );

    const formatted = applyEdits(
      text,
      await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }),
    );
    assert.ok(formatted.includes('// comments are tolerated while authoring'), 'formatting keeps comments');
    assert.ok(formatted.includes('\n      {\n        "nodeId": "open",'), 'one property per line');
  });
});

test('pearl/graph, pearl/deployPayload and pearl/locateFields answer for an open document', async () => {
  await withLspClient(async (client) => {
    await client.initialize();
    await client.open(uri, text, 1);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    const graph = await client.request<PearlGraph>('pearl/graph', { textDocument: { uri } });
    assert.deepEqual(
      graph.nodes.map((node) => node.nodeId),
      ['open', 'talk', 'end'],
    );
    assert.deepEqual(
      graph.edges.map((edge) => `${edge.source}->${edge.target}`),
      ['n:0->n:1', 'n:1->n:2'],
    );
    assert.equal(graph.nodes[0].isEntry, true);

    const payload = await client.request<DeployPayload>('pearl/deployPayload', { textDocument: { uri } });
    assert.equal(payload.path, '/v2/Pearl/Text');
    assert.equal(payload.direction, 'inbound');
    assert.equal(payload.channelId, 'channel-1');
    const body = JSON.parse(payload.body);
    assert.equal(body.$schema, undefined, '$schema is never sent');
    assert.equal(body.name, 'Features');
    assert.deepEqual(
      payload.errors.map((error) => error.code),
      ['time-zone'],
    );

    const located = await client.request<LocatedField[]>('pearl/locateFields', {
      textDocument: { uri },
      keys: ['Pearl.Nodes[1].Name', '$.pearl.timeZone', 'nothing.here'],
    });
    assert.deepEqual(located[0].range, rangeOf(text, '"Talk"'));
    assert.deepEqual(located[1].range, rangeOf(text, '"America/New_York"'));
    assert.equal(located[2].found, false);

    assert.equal(await client.request('pearl/graph', { textDocument: { uri: 'file:///not-open.pearl.json' } }), null);
  });
});

test("pearl/kind answers the kind of Pearl of the open document's current version, null for one not open", async () => {
  await withLspClient(async (client) => {
    await client.initialize();
    await client.open(uri, text, 1);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    assert.equal(await client.request('pearl/kind', { textDocument: { uri } }), 'text');
    // The $schema names the simple schema now: the same text is read as a simple Pearl.
    const simpleText = text.replace('text-pearl.schema.json', 'simple-pearl.schema.json');
    assert.notEqual(simpleText, text);
    await client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: positionAt(text, text.length) }, text: simpleText }]);
    await client.waitForDiagnostics(uri, (p) => p.version === 2);
    assert.equal(await client.request('pearl/kind', { textDocument: { uri } }), 'simple');
    assert.equal(await client.request('pearl/kind', { textDocument: { uri: 'file:///not-open.pearl.json' } }), null);
  });
});

test('no hover renders markup from the file: names, ids and variables of a hostile file show as plain text', async () => {
  await withLspClient(async (client) => {
    for (const [index, evil] of hostileStrings.entries()) {
      const json = JSON.stringify(evil).slice(1, -1);
      const hostile = text
        .replace(/"talk"/g, `"${json}"`)
        .replace(/"First name"/g, `"${json}"`)
        .replace('"Open"', `"${json}"`);
      const docUri = `file:///workspace/hostile-${index}.pearl.json`;
      await client.open(docUri, hostile, 1);
      const at = (needle: string, delta: number): Position => positionOf(hostile, needle, delta);
      const positions = [
        at(`"toNodeId": "${json}"`, 14), // a toNodeId: its target node
        at(`"nodeId": "${json}"`, 12), // a nodeId: the node with its name
        at('"nodeId": "open"', 12), // a node whose name is hostile
        at('{first_name}', 2), // a reference: the variable with its name
      ];
      for (const position of positions) {
        const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: docUri }, position });
        assert.ok(hover, `a hover at ${JSON.stringify(position)}`);
        assertRendersLiterally((hover.contents as { value: string }).value, evil);
      }
    }
  });
});
