/**
 * SHA-256 of `text` (as UTF-8), in lowercase hexadecimal: the `contentHash` of a deployment record,
 * which tells whether a file changed since it was deployed. Web Crypto's digest, on both extension
 * hosts (Node's `createHash` would keep the extension out of the web worker host); the same value as
 * `createHash('sha256').update(text, 'utf8').digest('hex')`, so the records kept stay comparable.
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
