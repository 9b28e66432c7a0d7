/**
 * Bars (K lines), command 0x052d, both directions (design doc 5.4).
 *
 * Request payload (26 bytes): u16 market, 6-byte code, u16 category, u16 1,
 * u16 start (bars back from the newest), u16 count (≤ 800), 10 zero bytes.
 * Reply body: u16 n, then n bars oldest first: 4-byte date (packed day + minute for
 * minute categories, else u32 YYYYMMDD), varint open as a delta to the previous
 * close (0 before the first bar), varint close/high/low as deltas to the open,
 * float32 volume, float32 amount, and for index bars u16 up + u16 down. Prices are
 * thousandths of a yuan for every security type. Index and stock replies are not
 * self-describing: the caller must say which one it asked for.
 *
 * Volume units are normalised to the daily-category unit (shares for stocks, lots
 * for indices), where public clients differ:
 * - categories 5, 6, 9, 10, 11 send volume / 100 (recorded: SH 600000 cat 4
 *   67,301,816 vs cat 9 673,018 on one day; weekly = sum of cat 9 days), so they
 *   are multiplied by 100. For index bars of category 9 this is assumed by analogy
 *   (no recording).
 * - index minute bars carry amount / 100 in the volume field, no volume at all
 *   (spec and easy_tdx, checked by them against another vendor); their `vol` is
 *   NaN, and the encoder writes amount / 100 back, as the server does.
 * Minute bars are stamped with their end time (first 1-minute bar 09:31).
 */
import type { BarSeries } from "../../core/bars/index.ts";
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import { allocBars } from "./tdx-columns.ts";
import { DayClock, DayStamper } from "./tdx-datetime.ts";
import { TdxDecodeError } from "./tdx-errors.ts";
import { readVarint, varintEnd } from "./tdx-varint.ts";
import type { IndexBarSeries, SecurityRef } from "../../core/quotes/index.ts";

/** Bar categories of command 0x052d (design doc 5.4). */
export const BarCategory = {
  MIN_5: 0,
  MIN_15: 1,
  MIN_30: 2,
  MIN_60: 3,
  /** Daily bars, volume in shares. */
  DAY: 4,
  WEEK: 5,
  MONTH: 6,
  /** 1-minute bars of the extended markets. */
  EX_MIN_1: 7,
  MIN_1: 8,
  /** Daily bars again, but volume in lots ("RI_K"). */
  DAY_LOTS: 9,
  SEASON: 10,
  YEAR: 11,
} as const;
export type BarCategoryId = (typeof BarCategory)[keyof typeof BarCategory];

/** Whether `n` is one of the bars command's category numbers (0..11). */
export const isBarCategoryId = (n: number): n is BarCategoryId => Number.isInteger(n) && n >= BarCategory.MIN_5 && n <= BarCategory.YEAR;

export const MAX_BARS_PER_REQUEST = 800;
const PRICE_SCALE = 1000;
const BREADTH = ["up", "down"] as const;

export interface BarsRequest extends SecurityRef {
  readonly category: BarCategoryId;
  /** Bars back from the newest (0 = newest). */
  readonly start: number;
  readonly count: number;
}

export function encodeBarsRequest(r: BarsRequest): Uint8Array {
  return new ByteWriter(26).u16(r.market).ascii(r.code, 6).u16(r.category).u16(1).u16(r.start).u16(r.count).zeros(10).finish();
}

export function decodeBarsRequest(payload: Uint8Array): BarsRequest {
  const r = new ByteReader(payload, "0x052d request");
  const market = r.u16();
  const code = r.ascii(6);
  const category = r.u16();
  r.skip(2);
  const start = r.u16();
  const count = r.u16();
  r.skip(10);
  r.expectEnd();
  if (category > 11) r.fail(`unknown bar category ${category}`);
  return { market, code, category: category as BarCategoryId, start, count };
}

/** True for the categories whose dates are packed day + minute. */
export function isMinuteCategory(category: number): boolean {
  return category <= 3 || category === 7 || category === 8;
}

/** Factor from the wire volume to the daily-category unit (see the module comment). */
export function barVolumeFactor(category: number): number {
  return category === 5 || category === 6 || category === 9 || category === 10 || category === 11 ? 100 : 1;
}

export interface BarsReplyOptions {
  readonly category: BarCategoryId;
  /** The request was for an index: bars carry up/down counts. */
  readonly index?: boolean;
}

