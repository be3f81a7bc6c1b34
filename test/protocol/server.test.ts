// End-to-end tests of the built language server (dist/server.js --stdio), spoken to over JSON-RPC as
// an editor does. Waits poll the messages received, with a timeout; no fixed sleeps.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type { CompletionItem, Diagnostic, Range, TextEdit } from 'vscode-languageserver-types';
import { longPersonality, threeProblemsTextPearl } from '../helpers/fixtures';
import { LspClient, type ReceivedDiagnostics, serverBundle, withLspClient } from '../helpers/lspClient';
import { applyEdits, cursor, positionAt, rangeOf } from '../helpers/text';
import { delay } from '../helpers/wait';

const uri = 'file:///workspace/protocol.pearl.json';

// A text Pearl with exactly three problems: agentPersonality of 41 characters (limit 35), an
// undeclared {foo} in a Dialogue script, and a toNodeId naming no node.
const brokenText = threeProblemsTextPearl;
const personality = longPersonality;

/** `content` with the completion item's textEdit applied. */
function applyItem(content: string, item: CompletionItem): string {
  const edit = item.textEdit as TextEdit | undefined;
  assert.ok(edit && 'range' in edit, `item ${item.label} has no textEdit with a range`);
  return applyEdits(content, [edit]);
}

function byCode(diagnostics: Diagnostic[], code: string): Diagnostic[] {
  return diagnostics.filter((diagnostic) => diagnostic.code === code);
}

function assertDiagnostic(diagnostics: Diagnostic[], code: string, severity: number, range: Range): void {
  const found = byCode(diagnostics, code);
  assert.equal(found.length, 1, `expected one ${code}, got ${JSON.stringify(diagnostics, null, 1)}`);
  assert.equal(found[0].severity, severity, `${code} severity`);
  assert.deepEqual(found[0].range, range, `${code} range`);
  assert.equal(found[0].source, 'pearl', `${code} source`);
  assert.ok(found[0].message.length > 0, `${code} message`);
}

test('initialize announces incremental sync, completion triggers and the server version', async () => {
  const client = LspClient.start();
  try {
    const result = await client.initialize();
    assert.deepEqual(result.capabilities.textDocumentSync, { openClose: true, change: 2 });
    assert.deepEqual(result.capabilities.completionProvider, { triggerCharacters: ['{', '"', ':'], resolveProvider: true });
    assert.equal(result.serverInfo?.name, 'pearl-language-server');
    assert.match(result.serverInfo?.version ?? '', /^\d+\.\d+\.\d+/);
    const log = await client.waitFor(
      () => client.logMessages.find((message) => message.includes('Pearl language server')),
      'the version log line',
    );
    assert.ok(log.includes(result.serverInfo.version!), log);
    assert.equal(await client.shutdown(), 0, 'exit code after shutdown + exit');
  } finally {
    await client.dispose();
  }
});

test('open publishes the diagnostics at once; an incremental fix publishes the new version without it', async (t) => {
  await withLspClient(async (client) => {
    await client.open(uri, brokenText, 1);
    const first = await client.waitForDiagnostics(uri, (p) => p.version === 1);
    t.diagnostic(`spawn to first diagnostics: ${first.receivedAfterMs.toFixed(0)} ms`);

    assertDiagnostic(first.diagnostics, 'max-length', 1, rangeOf(brokenText, `"${personality}"`));
    assertDiagnostic(first.diagnostics, 'variable-undeclared', 2, rangeOf(brokenText, '{foo}'));
    assertDiagnostic(first.diagnostics, 'unknown-target', 1, rangeOf(brokenText, '"nowhere"'));
    assert.deepEqual(
      first.diagnostics.map((d) => d.code).sort(),
      ['max-length', 'unknown-target', 'variable-undeclared'],
      'no other diagnostic on this document',
    );

    // Incremental edit: "nowhere" -> "end" (one range, the rest of the text untouched).
    const nowhere = rangeOf(brokenText, 'nowhere');
    await client.change(uri, 2, [{ range: nowhere, text: 'end' }]);
    const second = await client.waitForDiagnostics(uri, (p) => p.version === 2);
    assert.deepEqual(byCode(second.diagnostics, 'unknown-target'), [], 'the fixed problem is gone');
    const fixed = brokenText.replace('"nowhere"', '"end"');
    assertDiagnostic(second.diagnostics, 'max-length', 1, rangeOf(fixed, `"${personality}"`));
    assertDiagnostic(second.diagnostics, 'variable-undeclared', 2, rangeOf(fixed, '{foo}'));
    assert.equal(
      client.published.filter((p) => p.uri === uri).length,
      2,
      'open is validated once (no second publish from the debounced change event)',
    );
  });
});

