/**
 * Call-auction series (集合竞价), command 0x056a, both directions (design doc 5.14;
 * not in pytdx; layout from injoyai with a recorded reply).
 *
 * Request payload: u16 market, 6-byte code, then five u32: 0, 3, 0, 0, count
 * (injoyai asks for 500). Reply body: u16 n, then n 16-byte records: u16 minute of
 * day, float32 price (yuan), u32 matched volume, i32 unmatched volume (positive =
 * buy side queued, negative = sell side; older readers took 16 bits and mis-signed
 * large values), 1 padding byte, u8 second. It covers the opening auction
 * (09:15–09:25) and the closing one (14:57–15:00).
 * Prices lose their float32 noise through `roundF32Price`.
 */
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import { allocColumns } from "./tdx-columns.ts";
import { roundF32Price } from "./tdx-price-decimals.ts";
import type { AuctionSeries, SecurityRef } from "../../core/quotes/index.ts";

export const DEFAULT_AUCTION_COUNT = 500;
const RECORD_SIZE = 16;

export interface AuctionRequest extends SecurityRef {
  readonly count: number;
}

export function encodeAuctionRequest(r: AuctionRequest): Uint8Array {
  return new ByteWriter(28).u16(r.market).ascii(r.code, 6).u32(0).u32(3).u32(0).u32(0).u32(r.count).finish();
}

export function decodeAuctionRequest(payload: Uint8Array): AuctionRequest {
  const r = new ByteReader(payload, "0x056a request");
  const market = r.u16();
  const code = r.ascii(6);
  r.skip(16);
  const count = r.u32();
  r.expectEnd();
  return { market, code, count };
}

export function decodeAuctionReply(body: Uint8Array): AuctionSeries {
  const r = new ByteReader(body, "0x056a reply");
  const n = r.u16();
  r.need(n * RECORD_SIZE);
  const { second, price, matched, unmatched } = allocColumns(n, ["second", "price", "matched", "unmatched"] as const);
  for (let i = 0; i < n; i++) {
    const minute = r.u16();
    price[i] = roundF32Price(r.f32());
    matched[i] = r.u32();
    unmatched[i] = r.i32();
    r.skip(1);
    second[i] = minute * 60 + r.u8();
  }
  r.expectEnd();
  return { length: n, second, price, matched, unmatched };
}

export function encodeAuctionReply(s: AuctionSeries): Uint8Array {
  // Stryker disable next-line ArithmeticOperator: the capacity is a first guess, the writer grows (to at least 16 bytes) as needed
  const w = new ByteWriter(2 + s.length * RECORD_SIZE);
  w.u16(s.length);
  for (let i = 0; i < s.length; i++) {
    const t = s.second[i]!;
    const minute = Math.floor(t / 60);
    w.u16(minute)
      .f32(s.price[i]!)
      .u32(s.matched[i]!)
      .i32(s.unmatched[i]!)
      .u8(0)
      .u8(t - minute * 60);
  }
  return w.finish();
}
