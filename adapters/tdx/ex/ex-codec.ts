/**
 * The extended-market commands, both directions (adapters/tdx/mac/README.md 2.2).
 * Codes are 9 bytes, NUL-padded (clients leave garbage after the NUL; servers
 * ignore it, and so do we).
 *
 * - 0x23ff bars — request: u8 market, code, u16 category, u16 times (1), u32
 *   start, u16 count. Reply: an 18-byte head (market, code, category, times,
 *   u32), u16 n at 18, then 32-byte rows: date (u16 packed day + u16 minute for
 *   the intraday categories 0–3, 7, 8; u32 YYYYMMDD otherwise), f32 open, high,
 *   low, close, 4 bytes that are open interest (u32) for futures and turnover (f32)
 *   for stocks, u32 volume, f32 settlement.
 * - 0x23fa quote — request: u8 market, code. Reply: u8 market, code, u32, then
 *   f32 pre-close, open, high, low, price; u32 开仓, 增仓, total volume, last volume;
 *   f32 amount; u32 inner, outer, unknown, open interest; f32 bid1..5; u32 bid
 *   volumes; f32 ask1..5; u32 ask volumes (150 bytes; later servers append more).
 * - 0x240b today's minute line — request: u8 market, code. Reply: u8 market, code,
 *   u16 n, 18-byte rows: u16 minutes, f32 price, f32 average, u32 volume, u32 open interest.
 * - 0x23fc today's trades / 0x2406 a day's trades — request: (u32 YYYYMMDD for
 *   0x2406,) u8 market, code, i32 start (back from the newest), u16 count (≤ 1800).
 *   Reply: u8 market, code, 4 unknown bytes, u16 n, 16-byte rows: u16 minutes,
 *   u32 price (integer), u32 volume, i32 open-interest change, u16 nature.
 */
import type { ExBarSeries, ExMinuteSeries, ExQuote, ExRef, ExTradeSeries } from "../../../core/quotes/index.ts";
import { ByteReader, ByteWriter } from "../tdx-bytes.ts";
import { allocColumns } from "../tdx-columns.ts";
import { DayClock, DayStamper } from "../tdx-datetime.ts";

const CODE = 9;
export const EX_MAX_BARS = 700;
export const EX_MAX_TRADES = 1800;
const INTRADAY = new Set([0, 1, 2, 3, 7, 8]);

export const isIntradayCategory = (category: number): boolean => INTRADAY.has(category);

const writeRef = (w: ByteWriter, r: ExRef) => w.u8(r.market).ascii(r.code, CODE);
const readRef = (r: ByteReader): ExRef => ({ market: r.u8(), code: r.ascii(CODE) });

export interface ExBarsRequest extends ExRef {
  readonly category: number;
  readonly start: number;
  readonly count: number;
}

export function encodeExBarsRequest(q: ExBarsRequest): Uint8Array {
  return writeRef(new ByteWriter(20), q).u16(q.category).u16(1).u32(q.start).u16(q.count).finish();
}

export function decodeExBarsRequest(payload: Uint8Array): ExBarsRequest {
  const r = new ByteReader(payload, "0x23ff request");
  const ref = readRef(r);
  const category = r.u16();
  r.skip(2);
  const start = r.u32();
  const count = r.u16();
  r.expectEnd();
  return { ...ref, category, start, count };
}

const BAR_COLUMNS = ["time", "open", "high", "low", "close", "position", "amount", "volume", "settlement"] as const;

export function allocExBars(n: number): ExBarSeries {
  return { length: n, ...allocColumns(n, BAR_COLUMNS) };
}

export function decodeExBarsReply(body: Uint8Array, category: number): ExBarSeries {
  const r = new ByteReader(body, "0x23ff reply");
  r.skip(18);
  const n = r.u16();
  r.need(n * 32);
  const s = allocExBars(n);
  const clock = new DayClock();
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  for (let i = 0; i < n; i++) {
    if (INTRADAY.has(category)) {
      const day = r.u16();
      s.time[i] = clock.packed(day, r.u16());
    } else s.time[i] = clock.yyyymmdd(r.u32());
    s.open[i] = r.f32();
    s.high[i] = r.f32();
    s.low[i] = r.f32();
    s.close[i] = r.f32();
    s.amount[i] = view.getFloat32(r.pos, true);
    s.position[i] = r.u32();
    s.volume[i] = r.u32();
    s.settlement[i] = r.f32();
  }
  r.expectEnd();
  return s;
}

/** Reply body; `futures` decides whether field 5 carries the open interest or the turnover. */
export function encodeExBarsReply(q: ExBarsRequest, s: ExBarSeries, futures: boolean): Uint8Array {
  const w = writeRef(new ByteWriter(20 + s.length * 32), q)
    .u16(q.category)
    .u16(1)
    .u32(0)
    .u16(s.length);
  const stamp = new DayStamper();
  for (let i = 0; i < s.length; i++) {
    if (INTRADAY.has(q.category)) w.u16(stamp.dayWord(s.time[i]!)).u16(stamp.minuteOfDay(s.time[i]!));
    else w.u32(stamp.yyyymmdd(s.time[i]!));
    w.f32(s.open[i]!).f32(s.high[i]!).f32(s.low[i]!).f32(s.close[i]!);
    if (futures) w.u32(s.position[i]!);
    else w.f32(s.amount[i]!);
    w.u32(s.volume[i]!).f32(s.settlement[i]!);
  }
  return w.finish();
}

export function encodeExRefRequest(ref: ExRef): Uint8Array {
  return writeRef(new ByteWriter(10), ref).finish();
}

