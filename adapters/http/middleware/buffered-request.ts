/**
 * A request whose body has been read into bytes already (a compressed body
 * once inflated, a chunked one once held to its limit): routes read it from
 * those bytes, never through a web stream. A web stream's byte read detaches
 * an ArrayBuffer, and once one has been detached in a process V8 checks every
 * typed-array access for it for the rest of the process' life (1.3–1.9 times
 * slower typed-array loops: the indicator, chan and backtest kernels of every
 * later request). The request with its original body (node-server's) reads
 * bytes straight from the socket, and so does this one.
 */
const decoder = new TextDecoder();

const bodies = new WeakMap<Request, Uint8Array<ArrayBuffer>>();

/**
 * The body of a request made by {@link bufferedRequest}, as it is: for a reader
 * that only reads it (`arrayBuffer()` copies, as each call must return a buffer
 * of its own; a copy of a 48 MiB body is 48 MiB more).
 */
export const bufferedBody = (request: Request): Uint8Array<ArrayBuffer> | undefined => bodies.get(request);

/** `raw` without its body, `Content-Encoding` and `Transfer-Encoding`, with `bytes` as its body (read by the methods below). */
export function bufferedRequest(raw: Request, bytes: Uint8Array<ArrayBuffer>): Request {
  const headers = new Headers(raw.headers);
  headers.delete("content-encoding");
  headers.delete("transfer-encoding");
  headers.set("content-length", String(bytes.length));
  const request = new Request(raw.url, { method: raw.method, headers, signal: raw.signal });
  const text = () => Promise.resolve(decoder.decode(bytes));
  bodies.set(request, bytes);
  return Object.assign(request, {
    arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
    text,
    json: () => text().then(JSON.parse),
    blob: () => Promise.resolve(new Blob([bytes], { type: headers.get("content-type") ?? "" })),
    // forms are rare here (the login page posts small ones with a length): read through a Response, streams and all
    formData: () => new Response(bytes, { headers }).formData(),
    clone: () => bufferedRequest(request, bytes),
  });
}
