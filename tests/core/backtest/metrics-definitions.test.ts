/**
 * The metrics code (`core/backtest/metrics.ts`) against METRIC_DOCS written again in the test, the
 * plain way, on random equity tracks and trade logs fed straight to it: equity in steps of 100 so
 * that it returns exactly to its peak (ties decide where a drawdown episode ends), flat stretches,
 * short and long positions, bars minutes or days apart, trades with ties, break-evens and fills of
 * other legs. The drawdown episodes are found as maximal runs of bars below the running maximum,
 * not by the code's single pass.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { buyHoldReturn, performanceOf, tallyFills, TradeTally, type EquityTrack } from "../../../core/backtest/metrics.ts";
import { FillLog } from "../../../core/backtest/trade-log.ts";

const DAY = 86_400_000;

interface Fill {
  readonly leg: number;
  /** NaN for an opening fill. */
  readonly pnl: number;
  readonly basis: number;
  readonly entryBar: number;
  readonly bar: number;
  readonly commission: number;
  readonly stamp: number;
  readonly transfer: number;
}

interface Case {
  readonly equity: number[];
  readonly position: number[];
  readonly held: number[];
  readonly time: number[];
  readonly fills: Fill[];
  readonly leg: number;
  readonly initialCash: number;
  readonly annualDays: number;
  readonly riskFreeRate: number;
}

const fillOf = (n: number): fc.Arbitrary<Fill> =>
  fc
    .record({
      leg: fc.constantFrom(0, 0, 1),
      opening: fc.integer({ min: 0, max: 3 }).map((x) => x === 0),
      // a trade's P&L in CNY, never a denormal: its square underflows, and the two computations lose it differently
      pnl: fc.oneof(
        fc.constantFrom(-50, -10, 0, 0, 10, 50),
        fc.double({ min: -500, max: 500, noNaN: true }).filter((x) => x === 0 || Math.abs(x) > 1e-6),
      ),
      basis: fc.constantFrom(1_000, 2_500, 10_000),
      a: fc.integer({ min: 0, max: n - 1 }),
      b: fc.integer({ min: 0, max: n - 1 }),
      commission: fc.constantFrom(0, 5, 1.25),
      stamp: fc.constantFrom(0, 0.5),
      transfer: fc.constantFrom(0, 0.01),
    })
    .map((f) => ({ ...f, pnl: f.opening ? Number.NaN : f.pnl, entryBar: f.opening ? -1 : Math.min(f.a, f.b), bar: Math.max(f.a, f.b) }));

const caseOf: fc.Arbitrary<Case> = fc.integer({ min: 0, max: 30 }).chain((n) =>
  fc.record({
    equity: fc.array(fc.constantFrom(-300, -100, -100, 0, 0, 0, 100, 100, 300), { minLength: n, maxLength: n }).map((steps) => {
      let v = 10_000;
      return steps.map((s, t) => (t === 0 ? v : (v += s)));
    }),
    // position value as a share of equity: none, all, half, a short, more than the equity
    position: fc.array(fc.constantFrom(0, 0, 1, 0.5, -0.3, 1.7), { minLength: n, maxLength: n }),
    held: fc.array(fc.constantFrom(0, 1), { minLength: n, maxLength: n }),
    // intraday and daily bars mixed, or weekly, monthly, quarterly or yearly ones
    time: fc
      .oneof(fc.constant([5 * 60_000, DAY, 3 * DAY]), fc.constant([7 * DAY, 14 * DAY]), fc.constant([28 * DAY, 31 * DAY]), fc.constant([91 * DAY]), fc.constant([365 * DAY]))
      .chain((gapsOf) => fc.array(fc.constantFrom(...gapsOf), { minLength: n, maxLength: n }))
      .map((gaps) => {
        let t = Date.UTC(2024, 0, 2, 9, 35);
        return gaps.map((g, i) => (i === 0 ? t : (t += g)));
      }),
    fills: n === 0 ? fc.constant([]) : fc.array(fillOf(n), { maxLength: 12 }),
    leg: fc.constantFrom(-1, 0),
    initialCash: fc.constantFrom(10_000, 12_000),
    annualDays: fc.constantFrom(242, 252),
    riskFreeRate: fc.constantFrom(0, 0.02),
  }),
);

