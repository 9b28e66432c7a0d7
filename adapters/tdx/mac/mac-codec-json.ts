/**
 * Per-stock JSON queries, 0x1218, both directions (3.10): the frame's head byte
 * and the query string pick the sub-query — head 2 `Stock_ZJLX` capital flow,
 * head 1 `Stock_GLHQ` boards of a stock. Request: u16 market, 8-byte code, 16 zero
 * bytes, 21-byte query name. Reply: a 27-byte head (u16 market, 12-byte query
 * echo, 5 pad, 8 bytes) then a GBK JSON array of rows.
 *
 * Capital flow: row 0 = [main in, main out, retail in, retail out], row 1 = six
 * five-day figures (labels not on the wire). Boards: one row per board, 9 or 13
 * values — type string, market, code, name, price, pre-close, then 3 or 7 more.
 */
import type { MacBelongEntry, MacCapitalFlow, SecurityRef } from "../../../core/quotes/index.ts";
import { ByteReader, ByteWriter } from "../tdx-bytes.ts";
import { decodeGbkText, encodeGbk } from "../tdx-gbk.ts";

export const QUERY_CAPITAL_FLOW = "Stock_ZJLX";
export const QUERY_BELONG = "Stock_GLHQ";
const HEAD_SIZE = 27;

export interface JsonQuery extends SecurityRef {
  readonly query: string;
}

export function encodeJsonRequest(q: JsonQuery): Uint8Array {
  return new ByteWriter(47).u16(q.market).ascii(q.code, 8).zeros(16).ascii(q.query, 21).finish();
}

export function decodeJsonRequest(payload: Uint8Array): JsonQuery {
  const r = new ByteReader(payload, "0x1218 request");
  const market = r.u16();
  const code = r.ascii(8).trim();
  r.skip(16);
  const query = r.ascii(21);
  r.expectEnd();
  return { market, code, query };
}

function rowsOf(body: Uint8Array): unknown[][] {
  const r = new ByteReader(body, "0x1218 reply");
  r.skip(HEAD_SIZE);
  const text = decodeGbkText(r.take(r.remaining)).replace(/\0+$/, "").trim();
  let rows: unknown;
  try {
    rows = text ? JSON.parse(text) : [];
  } catch {
    return r.fail("payload is not JSON");
  }
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) return r.fail("payload is not an array of rows");
  return rows as unknown[][];
}

const num = (v: unknown) => {
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};

export function decodeCapitalFlowReply(body: Uint8Array): MacCapitalFlow {
  const rows = rowsOf(body);
  return { today: (rows[0] ?? []).map(num), fiveDay: (rows[1] ?? []).map(num) };
}

export function decodeBelongReply(body: Uint8Array): MacBelongEntry[] {
  return rowsOf(body)
    .filter((row) => row.length === 9 || row.length === 13)
    .map((row) => ({
      boardType: String(row[0]),
      market: num(row[1]),
      code: String(row[2]),
      name: String(row[3]),
      price: num(row[4]),
      preClose: num(row[5]),
      extra: row.slice(6).map((v) => (typeof v === "number" ? v : String(v))),
    }));
}

/** Reply body for a query (the simulator's side). */
export function encodeJsonReply(q: JsonQuery, rows: readonly (readonly unknown[])[]): Uint8Array {
  return new ByteWriter(HEAD_SIZE + 64)
    .u16(q.market)
    .ascii(q.query.slice(0, 12), 12)
    .zeros(13)
    .bytes(encodeGbk(JSON.stringify(rows)))
    .finish();
}
