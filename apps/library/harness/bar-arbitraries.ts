/**
 * fast-check arbitraries of daily bar series that keep the A-share rules a
 * strategy meets in real data, for plugin authors' property tests (and the
 * project's own plugin contract tests):
 *
 * - securities of every board (main, ChiNext, STAR, Beijing), some ST, their
 *   board read from the code by core/market/trading-board.ts;
 * - weekday trading dates from 2015 on, so series cross the ChiNext reform
 *   (±20 % from 2020-08-24) and the main-board ST change (±10 % from 2025-07-07);
 * - prices on the 0.01 tick, every bar within the day's price limits taken
 *   from the previous close with core/market/price-limit.ts (no second copy of
 *   the limit table here), with limit-up and limit-down days (one-price days too);
 * - suspensions (volume 0, the previous close all day, as the engine reads them);
 * - ex-rights events (cash dividends, bonus shares) whose ex-date limits are taken
 *   from the ex-rights reference price (core/bars/price-events.ts formula),
 *   reported as category-1 xdxr records;
 * - volumes in lots of 100 shares, amounts within the day's range.
 */
import fc from "fast-check";
import { marketTime, yyyymmdd, priceEvents, allocSeries, type BarSeries, DAY_MS, type XdxrRecord } from "../../../core/bars/index.ts";
import { limitFraction, roundToTick, tickOf, type Board, type Exchange, type SecurityRules, securityRules } from "../../../core/market/index.ts";

/** Shares per lot of the volumes generated. */
export const LOT_SHARES = 100;

/** Sample code prefixes of listed shares by board (the board itself is then taken from core's rules). */
const PREFIXES: Readonly<Record<Exclude<Board, "fund">, readonly (readonly [Exchange, string])[]>> = {
  main: [
    ["SH", "600"],
    ["SH", "601"],
    ["SH", "603"],
    ["SH", "605"],
    ["SZ", "000"],
    ["SZ", "001"],
    ["SZ", "002"],
    ["SZ", "003"],
  ],
  chinext: [
    ["SZ", "300"],
    ["SZ", "301"],
  ],
  star: [["SH", "688"]],
  bj: [
    ["BJ", "430"],
    ["BJ", "830"],
    ["BJ", "870"],
    ["BJ", "920"],
  ],
};

export type ShareBoard = keyof typeof PREFIXES;
export const SHARE_BOARDS = Object.keys(PREFIXES) as readonly ShareBoard[];

/** A listed share of one of `boards` (default all), ST in about one case of five unless `st` says. */
export function listedSecurity(opts: { boards?: readonly ShareBoard[]; st?: boolean } = {}): fc.Arbitrary<SecurityRules> {
  const boards = opts.boards ?? SHARE_BOARDS;
  return fc
    .record({
      prefix: fc.constantFrom(...boards.flatMap((b) => PREFIXES[b])),
      rest: fc.integer({ min: 0, max: 999 }),
      st: opts.st === undefined ? fc.integer({ min: 0, max: 4 }).map((k) => k === 0) : fc.constant(opts.st),
    })
    .map(({ prefix: [market, p], rest, st }) => securityRules({ market, code: `${p}${String(rest).padStart(3, "0")}`, st }));
}

export interface BarSeriesOptions {
  /** The security (or an arbitrary of them); default {@link listedSecurity}. */
  readonly security?: SecurityRules | fc.Arbitrary<SecurityRules>;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** First date of the range the series starts in (market time, 00:00); default 2015-01-05. */
  readonly from?: number;
  /** Last start date; default 2026-06-30. */
  readonly to?: number;
  /** Suspended days (default true). */
  readonly suspensions?: boolean;
  /** Ex-rights events (default true). */
  readonly exRights?: boolean;
}

/** A generated series with what it was generated under. */
export interface MarketBars extends BarSeries {
  readonly security: SecurityRules;
  /** The price each bar's limits come from: the previous close, or its ex-rights reference price on an ex-date (NaN on the first bar). */
  readonly reference: Float64Array;
  /** Category-1 xdxr records of the ex-dates in the series. */
  readonly xdxr: readonly XdxrRecord[];
}

type DayKind = "normal" | "limit_up" | "limit_down" | "flat_up" | "flat_down" | "suspended";

interface Day {
  readonly kind: DayKind;
  /** Moves in per-mille of the day's limit, squared towards small moves. */
  readonly close: number;
  readonly open: number;
  readonly up: number;
  readonly down: number;
  readonly lots: number;
  /** Cash per 10 shares in cents, and bonus shares per 10, when the day is an ex-date. */
  readonly event: { readonly cashCents: number; readonly bonus: number } | null;
}