export function decodeExRefRequest(payload: Uint8Array, what: string): ExRef {
  const r = new ByteReader(payload, what);
  const ref = readRef(r);
  r.expectEnd();
  return ref;
}

const QUOTE_SIZE = 150;

export function decodeExQuoteReply(body: Uint8Array): ExQuote {
  const r = new ByteReader(body, "0x23fa reply");
  r.need(QUOTE_SIZE);
  const { market, code } = readRef(r);
  const activity = r.u32();
  const [preClose, open, high, low, price] = [r.f32(), r.f32(), r.f32(), r.f32(), r.f32()];
  const kaicang = r.u32();
  const zengcang = r.u32();
  const zongliang = r.u32();
  const xianliang = r.u32();
  const amount = r.f32();
  const neipan = r.u32();
  const waipan = r.u32();
  const unknown = r.u32();
  const chicang = r.u32();
  const five = (f: () => number) => [f(), f(), f(), f(), f()];
  const bids = five(() => r.f32());
  const bidVols = five(() => r.u32());
  const asks = five(() => r.f32());
  const askVols = five(() => r.u32());
  return { market, code, activity, preClose, open, high, low, price, kaicang, zengcang, zongliang, xianliang, amount, neipan, waipan, unknown, chicang, bids, bidVols, asks, askVols };
}

export function encodeExQuoteReply(q: ExQuote): Uint8Array {
  const w = writeRef(new ByteWriter(QUOTE_SIZE), q).u32(q.activity);
  for (const v of [q.preClose, q.open, q.high, q.low, q.price]) w.f32(v);
  w.u32(q.kaicang).u32(q.zengcang).u32(q.zongliang).u32(q.xianliang).f32(q.amount).u32(q.neipan).u32(q.waipan).u32(q.unknown).u32(q.chicang);
  for (const v of q.bids) w.f32(v);
  for (const v of q.bidVols) w.u32(v);
  for (const v of q.asks) w.f32(v);
  for (const v of q.askVols) w.u32(v);
  return w.finish();
}

const MINUTE_COLUMNS = ["minute", "price", "avgPrice", "volume", "openInterest"] as const;

export function decodeExMinuteReply(body: Uint8Array): ExMinuteSeries {
  const r = new ByteReader(body, "0x240b reply");
  readRef(r);
  const n = r.u16();
  r.need(n * 18);
  const s = { length: n, ...allocColumns(n, MINUTE_COLUMNS) };
  for (let i = 0; i < n; i++) {
    s.minute[i] = r.u16();
    s.price[i] = r.f32();
    s.avgPrice[i] = r.f32();
    s.volume[i] = r.u32();
    s.openInterest[i] = r.u32();
  }
  r.expectEnd();
  return s;
}

export function encodeExMinuteReply(ref: ExRef, s: ExMinuteSeries): Uint8Array {
  const w = writeRef(new ByteWriter(12 + s.length * 18), ref).u16(s.length);
  for (let i = 0; i < s.length; i++) w.u16(s.minute[i]!).f32(s.price[i]!).f32(s.avgPrice[i]!).u32(s.volume[i]!).u32(s.openInterest[i]!);
  return w.finish();
}

export interface ExTradesRequest extends ExRef {
  /** YYYYMMDD for a past day (0x2406); undefined for today (0x23fc). */
  readonly date?: number;
  readonly start: number;
  readonly count: number;
}

export function encodeExTradesRequest(q: ExTradesRequest): Uint8Array {
  const w = new ByteWriter(20);
  if (q.date !== undefined) w.u32(q.date);
  return writeRef(w, q).i32(q.start).u16(q.count).finish();
}

export function decodeExTradesRequest(payload: Uint8Array, history: boolean): ExTradesRequest {
  const r = new ByteReader(payload, history ? "0x2406 request" : "0x23fc request");
  const date = history ? r.u32() : undefined;
  const ref = readRef(r);
  const start = r.i32();
  const count = r.u16();
  r.expectEnd();
  return { ...ref, date, start, count };
}

const TRADE_COLUMNS = ["minute", "price", "volume", "zengcang", "nature"] as const;

export function allocExTrades(n: number): ExTradeSeries {
  return { length: n, ...allocColumns(n, TRADE_COLUMNS) };
}

export function decodeExTradesReply(body: Uint8Array): ExTradeSeries {
  const r = new ByteReader(body, "0x23fc/0x2406 reply");
  readRef(r);
  r.skip(4);
  const n = r.u16();
  r.need(n * 16);
  const s = allocExTrades(n);
  for (let i = 0; i < n; i++) {
    s.minute[i] = r.u16();
    s.price[i] = r.u32();
    s.volume[i] = r.u32();
    s.zengcang[i] = r.i32();
    s.nature[i] = r.u16();
  }
  r.expectEnd();
  return s;
}

export function encodeExTradesReply(ref: ExRef, s: ExTradeSeries): Uint8Array {
  const w = writeRef(new ByteWriter(16 + s.length * 16), ref)
    .zeros(4)
    .u16(s.length);
  for (let i = 0; i < s.length; i++) w.u16(s.minute[i]!).u32(s.price[i]!).u32(s.volume[i]!).i32(s.zengcang[i]!).u16(s.nature[i]!);
  return w.finish();
}

/** Reply of 0x23f0: 11 bytes, then five u32 of which the third is the instrument count. */
export function encodeInstrumentCountReply(count: number): Uint8Array {
  return new ByteWriter(31).zeros(11).u32(0).u32(0).u32(count).u32(0).u32(0).finish();
}
