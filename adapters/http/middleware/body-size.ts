/**
 * Request body size, and compressed request bodies. Every body is held to 1 MiB
 * on the wire, except on the routes listed in {@link LARGE_BODY_ROUTES} (inline
 * bar histories: `POST /backtest/run` takes 48 MiB, a couple of hundred
 * thousand bars). A body sent with `Content-Encoding: gzip` (or `deflate`) is
 * inflated here, on the thread pool, before anything reads it, and its inflated
 * size is held to the same limit: a small body that inflates without end (a
 * "zip bomb") stops at the limit with 413, having cost no more memory than the
 * limit. Any other encoding is a 415; a body that is not valid gzip a 400.
 *
 * Such bodies, and bodies sent in chunks (no Content-Length), are read here
 * from Node's request stream, not through web streams (`DecompressionStream`,
 * hono's body limit): see buffered-request.ts for why.
 */
import { Buffer } from "node:buffer";
import { Readable } from "node:stream";
import { gunzip, inflate } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { bufferedRequest } from "./buffered-request.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Routes (method and path) taking larger bodies, with their limit in bytes (on the wire and inflated). */
export const LARGE_BODY_ROUTES: ReadonlyMap<string, number> = new Map([["POST /api/v1/backtest/run", 48 * 1024 * 1024]]);

/** The body limit of a request. */
export function bodyLimitOf(method: string, path: string): number {
  return LARGE_BODY_ROUTES.get(`${method} ${path}`) ?? MAX_BODY_BYTES;
}

interface Codec {
  readonly name: string;
  readonly inflate: typeof gunzip;
}
const gzip: Codec = { name: "gzip", inflate: gunzip };
/** Content-Encoding → its inflater (a Map: no inherited keys such as "constructor"). */
const CODECS: ReadonlyMap<string, Codec> = new Map([
  ["gzip", gzip],
  ["x-gzip", gzip],
  ["deflate", { name: "deflate", inflate }],
]);

/** The chunks as one byte array (a view of Buffer.concat's). */
function joined(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const b = Buffer.concat(chunks, size);
  return new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.length);
}

/**
 * A 413. Once part of the body is read, the rest is not, so the connection is
 * closed. One refused on its declared length alone keeps it: node-server reads
 * and drops the body after the answer (up to 64 MiB, for 0.5 s), so that a
 * client that sends the whole body before reading (Python's http.client and
 * requests) gets the 413 instead of a broken pipe.
 */
const tooLarge = (c: Context, max: number, inflated: boolean, close = true) =>
  c.json({ detail: `Request body larger than ${max} bytes${inflated ? " once inflated" : ""}` }, 413, close ? { connection: "close" } : {});

/** The body's bytes from Node's request stream (node-server's `incoming`), or null past `max` (the rest is left unread). */
function readIncoming(incoming: Readable, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (then: () => void) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      then();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
      else {
        incoming.pause();
        settle(() => resolve(null));
      }
    };
    const onEnd = () => settle(() => resolve(joined(chunks, size)));
    const onError = (e: Error) => settle(() => reject(e));
    const onClose = () => settle(() => reject(new Error("request body cut short")));
    incoming.on("data", onData).once("end", onEnd).once("error", onError).once("close", onClose);
  });
}

/** The same from a web stream (a runtime without node-server's request, or `app.request` in a test). */
async function readStream(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > max) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  }
  return joined(chunks, size);
}

/** Inflated on the thread pool, stopping past `max` (a zip bomb costs no more memory than the limit): the bytes, "too large", or "invalid". */
function inflated(codec: Codec, wire: Uint8Array, max: number): Promise<Uint8Array<ArrayBuffer> | "too large" | "invalid"> {
  return new Promise((resolve) =>
    codec.inflate(wire, { maxOutputLength: max }, (e, out) => {
      if (!e) resolve(new Uint8Array(out.buffer, out.byteOffset, out.length));
      else resolve((e as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" ? "too large" : "invalid");
    }),
  );
}

/** The body size middleware: the route's wire limit, then inflation within the same limit. */
export function bodySize(): MiddlewareHandler {
  return async (c, next) => {
    const max = bodyLimitOf(c.req.method, c.req.path);
    const encoding = (c.req.header("content-encoding") ?? "").trim().toLowerCase();
    const plain = encoding === "" || encoding === "identity";
    const codec = CODECS.get(encoding);
    if (!plain && !codec) return c.json({ detail: `Content-Encoding ${encoding} is not supported: send gzip, deflate or none` }, 415);
    // A declared length (Node's parser reads exactly that many bytes) is checked before reading; a plain body of an
    // ordinary route with one is left to the route, which reads it straight from the socket. A large route's is read
    // here, once: node-server's arrayBuffer() copies the bytes it has read once more.
    const declared = c.req.header("transfer-encoding") === undefined ? c.req.header("content-length") : undefined;
    if (declared !== undefined && /^\d+$/.test(declared)) {
      if (Number(declared) > max) return tooLarge(c, max, false, false);
      if (plain && max === MAX_BODY_BYTES) return next();
    }
    const raw = c.req.raw;
    if (raw.method === "GET" || raw.method === "HEAD") return next();
    const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
    let bytes: Uint8Array<ArrayBuffer> | null;
    try {
      bytes = incoming instanceof Readable ? await readIncoming(incoming, max) : await readStream(raw.body, max);
    } catch {
      return c.json({ detail: "Request body cut short" }, 400, { connection: "close" });
    }
    if (!bytes) return tooLarge(c, max, false);
    if (codec) {
      const body = await inflated(codec, bytes, max);
      if (body === "too large") return tooLarge(c, max, true);
      if (body === "invalid") return c.json({ detail: `Request body is not valid ${codec.name} data` }, 400);
      bytes = body;
    }
    c.req.raw = bufferedRequest(raw, bytes);
    return next();
  };
}