export function decodeBarsReply(body: Uint8Array, opts: BarsReplyOptions & { index: true }): IndexBarSeries;
export function decodeBarsReply(body: Uint8Array, opts: BarsReplyOptions): BarSeries;
export function decodeBarsReply(body: Uint8Array, opts: BarsReplyOptions): BarSeries | IndexBarSeries {
  const { category } = opts;
  if (category > 11) throw new RangeError(`unknown bar category ${category}`);
  const index = opts.index === true;
  const minute = isMinuteCategory(category);
  const volFactor = barVolumeFactor(category);
  const noVolume = index && minute;
  // The hot loop reads bytes directly (see tdx-varint.ts) and checks bounds once per
  // fixed-size field instead of per byte.
  const b = body;
  const end = b.length;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (end < 2) throw truncated(0, 0);
  const n = view.getUint16(0, true);
  const tail = index ? 12 : 8;
  // every bar takes at least 4 date bytes, 4 one-byte varints and its fixed tail: refuse at once a body too short for n
  if (2 + n * (8 + tail) > end) throw new TdxDecodeError(`0x052d reply: ${n} bars need at least ${2 + n * (8 + tail)} bytes, the body has ${end}`);
  const s: BarSeries & Partial<IndexBarSeries> = allocBars(n, index ? BREADTH : []);
  const { time, open, high, low, close, vol, amount, up, down } = s;
  const clock = new DayClock();
  let p = 2;
  let base = 0;
  for (let i = 0; i < n; i++) {
    if (p + 4 > end) throw truncated(i, n);
    time[i] = minute ? clock.packed(view.getUint16(p, true), view.getUint16(p + 2, true)) : clock.yyyymmdd(view.getUint32(p, true));
    const o = base + readVarint(b, p + 4);
    const c = o + readVarint(b, varintEnd);
    const h = o + readVarint(b, varintEnd);
    const l = o + readVarint(b, varintEnd);
    p = varintEnd;
    if (p + tail > end) throw truncated(i, n);
    base = c;
    open[i] = o / PRICE_SCALE;
    close[i] = c / PRICE_SCALE;
    high[i] = h / PRICE_SCALE;
    low[i] = l / PRICE_SCALE;
    vol[i] = noVolume ? NaN : view.getFloat32(p, true) * volFactor;
    amount[i] = view.getFloat32(p + 4, true);
    if (index) {
      up![i] = view.getUint16(p + 8, true);
      down![i] = view.getUint16(p + 10, true);
    }
    p += tail;
  }
  if (p !== end) throw new TdxDecodeError(`0x052d reply: ${end - p} unexpected trailing byte(s) after ${n} bars`);
  return s;
}

function truncated(i: number, n: number): TdxDecodeError {
  return new TdxDecodeError(`0x052d reply: bar ${i + 1} of ${n} runs past the end of the body`);
}

/** Reply body for `bars` (the simulator's side); prices are rounded to 0.001 yuan. */
export function encodeBarsReply(bars: BarSeries | IndexBarSeries, opts: BarsReplyOptions): Uint8Array {
  const { category } = opts;
  if (category > 11) throw new RangeError(`unknown bar category ${category}`);
  const index = opts.index === true;
  const breadth = index ? requireBreadth(bars) : undefined;
  const minute = isMinuteCategory(category);
  const volFactor = barVolumeFactor(category);
  // Stryker disable next-line ArithmeticOperator: the capacity is a first guess, the writer grows (to at least 16 bytes) as needed
  const w = new ByteWriter(2 + bars.length * (index ? 30 : 26));
  w.u16(bars.length);
  const stamp = new DayStamper();
  let base = 0;
  for (let i = 0; i < bars.length; i++) {
    const t = bars.time[i]!;
    if (minute) w.u16(stamp.dayWord(t)).u16(stamp.minuteOfDay(t));
    else w.u32(stamp.yyyymmdd(t));
    const o = Math.round(bars.open[i]! * PRICE_SCALE);
    const c = Math.round(bars.close[i]! * PRICE_SCALE);
    w.varint(o - base)
      .varint(c - o)
      .varint(Math.round(bars.high[i]! * PRICE_SCALE) - o)
      .varint(Math.round(bars.low[i]! * PRICE_SCALE) - o);
    base = c;
    const amount = bars.amount[i]!;
    w.f32(index && minute ? amount / 100 : bars.vol[i]! / volFactor).f32(amount);
    if (breadth) w.u16(breadth.up[i]!).u16(breadth.down[i]!);
  }
  return w.finish();
}

function requireBreadth(bars: BarSeries | IndexBarSeries): IndexBarSeries {
  if (!("up" in bars) || !("down" in bars)) throw new TypeError("index bars need up/down columns");
  return bars;
}