/**
 * N, bars per year (METRIC_DOCS' notation), the plain way from the first 600 bars' times: the most bars one
 * day holds times annual_days when a day holds several; else by the median day gap, ≤ 4 daily, ≤ 10 weekly
 * (52), ≤ 45 monthly (12), ≤ 135 quarterly (4), else yearly (1).
 */
function barsPerYear(time: readonly number[], annualDays: number): number {
  const days = time.slice(0, 600).map((t) => Math.floor(t / DAY));
  const perDay = new Map<number, number>();
  for (const d of days) perDay.set(d, (perDay.get(d) ?? 0) + 1);
  const most = Math.max(0, ...perDay.values());
  if (days.length < 2) return annualDays;
  if (most > 1) return annualDays * most;
  const gaps = days
    .slice(1)
    .map((d, i) => d - days[i]!)
    .sort((a, b) => a - b);
  const g = gaps[Math.floor(gaps.length / 2)]!;
  return g <= 4 ? annualDays : g <= 10 ? 52 : g <= 45 ? 12 : g <= 135 ? 4 : 1;
}

/** METRIC_DOCS, the plain way. */
function expected(c: Case, buyHold: number, openTrades: number, rejected: number): Record<string, number> {
  const { equity: V, time, held } = c;
  const n = V.length;
  const N = barsPerYear(time, c.annualDays);
  const rf = c.riskFreeRate / N;
  const pv = V.map((v, t) => Math.round(v * c.position[t]!));
  const v0 = n > 0 ? V[0]! : c.initialCash;
  const end = n > 0 ? V[n - 1]! : c.initialCash;
  const m = n - 1;
  const r = V.slice(1).map((v, i) => v / V[i]! - 1);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = (xs: number[]) => Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1));
  // a deviation below 1e-12 per bar is the float noise of a flat line (metrics.ts), read as none
  const floor = (x: number) => (x < 1e-12 ? 0 : x);
  const std = m > 1 ? floor(sd(r)) : Number.NaN;
  const downside = m > 0 ? floor(Math.sqrt(mean(r.map((x) => Math.min(x - rf, 0) ** 2)))) : Number.NaN;
  const annual = m > 0 ? (end / v0) ** (N / m) - 1 : Number.NaN;
  const span = n > 1 ? (time[n - 1]! - time[0]!) / DAY : 0;
  const runMax = V.map((_, t) => Math.max(...V.slice(0, t + 1)));
  const dd = V.map((v, t) => 1 - v / runMax[t]!);
  // episodes: maximal runs [a, b] of bars below the running maximum; bar a − 1 is the peak, b + 1 the recovery
  const episodes: { depth: number; bars: number; days: number }[] = [];
  for (let a = 0; a < n; a++) {
    if (!(V[a]! < runMax[a]!)) continue;
    let b = a;
    while (b + 1 < n && V[b + 1]! < runMax[b + 1]!) b++;
    const stop = Math.min(b + 1, n - 1);
    episodes.push({ depth: Math.max(...dd.slice(a, b + 1)), bars: stop - (a - 1), days: (time[stop]! - time[a - 1]!) / DAY });
    a = b;
  }
  const exposure = V.map((v, t) => (v > 0 ? Math.abs(pv[t]!) / v : 0));
  const mine = c.fills.filter((f) => c.leg < 0 || f.leg === c.leg);
  const trades = mine.filter((f) => f.pnl === f.pnl);
  const k = trades.length;
  const pnl = trades.map((f) => f.pnl);
  const ret = trades.map((f) => f.pnl / f.basis);
  const wins = trades.filter((f) => f.pnl > 0).map((f) => f.pnl / f.basis);
  const losses = trades.filter((f) => f.pnl <= 0).map((f) => f.pnl / f.basis);
  const days = trades.map((f) => (time[f.bar]! - time[f.entryBar]!) / DAY);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    start_cash: c.initialCash,
    end_value: end,
    equity_peak: n > 0 ? Math.max(...V) : Number.NaN,
    total_return: end / c.initialCash - 1,
    annual_return: annual,
    cagr: span > 0 ? (end / v0) ** (365.25 / span) - 1 : Number.NaN,
    volatility: std * Math.sqrt(N),
    sharpe: ((mean(r) - rf) / std) * Math.sqrt(N),
    sortino: ((mean(r) - rf) / downside) * Math.sqrt(N),
    calmar: annual / Math.max(0, ...dd),
    max_drawdown: n > 0 ? Math.max(0, ...dd) : Number.NaN,
    avg_drawdown: episodes.length > 0 ? mean(episodes.map((e) => e.depth)) : 0,
    max_dd_duration: Math.max(0, ...episodes.map((e) => e.bars)),
    avg_dd_duration: episodes.length > 0 ? mean(episodes.map((e) => e.bars)) : 0,
    max_dd_duration_days: Math.max(0, ...episodes.map((e) => e.days)),
    avg_dd_duration_days: episodes.length > 0 ? mean(episodes.map((e) => e.days)) : 0,
    buy_hold_return: buyHold,
    exposure_time: n > 0 ? sum(held) / n : Number.NaN,
    avg_exposure: n > 0 ? mean(exposure) : Number.NaN,
    max_exposure: n > 0 ? Math.max(...exposure) : Number.NaN,
    total_trades: k,
    open_trades: openTrades,
    win_trades: wins.length,
    lose_trades: losses.length,
    rejected_trades: rejected,
    win_rate: wins.length / k,
    profit_factor: sum(pnl.filter((p) => p > 0)) / sum(pnl.filter((p) => p < 0).map((p) => -p)),
    expectancy: k > 0 ? mean(pnl) : Number.NaN,
    expectancy_pct: sum(ret) / k,
    avg_win: mean(wins),
    avg_loss: mean(losses),
    max_win: wins.length > 0 ? Math.max(...wins) : Number.NaN,
    max_loss: losses.length > 0 ? Math.min(...losses) : Number.NaN,
    sqn: k > 1 ? (Math.sqrt(k) * mean(pnl)) / sd(pnl) : Number.NaN,
    avg_holding_days: sum(days) / k,
    max_holding_days: k > 0 ? Math.max(...days) : Number.NaN,
    avg_holding_bars: sum(trades.map((f) => f.bar - f.entryBar)) / k,
    total_fees: sum(mine.map((f) => f.commission + f.stamp + f.transfer)),
  };
}

