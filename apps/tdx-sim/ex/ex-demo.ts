/**
 * The demo extended market the simulator's second listener serves: a few Hong
 * Kong stocks and an index, index and commodity futures, US stocks. Daily bars
 * are a seeded random walk over the demo calendar; a day's minutes are drawn from
 * its daily bar with the A-share demo's generator (and its A-share session times,
 * for simplicity), its trades from the minutes. Futures carry open interest and a
 * settlement price; trade prices are integers in 1/1000 of the currency, with the
 * nature word Hong Kong uses (0 buy, 256 sell, 512 neutral) or, for futures,
 * side × 10000 + second.
 */
import { aggregateBars, fromYyyymmdd, yyyymmdd, roundHalfUp, allocSeries, barAt, type BarSeries, concatSeries, sliceSeries, dayStart } from "../../../core/bars/index.ts";
import { EX_MARKETS, HK_EQUITY_MARKETS } from "../../../adapters/tdx/ex/ex-markets.ts";
import type { ExBarSeries, ExMinuteSeries, ExQuote, ExRef, ExTradeSeries } from "../../../core/quotes/index.ts";
import { allocExBars, allocExTrades } from "../../../adapters/tdx/ex/ex-codec.ts";
import { tradingDays } from "../demo/calendar.ts";
import { DemoMarket } from "../demo/demo-market.ts";
import { generateMinutes } from "../demo/intraday.ts";
import { hashSeed, mulberry32, normal } from "../demo/prng.ts";
import { HISTORY_START } from "../demo/universe.ts";

export interface ExInstrument extends ExRef {
  readonly name: string;
  readonly price0: number;
  readonly sigma: number;
  readonly futures: boolean;
}

const I = (market: number, code: string, name: string, price0: number, sigma: number, futures = false): ExInstrument => ({ market, code, name, price0, sigma, futures });

export const EX_INSTRUMENTS: readonly ExInstrument[] = [
  I(EX_MARKETS.HK_MAIN_BOARD, "00700", "腾讯控股", 300, 0.02),
  I(EX_MARKETS.HK_MAIN_BOARD, "09988", "阿里巴巴", 90, 0.025),
  I(EX_MARKETS.HK_MAIN_BOARD, "03690", "美团", 120, 0.03),
  I(EX_MARKETS.HK_MAIN_BOARD, "00005", "汇丰控股", 60, 0.012),
  I(EX_MARKETS.HK_INDEX, "HSI", "恒生指数", 20000, 0.012),
  I(EX_MARKETS.CFFEX_FUTURES, "IFL0", "沪深主连", 3800, 0.013, true),
  I(EX_MARKETS.CFFEX_FUTURES, "ICL0", "中证主连", 5500, 0.016, true),
  I(EX_MARKETS.SH_FUTURES, "AUL8", "沪金主连", 450, 0.009, true),
  I(EX_MARKETS.SH_FUTURES, "CUL8", "沪铜主连", 68000, 0.012, true),
  I(EX_MARKETS.US_STOCK, "AAPL", "苹果", 180, 0.017),
];

interface History {
  readonly bars: BarSeries;
  readonly position: Float64Array;
  readonly days: readonly number[];
}

export class ExDemo {
  readonly seed: number;
  readonly #histories = new Map<string, History>();

  constructor(seed: number) {
    this.seed = seed;
  }

  find(ref: ExRef): ExInstrument | undefined {
    return EX_INSTRUMENTS.find((x) => x.market === ref.market && x.code === ref.code);
  }

