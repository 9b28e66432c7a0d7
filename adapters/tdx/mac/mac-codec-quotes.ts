/**
 * Ranked quote lists and board members, 0x122c, both directions (3.3).
 *
 * Request (quote form): u32 board code, 9 zero bytes, u16 sort type, u32 start,
 * u16 page size (≤ 80), u8 sort order (0 none, 1 descending, 2 ascending), u8 0,
 * then the 20-byte field bitmap (mac-fields.ts). Reply: the bitmap echoed, u32
 * total, u16 rows, then rows of u16 market, 22-byte code, 44-byte GBK name and one
 * 4-byte value per requested field bit, ascending.
 */
import type { MacQuotePage, MacQuoteRow } from "../../../core/quotes/index.ts";
import { ByteReader, ByteWriter } from "../tdx-bytes.ts";
import { decodeFieldBitmap, encodeFieldBitmap, fieldSpec } from "./mac-fields.ts";

export const MAC_PAGE = 80;
const CODE_SIZE = 22;
const NAME_SIZE = 44;

export interface MacListRequest {
  readonly board: number;
  readonly sortType: number;
  readonly start: number;
  readonly count: number;
  readonly order: 0 | 1 | 2;
  readonly bits: readonly number[];
  readonly exclude: number;
}

export function encodeMacListRequest(r: MacListRequest): Uint8Array {
  return new ByteWriter(43).u32(r.board).zeros(9).u16(r.sortType).u32(r.start).u16(r.count).u8(r.order).u8(0).bytes(encodeFieldBitmap(r.bits, r.exclude)).finish();
}

export function decodeMacListRequest(payload: Uint8Array): MacListRequest {
  const r = new ByteReader(payload, "0x122c request");
  const board = r.u32();
  r.skip(9);
  const sortType = r.u16();
  const start = r.u32();
  const count = r.u16();
  const order = r.u8();
  r.skip(1);
  const { bits, exclude } = decodeFieldBitmap(r.take(20));
  r.expectEnd();
  if (order > 2) r.fail(`sort order ${order}`);
  return { board, sortType, start, count, order: order as 0 | 1 | 2, bits, exclude };
}

function readValue(r: ByteReader, bit: number): number {
  const t = fieldSpec(bit).type;
  return t === "f" ? r.f32() : t === "i" ? r.i32() : r.u32();
}

export function decodeMacListReply(body: Uint8Array): MacQuotePage {
  const r = new ByteReader(body, "0x122c reply");
  const { bits } = decodeFieldBitmap(r.take(20));
  const total = r.u32();
  const n = r.u16();
  r.need(n * (2 + CODE_SIZE + NAME_SIZE + 4 * bits.length));
  const rows: MacQuoteRow[] = [];
  for (let i = 0; i < n; i++) {
    const market = r.u16();
    const code = r.gbk(CODE_SIZE);
    const name = r.gbk(NAME_SIZE);
    const values: Record<string, number> = {};
    for (const b of bits) values[fieldSpec(b).name] = readValue(r, b);
    rows.push({ market, code, name, values });
  }
  r.expectEnd();
  return { total, bits, rows };
}

/** Reply body (the simulator's side); values missing from a row are sent as 0. */
export function encodeMacListReply(page: MacQuotePage, exclude = 0): Uint8Array {
  const w = new ByteWriter(26 + page.rows.length * (68 + 4 * page.bits.length));
  w.bytes(encodeFieldBitmap(page.bits, exclude)).u32(page.total).u16(page.rows.length);
  for (const row of page.rows) {
    w.u16(row.market).gbk(row.code, CODE_SIZE).gbk(row.name, NAME_SIZE);
    for (const b of page.bits) {
      const s = fieldSpec(b);
      const v = row.values[s.name] ?? 0;
      if (s.type === "f") w.f32(v);
      else if (s.type === "i") w.i32(Math.max(-0x80000000, Math.min(0x7fffffff, Math.round(v))));
      else w.u32(Math.max(0, Math.min(0xffffffff, Math.round(v))));
    }
  }
  return w.finish();
}
