import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { LSPErrorCodes, ResponseError } from 'vscode-languageserver-protocol';
import type { WorkspaceEdit } from 'vscode-languageserver-types';
import { type GraphEditHost, type GraphEditMessage, isGraphEditMessage, requestGraphEdit } from '#protocol/graphEditMessages';
import type { GraphEditParams, GraphEditResult } from '#protocol/pearlRequests';
import { plainText } from '../../client/src/userText';

const uri = 'file:///work/flow.pearl.json';
const message: GraphEditMessage = { type: 'graphEdit', version: 7, edit: { kind: 'deleteNode', node: 'n:2' } };
const edit: WorkspaceEdit = {
  documentChanges: [
    {
      textDocument: { uri, version: 7 },
      edits: [{ range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, newText: '' }],
    },
  ],
};

/**
 * A host that records what the round trip did; `answer` is what the server answers. Refusals and
 * errors are recorded as a notification shows them (the extension's host shows them through notify.ts).
 */
function fakeHost(answer: () => Promise<GraphEditResult | null>, options: { version?: number; applies?: boolean } = {}) {
  const calls = {
    sent: [] as GraphEditParams[],
    applied: [] as WorkspaceEdit[],
    refusals: [] as string[],
    errors: [] as string[],
    log: [] as string[],
  };
  const host: GraphEditHost = {
    sendGraphEdit: (params) => {
      calls.sent.push(params);
      return answer();
    },
    documentVersion: (target) => (target === uri ? (options.version ?? 7) : undefined),
    applyEdit: async (workspaceEdit) => {
      calls.applied.push(workspaceEdit);
      return options.applies ?? true;
    },
    showRefusal: (text) => calls.refusals.push(plainText(text)),
    showError: (text) => calls.errors.push(plainText(text)),
    log: (line) => calls.log.push(line),
  };
  return { host, calls };
}

test('a graph edit is requested for the drawn version and applied once, answering what to select', async () => {
  const { host, calls } = fakeHost(async () => ({ edit, select: 'n:3' }));
  assert.deepEqual(await requestGraphEdit(host, uri, message), { select: 'n:3' });
  assert.deepEqual(calls.sent, [{ textDocument: { uri }, version: 7, edit: { kind: 'deleteNode', node: 'n:2' } }]);
  assert.deepEqual(calls.applied, [edit]);
  assert.deepEqual([calls.refusals, calls.errors], [[], []]);
});

test("a refusal shows the server's sentence with links neutralised, and applies nothing", async () => {
  const sentence = "Dialogue node '[run](command:workbench.action.terminal.new)' already has a transition named 'a'.";
  const { host, calls } = fakeHost(async () => {
    throw new ResponseError(LSPErrorCodes.RequestFailed, sentence);
  });
  assert.equal(await requestGraphEdit(host, uri, message), undefined);
  assert.deepEqual(calls.refusals, [
    "Dialogue node '[run]\u200b(command:workbench.action.terminal.new)' already has a transition named 'a'.",
  ]);
  assert.deepEqual(calls.applied, []);
});

test('an edit for a version the document has left is not applied', async () => {
  const { host, calls } = fakeHost(async () => ({ edit }), { version: 8 });
  assert.equal(await requestGraphEdit(host, uri, message), undefined);
  assert.deepEqual(calls.applied, []);
  assert.deepEqual(calls.refusals, ['The file changed while the edit was being prepared. Try again on the updated graph.']);
});

test('an edit the editor refuses, an unexpected failure and a closed document are each reported', async () => {
  const refused = fakeHost(async () => ({ edit }), { applies: false });
  assert.equal(await requestGraphEdit(refused.host, uri, message), undefined);
  assert.deepEqual(refused.calls.refusals, ['The file changed while the edit was being prepared. Try again on the updated graph.']);

  const failing = fakeHost(async () => {
    throw new Error('Connection got disposed.');
  });
  assert.equal(await requestGraphEdit(failing.host, uri, message), undefined);
  assert.deepEqual(failing.calls.errors, ['The graph could not be changed: Connection got disposed.']);
  assert.deepEqual(failing.calls.log, [`Graph edit (deleteNode) failed for ${uri}: Connection got disposed.`]);

  const closed = fakeHost(async () => null);
  assert.equal(await requestGraphEdit(closed.host, uri, message), undefined);
  assert.deepEqual(closed.calls.refusals, ['The file is not open in the editor, so its graph cannot be changed.']);
});

test('isGraphEditMessage accepts a graph edit whose edit has its kind’s shape, the server’s check', () => {
  assert.equal(isGraphEditMessage(message), true);
  assert.equal(
    isGraphEditMessage({ type: 'graphEdit', version: 7, edit: { kind: 'renameTransition', transition: 'n:0>t:1', name: 'Go on' } }),
    true,
  );
  assert.equal(isGraphEditMessage({ ...message, edit: { kind: 'deleteNode' } }), false);
  assert.equal(isGraphEditMessage({ ...message, edit: { kind: 'deleteNode', node: 2 } }), false);
  assert.equal(isGraphEditMessage({ ...message, edit: { kind: 'deleteNode', node: 'n:2', extra: true } }), false);
  assert.equal(isGraphEditMessage({ ...message, edit: { kind: 'renameNode', node: 'n:2' } }), false);
  assert.equal(isGraphEditMessage({ ...message, version: '7' }), false);
  assert.equal(isGraphEditMessage({ ...message, version: 1.5 }), false);
  assert.equal(isGraphEditMessage({ ...message, edit: null }), false);
  assert.equal(isGraphEditMessage({ ...message, edit: {} }), false);
  assert.equal(isGraphEditMessage({ type: 'reveal', key: 'n:0' }), false);
  assert.equal(isGraphEditMessage(null), false);
});
