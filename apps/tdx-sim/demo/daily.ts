/**
 * Daily bars of one demo security: a market-factor random walk with A-share
 * mechanics — price limits by board (with limit-up and one-price limit days),
 * suspensions (no bar, as in TDX's own files), and ex-rights days where the raw
 * price drops to the xdxr reference price. Deterministic per (seed, security);
 * the history up to any day is the same whatever the end date.
 */
import { roundHalfUp, allocSeries, type Bar, barAt, type BarSeries, type XdxrRecord, fromYyyymmdd } from "../../../core/bars/index.ts";
import { boardOf, limitFraction } from "../../../core/market/index.ts";
import { hashSeed, mulberry32, normal, pick } from "./prng.ts";
import type { DemoSecurity } from "./universe.ts";

export interface DemoHistory {
  /** Raw (unadjusted) daily bars; volume in shares (indices: lots), amount in yuan. */
  readonly bars: BarSeries;
  /** YYYYMMDD of each bar. */
  readonly days: Int32Array;
  /** Ex-rights and capital events, ascending by date. */
  readonly xdxr: readonly XdxrRecord[];
  /** Advancing / declining constituents per bar (indices only, else zeros). */
  readonly up: Float64Array;
  readonly down: Float64Array;
}

/** A bar of a history with its day (YYYYMMDD). */
export type HistoryBar = Bar & { readonly day: number };

/** Bar `i` of a history with its day; an index outside the history throws (barAt). */
export function historyBar(h: DemoHistory, i: number): HistoryBar {
  const bar = barAt(h.bars, i);
  return { ...bar, day: h.days[i]! };
}

/** Common market factor: one standard-normal draw per trading day, shared by all securities. */
export function marketFactor(seed: number, days: readonly number[]): Float64Array {
  const n = normal(mulberry32(hashSeed(seed, "market-factor")));
  const out = new Float64Array(days.length);
  for (let i = 0; i < days.length; i++) out[i] = n();
  return out;
}

const BREADTH = 5000;
/** Bonus shares per 10 held, as the exchanges announce them (送股). */
const BONUS_SHARES = [2, 3, 5, 10];

/** A day's limit-up and limit-down prices from its reference price, on the tick (indices have none). */
export function priceLimits(s: DemoSecurity, ref: number, time: number): { up: number; down: number } {
  if (s.kind === "index") return { up: Infinity, down: -Infinity };
  const frac = limitFraction(boardOf(s.code, s.market), s.st, time);
  const decimals = s.kind === "fund" ? 3 : 2;
  return { up: roundHalfUp(ref * (1 + frac), decimals), down: roundHalfUp(ref * (1 - frac), decimals) };
}

