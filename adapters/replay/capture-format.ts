/**
 * Recorded TDX exchanges, one capture directory per session:
 *
 *     <dir>/<session>/exchanges.jsonl
 *
 * Each line is one request and its reply:
 *
 *     {"cmd": 1325, "request": "<payload hex>", "response": "<body hex>"}
 *
 * `cmd` is the command id, `request` the request payload (after the 12-byte
 * header), `response` the reply body after zlib inflation. Sequence numbers and
 * compression are transport details and are not kept, so a capture replays
 * against any client.
 */
export interface CapturedExchange {
  readonly cmd: number;
  readonly request: string;
  readonly response: string;
}

export const CAPTURE_FILE = "exchanges.jsonl";

export const toHex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");

export const exchangeKey = (cmd: number, requestHex: string) => `${cmd}:${requestHex}`;
