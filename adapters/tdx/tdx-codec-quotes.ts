/**
 * Five-level quotes, command 0x053e, both directions (design doc 5.3).
 *
 * Request payload: u16 5, u32 0, u16 0, u16 n, then n × (u8 market, 6-byte code);
 * at most 80 securities per call.
 * Reply body: 2 unknown bytes, u16 n, then n variable-length records: market, code,
 * u16 active1, varint price, varint last close/open/high/low as deltas to the price,
 * varint server time, varint (observed = −price), varint volume, varint last volume,
 * float32 amount, varint s_vol, b_vol, two unknown varints, 5 × (bid delta, ask
 * delta, bid volume, ask volume), u16 unknown, four unknown varints, i16 rise
 * speed × 100, u16 active2.
 *
 * Prices are integers in 10^-decimals yuan, decimals depending on the security
 * (see tdx-price-decimals.ts): pytdx's fixed /100 is wrong for funds.
 */
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import { fallbackPriceDecimals, priceDivisor } from "./tdx-price-decimals.ts";
import { type MarketId, type Quote, type SecurityRef, MAX_QUOTES_PER_REQUEST } from "../../core/quotes/index.ts";

export { MAX_QUOTES_PER_REQUEST };
const LEVELS = 5;

/** Price decimals of one security; the security list's `decimals` is the authority. */
export type DecimalsOf = (market: MarketId, code: string) => number;

export function encodeQuotesRequest(securities: readonly SecurityRef[]): Uint8Array {
  if (securities.length === 0 || securities.length > MAX_QUOTES_PER_REQUEST) {
    throw new RangeError(`quotes take 1..${MAX_QUOTES_PER_REQUEST} securities, got ${securities.length}`);
  }
  const w = new ByteWriter(10 + 7 * securities.length);
  w.u16(5).u32(0).u16(0).u16(securities.length);
  for (const s of securities) w.u8(s.market).ascii(s.code, 6);
  return w.finish();
}

export function decodeQuotesRequest(payload: Uint8Array): SecurityRef[] {
  const r = new ByteReader(payload, "0x053e request");
  r.skip(8);
  const n = r.u16();
  if (r.remaining !== 7 * n) r.fail(`${n} securities need ${7 * n} bytes, ${r.remaining} present`);
  const out: SecurityRef[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = { market: r.u8(), code: r.ascii(6) };
  return out;
}

export interface QuotesReply {
  /** The 2 bytes before the count; unknown, not constant (`01 36`, `01 02` seen). */
  readonly unknownHead: number;
  readonly quotes: readonly Quote[];
}

export function decodeQuotesReply(body: Uint8Array, decimalsOf: DecimalsOf = fallbackPriceDecimals): QuotesReply {
  const r = new ByteReader(body, "0x053e reply");
  const unknownHead = r.u16();
  const n = r.u16();
  const quotes: Quote[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const market = r.u8();
    const code = r.ascii(6);
    const div = priceDivisor(decimalsOf(market, code));
    const active1 = r.u16();
    const p = r.varint();
    const preClose = (p + r.varint()) / div;
    const open = (p + r.varint()) / div;
    const high = (p + r.varint()) / div;
    const low = (p + r.varint()) / div;
    const serverTime = r.varint();
    const unknownNegPrice = r.varint();
    const vol = r.varint();
    const curVol = r.varint();
    const amount = r.f32();
    const sVol = r.varint();
    const bVol = r.varint();
    const unknown16 = r.varint();
    const unknown17 = r.varint();
    const bids: number[] = [];
    const asks: number[] = [];
    const bidVols: number[] = [];
    const askVols: number[] = [];
    for (let l = 0; l < LEVELS; l++) {
      bids.push((p + r.varint()) / div);
      asks.push((p + r.varint()) / div);
      bidVols.push(r.varint());
      askVols.push(r.varint());
    }
    const unknownStatus = r.u16();
    const unknownTail = [r.varint(), r.varint(), r.varint(), r.varint()];
    const riseSpeed = r.i16() / 100;
    const active2 = r.u16();
    quotes[i] = {
      market,
      code,
      active1,
      price: p / div,
      preClose,
      open,
      high,
      low,
      serverTime,
      unknownNegPrice,
      vol,
      curVol,
      amount,
      sVol,
      bVol,
      unknown16,
      unknown17,
      bids,
      asks,
      bidVols,
      askVols,
      unknownStatus,
      unknownTail,
      riseSpeed,
      active2,
    };
  }
  r.expectEnd();
  return { unknownHead, quotes };
}

/** Reply body (the simulator's side); prices are rounded to the security's decimals. */
export function encodeQuotesReply(reply: QuotesReply, decimalsOf: DecimalsOf = fallbackPriceDecimals): Uint8Array {
  const w = new ByteWriter(4 + reply.quotes.length * 96);
  w.u16(reply.unknownHead).u16(reply.quotes.length);
  for (const q of reply.quotes) {
    const div = priceDivisor(decimalsOf(q.market, q.code));
    const raw = (x: number) => Math.round(x * div);
    const p = raw(q.price);
    w.u8(q.market).ascii(q.code, 6).u16(q.active1);
    w.varint(p)
      .varint(raw(q.preClose) - p)
      .varint(raw(q.open) - p)
      .varint(raw(q.high) - p)
      .varint(raw(q.low) - p);
    w.varint(q.serverTime).varint(q.unknownNegPrice).varint(q.vol).varint(q.curVol).f32(q.amount);
    w.varint(q.sVol).varint(q.bVol).varint(q.unknown16).varint(q.unknown17);
    for (let l = 0; l < LEVELS; l++) {
      w.varint(raw(level(q.bids, l)) - p)
        .varint(raw(level(q.asks, l)) - p)
        .varint(level(q.bidVols, l))
        .varint(level(q.askVols, l));
    }
    w.u16(q.unknownStatus);
    for (let k = 0; k < 4; k++) w.varint(q.unknownTail[k] ?? 0);
    w.i16(Math.round(q.riseSpeed * 100)).u16(q.active2);
  }
  return w.finish();
}

function level(values: readonly number[], l: number): number {
  const v = values[l];
  if (v === undefined) throw new RangeError(`quote needs ${LEVELS} levels, has ${values.length}`);
  return v;
}

/**
 * Milliseconds since midnight of a quote's server-time field, by pytdx's rule: the
 * digits before the last six are the hour; if the next two are below 60 they are
 * minutes and the last four count 6 ms each (13252999 → 13:25:17.994), otherwise
 * the last six are millionths of an hour (14999212 → 14:59:57.163).
 */
export function quoteServerTimeMs(raw: number): number {
  const hour = Math.floor(raw / 1e6);
  const rest = raw - hour * 1e6;
  const minute = Math.floor(rest / 1e4);
  if (minute < 60) return hour * 3_600_000 + minute * 60_000 + (rest - minute * 1e4) * 6;
  return hour * 3_600_000 + rest * 3.6;
}

/** The server-time field for milliseconds since midnight (hour-minute form, 6 ms resolution). */
export function encodeQuoteServerTime(msOfDay: number): number {
  const hour = Math.floor(msOfDay / 3_600_000);
  const minute = Math.floor((msOfDay - hour * 3_600_000) / 60_000);
  const ticks = Math.min(9999, Math.round((msOfDay - hour * 3_600_000 - minute * 60_000) / 6));
  return hour * 1e6 + minute * 1e4 + ticks;
}
