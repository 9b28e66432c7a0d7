/**
 * The demo market as a simulator source: quotes, bars of every category, minute
 * lines, ticks, auctions, xdxr, finance and F10 text, all derived from the
 * generated histories and cut at the moment asked.
 */
import { aggregateBars, barAt, type Period, yyyymmdd, roundHalfUp, type BarSeries, dayStart, minuteOfDay, type Market as MarketName } from "../../../core/bars/index.ts";
import { encodeQuoteServerTime } from "../../../adapters/tdx/tdx-codec-quotes.ts";
import type { HistoryMinuteReply } from "../../../adapters/tdx/tdx-codec-minute.ts";
import type { HistoryTransactionsReply } from "../../../adapters/tdx/tdx-codec-transactions.ts";
import {
  type AuctionSeries,
  type CompanyInfoEntry,
  EMPTY_MINUTES,
  emptyTicks,
  type FinanceInfo,
  type IndexBarSeries,
  type MarketId,
  type MinuteSeries,
  type Quote,
  type SecurityInfo,
  type SecurityRef,
  type TickSeries,
  type XdxrEntry,
} from "../../../core/quotes/index.ts";
import type { SimSource } from "../sim-source.ts";
import { DemoMarket } from "./demo-market.ts";
import { companyFiles, companyText } from "./f10.ts";
import { boardFiles } from "./board-files.ts";
import { DemoReportFiles } from "./gpcw-reports.ts";
import { DemoMacData } from "../mac/demo-mac.ts";
import { macHandlers } from "../mac/mac-handlers.ts";
import { type DemoHistory, priceLimits } from "./daily.ts";
import { hashSeed, mulberry32 } from "./prng.ts";
import type { DemoSecurity } from "./universe.ts";

const MARKET_NAME: Record<number, MarketName> = { 0: "SZ", 1: "SH", 2: "BJ" };
const MARKET_ID: Record<MarketName, MarketId> = { SZ: 0, SH: 1, BJ: 2 };

/** Bar categories derived from daily bars, and from one-minute bars. */
const DAILY_PERIOD: Record<number, Period | null> = { 4: null, 9: null, 5: "WEEK", 6: "MONTH", 10: "SEASON", 11: "YEAR" };
const MINUTE_PERIOD: Record<number, 1 | 5 | 15 | 30 | 60> = { 7: 1, 8: 1, 0: 5, 1: 15, 2: 30, 3: 60 };

function tail<T extends BarSeries>(s: T, start: number, count: number): { from: number; to: number } {
  const to = Math.max(0, s.length - start);
  return { from: Math.max(0, to - count), to };
}

function sliceBars(s: BarSeries, from: number, to: number): BarSeries {
  return {
    length: to - from,
    time: s.time.slice(from, to),
    open: s.open.slice(from, to),
    high: s.high.slice(from, to),
    low: s.low.slice(from, to),
    close: s.close.slice(from, to),
    vol: s.vol.slice(from, to),
    amount: s.amount.slice(from, to),
  };
}

function concatBars(parts: readonly BarSeries[]): BarSeries {
  const n = parts.reduce((a, p) => a + p.length, 0);
  const out = { length: n } as { -readonly [K in keyof BarSeries]: BarSeries[K] };
  for (const f of ["time", "open", "high", "low", "close", "vol", "amount"] as const) {
    const a = new Float64Array(n);
    let o = 0;
    for (const p of parts) {
      a.set(p[f], o);
      o += p.length;
    }
    out[f] = a;
  }
  return out;
}

export class DemoSource implements SimSource {
  readonly name = "demo";
  readonly market: DemoMarket;
  readonly #lists = new Map<number, SecurityInfo[]>();
  #boardFiles: Map<string, Uint8Array> | undefined;
  readonly #reports: DemoReportFiles;

  constructor(market = new DemoMarket()) {
    this.market = market;
    this.#reports = new DemoReportFiles(market);
  }