test('published diagnostics (over stdio) link each code to its entry in docs/rules.md', async () => {
  await withLspClient(async (client) => {
    await client.open(uri, brokenText, 1);
    const { diagnostics } = await client.waitForDiagnostics(uri, (p) => p.version === 1);
    const rules = 'https://github.com/pearl-tools/pearl-language-tools/blob/main/docs/rules.md';
    assert.deepEqual(diagnostics.map((d) => [d.code, d.codeDescription?.href]).sort(), [
      ['max-length', `${rules}#max-length`],
      ['unknown-target', `${rules}#unknown-target`],
      ['variable-undeclared', `${rules}#variable-undeclared`],
    ]);
  });
});

test('a client that declares only plain-text hovers gets them in plain text', async () => {
  const client = LspClient.start('stdio');
  try {
    await client.initialize({ textDocument: { hover: { contentFormat: ['plaintext'] } } });
    await client.open(uri, brokenText, 1);
    const hover = await client.request<{ contents: { kind: string; value: string } }>('textDocument/hover', {
      textDocument: { uri },
      position: rangeOf(brokenText, '"agentPersonality"').start,
    });
    assert.equal(hover.contents.kind, 'plaintext');
    assert.ok(hover.contents.value.startsWith('agentPersonality: string | null'), hover.contents.value);
  } finally {
    await client.dispose();
  }
});

test('rapid changes are debounced: only the last version is published', async () => {
  await withLspClient(async (client) => {
    await client.open(uri, brokenText, 1);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    // Type "bar" over "foo" one key at a time, as fast as the pipe allows.
    const foo = rangeOf(brokenText, 'foo}').start;
    const at = (character: number): Range => ({
      start: { line: foo.line, character },
      end: { line: foo.line, character: character + 1 },
    });
    await client.change(uri, 2, [{ range: at(foo.character), text: 'b' }]);
    await client.change(uri, 3, [{ range: at(foo.character + 1), text: 'a' }]);
    await client.change(uri, 4, [{ range: at(foo.character + 2), text: 'r' }]);
    const last = await client.waitForDiagnostics(uri, (p) => p.version === 4);
    assert.deepEqual(
      client.published.filter((p) => p.uri === uri).map((p) => p.version),
      [1, 4],
      'versions 2 and 3 were superseded before their timers fired',
    );
    const undeclared = byCode(last.diagnostics, 'variable-undeclared');
    assert.equal(undeclared.length, 1);
    assert.match(undeclared[0].message, /bar/);
  });
});

test('close clears the diagnostics', async () => {
  await withLspClient(async (client) => {
    await client.open(uri, brokenText, 1);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    await client.close(uri);
    const cleared = await client.waitForDiagnostics(uri, (p) => p.diagnostics.length === 0);
    assert.equal(cleared.version, undefined);
    // A closed document has no completion.
    assert.deepEqual((await client.complete(uri, { line: 0, character: 1 })).items, []);
  });
});

test('completion after { in a node script lists the declared variable ids', async () => {
  await withLspClient(async (client) => {
    await client.open(uri, brokenText, 1);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    // Type "{" in the Dialogue script, then ask for completion right after it (the editor does so on
    // the trigger character): the completion must see version 2.
    const marked = brokenText.replace('"Tell me about {foo}."', '"Tell me about {foo}. Your order is {|"');
    const { text, position } = cursor(marked);
    await client.change(uri, 2, [{ range: rangeOf(brokenText, '"Tell me about {foo}."'), text: '"Tell me about {foo}. Your order is {"' }]);
    const list = await client.complete(uri, position);
    assert.deepEqual(list.items.map((item) => item.label).sort(), ['first_name', 'order_id']);
    const orderId = list.items.find((item) => item.label === 'order_id')!;
    assert.ok(applyItem(text, orderId).includes('"Tell me about {foo}. Your order is {order_id}"'));
  });
});

test('completion inside a toNodeId value lists the node ids', async () => {
  await withLspClient(async (client) => {
    await client.open(uri, brokenText, 1);
    const { position } = cursor(brokenText.replace('"toNodeId": "nowhere"', '"toNodeId": "now|here"'));
    const list = await client.complete(uri, position);
    assert.deepEqual(list.items.map((item) => item.label).sort(), ['end', 'open', 'talk']);
    const end = list.items.find((item) => item.label === 'end')!;
    assert.ok(applyItem(brokenText, end).includes('{ "name": "Lost", "toNodeId": "end" }'));
  });
});

