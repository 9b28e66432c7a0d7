/**
 * The generated demo market as of a moment: every security's daily history up to
 * the last trading day, and on a trading day the part of today that has happened
 * (minute bars, ticks and a partial daily bar cut at the current minute).
 */
import { dayStart, tradingMinute, minuteOfDay, yyyymmdd, allocSeries, barAt, type BarSeries, sliceSeries, type Market } from "../../../core/bars/index.ts";
import { isTradingDay, tradingDays } from "./calendar.ts";
import { type DemoHistory, generateDaily, marketFactor } from "./daily.ts";
import type { TickSeries } from "../../../core/quotes/index.ts";
import { generateMinutes, generateTicks, MINUTES_PER_DAY } from "./intraday.ts";
import { boardDaily } from "./board-daily.ts";
import { boardSecurity, type DemoBoard, demoBoards } from "./boards.ts";
import { fullUniverse } from "./full-universe.ts";
import { type DemoSecurity, demoUniverse, HISTORY_START, type UniverseSize } from "./universe.ts";

export const DEFAULT_SEED = 20260101;

const CACHE_LIMIT = 4096;
/**
 * Whole histories kept (~150 kB each): every security of the demo universe
 * (~1,300 with the board indices), a bounded share of the full-size one.
 */
export const HISTORY_LIMIT = 2048;

/** A bounded memo: forgets everything when full (entries are cheap to regenerate). */
function remember<V>(cache: Map<string, V>, key: string, value: V, limit = CACHE_LIMIT): void {
  if (cache.size >= limit) cache.clear();
  cache.set(key, value);
}

const sliceBars = (s: BarSeries, n: number): BarSeries => ({
  length: n,
  time: s.time.subarray(0, n),
  open: s.open.subarray(0, n),
  high: s.high.subarray(0, n),
  low: s.low.subarray(0, n),
  close: s.close.subarray(0, n),
  vol: s.vol.subarray(0, n),
  amount: s.amount.subarray(0, n),
});

export class DemoMarket {
  readonly seed: number;
  readonly universe: readonly DemoSecurity[];
  /** Every board; those with an index security (all but ZS) are in `universe` on SH. */
  readonly boards: readonly DemoBoard[];
  readonly #byKey = new Map<string, DemoSecurity>();
  readonly #boardByCode = new Map<string, DemoBoard>();
  #calendarEnd = 0;
  #days: number[] = [];
  #factor: Float64Array = new Float64Array(0);
  readonly #histories = new Map<string, DemoHistory>();
  #generated = 0;
  /** Recently generated minute days and "as of now" views: quotes and bars ask for the same ones repeatedly. */
  readonly #minuteCache = new Map<string, BarSeries>();
  readonly #viewCache = new Map<string, DemoHistory>();

  constructor(seed = DEFAULT_SEED, size: UniverseSize = "demo") {
    this.seed = seed;
    const base = size === "full" ? fullUniverse(seed) : demoUniverse(seed);
    this.boards = demoBoards(seed, base);
    const indices = this.boards.filter((b) => b.kind !== "ZS");
    for (const b of indices) this.#boardByCode.set(b.code, b);
    this.universe = [...base, ...indices.map(boardSecurity)].sort((a, b) => (a.market === b.market ? a.code.localeCompare(b.code) : a.market.localeCompare(b.market)));
    for (const s of this.universe) this.#byKey.set(s.market + s.code, s);
  }

  /** Histories generated so far (a warmed market generates none when read again). */
  get historiesGenerated(): number {
    return this.#generated;
  }

  /** The board behind a board index security (SH 880xxx/881xxx), if it is one. */
  board(code: string): DemoBoard | undefined {
    return this.#boardByCode.get(code);
  }

  find(market: Market, code: string): DemoSecurity | undefined {
    return this.#byKey.get(market + code);
  }

  list(market: Market): DemoSecurity[] {
    return this.universe.filter((s) => s.market === market);
  }

  /** Lot size behind volume units: 100 shares (indices count lots already). */
  lotSize(s: DemoSecurity): number {
    return s.kind === "index" ? 1 : 100;
  }

  decimals(s: DemoSecurity): number {
    return s.kind === "fund" ? 3 : 2;
  }

