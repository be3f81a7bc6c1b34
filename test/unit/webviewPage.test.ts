import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { getGraphPreviewCsp } from '../../client/src/graphPreview/graphPreviewHtml';
import { createNonce, pageHead } from '../../client/src/webviewPage';

test("the graph preview's policy: its own files, data: images, blob: workers, nothing else", () => {
  assert.equal(
    getGraphPreviewCsp('https://webview.example', 'n1'),
    "default-src 'none'; img-src https://webview.example data:; style-src https://webview.example 'nonce-n1'; script-src 'nonce-n1'; worker-src blob:; font-src https://webview.example; media-src 'none'; frame-src 'none'",
  );
});

test("a page's head escapes what it is given and puts the nonce on its styles", () => {
  const head = pageHead({ csp: "default-src 'none'", nonce: 'a"b', title: 'Call <1>', styleUri: 'https://x/a.css?q="1"&r', styles: 'p{}' });
  assert.ok(head.includes('<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;">'), head);
  assert.ok(head.includes('<link rel="stylesheet" nonce="a&#34;b" href="https://x/a.css?q=&#34;1&#34;&#38;r">'), head);
  assert.ok(head.includes('<title>Call &#60;1&#62;</title>'), head);
  assert.ok(head.includes('<style nonce="a&#34;b">p{}</style>'), head);
});

test('a nonce is 128 random bits in base64, new each time', () => {
  const first = createNonce();
  assert.match(first, /^[A-Za-z0-9+/]{22}==$/);
  assert.notEqual(createNonce(), first);
});