test('the server survives any text and keeps answering', async () => {
  const texts = [
    '',
    '{',
    '[',
    'null',
    '{"pearl": {"nodes": [{"transitions": [{"toNodeId": {}}]}]}, "variables": 7}',
    '{"pearl": {"nodes": "x", "agentPersonality": 3}, "variables": [null, 1, {"id": []}]}',
    '\u0000\uffff\ud800 "unterminated',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"pearl": {"nodes": [${'{"script": "{{{{}}}}{a}{", "transitions": [{"toNodeId": ""}]},'.repeat(200)}]}}`,
  ];
  await withLspClient(async (client) => {
    for (const [index, text] of texts.entries()) {
      const docUri = `file:///workspace/garbage-${index}.pearl.json`;
      await client.open(docUri, text, 1);
      await client.waitForDiagnostics(docUri, (p) => p.version === 1);
      for (const offset of [0, Math.floor(text.length / 2), text.length]) {
        const position = positionAt(text, offset);
        const list = await client.complete(docUri, position);
        assert.ok(Array.isArray(list.items));
      }
    }
    assert.equal(client.exit, undefined, 'the server is still running');
    assert.equal(await client.shutdown(), 0);
  });
});

for (const transport of ['ipc', 'none'] as const) {
  test(`${transport === 'ipc' ? 'over --node-ipc (the VS Code client)' : 'with no transport flag (stdio by default)'}: diagnostics are published and shutdown exits 0`, async () => {
    await withLspClient(async (client) => {
      await client.open(uri, brokenText, 1);
      const published = await client.waitForDiagnostics(uri, (p) => p.version === 1);
      assert.equal(byCode(published.diagnostics, 'unknown-target').length, 1);
      assert.equal(await client.shutdown(), 0);
    }, transport);
  });
}

test('--version prints the version and exits', async () => {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [serverBundle, '--version'], { timeout: 30_000 }, (error, out) => (error ? reject(error) : resolve(out)));
  });
  assert.match(stdout, /^\d+\.\d+\.\d+\S*\n$/);
});

test('continuous typing still publishes while the typing goes on (the debounce has a maximum wait)', async () => {
  await withLspClient(async (client) => {
    await client.open(uri, brokenText, 1);
    await client.waitForDiagnostics(uri, (p) => p.version === 1);
    // A key every 50 ms (pacing the input, never the 200 ms of quiet the debounce waits for) until
    // a publish of a version typed earlier arrives while the typing goes on; at most 400 keys.
    const foo = rangeOf(brokenText, 'foo}').start;
    let version = 1;
    const publishedWhileTyping = (): ReceivedDiagnostics | undefined =>
      client.published.find((p) => p.uri === uri && p.version! > 1 && p.version! < version);
    while (publishedWhileTyping() === undefined && version < 400) {
      const character = foo.character + (version % 3);
      await client.change(uri, ++version, [
        { range: { start: { line: foo.line, character }, end: { line: foo.line, character: character + 1 } }, text: 'fob'[version % 3] },
      ]);
      await delay(50);
    }
    const published = publishedWhileTyping();
    assert.ok(
      published,
      `no publish while ${version - 1} keys were typed, only after: ${JSON.stringify(client.published.map((p) => p.version))}`,
    );
    // The last version typed is still published once the typing stops.
    await client.waitForDiagnostics(uri, (p) => p.version === version);
  });
});

test('a byte order mark is tolerated: the same diagnostics as without it, no syntax error', async () => {
  await withLspClient(async (client) => {
    await client.open(uri, `\uFEFF${brokenText}`, 1);
    const { diagnostics } = await client.waitForDiagnostics(uri, (p) => p.version === 1);
    assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['max-length', 'unknown-target', 'variable-undeclared']);
  });
});

test('pearl/deployPayload of a document nested 5,000 levels deep says what is wrong', async () => {
  const deep = `{"name": "Deep", "pearl": {"nodes": ${'['.repeat(5000)}${']'.repeat(5000)}}, "inbound": {"textChannelId": "c"}}`;
  await withLspClient(async (client) => {
    await client.open(uri, deep, 1);
    const { diagnostics } = await client.waitForDiagnostics(uri, (p) => p.version === 1);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0].code, 'syntax');
    assert.match(diagnostics[0].message, /^The JSON is nested more than 1,000 levels deep here/);
    const payload = await client.request<{ errors: Diagnostic[] } | null>('pearl/deployPayload', { textDocument: { uri } });
    assert.ok(payload, 'an answer, not "the language server does not have this file open"');
    assert.deepEqual(
      payload.errors.map((error) => error.message),
      [diagnostics[0].message],
    );
  });
});

test('formatting that would answer megabytes is declined with a message to the user', async () => {
  const nested = '{"a":' + '[1,'.repeat(2200) + '1' + ']'.repeat(2200) + '}';
  await withLspClient(async (client) => {
    await client.open(uri, nested, 1);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.deepEqual(edits, []);
    const shown = await client.waitFor(() => client.shownMessages[0], 'a message');
    assert.equal(shown.type, 2, 'a Warning');
    assert.match(
      shown.message,
      /^This document is not formatted: nested as it is, its formatted text would be longer than 1,017,614 characters\.$/,
    );
  });
});
