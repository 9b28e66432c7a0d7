/**
 * The request/reply channel under the TDX client: a TCP pool in production, a
 * recorded-capture replayer for `QUOTE_SOURCE=replay`. Codecs sit above it, so
 * every source runs the same decoding code.
 */
import { UpstreamError } from "../../core/app/app-errors.ts";
import type { ResponseFrame } from "./tdx-frame.ts";

/** Per-request framing: the mac command set picks sub-queries by the request's first byte. */
export interface RequestFraming {
  /** First request byte; default the transport's own (0x0c on the standard port). */
  readonly head?: number;
}

export interface TdxTransport {
  /** Sends one request and resolves with its reply (body inflated). */
  request(cmd: number, payload: Uint8Array, framing?: RequestFraming): Promise<ResponseFrame>;
  close(): Promise<void>;
}

/** No host answered (connect refused, timed out, or died); `tried` lists them. */
export class TdxUnavailableError extends UpstreamError {
  constructor(message: string, tried: readonly string[]) {
    super("Quote server", "unavailable", message, tried);
    this.name = "TdxUnavailableError";
  }
}

/** The server accepted the request but did not answer in time. */
export class TdxTimeoutError extends UpstreamError {
  constructor(message: string) {
    super("Quote server", "timeout", message);
    this.name = "TdxTimeoutError";
  }
}

/**
 * The connection broke while a request was in flight (safe to retry elsewhere);
 * the pool retries it, so only a single-connection transport lets it out, as
 * an unavailable quote server.
 */
export class TdxConnectionLostError extends UpstreamError {
  constructor(message: string) {
    super("Quote server", "unavailable", message);
    this.name = "TdxConnectionLostError";
  }
}