function dayArb(suspensions: boolean, exRights: boolean): fc.Arbitrary<Day> {
  const kinds: { arbitrary: fc.Arbitrary<DayKind>; weight: number }[] = [
    { arbitrary: fc.constant("normal"), weight: 20 },
    { arbitrary: fc.constantFrom("limit_up", "limit_down"), weight: 2 },
    { arbitrary: fc.constantFrom("flat_up", "flat_down"), weight: 1 },
  ];
  if (suspensions) kinds.push({ arbitrary: fc.constant("suspended"), weight: 1 });
  const event = fc.record({ cashCents: fc.integer({ min: 0, max: 1000 }), bonus: fc.constantFrom(0, 0, 1, 2, 3, 5, 10) }).filter((e) => e.cashCents > 0 || e.bonus > 0);
  return fc.record({
    kind: fc.oneof(...kinds),
    close: fc.integer({ min: -1000, max: 1000 }),
    open: fc.integer({ min: -1000, max: 1000 }),
    up: fc.integer({ min: 0, max: 1000 }),
    down: fc.integer({ min: 0, max: 1000 }),
    lots: fc.integer({ min: 1, max: 200_000 }),
    event: exRights ? fc.option(event, { freq: 25 }) : fc.constant(null),
  });
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
/** Per-mille `k` of `span`, squared so that most moves are small. */
const share = (k: number, span: number) => Math.round((span * k * Math.abs(k)) / 1e6);

/** The next weekday after market time `t`. */
function nextWeekday(t: number): number {
  let d = t + DAY_MS;
  while (new Date(d).getUTCDay() % 6 === 0) d += DAY_MS;
  return d;
}

function build(security: SecurityRules, start: number, startTicks: number, days: readonly Day[]): MarketBars {
  const tick = tickOf(security.board);
  const perYuan = Math.round(1 / tick);
  const s = allocSeries(days.length);
  const reference = new Float64Array(days.length);
  const xdxr: XdxrRecord[] = [];
  let prev = startTicks;
  let t = new Date(start).getUTCDay() % 6 === 0 ? nextWeekday(start) : start;
  days.forEach((day, i) => {
    if (i > 0) t = nextWeekday(t);
    let ref = prev;
    if (day.event && i > 0) {
      const record: XdxrRecord = { date: yyyymmdd(t), category: 1, c1: day.event.cashCents / 100, c2: 0, c3: day.event.bonus, c4: 0 };
      const { m, c } = priceEvents([record])[0]!;
      const exRef = Math.round(roundToTick((prev / perYuan - c) / m, tick) * perYuan);
      if (exRef >= 1) {
        ref = exRef;
        xdxr.push(record);
      }
    }
    const f = limitFraction(security.board, security.st, t);
    const upper = Math.round(roundToTick((ref / perYuan) * (1 + f), tick) * perYuan);
    const lower = Math.max(1, Math.round(roundToTick((ref / perYuan) * (1 - f), tick) * perYuan));
    let o: number, h: number, l: number, c: number;
    const span = upper - lower;
    switch (day.kind) {
      case "suspended":
        o = h = l = c = ref;
        break;
      case "flat_up":
        o = h = l = c = upper;
        break;
      case "flat_down":
        o = h = l = c = lower;
        break;
      default: {
        c = day.kind === "limit_up" ? upper : day.kind === "limit_down" ? lower : clamp(ref + share(day.close, span / 2), lower, upper);
        o = clamp(ref + share(day.open, span / 4), lower, upper);
        h = clamp(Math.max(o, c) + share(day.up, span / 4), lower, upper);
        l = clamp(Math.min(o, c) - share(day.down, span / 4), lower, upper);
      }
    }
    const vol = day.kind === "suspended" ? 0 : day.lots * LOT_SHARES;
    s.time[i] = t;
    s.open[i] = o / perYuan;
    s.high[i] = h / perYuan;
    s.low[i] = l / perYuan;
    s.close[i] = c / perYuan;
    s.vol[i] = vol;
    s.amount[i] = (vol * (h + l)) / 2 / perYuan;
    reference[i] = i === 0 ? NaN : ref / perYuan;
    prev = c;
  });
  return { ...s, security, reference, xdxr };
}

/** Daily bars under A-share rules (see the module note). */
export function barSeries(opts: BarSeriesOptions = {}): fc.Arbitrary<MarketBars> {
  const from = opts.from ?? marketTime(2015, 1, 5);
  const to = opts.to ?? marketTime(2026, 6, 30);
  const security = opts.security === undefined ? listedSecurity() : opts.security instanceof fc.Arbitrary ? opts.security : fc.constant(opts.security);
  return fc
    .record({
      security,
      startDay: fc.integer({ min: 0, max: Math.max(0, Math.floor((to - from) / DAY_MS)) }),
      startTicks: fc.integer({ min: 200, max: 20_000 }),
      days: fc.array(dayArb(opts.suspensions ?? true, opts.exRights ?? true), { minLength: opts.minLength ?? 2, maxLength: opts.maxLength ?? 160 }),
    })
    .map(({ security, startDay, startTicks, days }) => build(security, from + startDay * DAY_MS, startTicks, days));
}
