// One capped reader of an HTTP answer's body, for every request the client sends (the service's
// answers and the walk panel's API requests). It runs in both extension hosts: web APIs only
// (fetch's Response, TextDecoder), never Node's Buffer, which a browser worker does not have.

/**
 * The body of `response` as UTF-8 text (as `Response.text()` decodes it), or undefined when it is
 * larger than `maxBytes`: by its Content-Length, unread, or once more than that many bytes have
 * arrived. Then `controller` is aborted, which ends the exchange and closes the connection. A
 * `response` without a body answers ''. Errors of the stream (a reset connection) are thrown.
 */
export async function readBoundedBody(response: Response, maxBytes: number, controller: AbortController): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length') ?? '');
  const tooLarge = (): undefined => {
    controller.abort();
    return undefined;
  };
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => undefined);
      return tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