/** Generates the history of `s` over the calendar `days` (ascending YYYYMMDD), `factor` the market factor of each day. */
export function generateDaily(seed: number, s: DemoSecurity, days: readonly number[], factor: Float64Array): DemoHistory {
  if (factor.length !== days.length) throw new RangeError(`generateDaily: ${factor.length} market factors for ${days.length} days`);
  const rand = mulberry32(hashSeed(seed, "daily", s.market, s.code));
  const gauss = normal(rand);
  const index = s.kind === "index";
  const fund = s.kind === "fund";
  const decimals = fund ? 3 : 2;
  const board = boardOf(s.code, s.market);
  const bars = allocSeries(days.length);
  const ymd = new Int32Array(days.length);
  const up = new Float64Array(days.length);
  const down = new Float64Array(days.length);
  const xdxr: XdxrRecord[] = [];

  let n = 0;
  let prev = s.price0;
  let suspendedFor = 0;
  let floatShares = s.floatShares;
  let totalShares = s.totalShares;
  let lastDividendYear = 0;
  // A slow idiosyncratic trend so that stocks drift apart over the years.
  let trend = gauss() * 0.0005;
  // The level prices revert to (moved by ex-rights like the price itself), so a decade stays in a believable band.
  let anchor = s.price0;
  // one closure for the whole history, not one a day (generating histories is most of the simulator's work)
  const wick = () => Math.abs(gauss()) * s.sigma * 0.4;

  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    if (day < s.listDate || (s.suspendedFrom !== undefined && day >= s.suspendedFrom)) continue;
    if (!index && suspendedFor > 0) {
      suspendedFor--;
      continue;
    }
    if (!index && !fund && n > 20 && rand() < 0.0015) {
      suspendedFor = Math.floor(rand() * 8);
      continue;
    }
    let ref = prev;
    const year = Math.floor(day / 10000);
    const mmdd = day % 10000;
    // Yearly dividend season (June–July) with occasional bonus shares and rights issues.
    if (!index && !fund && n > 60 && mmdd >= 601 && lastDividendYear < year && rand() < 0.04) {
      lastDividendYear = year;
      const fenhong = roundHalfUp(prev * (0.05 + rand() * 0.25), 2);
      // Bonus shares, as in the market, mostly where the share price has grown high (for its own level:
      // a 1,500 CNY blue chip is not "high" at 40).
      const song = rand() < (prev > Math.max(30, 2 * s.price0) ? 0.5 : 0.02) ? pick(BONUS_SHARES, rand) : 0;
      const peigu = rand() < 0.04 ? 2 + Math.floor(rand() * 2) : 0;
      const peigujia = peigu ? roundHalfUp(prev * 0.7, 2) : 0;
      xdxr.push({ date: day, category: 1, c1: fenhong, c2: peigujia, c3: song, c4: peigu });
      // The exchange's ex-rights reference price, on the tick grid (the limits are computed from it).
      ref = roundHalfUp((prev * 10 - fenhong + peigu * peigujia) / (10 + song + peigu), 2);
      anchor *= ref / prev;
      if (song || peigu) {
        const f = (10 + song + peigu) / 10;
        const before = { f: floatShares, t: totalShares };
        floatShares = Math.round(floatShares * f);
        totalShares = Math.round(totalShares * f);
        xdxr.push({ date: day, category: 2, c1: before.f / 1e4, c2: before.t / 1e4, c3: floatShares / 1e4, c4: totalShares / 1e4 });
      }
    }
    const time = fromYyyymmdd(day);
    const frac = index ? 1 : limitFraction(board, s.st, time);
    const { up: hi, down: lo } = priceLimits(s, ref, time);
    if (rand() < 0.01) trend = gauss() * 0.0005;
    // +σ²/2 offsets the volatility drag and `skew` the limit days' +1.2% / −0.6% odds; `pull` reverts
    // toward the anchor with a half-life of about five months. Together prices neither melt nor explode over a decade.
    const skew = index || fund ? 0 : -frac * 0.006;
    const pull = -0.005 * Math.log(ref / anchor);
    let r = trend + skew + pull + s.sigma ** 2 / 2 + s.beta * factor[i]! * 0.011 + Math.sqrt(Math.max(s.sigma ** 2 - (s.beta * 0.011) ** 2, 1e-6)) * gauss();
    let open = ref * (1 + r * 0.3 + gauss() * s.sigma * 0.2);
    const shock = index || fund ? 1 : rand();
    if (shock < 0.012)
      r = frac; // limit-up day
    else if (shock < 0.018) r = -frac; // limit-down day
    const close = roundHalfUp(Math.min(hi, Math.max(lo, ref * (1 + r))), decimals);
    open = roundHalfUp(Math.min(hi, Math.max(lo, open)), decimals);
    if (shock < 0.003) open = close; // one-price limit day (一字板)
    const high = close === open && shock < 0.003 ? close : roundHalfUp(Math.min(hi, Math.max(open, close) * (1 + wick())), decimals);
    const low = close === open && shock < 0.003 ? close : roundHalfUp(Math.max(lo, Math.min(open, close) * (1 - wick())), decimals);

    const activity = 1 + Math.abs(r) / s.sigma;
    let vol: number;
    if (index) vol = Math.round(2e8 * activity * (0.7 + rand() * 0.6));
    else {
      const turnover = (s.board === "CHINEXT" || s.board === "STAR" ? 0.025 : 0.012) * activity * (0.5 + rand());
      vol = Math.max(100, Math.round((floatShares * turnover * (shock < 0.003 ? 0.1 : 1)) / 100) * 100);
    }
    const vwap = (open + high + low + close) / 4;
    bars.time[n] = time;
    bars.open[n] = open;
    bars.high[n] = high;
    bars.low[n] = low;
    bars.close[n] = close;
    bars.vol[n] = vol;
    // Index volume is in lots of constituent shares: value it at a typical share price.
    bars.amount[n] = Math.round(index ? vol * 100 * 12 * (0.8 + rand() * 0.4) : vol * vwap);
    if (index) {
      const share = 1 / (1 + Math.exp(-r / 0.006));
      up[n] = Math.round(BREADTH * share * 0.95);
      down[n] = Math.round(BREADTH * (1 - share) * 0.95);
    }
    ymd[n] = day;
    prev = close;
    n++;
  }
  const cut = <T extends Float64Array | Int32Array>(a: T) => a.subarray(0, n) as T;
  return {
    bars: {
      length: n,
      time: cut(bars.time),
      open: cut(bars.open),
      high: cut(bars.high),
      low: cut(bars.low),
      close: cut(bars.close),
      vol: cut(bars.vol),
      amount: cut(bars.amount),
    },
    days: cut(ymd),
    xdxr,
    up: cut(up),
    down: cut(down),
  };
}
