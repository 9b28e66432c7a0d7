/**
 * The request/reply channel under the TDX client: a TCP pool in production, a
 * recorded-capture replayer for `QUOTE_SOURCE=replay`. Codecs sit above it, so
 * every source runs the same decoding code.
 */
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
export class TdxUnavailableError extends Error {
  constructor(
    message: string,
    readonly tried: readonly string[],
  ) {
    super(message);
    this.name = "TdxUnavailableError";
  }
}

/** The server accepted the request but did not answer in time. */
export class TdxTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TdxTimeoutError";
  }
}

/** The connection broke while a request was in flight (safe to retry elsewhere). */
export class TdxConnectionLostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TdxConnectionLostError";
  }
}
