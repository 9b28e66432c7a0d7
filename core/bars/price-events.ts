/**
 * The xdxr records that move prices, reduced to what adjustment needs. Only
 * category 1 (除权除息) feeds price adjustment (adapters/tdx/README.md 5.9, 7); share
 * count changes and the ETF split/merge category 11 do not (the design doc
 * names category 1 only; ETF splits are left for a verified source).
 *
 * Per event, with c1..c4 = cash per 10 shares, rights price, bonus+transfer
 * shares per 10, rights shares per 10 (design doc 7.2):
 *   m = (10 + c3 + c4) / 10, c = (c1 − c4 × c2) / 10,
 * and the ex-right reference price of a previous close P is (P − c) / m.
 *
 * The protocol sends these values as float32, so 3.62 arrives as 3.6199998856.
 * Each value is replaced by the shortest decimal that reads back as the same
 * float32 (3.62, 1.2, 3.018547): the figure the company published, so
 * half-cent ties round the way the published figures say. (injoyai/tdx rounds to
 * 2 decimals instead, which would cut 3-decimal dividends and 6-decimal share
 * reform ratios.) Values that are not float32 at all, as in hand-built records,
 * are kept as they are.
 */
import { fromYyyymmdd } from "./market-time.ts";
import { DAY_MS } from "./session-clock.ts";
import type { XdxrRecord } from "./xdxr.ts";

export interface PriceEvent {
  /** Ex-date as YYYYMMDD. */
  readonly date: number;
  /** Ex-date as a day index, `floor(marketTime / DAY_MS)`, to compare with bar times. */
  readonly day: number;
  /** Share multiplier (10 + bonus + rights) / 10. */
  readonly m: number;
  /** Cash out per share: (dividend − rights × rights price) / 10; negative for rights issues. */
  readonly c: number;
}

/** Shortest decimal that reads back as the same float32; non-float32 values unchanged. */
export function float32Decimal(x: number): number {
  if (x === 0 || !Number.isFinite(x) || Math.fround(x) !== x) return x;
  for (let p = 1; p < 9; p++) {
    const y = Number(x.toPrecision(p));
    if (Math.fround(y) === x) return y;
  }
  return x;
}

/**
 * Category-1 events in ex-date order (records of the same date keep their input
 * order and are applied one after the other). Records whose multiplier is not
 * positive or whose values are not finite are dropped: they cannot describe a
 * real event. Prepare once per security and reuse for every request.
 */
export function priceEvents(records: readonly XdxrRecord[]): readonly PriceEvent[] {
  const out: PriceEvent[] = [];
  for (const r of records) {
    if (r.category !== 1) continue;
    const cash = float32Decimal(r.c1);
    const rightsPrice = float32Decimal(r.c2);
    const bonus = float32Decimal(r.c3);
    const rights = float32Decimal(r.c4);
    const m = (10 + bonus + rights) / 10;
    const c = (cash - rights * rightsPrice) / 10;
    if (!(m > 0) || !Number.isFinite(m) || !Number.isFinite(c)) continue;
    out.push({ date: r.date, day: Math.floor(fromYyyymmdd(r.date) / DAY_MS), m, c });
  }
  return out.sort((x, y) => x.day - y.day);
}
