/**
 * The board list, 0x1231, both directions (3.2). Request: u16 page size (≤ 150),
 * u16 board type, u8 sort column, u8 sort order, u16 start, u16 flag 1, 8 zero
 * bytes. Reply: u16 count_all (= 2 × rows), u16 total, then 160-byte rows — the
 * board, then its leading stock, each u16 market, 6-byte code, 16 pad, 44-byte
 * GBK name, f32 price, f32 value (the sort metric; 0 for change %), f32 pre-close.
 */
import type { MacBoardListPage, MacBoardSide } from "../../../core/quotes/index.ts";
import { ByteReader, ByteWriter } from "../tdx-bytes.ts";

export const BOARD_LIST_PAGE = 150;

/** Board types of 0x1231 (3.2). */
export const MAC_BOARD_TYPES = { HY: 0, HY2: 1, GN: 3, FG: 4, DQ: 5, ALL: 255 } as const;
export type MacBoardType = keyof typeof MAC_BOARD_TYPES;

export interface BoardListRequest {
  readonly type: number;
  readonly start: number;
  readonly count: number;
  /** Only CHANGE_PCT = 0 is known; other metrics are read through 0x122c (see the board service). */
  readonly sortColumn: number;
  readonly order: number;
}

export function encodeBoardListRequest(r: BoardListRequest): Uint8Array {
  return new ByteWriter(18).u16(r.count).u16(r.type).u8(r.sortColumn).u8(r.order).u16(r.start).u16(1).zeros(8).finish();
}

export function decodeBoardListRequest(payload: Uint8Array): BoardListRequest {
  const r = new ByteReader(payload, "0x1231 request");
  const count = r.u16();
  const type = r.u16();
  const sortColumn = r.u8();
  const order = r.u8();
  const start = r.u16();
  r.skip(10);
  r.expectEnd();
  return { type, start, count, sortColumn, order };
}

function readSide(r: ByteReader): MacBoardSide {
  const market = r.u16();
  const code = r.ascii(6);
  r.skip(16);
  const name = r.gbk(44);
  return { market, code, name, price: r.f32(), value: r.f32(), preClose: r.f32() };
}

function writeSide(w: ByteWriter, s: MacBoardSide): void {
  w.u16(s.market).ascii(s.code, 6).zeros(16).gbk(s.name, 44).f32(s.price).f32(s.value).f32(s.preClose);
}

export function decodeBoardListReply(body: Uint8Array): MacBoardListPage {
  const r = new ByteReader(body, "0x1231 reply");
  const n = r.u16() >> 1;
  const total = r.u16();
  r.need(n * 160);
  const rows = Array.from({ length: n }, () => ({ board: readSide(r), leader: readSide(r) }));
  r.expectEnd();
  return { total, rows };
}

export function encodeBoardListReply(page: MacBoardListPage): Uint8Array {
  const w = new ByteWriter(4 + page.rows.length * 160);
  w.u16(page.rows.length * 2).u16(page.total);
  for (const row of page.rows) {
    writeSide(w, row.board);
    writeSide(w, row.leader);
  }
  return w.finish();
}
