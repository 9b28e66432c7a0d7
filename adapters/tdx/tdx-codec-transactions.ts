/**
 * Ticks, both directions: today's (0x0fc5) and a past day's (0x0fb5), design doc
 * 5.7 and 5.8.
 *
 * 0x0fc5 request: u16 market, 6-byte code, u16 start (ticks back from the newest),
 * u16 count (pytdx documents 2000 as the maximum). Reply: u16 n, then n ticks
 * oldest first: u16 minute of day, varint price delta (running sum, in 10^-decimals
 * yuan), varint volume (lots), varint number of orders, varint direction, varint 0.
 * 0x0fb5 request: u32 YYYYMMDD, u16 market, code, u16 start, u16 count. Reply: u16 n,
 * a float32 (the previous close, 10.27 in the recording, like 0x0fb4's), then ticks
 * without the order count.
 * Direction: 0 buy-initiated, 1 sell-initiated, 2 neutral (eltdx and injoyai agree);
 * the recorded closing minutes also show 8, passed through as read.
 */
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import { allocColumns } from "./tdx-columns.ts";
import { priceDivisor } from "./tdx-price-decimals.ts";
import { type SecurityRef, type TickSeries, MAX_TRANSACTIONS_PER_REQUEST } from "../../core/quotes/index.ts";

export { MAX_TRANSACTIONS_PER_REQUEST };
const TICK_COLUMNS = ["minute", "price", "vol", "orders", "direction", "reserved"] as const;

export interface TransactionsOptions {
  /** Price decimals of the security (2 for A-shares, 3 for funds); default 2. */
  readonly decimals?: number;
}

export interface TransactionsRequest extends SecurityRef {
  /** Ticks back from the newest (0 = newest). */
  readonly start: number;
  readonly count: number;
}

export interface HistoryTransactionsRequest extends TransactionsRequest {
  /** YYYYMMDD */
  readonly date: number;
}

export function encodeTransactionsRequest(r: TransactionsRequest): Uint8Array {
  return new ByteWriter(12).u16(r.market).ascii(r.code, 6).u16(r.start).u16(r.count).finish();
}

export function decodeTransactionsRequest(payload: Uint8Array): TransactionsRequest {
  const r = new ByteReader(payload, "0x0fc5 request");
  const market = r.u16();
  const code = r.ascii(6);
  const start = r.u16();
  const count = r.u16();
  r.expectEnd();
  return { market, code, start, count };
}

export function encodeHistoryTransactionsRequest(r: HistoryTransactionsRequest): Uint8Array {
  return new ByteWriter(16).u32(r.date).u16(r.market).ascii(r.code, 6).u16(r.start).u16(r.count).finish();
}

export function decodeHistoryTransactionsRequest(payload: Uint8Array): HistoryTransactionsRequest {
  const r = new ByteReader(payload, "0x0fb5 request");
  const date = r.u32();
  const market = r.u16();
  const code = r.ascii(6);
  const start = r.u16();
  const count = r.u16();
  r.expectEnd();
  return { date, market, code, start, count };
}

export function decodeTransactionsReply(body: Uint8Array, opts: TransactionsOptions = {}): TickSeries {
  const r = new ByteReader(body, "0x0fc5 reply");
  return readTicks(r, r.u16(), true, priceDivisor(opts.decimals ?? 2));
}

export function encodeTransactionsReply(ticks: TickSeries, opts: TransactionsOptions = {}): Uint8Array {
  const w = new ByteWriter(2 + ticks.length * 8);
  w.u16(ticks.length);
  writeTicks(w, ticks, true, priceDivisor(opts.decimals ?? 2));
  return w.finish();
}

export interface HistoryTransactionsReply {
  /** float32 before the ticks, read as the previous close (one recording). */
  readonly preClose: number;
  readonly ticks: TickSeries;
}

export function decodeHistoryTransactionsReply(body: Uint8Array, opts: TransactionsOptions = {}): HistoryTransactionsReply {
  const r = new ByteReader(body, "0x0fb5 reply");
  const n = r.u16();
  const preClose = r.f32();
  return { preClose, ticks: readTicks(r, n, false, priceDivisor(opts.decimals ?? 2)) };
}

export function encodeHistoryTransactionsReply(reply: HistoryTransactionsReply, opts: TransactionsOptions = {}): Uint8Array {
  const w = new ByteWriter(6 + reply.ticks.length * 7);
  w.u16(reply.ticks.length).f32(reply.preClose);
  writeTicks(w, reply.ticks, false, priceDivisor(opts.decimals ?? 2));
  return w.finish();
}

function readTicks(r: ByteReader, n: number, withOrders: boolean, div: number): TickSeries {
  const { minute, price, vol, orders, direction, reserved } = allocColumns(n, TICK_COLUMNS);
  let p = 0;
  for (let i = 0; i < n; i++) {
    minute[i] = r.u16();
    p += r.varint();
    price[i] = p / div;
    vol[i] = r.varint();
    orders[i] = withOrders ? r.varint() : NaN;
    direction[i] = r.varint();
    reserved[i] = r.varint();
  }
  r.expectEnd();
  return { length: n, minute, price, vol, orders, direction, reserved };
}

function writeTicks(w: ByteWriter, t: TickSeries, withOrders: boolean, div: number): void {
  let prev = 0;
  for (let i = 0; i < t.length; i++) {
    const p = Math.round(t.price[i]! * div);
    w.u16(t.minute[i]!)
      .varint(p - prev)
      .varint(t.vol[i]!);
    if (withOrders) w.varint(t.orders[i]!);
    w.varint(t.direction[i]!).varint(t.reserved[i]!);
    prev = p;
  }
}