  /** Complete daily bars through the end of next year (generated once). */
  #history(x: ExInstrument, through: number): History {
    const key = `${x.market}:${x.code}`;
    let h = this.#histories.get(key);
    const last = h?.days.at(-1);
    if (!h || last === undefined || last < through) {
      const days = tradingDays(HISTORY_START, (Math.floor(through / 10000) + 1) * 10000 + 1231);
      const r = mulberry32(hashSeed(this.seed, "ex", key));
      const g = normal(r);
      const bars = allocSeries(days.length);
      const position = new Float64Array(days.length);
      let prev = x.price0;
      let oi = 50_000 + r() * 100_000;
      days.forEach((d, i) => {
        const close = roundHalfUp(prev * Math.exp(x.sigma * g() - (x.sigma * x.sigma) / 2), 3);
        const open = roundHalfUp(prev * (1 + x.sigma * 0.3 * g()), 3);
        bars.time[i] = fromYyyymmdd(d);
        bars.open[i] = open;
        bars.close[i] = close;
        bars.high[i] = roundHalfUp(Math.max(open, close) * (1 + Math.abs(g()) * x.sigma * 0.4), 3);
        bars.low[i] = roundHalfUp(Math.min(open, close) * (1 - Math.abs(g()) * x.sigma * 0.4), 3);
        const vol = Math.round(10_000 + r() * 90_000) * 10;
        bars.vol[i] = vol;
        bars.amount[i] = Math.round((vol * (open + close)) / 2);
        oi = Math.max(1000, oi * (1 + 0.02 * g()));
        position[i] = x.futures ? Math.round(oi) : 0;
        prev = close;
      });
      this.#histories.set(key, (h = { bars, position, days }));
    }
    return h;
  }

  /** Daily bars as of market time `now` (today's partial bar once the session began), and open interest. */
  daily(x: ExInstrument, now: number): { bars: BarSeries; position: Float64Array; days: readonly number[] } {
    const { day, minutesDone, tradingDay } = DemoMarket.session(now);
    const h = this.#history(x, day);
    let n = h.days.findIndex((d) => d >= day);
    if (n < 0) n = h.days.length;
    const today = tradingDay && h.days[n] === day && minutesDone > 0;
    const bars = sliceSeries(h.bars, 0, n + (today ? 1 : 0));
    if (!today || minutesDone >= 240) return { bars, position: h.position.subarray(0, bars.length), days: h.days.slice(0, bars.length) };
    // Today's bar so far, from the minutes done.
    const m = sliceSeries(this.minutesOf(x, day), 0, minutesDone);
    const out = allocSeries(bars.length);
    for (const f of ["time", "open", "high", "low", "close", "vol", "amount"] as const) out[f].set(bars[f]);
    const soFar = barAt(aggregateBars(m, "YEAR"), 0);
    out.high[n] = soFar.high;
    out.low[n] = soFar.low;
    out.close[n] = soFar.close;
    out.vol[n] = soFar.vol;
    out.amount[n] = soFar.amount;
    return { bars: out, position: h.position.subarray(0, out.length), days: h.days.slice(0, out.length) };
  }

  /** The 240 one-minute bars of a day in the history (a RangeError for a day not in it). */
  minutesOf(x: ExInstrument, day: number): BarSeries {
    const h = this.#history(x, day);
    return generateMinutes(this.seed, `ex:${x.market}:${x.code}`, day, barAt(h.bars, h.days.indexOf(day)), 3, 1);
  }

  /** Bars of a category as of `now`: daily-derived or minute-derived, `count` ending `start` back. */
  bars(x: ExInstrument, category: number, start: number, count: number, now: number): ExBarSeries {
    const d = this.daily(x, now);
    const periods: Record<number, "WEEK" | "MONTH" | "SEASON" | "YEAR" | 5 | 15 | 30 | 60 | 1 | null> = {
      4: null,
      9: null,
      5: "WEEK",
      6: "MONTH",
      10: "SEASON",
      11: "YEAR",
      7: 1,
      8: 1,
      0: 5,
      1: 15,
      2: 30,
      3: 60,
    };
    const period = periods[category];
    if (period === undefined) return allocExBars(0);
    let series: BarSeries;
    if (period === null || typeof period === "string") series = period ? aggregateBars(d.bars, period) : d.bars;
    else {
      const parts: BarSeries[] = [];
      const { day: today, minutesDone } = DemoMarket.session(now);
      for (let i = d.days.length - 1, have = 0; i >= 0 && have < start + count; i--) {
        const day = d.days[i]!;
        const m = this.minutesOf(x, day);
        const cut = day === today ? sliceSeries(m, 0, minutesDone) : m;
        const p = period === 1 ? cut : aggregateBars(cut, period);
        parts.unshift(p);
        have += p.length;
      }
      series = concatSeries(parts);
    }
    const to = Math.max(0, series.length - start);
    const from = Math.max(0, to - count);
    const part = sliceSeries(series, from, to);
    const out = allocExBars(part.length);
    for (const f of ["time", "open", "high", "low", "close", "amount"] as const) out[f].set(part[f]);
    out.volume.set(part.vol);
    const dayPos = new Map(d.days.map((day, i) => [day, d.position[i]]));
    for (let k = 0; k < part.length; k++) {
      const b = barAt(part, k);
      out.position[k] = dayPos.get(yyyymmdd(dayStart(b.time))) ?? 0;
      out.settlement[k] = x.futures ? roundHalfUp((b.high + b.low + 2 * b.close) / 4, 3) : 0;
    }
    return out;
  }

  quote(x: ExInstrument, now: number): ExQuote {
    const d = this.daily(x, now);
    const n = d.bars.length - 1;
    const bar = barAt(d.bars, n);
    // One open-interest figure per bar (daily() cuts both to the same length).
    const position = d.position[n]!;
    const positionBefore = n > 0 ? d.position[n - 1]! : position;
    const price = bar.close;
    const tick = price >= 1000 ? 1 : price >= 100 ? 0.1 : 0.01;
    const r = mulberry32(hashSeed(this.seed, "ex-book", x.code, Math.floor(now / 60_000)));
    const five = (f: (k: number) => number) => [0, 1, 2, 3, 4].map(f);
    const vol = bar.vol;
    const inner = Math.round(vol * (0.45 + r() * 0.1));
    return {
      market: x.market,
      code: x.code,
      activity: 0,
      preClose: n > 0 ? barAt(d.bars, n - 1).close : bar.open,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      price,
      kaicang: x.futures ? Math.round(vol * 0.3) : 0,
      zengcang: x.futures ? Math.round(position - positionBefore) : 0,
      zongliang: vol,
      xianliang: Math.max(1, Math.round(r() * 50)),
      amount: bar.amount,
      neipan: inner,
      waipan: vol - inner,
      unknown: 0,
      chicang: position,
      bids: five((k) => roundHalfUp(price - (k + 1) * tick, 3)),
      bidVols: five(() => 1 + Math.round(r() * 200)),
      asks: five((k) => roundHalfUp(price + (k + 1) * tick, 3)),
      askVols: five(() => 1 + Math.round(r() * 200)),
    };
  }

  /** Today's minute line so far (the last session's when not trading). */
  minute(x: ExInstrument, now: number): ExMinuteSeries {
    const d = this.daily(x, now);
    const day = d.days.at(-1);
    const openInterest = d.position.at(-1);
    const { day: today, minutesDone } = DemoMarket.session(now);
    // Before the history's first day there is no session to show.
    const m = day === undefined ? allocSeries(0) : day === today ? sliceSeries(this.minutesOf(x, day), 0, minutesDone) : this.minutesOf(x, day);
    const out = {
      length: m.length,
      minute: new Float64Array(m.length),
      price: Float64Array.from(m.close),
      avgPrice: new Float64Array(m.length),
      volume: Float64Array.from(m.vol),
      openInterest: new Float64Array(m.length).fill(openInterest ?? 0),
    };
    let v = 0;
    let a = 0;
    for (let i = 0; i < m.length; i++) {
      const b = barAt(m, i);
      out.minute[i] = Math.round((b.time - dayStart(b.time)) / 60_000);
      v += b.vol;
      a += b.amount;
      out.avgPrice[i] = v > 0 ? roundHalfUp(a / v, 3) : b.close;
    }
    return out;
  }

  /**
   * A day's trades (today's up to `now`), oldest first: 10 to 20 prints a minute
   * (futures and Hong Kong trade far more often than the A-share demo's ticks),
   * between the minute's low and high, its volume split among them.
   */
  trades(x: ExInstrument, now: number, date?: number): ExTradeSeries {
    const d = this.daily(x, now);
    const day = date ?? d.days.at(-1);
    if (day === undefined || !d.days.includes(day)) return allocExTrades(0);
    const { day: today, minutesDone } = DemoMarket.session(now);
    const all = this.minutesOf(x, day);
    const m = day === today ? sliceSeries(all, 0, minutesDone) : all;
    const r = mulberry32(hashSeed(this.seed, "ex-trades", x.code, day));
    const hk = HK_EQUITY_MARKETS.has(x.market);
    const rows: [minute: number, price: number, vol: number, zengcang: number, nature: number][] = [];
    // The first print's side compares it with the day's open.
    let last = m.open[0] ?? NaN;
    for (let i = 0; i < m.length; i++) {
      const b = barAt(m, i);
      const n = 10 + Math.floor(r() * 11);
      const minute = Math.round((b.time - dayStart(b.time)) / 60_000) - 1;
      let left = b.vol;
      for (let k = 0; k < n && left > 0; k++) {
        const price = k === n - 1 ? b.close : roundHalfUp(b.low + r() * (b.high - b.low), 3);
        const vol = k === n - 1 ? left : Math.min(left, Math.max(1, Math.round((left / (n - k)) * (0.5 + r()))));
        left -= vol;
        const side = price > last ? 0 : price < last ? 1 : r() < 0.1 ? 2 : Math.floor(r() * 2);
        last = price;
        const second = Math.floor((k * 60) / n);
        rows.push([minute, Math.round(price * 1000), vol, x.futures ? Math.round((r() - 0.5) * vol) : 0, hk ? side * 256 : side * 10000 + second]);
      }
    }
    const out = allocExTrades(rows.length);
    rows.forEach(([minute, price, vol, zc, nature], k) => {
      out.minute[k] = minute;
      out.price[k] = price;
      out.volume[k] = vol;
      out.zengcang[k] = zc;
      out.nature[k] = nature;
    });
    return out;
  }
}