  /** Full-day history through `lastDay` (YYYYMMDD, a trading day or not). */
  history(s: DemoSecurity, lastDay: number): DemoHistory {
    if (lastDay > this.#calendarEnd) {
      // Extend the calendar well past today so a long-running server rarely regenerates.
      this.#calendarEnd = Math.max(lastDay, yyyymmdd(Date.UTC(Math.floor(lastDay / 10000) + 1, 11, 31)));
      this.#days = tradingDays(HISTORY_START, this.#calendarEnd);
      this.#factor = marketFactor(this.seed, this.#days);
      this.#histories.clear();
      this.#minuteCache.clear();
      this.#viewCache.clear();
    }
    const key = s.market + s.code;
    let h = this.#histories.get(key);
    if (!h) remember(this.#histories, key, (h = this.#generate(s)), HISTORY_LIMIT);
    let n = h.days.length;
    while (n > 0 && h.days[n - 1]! > lastDay) n--;
    return n === h.days.length ? h : { bars: sliceBars(h.bars, n), days: h.days.subarray(0, n), xdxr: h.xdxr.filter((x) => x.date <= lastDay), up: h.up.subarray(0, n), down: h.down.subarray(0, n) };
  }

  /** A security's whole history on the current calendar; board indices follow their members. */
  #generate(s: DemoSecurity): DemoHistory {
    this.#generated++;
    const board = s.market === "SH" ? this.#boardByCode.get(s.code) : undefined;
    if (!board) return generateDaily(this.seed, s, this.#days, this.#factor);
    return boardDaily(
      board.members.map((m) => this.history(m, this.#calendarEnd)),
      this.#days,
      s.listDate,
    );
  }

  /** Index of `day` in a history, or -1. */
  static dayIndex(h: DemoHistory, day: number): number {
    let lo = 0;
    let hi = h.days.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = h.days[mid]!;
      if (at === day) return mid;
      if (at < day) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** The 240 minute bars of a full trading day in the history, or undefined. */
  minutes(s: DemoSecurity, day: number): BarSeries | undefined {
    const key = `${s.market}${s.code}:${day}`;
    const hit = this.#minuteCache.get(key);
    if (hit) return hit;
    const m = this.#generateMinutes(s, day);
    if (m) remember(this.#minuteCache, key, m);
    return m;
  }

  #generateMinutes(s: DemoSecurity, day: number): BarSeries | undefined {
    const h = this.history(s, day);
    const i = DemoMarket.dayIndex(h, day);
    if (i < 0) return undefined;
    return generateMinutes(this.seed, s.market + s.code, day, barAt(h.bars, i), this.decimals(s), this.lotSize(s));
  }

  ticks(s: DemoSecurity, day: number): TickSeries | undefined {
    const m = this.minutes(s, day);
    return m && generateTicks(this.seed, s.market + s.code, day, m, this.lotSize(s));
  }

  /**
   * The market as seen at market time `now`: completed minutes of today (0 before
   * 09:30, 240 after 15:00), and the trading day they belong to.
   */
  static session(now: number): { day: number; minutesDone: number; tradingDay: boolean } {
    const day = yyyymmdd(dayStart(now));
    if (!isTradingDay(day)) return { day, minutesDone: 0, tradingDay: false };
    const t = tradingMinute(minuteOfDay(now));
    return { day, minutesDone: Math.max(0, Math.min(MINUTES_PER_DAY, Math.floor(t))), tradingDay: true };
  }

  /** Minute bars of today cut at `now` (empty before the open or on a holiday). */
  minutesAt(s: DemoSecurity, now: number): BarSeries {
    const { day, minutesDone, tradingDay } = DemoMarket.session(now);
    const m = tradingDay ? this.minutes(s, day) : undefined;
    return m
      ? sliceBars(m, minutesDone)
      : sliceBars(
          {
            length: 0,
            time: new Float64Array(0),
            open: new Float64Array(0),
            high: new Float64Array(0),
            low: new Float64Array(0),
            close: new Float64Array(0),
            vol: new Float64Array(0),
            amount: new Float64Array(0),
          },
          0,
        );
  }

  /**
   * Daily bars as of `now`: complete days before today, plus today's partial bar
   * (aggregated from the minutes done) once the continuous session has begun.
   */
  dailyAt(s: DemoSecurity, now: number): DemoHistory {
    const { day, minutesDone } = DemoMarket.session(now);
    const key = `${s.market}${s.code}:${day}:${minutesDone}`;
    const hit = this.#viewCache.get(key);
    if (hit) return hit;
    const view = this.#dailyAt(s, now);
    remember(this.#viewCache, key, view);
    return view;
  }

  /**
   * The last `n` bars of `dailyAt(s, now)`, copying no more than those: a quote
   * needs two bars, not the decade `dailyAt` copies to append today's partial bar.
   */
  tailAt(s: DemoSecurity, now: number, n: number): DemoHistory {
    return this.#view(s, now, n);
  }

  #dailyAt(s: DemoSecurity, now: number): DemoHistory {
    return this.#view(s, now, Infinity);
  }

  /** Daily bars as of `now`, the last `n` of them. */
  #view(s: DemoSecurity, now: number, n: number): DemoHistory {
    const { day, minutesDone, tradingDay } = DemoMarket.session(now);
    const full = this.history(s, day);
    const last = full.days.length - 1;
    const today = tradingDay && last >= 0 && full.days[last] === day;
    if (!today || minutesDone === MINUTES_PER_DAY) return tail(full, Math.max(0, last + 1 - n), last + 1, full.xdxr);
    // Before the open today's bar and today's events are not there yet.
    if (minutesDone === 0)
      return tail(
        full,
        Math.max(0, last - n),
        last,
        full.xdxr.filter((x) => x.date < day),
      );
    const from = Math.max(0, last + 1 - n);
    const k = last + 1 - from;
    const bars = allocSeries(k);
    for (const f of ["time", "open", "high", "low", "close", "vol", "amount"] as const) bars[f].set(full.bars[f].subarray(from, last + 1));
    const m = sliceSeries(this.minutes(s, day)!, 0, minutesDone);
    let hi = -Infinity;
    let lo = Infinity;
    let v = 0;
    let a = 0;
    for (let i = 0; i < m.length; i++) {
      hi = Math.max(hi, m.high[i]!);
      lo = Math.min(lo, m.low[i]!);
      v += m.vol[i]!;
      a += m.amount[i]!;
    }
    bars.open[k - 1] = barAt(m, 0).open;
    bars.high[k - 1] = hi;
    bars.low[k - 1] = lo;
    bars.close[k - 1] = barAt(m, m.length - 1).close;
    bars.vol[k - 1] = v;
    bars.amount[k - 1] = a;
    return { bars, days: full.days.slice(from, last + 1), xdxr: full.xdxr, up: full.up.slice(from, last + 1), down: full.down.slice(from, last + 1) };
  }
}

/** Bars [from, to) of a history as views (no copy), with the events given. */
function tail(h: DemoHistory, from: number, to: number, xdxr: DemoHistory["xdxr"]): DemoHistory {
  return { bars: sliceSeries(h.bars, from, to), days: h.days.subarray(from, to), xdxr, up: h.up.subarray(from, to), down: h.down.subarray(from, to) };
}
