// The graph preview host's check of what its webview posts: the designer's messages are accepted
// only in their documented shape.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isWebviewMessage } from '#protocol/graphPreviewMessages';

test('isWebviewMessage accepts graphEdit and history messages in their shape, and nothing else', () => {
  assert.equal(isWebviewMessage({ type: 'graphEdit', version: 4, edit: { kind: 'deleteTransition', transition: 'e:0' } }), true);
  assert.equal(isWebviewMessage({ type: 'history', command: 'undo' }), true);
  assert.equal(isWebviewMessage({ type: 'history', command: 'redo' }), true);

  assert.equal(isWebviewMessage({ type: 'graphEdit', version: '4', edit: { kind: 'deleteNode', node: 'n:0' } }), false);
  assert.equal(isWebviewMessage({ type: 'graphEdit', version: 4 }), false);
  assert.equal(isWebviewMessage({ type: 'history', command: 'save' }), false);
  assert.equal(isWebviewMessage({ type: 'history' }), false);
  assert.equal(isWebviewMessage(null), false);
});