/** Equal, both not numbers, or within 1e-9 relative (the code sums in another order). */
function same(actual: number, wanted: number): boolean {
  if (Number.isNaN(wanted) || Number.isNaN(actual)) return Number.isNaN(wanted) && Number.isNaN(actual);
  if (!Number.isFinite(wanted)) return actual === wanted;
  return Math.abs(actual - wanted) <= 1e-9 * Math.max(1, Math.abs(wanted));
}

function track(c: Case): EquityTrack {
  const n = c.equity.length;
  return {
    length: n,
    time: Float64Array.from(c.time),
    equity: Float64Array.from(c.equity),
    cash: Float64Array.from(c.equity, (v, t) => v - Math.round(v * c.position[t]!)),
    held: Uint8Array.from(c.held),
  };
}

function log(fills: readonly Fill[]): FillLog {
  const log = new FillLog(1);
  for (const f of fills) {
    const i = log.add();
    log.leg[i] = f.leg;
    log.pnl[i] = f.pnl;
    log.basis[i] = f.basis;
    log.entryBar[i] = f.entryBar;
    log.bar[i] = f.bar;
    log.commission[i] = f.commission;
    log.stamp[i] = f.stamp;
    log.transfer[i] = f.transfer;
  }
  return log;
}

test("every metric equals its METRIC_DOCS definition computed the plain way", () => {
  fc.assert(
    fc.property(caseOf, fc.double({ min: -0.5, max: 2, noNaN: true }), fc.nat(3), fc.nat(5), (c, buyHold, openTrades, rejected) => {
      const tr = track(c);
      const tally = tallyFills(log(c.fills), tr.time, c.leg, new TradeTally());
      const p = performanceOf(tr, tally, { initialCash: c.initialCash, annualDays: c.annualDays, riskFreeRate: c.riskFreeRate, buyHold, openTrades, rejected });
      for (const [name, wanted] of Object.entries(expected(c, buyHold, openTrades, rejected))) {
        const actual = p[name as keyof typeof p];
        assert.ok(same(actual, wanted), `${name}: ${actual}, by definition ${wanted}`);
      }
    }),
    { seed: 20261127, numRuns: 250 },
  );
});

