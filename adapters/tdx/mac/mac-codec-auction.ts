/**
 * Call auction, 0x123d, both directions (3.7). Request: u16 market, 22-byte code,
 * u32 start, u32 count (500 by default), 10 zero bytes. Reply: u16 market, 22-byte
 * code, u32 count @24, 8 bytes, then 16-byte rows from @36: u32 seconds of day,
 * f32 price, u32 matched volume, i32 unmatched volume (positive = buy orders left,
 * negative = sell; read signed, unlike gotdx which takes the absolute value first).
 */
import type { AuctionSeries, SecurityRef } from "../../../core/quotes/index.ts";
import { ByteReader, ByteWriter } from "../tdx-bytes.ts";
import { allocColumns } from "../tdx-columns.ts";

export const MAC_AUCTION_COUNT = 500;

export interface MacAuctionRequest extends SecurityRef {
  readonly start: number;
  readonly count: number;
}

export function encodeMacAuctionRequest(r: MacAuctionRequest): Uint8Array {
  return new ByteWriter(42).u16(r.market).ascii(r.code, 22).u32(r.start).u32(r.count).zeros(10).finish();
}

export function decodeMacAuctionRequest(payload: Uint8Array): MacAuctionRequest {
  const r = new ByteReader(payload, "0x123d request");
  const market = r.u16();
  const code = r.ascii(22);
  const start = r.u32();
  const count = r.u32();
  r.skip(10);
  r.expectEnd();
  return { market, code, start, count };
}

export function decodeMacAuctionReply(body: Uint8Array): AuctionSeries {
  const r = new ByteReader(body, "0x123d reply");
  r.skip(24);
  const n = r.u32();
  r.skip(8);
  r.need(n * 16);
  const s = { length: n, ...allocColumns(n, ["second", "price", "matched", "unmatched"] as const) };
  for (let i = 0; i < n; i++) {
    s.second[i] = r.u32();
    s.price[i] = r.f32();
    s.matched[i] = r.u32();
    s.unmatched[i] = r.i32();
  }
  r.expectEnd();
  return s;
}

export function encodeMacAuctionReply(ref: SecurityRef, s: AuctionSeries): Uint8Array {
  const w = new ByteWriter(36 + s.length * 16);
  w.u16(ref.market).ascii(ref.code, 22).u32(s.length).zeros(8);
  for (let i = 0; i < s.length; i++) w.u32(s.second[i]!).f32(s.price[i]!).u32(s.matched[i]!).i32(s.unmatched[i]!);
  return w.finish();
}
