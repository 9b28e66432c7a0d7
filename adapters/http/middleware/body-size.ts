/**
 * Request body size, and compressed request bodies. Every body is held to 1 MiB
 * on the wire, except on the routes listed in {@link LARGE_BODY_ROUTES} (inline
 * bar histories: `POST /backtest/run` takes 48 MiB, a couple of hundred
 * thousand bars). A body sent with `Content-Encoding: gzip` (or `deflate`) is
 * inflated here, as a stream, before anything reads it, and its inflated size
 * is held to the same limit: a small body that inflates without end (a "zip
 * bomb") stops at the limit with 413, having cost no more memory than the
 * limit. Any other encoding is a 415; a body that is not valid gzip a 400.
 */
import type { Context, MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Routes (method and path) taking larger bodies, with their limit in bytes (on the wire and inflated). */
export const LARGE_BODY_ROUTES: ReadonlyMap<string, number> = new Map([["POST /api/v1/backtest/run", 48 * 1024 * 1024]]);

/** The body limit of a request. */
export function bodyLimitOf(method: string, path: string): number {
  return LARGE_BODY_ROUTES.get(`${method} ${path}`) ?? MAX_BODY_BYTES;
}

const ENCODINGS: Record<string, "gzip" | "deflate"> = { gzip: "gzip", "x-gzip": "gzip", deflate: "deflate" };

// The rest of the body is never read, so the connection must not be reused.
const tooLarge = (c: Context, max: number, inflated: boolean) => c.json({ detail: `Request body larger than ${max} bytes${inflated ? " once inflated" : ""}` }, 413, { connection: "close" });

async function inflate(c: Context, next: Next, max: number): Promise<Response | void> {
  const encoding = (c.req.header("content-encoding") ?? "").trim().toLowerCase();
  if (encoding === "" || encoding === "identity") return next();
  const format = ENCODINGS[encoding];
  if (!format) return c.json({ detail: `Content-Encoding ${encoding} is not supported: send gzip, deflate or none` }, 415);
  const raw = c.req.raw;
  if (!raw.body) return next();
  const reader = raw.body.pipeThrough(new DecompressionStream(format)).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > max) {
        await reader.cancel().catch(() => {});
        return tooLarge(c, max, true);
      }
      chunks.push(value);
    }
  } catch {
    return c.json({ detail: `Request body is not valid ${format} data` }, 400);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  const headers = new Headers(raw.headers);
  headers.delete("content-encoding");
  headers.set("content-length", String(size));
  c.req.raw = new Request(raw.url, { method: raw.method, headers, body, signal: raw.signal });
  return next();
}

/** The body size middleware: the route's wire limit, then inflation within the same limit. */
export function bodySize(): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  const limiter = (max: number) => {
    let l = limiters.get(max);
    if (!l) limiters.set(max, (l = bodyLimit({ maxSize: max, onError: (c) => tooLarge(c, max, false) })));
    return l;
  };
  return (c, next) => {
    const max = bodyLimitOf(c.req.method, c.req.path);
    // A declared length (Node's parser reads exactly that many bytes) is checked here: hono's limiter asks
    // for the body stream first, which turns the node request into a web one and reads it through streams.
    const declared = c.req.header("transfer-encoding") === undefined ? c.req.header("content-length") : undefined;
    if (declared !== undefined && /^\d+$/.test(declared)) return Number(declared) > max ? Promise.resolve(tooLarge(c, max, false)) : inflate(c, next, max);
    return limiter(max)(c, () => inflate(c, next, max) as Promise<void>);
  };
}
