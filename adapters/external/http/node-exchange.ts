/**
 * One HTTP exchange through node:http(s), the whole of it (the answer's body
 * included) bounded by `signal`: the status, the headers and the body decoded
 * per its Content-Encoding (gzip, deflate, br, which are asked for, as fetch
 * does). Redirects are not followed.
 *
 * Not `fetch`: it reads bodies through web streams, which detach an
 * ArrayBuffer, after which V8 checks every typed-array access of the process
 * (adapters/http/middleware/buffered-request.ts): one announcement fetched
 * made every later indicator, chan and backtest request of the service slower.
 */
import { Buffer } from "node:buffer";
import http from "node:http";
import https from "node:https";
import { brotliDecompress, gunzip, inflate, inflateRaw } from "node:zlib";

export interface Exchange {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Uint8Array<ArrayBuffer>;
}

export interface ExchangeInit {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

type Inflate = (b: Buffer, cb: (e: Error | null, out: Buffer) => void) => void;

/** HTTP's "deflate" is zlib-wrapped, but some servers send it raw: the wrapped form is tried first. */
const deflate: Inflate = (b, cb) => inflate(b, (e, out) => (e ? inflateRaw(b, cb) : cb(null, out)));
const DECODERS: Record<string, Inflate> = { gzip: gunzip, "x-gzip": gunzip, deflate, br: brotliDecompress };

const asBytes = (b: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.length);

function headersOf(res: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) {
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v !== undefined) headers.set(k, v);
  }
  return headers;
}

/** Rejects with `signal.reason` (a TimeoutError from `AbortSignal.timeout`) when it fires first, or with the socket's error (`code` ECONNREFUSED …). */
export function exchange(url: string, init: ExchangeInit, signal: AbortSignal): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br", ...init.headers };
    if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
    let settled = false;
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      then();
    };
    const fail = (e: unknown) => settle(() => reject(e));
    const req = (u.protocol === "https:" ? https : http).request(u, { method: init.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", fail);
      res.on("close", () => res.complete || fail(new Error("connection closed before the answer ended")));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const base = { status: res.statusCode ?? 0, headers: headersOf(res) };
        const decode = DECODERS[(res.headers["content-encoding"] ?? "").trim().toLowerCase()];
        if (!decode) return settle(() => resolve({ ...base, body: asBytes(raw) }));
        decode(raw, (e, out) => (e ? fail(e) : settle(() => resolve({ ...base, body: asBytes(out) }))));
      });
    });
    const onAbort = () => {
      fail(signal.reason);
      req.destroy();
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("error", fail);
    req.end(init.body);
  });
}
