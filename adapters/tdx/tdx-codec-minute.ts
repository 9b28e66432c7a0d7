/**
 * Intraday minute lines, both directions: today's (0x051d) and a past day's
 * (0x0fb4), design doc 5.5 and 5.6.
 *
 * 0x051d request: u16 market, 6-byte code, u32 0. Reply: u16 n, u16 0, then n
 * points of (varint price delta, varint unknown, varint volume); the price is the
 * running sum of the deltas, in 10^-decimals yuan.
 * Newer servers put a quote-shaped block between those 4 bytes and the points
 * (recorded by easy_tdx in 2026: market, code, price, volumes, some levels...).
 * Its length varies (varints) and its layout is not known field by field, so the
 * decoder finds where the points start: the one offset from which n points consume
 * the body exactly and end at the block's own price. easy_tdx reads the block as
 * points (its first point "0.01 / 48 / 54" is bytes 01 '6' '0' of the code). The
 * encoder writes the classic pytdx layout, which every client reads.
 *
 * 0x0fb4 request: u32 YYYYMMDD, u8 market, 6-byte code. Reply: u16 n, float32 (the
 * previous close, as eltdx reads it: 10.27 in the recording), then the same points.
 * 0x0537 is another id for today's line with no verified layout; not handled here.
 */
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import { allocColumns } from "./tdx-columns.ts";
import { priceDivisor } from "./tdx-price-decimals.ts";
import type { MinuteSeries, SecurityRef } from "../../core/quotes/index.ts";

export interface MinuteOptions {
  /** Price decimals of the security (2 for A-shares, 3 for funds); default 2. */
  readonly decimals?: number;
}

export function encodeMinuteRequest(r: SecurityRef): Uint8Array {
  return new ByteWriter(12).u16(r.market).ascii(r.code, 6).u32(0).finish();
}

export function decodeMinuteRequest(payload: Uint8Array): SecurityRef {
  const r = new ByteReader(payload, "0x051d request");
  const market = r.u16();
  const code = r.ascii(6);
  r.skip(4);
  r.expectEnd();
  return { market, code };
}

export interface HistoryMinuteRequest extends SecurityRef {
  /** YYYYMMDD */
  readonly date: number;
}

export function encodeHistoryMinuteRequest(r: HistoryMinuteRequest): Uint8Array {
  return new ByteWriter(11).u32(r.date).u8(r.market).ascii(r.code, 6).finish();
}

export function decodeHistoryMinuteRequest(payload: Uint8Array): HistoryMinuteRequest {
  const r = new ByteReader(payload, "0x0fb4 request");
  const date = r.u32();
  const market = r.u8();
  const code = r.ascii(6);
  r.expectEnd();
  return { date, market, code };
}

export function decodeMinuteReply(body: Uint8Array, opts: MinuteOptions = {}): MinuteSeries {
  const r = new ByteReader(body, "0x051d reply");
  const n = r.u16();
  r.skip(2);
  if (hasQuoteBlock(body)) r.pos = pointsStart(body, n, r);
  return readPoints(r, n, priceDivisor(opts.decimals ?? 2));
}

export function encodeMinuteReply(series: MinuteSeries, opts: MinuteOptions = {}): Uint8Array {
  const w = new ByteWriter(4 + series.length * 6);
  w.u16(series.length).u16(0);
  writePoints(w, series, priceDivisor(opts.decimals ?? 2));
  return w.finish();
}

export interface HistoryMinuteReply {
  /** float32 before the points, read as the previous close (unverified beyond one recording). */
  readonly preClose: number;
  readonly series: MinuteSeries;
}

export function decodeHistoryMinuteReply(body: Uint8Array, opts: MinuteOptions = {}): HistoryMinuteReply {
  const r = new ByteReader(body, "0x0fb4 reply");
  const n = r.u16();
  const preClose = r.f32();
  return { preClose, series: readPoints(r, n, priceDivisor(opts.decimals ?? 2)) };
}

export function encodeHistoryMinuteReply(reply: HistoryMinuteReply, opts: MinuteOptions = {}): Uint8Array {
  const w = new ByteWriter(6 + reply.series.length * 6);
  w.u16(reply.series.length).f32(reply.preClose);
  writePoints(w, reply.series, priceDivisor(opts.decimals ?? 2));
  return w.finish();
}

function readPoints(r: ByteReader, n: number, div: number): MinuteSeries {
  const { price, vol, unknown } = allocColumns(n, ["price", "vol", "unknown"] as const);
  let p = 0;
  for (let i = 0; i < n; i++) {
    p += r.varint();
    price[i] = p / div;
    unknown[i] = r.varint();
    vol[i] = r.varint();
  }
  r.expectEnd();
  return { length: n, price, vol, unknown };
}

function writePoints(w: ByteWriter, s: MinuteSeries, div: number): void {
  let prev = 0;
  for (let i = 0; i < s.length; i++) {
    const p = Math.round(s.price[i]! * div);
    w.varint(p - prev)
      .varint(s.unknown[i]!)
      .varint(s.vol[i]!);
    prev = p;
  }
}

/** The newer layout: byte 4 is a market id and bytes 5..10 an ASCII code. */
function hasQuoteBlock(body: Uint8Array): boolean {
  if (body.length < 14 || body[4]! > 2) return false;
  for (let i = 5; i < 11; i++) {
    const c = body[i]!;
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** Offset of the first point after the quote block (see the module comment). */
function pointsStart(body: Uint8Array, n: number, r: ByteReader): number {
  r.pos = 13; // market, code, u16 counter
  const blockPrice = r.varint();
  for (let s = r.pos; s <= body.length; s++) {
    if (endsAt(body, s, n) === blockPrice || (n === 0 && s === body.length)) return s;
  }
  return r.fail(`cannot locate ${n} minute points after the quote block`);
}

/** Final running price if n points from `s` consume the body exactly, else NaN. */
function endsAt(body: Uint8Array, s: number, n: number): number {
  const r = new ByteReader(body, "0x051d points", s);
  let p = 0;
  try {
    for (let i = 0; i < n; i++) {
      p += r.varint();
      r.varint();
      r.varint();
    }
  } catch {
    return NaN;
  }
  return r.remaining === 0 ? p : NaN;
}
