/**
 * Unified bars, 0x122e, both directions (3.9). Request: u16 market, 22-byte code,
 * u16 period (4 day, ...), u16 times, u32 start, u16 count (one more than wanted),
 * u16 adjust (0 none, 1 forward, 2 backward), four i8 flags 1, 1, 0, 1, u16 0,
 * 4 zero bytes. Reply: u16 market, 22-byte code, u8 period @24, u16 @25, u16
 * count @27, u32 start @29, then 36-byte rows from @33 — u32 YYYYMMDD, u32 seconds
 * of day, f32 open, high, low, close, amount, volume, float shares — and a
 * 120-byte summary trailer. The first row is a previous-close sentinel and is dropped.
 */
import type { MacBarSeries, SecurityRef } from "../../../core/quotes/index.ts";
import { ByteReader, ByteWriter } from "../tdx-bytes.ts";
import { allocColumns } from "../tdx-columns.ts";

export const MAC_DAILY = 4;
const ROW = 36;
const TRAILER = 120;
const COLUMNS = ["date", "seconds", "open", "high", "low", "close", "amount", "vol", "floatShares"] as const;

export interface MacBarsRequest extends SecurityRef {
  readonly period: number;
  readonly times: number;
  readonly start: number;
  readonly count: number;
  readonly adjust: number;
}

export function encodeMacBarsRequest(q: MacBarsRequest): Uint8Array {
  return new ByteWriter(46).u16(q.market).ascii(q.code, 22).u16(q.period).u16(q.times).u32(q.start).u16(q.count).u16(q.adjust).u8(1).u8(1).u8(0).u8(1).u16(0).zeros(4).finish();
}

export function decodeMacBarsRequest(payload: Uint8Array): MacBarsRequest {
  const r = new ByteReader(payload, "0x122e request");
  const market = r.u16();
  const code = r.ascii(22);
  const period = r.u16();
  const times = r.u16();
  const start = r.u32();
  const count = r.u16();
  const adjust = r.u16();
  r.skip(10);
  r.expectEnd();
  return { market, code, period, times, start, count, adjust };
}

export function allocMacBars(n: number): MacBarSeries {
  return { length: n, ...allocColumns(n, COLUMNS) };
}

export function decodeMacBarsReply(body: Uint8Array): MacBarSeries {
  const r = new ByteReader(body, "0x122e reply");
  r.pos = 27;
  const n = r.u16();
  r.pos = 33;
  r.need(n * ROW);
  const s = allocMacBars(Math.max(0, n - 1));
  for (let i = 0; i < n; i++) {
    const row = [r.u32(), r.u32(), r.f32(), r.f32(), r.f32(), r.f32(), r.f32(), r.f32(), r.f32()];
    if (i === 0) continue;
    COLUMNS.forEach((c, k) => (s[c][i - 1] = row[k]!));
  }
  return s;
}

/** Reply body: `sentinel` is the bar before the window (its close is the previous close). */
export function encodeMacBarsReply(q: MacBarsRequest, sentinel: { date: number; close: number }, bars: MacBarSeries): Uint8Array {
  const w = new ByteWriter(33 + (bars.length + 1) * ROW + TRAILER);
  w.u16(q.market)
    .ascii(q.code, 22)
    .u8(q.period)
    .u16(q.times)
    .u16(bars.length + 1)
    .u32(q.start);
  w.u32(sentinel.date).u32(0);
  for (let k = 0; k < 4; k++) w.f32(sentinel.close);
  w.f32(0).f32(0).f32(0);
  for (let i = 0; i < bars.length; i++) {
    w.u32(bars.date[i]!).u32(bars.seconds[i]!).f32(bars.open[i]!).f32(bars.high[i]!).f32(bars.low[i]!).f32(bars.close[i]!);
    w.f32(bars.amount[i]!).f32(bars.vol[i]!).f32(bars.floatShares[i]!);
  }
  return w.zeros(TRAILER).finish();
}