test("a drawdown that recovers exactly to its peak ends there; one never recovered runs to the last bar", () => {
  // Equity 100, 90, 100 (back at the peak on bar 2: an episode of 2 bars, 10 % deep), 100, 80, 95:
  // the second episode starts at bar 3 (the last bar at the peak) and is still open on bar 5.
  const c: Case = {
    equity: [100, 90, 100, 100, 80, 95],
    position: [0, 0, 0, 0, 0, 0],
    held: [0, 0, 0, 0, 0, 0],
    time: [0, 1, 2, 3, 4, 5].map((d) => Date.UTC(2024, 0, 2) + d * DAY),
    fills: [],
    leg: -1,
    initialCash: 100,
    annualDays: 252,
    riskFreeRate: 0,
  };
  const p = performanceOf(track(c), new TradeTally(), { initialCash: 100, annualDays: 252, riskFreeRate: 0, buyHold: 0, openTrades: 0, rejected: 0 });
  assert.equal(p.max_dd_duration, 2, "bars 3 → 5");
  assert.equal(p.avg_dd_duration, 2, "(2 + 2) / 2");
  assert.ok(same(p.avg_drawdown, (0.1 + 0.2) / 2), `avg_drawdown ${p.avg_drawdown}`);
  assert.ok(same(p.max_drawdown, 0.2), `max_drawdown ${p.max_drawdown}`);
  assert.equal(p.max_dd_duration_days, 2, "calendar days 3 → 5");
});

test("buy-and-hold: the last known close over the first positive close from the warm-up bar", () => {
  const closes = fc.array(fc.oneof(fc.constant(Number.NaN), fc.constant(0), fc.double({ min: 0.01, max: 100, noNaN: true })), { maxLength: 12 });
  fc.assert(
    fc.property(closes, fc.integer({ min: -2, max: 14 }), (xs, from) => {
      const first = xs.slice(Math.max(0, from)).find((x) => x > 0);
      const last = xs.filter((x) => x === x).at(-1);
      const wanted = first === undefined || last === undefined ? Number.NaN : last / first - 1;
      const actual = buyHoldReturn(Float64Array.from(xs), from);
      assert.ok(same(actual, wanted), `${actual}, by definition ${wanted} (closes ${xs}, from ${from})`);
    }),
    { seed: 11, numRuns: 2000 },
  );
});