  #sec(ref: SecurityRef): DemoSecurity | undefined {
    const m = MARKET_NAME[ref.market];
    return m ? this.market.find(m, ref.code) : undefined;
  }

  securities(market: MarketId): readonly SecurityInfo[] {
    let list = this.#lists.get(market);
    if (!list) {
      const name = MARKET_NAME[market];
      list = (name ? this.market.list(name) : []).map((s) => ({
        code: s.code,
        volUnit: 100,
        name: s.name,
        decimals: this.market.decimals(s),
        preClose: s.kind === "index" ? s.price0 : 0,
        reserved1: 0,
        reserved2: 0,
      }));
      this.#lists.set(market, list);
    }
    return list;
  }

  decimals(ref: SecurityRef): number {
    const s = this.#sec(ref);
    return s ? this.market.decimals(s) : 2;
  }

  isIndex(ref: SecurityRef): boolean {
    return this.#sec(ref)?.kind === "index";
  }

  /** The ex-rights reference price of bar `i` (its pre_close). */
  #preClose(h: DemoHistory, i: number): number {
    if (i <= 0) return barAt(h.bars, 0).open;
    const prev = barAt(h.bars, i - 1).close;
    const ev = h.xdxr.find((x) => x.category === 1 && x.date === h.days[i]);
    return ev ? roundHalfUp((prev * 10 - ev.c1 + ev.c4 * ev.c2) / (10 + ev.c3 + ev.c4), 2) : prev;
  }

  quote(ref: SecurityRef, now: number): Quote | undefined {
    const s = this.#sec(ref);
    if (!s) return undefined;
    // The last two bars are all a quote needs (today's and the previous close).
    const h = this.market.tailAt(s, now, 2);
    const i = h.bars.length - 1;
    const barDay = h.days.at(-1);
    if (i < 0 || barDay === undefined) return undefined;
    const bar = barAt(h.bars, i);
    const dec = this.market.decimals(s);
    const tick = 10 ** -dec;
    const lot = this.market.lotSize(s);
    const price = bar.close;
    const preClose = this.#preClose(h, i);
    const { minutesDone, tradingDay, day } = DemoMarket.session(now);
    const live = tradingDay && barDay === day && minutesDone < 240;
    // Outside the session (after 15:00, before the open, on holidays) the quote is the last session's
    // close, identical whenever it is read: everything below depends on (bar day, minutes done) only.
    const done = live ? minutesDone : 240;
    const mins = live ? this.market.minutesAt(s, now) : undefined;
    const ago = mins && mins.length > 5 ? mins.close[mins.length - 6] : undefined;
    const r = mulberry32(hashSeed(this.market.seed, "book", s.code, barDay, done));
    const lots = Math.round(bar.vol / lot);
    const bVol = Math.round(lots * (0.45 + r() * 0.1));
    // The book sits on the tick grid next to the last price, never beyond the day's price limits (an
    // empty level is 0 at 0, as TDX sends it: no asks at limit-up, no bids at limit-down).
    const { up, down } = priceLimits(s, preClose, bar.time);
    const level = (k: number, side: 1 | -1) => {
      const p = roundHalfUp(price + side * (k + 1) * tick, dec);
      return p > up + tick / 2 || p < down - tick / 2 ? 0 : p;
    };
    const bids = [0, 1, 2, 3, 4].map((k) => level(k, -1));
    const asks = [0, 1, 2, 3, 4].map((k) => level(k, 1));
    const book = (p: number) => (p === 0 ? 0 : Math.max(1, Math.round(r() * 500)));
    const msOfDay = live ? now - dayStart(now) : 15 * 3_600_000 + 3000;
    return {
      market: ref.market,
      code: s.code,
      active1: done + 1,
      price,
      preClose,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      serverTime: encodeQuoteServerTime(msOfDay),
      unknownNegPrice: -Math.round(price * 10 ** dec),
      vol: lots,
      curVol: Math.max(1, Math.round(r() * 50)),
      amount: bar.amount,
      sVol: lots - bVol,
      bVol,
      unknown16: 0,
      unknown17: 0,
      bids,
      asks,
      bidVols: bids.map(book),
      askVols: asks.map(book),
      unknownStatus: 0,
      unknownTail: [0, 0, 0, 0],
      riseSpeed: ago ? roundHalfUp(((price - ago) / ago) * 100, 2) : 0,
      active2: done + 1,
    };
  }

  bars(ref: SecurityRef, category: number, start: number, count: number, now: number): BarSeries | IndexBarSeries {
    const s = this.#sec(ref);
    if (!s) return sliceBars(concatBars([]), 0, 0);
    const index = s.kind === "index";
    if (category in DAILY_PERIOD) {
      const h = this.market.dailyAt(s, now);
      const period = DAILY_PERIOD[category];
      const bars = period ? aggregateBars(h.bars, period) : h.bars;
      const { from, to } = tail(bars, start, count);
      const out = sliceBars(bars, from, to);
      return index ? this.#withBreadth(out, h) : out;
    }
    const period = MINUTE_PERIOD[category];
    if (period === undefined) return sliceBars(concatBars([]), 0, 0);
    // Walk back day by day until enough bars are collected.
    const perDay = 240 / period;
    const need = start + count;
    const parts: BarSeries[] = [];
    let have = 0;
    const h = this.market.dailyAt(s, now);
    const { day: today } = DemoMarket.session(now);
    for (let i = h.days.length - 1; i >= 0 && have < need; i--) {
      const day = h.days[i]!;
      const m = day === today ? this.market.minutesAt(s, now) : this.market.minutes(s, day)!;
      const bars = period === 1 ? m : aggregateBars(m, period);
      parts.unshift(bars);
      have += day === today ? bars.length : perDay;
    }
    const all = concatBars(parts);
    const { from, to } = tail(all, start, count);
    const out = sliceBars(all, from, to);
    return index ? this.#withBreadth(out, h) : out;
  }

  /** Index bars carry the breadth of the day each bar falls on. */
  #withBreadth(bars: BarSeries, h: DemoHistory): IndexBarSeries {
    const up = new Float64Array(bars.length);
    const down = new Float64Array(bars.length);
    for (let k = 0, j = 0; k < bars.length; k++) {
      const day = yyyymmdd(dayStart(bars.time[k]!));
      while (j < h.days.length - 1 && h.days[j]! < day) j++;
      // j is a day of h (the bars come from h's days), and up/down hold one count per day.
      up[k] = h.up[j]!;
      down[k] = h.down[j]!;
    }
    return { ...bars, up, down };
  }

  /** The trading day a "today" request means: today once trading began, else the last one. */
  #lastSessionDay(s: DemoSecurity, now: number): number | undefined {
    return this.market.dailyAt(s, now).days.at(-1);
  }

  #minuteLine(s: DemoSecurity, bars: BarSeries): MinuteSeries {
    const lot = this.market.lotSize(s);
    return {
      length: bars.length,
      price: Float64Array.from(bars.close),
      vol: bars.vol.map((v) => Math.round(v / lot)),
      unknown: new Float64Array(bars.length),
    };
  }

  minute(ref: SecurityRef, now: number): MinuteSeries {
    const s = this.#sec(ref);
    const day = s && this.#lastSessionDay(s, now);
    if (!s || day === undefined) return EMPTY_MINUTES;
    const { day: today } = DemoMarket.session(now);
    return this.#minuteLine(s, day === today ? this.market.minutesAt(s, now) : this.market.minutes(s, day)!);
  }

  historyMinute(ref: SecurityRef, date: number, now: number): HistoryMinuteReply {
    const s = this.#sec(ref);
    const h = s && this.market.dailyAt(s, now);
    const i = h ? DemoMarket.dayIndex(h, date) : -1;
    if (!s || !h || i < 0) return { preClose: 0, series: EMPTY_MINUTES };
    const { day: today } = DemoMarket.session(now);
    const m = date === today ? this.market.minutesAt(s, now) : this.market.minutes(s, date)!;
    return { preClose: this.#preClose(h, i), series: this.#minuteLine(s, m) };
  }

  #tickSeries(s: DemoSecurity, day: number, now: number, withOrders: boolean): TickSeries {
    const t = this.market.ticks(s, day);
    if (!t) return emptyTicks();
    const { day: today } = DemoMarket.session(now);
    let n = t.length;
    if (day === today) {
      const lastDone = this.market.minutesAt(s, now).time.at(-1);
      const lastWall = lastDone === undefined ? 0 : minuteOfDay(lastDone);
      n = 0;
      while (n < t.length && t.minute[n]! < lastWall) n++;
    }
    return {
      length: n,
      minute: t.minute.slice(0, n),
      price: t.price.slice(0, n),
      vol: t.vol.slice(0, n),
      orders: withOrders ? t.orders.slice(0, n) : new Float64Array(n).fill(NaN),
      direction: t.direction.slice(0, n),
      reserved: new Float64Array(n),
    };
  }

  ticks(ref: SecurityRef, now: number): TickSeries {
    const s = this.#sec(ref);
    const day = s && this.#lastSessionDay(s, now);
    return s && day !== undefined ? this.#tickSeries(s, day, now, true) : emptyTicks();
  }

  historyTicks(ref: SecurityRef, date: number, now: number): HistoryTransactionsReply {
    const s = this.#sec(ref);
    const h = s && this.market.dailyAt(s, now);
    const i = h ? DemoMarket.dayIndex(h, date) : -1;
    if (!s || !h || i < 0) return { preClose: 0, ticks: emptyTicks() };
    return { preClose: this.#preClose(h, i), ticks: this.#tickSeries(s, date, now, false) };
  }

  auction(ref: SecurityRef, now: number): AuctionSeries {
    const s = this.#sec(ref);
    const h = s && this.market.dailyAt(s, now);
    const barDay = h?.days.at(-1);
    const empty = { length: 0, second: new Float64Array(0), price: new Float64Array(0), matched: new Float64Array(0), unmatched: new Float64Array(0) };
    if (!s || !h || barDay === undefined) return empty;
    const i = h.bars.length - 1;
    const bar = barAt(h.bars, i);
    const { day, tradingDay } = DemoMarket.session(now);
    const secondsNow = (now - dayStart(now)) / 1000;
    // The opening auction runs 09:15–09:25; one record every 15 seconds.
    const limit = tradingDay && barDay === day ? Math.min(secondsNow, 9 * 3600 + 25 * 60) : 9 * 3600 + 25 * 60;
    const r = mulberry32(hashSeed(this.market.seed, "auction", s.code, barDay));
    const pre = this.#preClose(h, i);
    const open = bar.open;
    const dec = this.market.decimals(s);
    const out = { second: [] as number[], price: [] as number[], matched: [] as number[], unmatched: [] as number[] };
    const first = 9 * 3600 + 15 * 60;
    const steps = 40;
    for (let k = 0; k <= steps; k++) {
      const t = first + k * 15;
      if (t > limit) break;
      const x = k / steps;
      out.second.push(t);
      out.price.push(roundHalfUp(pre + (open - pre) * x + (1 - x) * (r() - 0.5) * pre * 0.01, dec));
      out.matched.push(Math.round((bar.vol / this.market.lotSize(s)) * 0.02 * x));
      out.unmatched.push(Math.round((r() - 0.5) * 2000));
    }
    return {
      length: out.second.length,
      second: Float64Array.from(out.second),
      price: Float64Array.from(out.price),
      matched: Float64Array.from(out.matched),
      unmatched: Float64Array.from(out.unmatched),
    };
  }

  xdxr(ref: SecurityRef, now: number): readonly XdxrEntry[] {
    const s = this.#sec(ref);
    if (!s) return [];
    return this.market.dailyAt(s, now).xdxr.map((x) => ({ ...x, market: MARKET_ID[s.market], code: s.code }));
  }

  finance(ref: SecurityRef, now: number): FinanceInfo | undefined {
    const s = this.#sec(ref);
    if (!s || s.kind === "index") return undefined;
    const h = this.market.dailyAt(s, now);
    const price = h.bars.close.at(-1) ?? s.price0;
    let total = s.totalShares;
    let float = s.floatShares;
    for (const x of h.xdxr) if (x.category === 2) [float, total] = [x.c3 * 1e4, x.c4 * 1e4];
    const r = mulberry32(hashSeed(this.market.seed, "finance", s.market, s.code));
    const equity = total * price * (0.2 + r() * 0.5);
    const assets = equity * (1.5 + r() * 4);
    const revenue = assets * (0.1 + r() * 0.6);
    const net = revenue * (r() * 0.2 - 0.03);
    const m = (x: number) => Math.round(x / 1000) * 1000;
    const last = h.days.at(-1) ?? s.listDate;
    return {
      market: ref.market,
      code: s.code,
      floatShares: float,
      province: 1 + Math.floor(r() * 31),
      industry: 1 + Math.floor(r() * 60),
      updatedDate: Math.floor(last / 10000) * 10000 + (last % 10000 >= 1031 ? 1030 : last % 10000 >= 831 ? 830 : 430),
      ipoDate: s.listDate,
      totalShares: total,
      stateShares: 0,
      promoterShares: m(total * 0.1),
      legalPersonShares: m(total * 0.05),
      bShares: 0,
      hShares: 0,
      eps: roundHalfUp(net / total, 2),
      totalAssets: m(assets),
      currentAssets: m(assets * 0.45),
      fixedAssets: m(assets * 0.3),
      intangibleAssets: m(assets * 0.05),
      shareholders: Math.round(20_000 + r() * 300_000),
      currentLiabilities: m((assets - equity) * 0.6),
      longTermLiabilities: m((assets - equity) * 0.4),
      capitalReserve: m(equity * 0.3),
      netAssets: m(equity),
      mainRevenue: m(revenue),
      mainProfit: m(revenue * 0.25),
      receivables: m(assets * 0.1),
      operatingProfit: m(net * 1.2),
      investmentIncome: m(net * 0.05),
      operatingCashFlow: m(net * 1.1),
      totalCashFlow: m(net * 0.4),
      inventory: m(assets * 0.08),
      totalProfit: m(net * 1.25),
      afterTaxProfit: m(net),
      netProfit: m(net),
      undistributedProfit: m(equity * 0.25),
      netAssetsPerShare: roundHalfUp(equity / total, 2),
      reserved: 0,
    };
  }

  companyCategory(ref: SecurityRef): readonly CompanyInfoEntry[] {
    const s = this.#sec(ref);
    return s ? companyFiles(this.market.seed, s) : [];
  }

  companyText(ref: SecurityRef, filename: string): string | undefined {
    const s = this.#sec(ref);
    return s && filename === `${s.code}.txt` ? companyText(this.market.seed, s) : undefined;
  }

  /** The mac command set (boards, ranked lists, capital flow, ...) over this market. */
  extraHandlers(): ReadonlyMap<number, (payload: Uint8Array, now: number) => Uint8Array> {
    return macHandlers(new DemoMacData(this));
  }

  /** Board files (block_*.dat, tdxzs3.cfg, tdxhy.cfg) and the tdxfin/ report archives. */
  file(name: string, now: number): Uint8Array | undefined {
    this.#boardFiles ??= boardFiles(this.market.boards);
    return this.#boardFiles.get(name) ?? this.#reports.file(name, yyyymmdd(dayStart(now)));
  }
}