test("equity compounding at one constant rate has no volatility: its returns differ only by rounding", () => {
  // 10,000 × 1.01^t: every return is 1 % up to the last bit, so their standard deviation is float
  // noise (below 1e-12), read as none; Sharpe and Sortino are then undefined or infinite.
  const equity = Array.from({ length: 40 }, (_, t) => 10_000 * 1.01 ** t);
  const time = equity.map((_, t) => Date.UTC(2024, 0, 2) + t * DAY);
  const r = equity.slice(1).map((v, i) => v / equity[i]! - 1);
  const mean = r.reduce((a, b) => a + b, 0) / r.length;
  const sd = Math.sqrt(r.reduce((a, x) => a + (x - mean) ** 2, 0) / (r.length - 1));
  assert.ok(sd < 1e-12, `the two-pass deviation ${sd} is noise`);
  const tr: EquityTrack = { length: 40, time: Float64Array.from(time), equity: Float64Array.from(equity), cash: Float64Array.from(equity), held: new Uint8Array(40) };
  const p = performanceOf(tr, new TradeTally(), { initialCash: 10_000, annualDays: 252, riskFreeRate: 0, buyHold: 0, openTrades: 0, rejected: 0 });
  assert.equal(p.volatility, 0);
  assert.equal(p.sharpe, Infinity);
});

test("exposure counts only bars with positive equity and a position: |position value| / equity", () => {
  // Bar 0: 60 of 100 held (0.6); bar 1: equity −50 and bar 2: equity 0, both with a position, count 0;
  // bar 3: nothing held. Mean 0.6 / 4, largest 0.6. An account starting at 0 equity with a position counts 0.
  const at = (equity: number[], cash: number[]) =>
    performanceOf(
      { length: equity.length, time: Float64Array.from(equity, (_, t) => t * DAY), equity: Float64Array.from(equity), cash: Float64Array.from(cash), held: new Uint8Array(equity.length) },
      new TradeTally(),
      { initialCash: 100, annualDays: 252, riskFreeRate: 0, buyHold: 0, openTrades: 0, rejected: 0 },
    );
  const p = at([100, -50, 0, 20], [40, -80, 10, 20]);
  assert.ok(same(p.avg_exposure, 0.15), `avg_exposure ${p.avg_exposure}`);
  assert.equal(p.max_exposure, 0.6);
  for (const v0 of [0, -10]) {
    const q = at([v0, 5], [v0 + 3, 5]);
    assert.equal(q.avg_exposure, 0, `avg_exposure from ${v0}`);
    assert.equal(q.max_exposure, 0, `max_exposure from ${v0}`);
  }
});

test("annualisation by the bars' own period: 5-minute bars a year of 242 days of 48, weekly bars 52", () => {
  // 3 days of 5-minute bars (48 a day), equity up 0.1 % a bar
  const day = (d: number) => Array.from({ length: 48 }, (_, k) => Date.UTC(2024, 0, 2 + d, 1, 35 + 5 * k));
  const time = [...day(0), ...day(1), ...day(2)];
  const equity = time.map((_, t) => 10_000 * 1.001 ** t);
  const track = (ts: number[], eq: number[]): EquityTrack => ({
    length: eq.length,
    time: Float64Array.from(ts),
    equity: Float64Array.from(eq),
    cash: Float64Array.from(eq),
    held: new Uint8Array(eq.length),
  });
  const ctx = { initialCash: 10_000, annualDays: 242, riskFreeRate: 0, buyHold: 0, openTrades: 0, rejected: 0 };
  const intraday = performanceOf(track(time, equity), new TradeTally(), ctx);
  const growth = equity.at(-1)! / equity[0]!;
  assert.ok(Math.abs(intraday.annual_return / (growth ** ((242 * 48) / (time.length - 1)) - 1) - 1) < 1e-12, `${intraday.annual_return}`);
  const weeks = Array.from({ length: 30 }, (_, w) => Date.UTC(2024, 0, 5) + w * 7 * DAY);
  const weekly = performanceOf(
    track(
      weeks,
      weeks.map((_, t) => 100 * 1.01 ** t),
    ),
    new TradeTally(),
    { ...ctx, initialCash: 100 },
  );
  assert.ok(Math.abs(weekly.annual_return - (1.01 ** 52 - 1)) < 1e-12, `${weekly.annual_return}`);
});
