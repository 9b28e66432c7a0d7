/**
 * Random series, signals and settings: the metrics agree with a straightforward
 * recomputation from the result rows, and the account obeys its invariants.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";
import { backtest, type BacktestConfig, type BacktestResult, type SignalArrays } from "../../../core/backtest/index.ts";

const DAY = 86_400_000;

interface Scenario {
  readonly bars: BarSeries;
  readonly signals: SignalArrays;
  readonly config: Partial<BacktestConfig>;
  readonly code: string;
}

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    start: fc.double({ min: 2, max: 80, noNaN: true }),
    steps: fc.array(
      fc.record({
        gap: fc.double({ min: -0.11, max: 0.11, noNaN: true }),
        move: fc.double({ min: -0.11, max: 0.11, noNaN: true }),
        suspended: fc.integer({ min: 0, max: 14 }).map((x) => x === 0),
        entry: fc.integer({ min: 0, max: 9 }),
        exit: fc.integer({ min: 0, max: 9 }),
        skipDays: fc.integer({ min: 1, max: 3 }),
      }),
      { minLength: 2, maxLength: 160, size: "max" },
    ),
    config: fc.record({
      cash: fc.double({ min: 5_000, max: 2_000_000, noNaN: true }),
      commission: fc.double({ min: 0, max: 0.002, noNaN: true }),
      min_commission: fc.constantFrom(0, 5),
      slippage: fc.double({ min: 0, max: 0.01, noNaN: true }),
      execution: fc.constantFrom("next_open" as const, "next_close" as const),
      t_plus_one: fc.boolean(),
      board_lot: fc.boolean(),
      price_limit: fc.boolean(),
      sizing: fc.constantFrom("all_in" as const, "fixed_fraction" as const, "fixed_amount" as const),
      sizing_fraction: fc.double({ min: 0.05, max: 1, noNaN: true }),
      sizing_amount: fc.double({ min: 1_000, max: 500_000, noNaN: true }),
      close_at_end: fc.boolean(),
      annual_days: fc.constantFrom(242, 252),
      risk_free_rate: fc.constantFrom(0, 0.02),
      stamp_tax: fc.constantFrom("auto" as const, 0.001),
    }),
    code: fc.constantFrom("600000", "300750", "688001", "830799", "510300"),
    year: fc.integer({ min: 2005, max: 2024 }),
  })
  .map(({ start, steps, config, code, year }) => {
    const n = steps.length;
    const bars = allocSeries(n);
    const entries = new Uint8Array(n);
    const exits = new Uint8Array(n);
    let prev = start;
    let time = Date.UTC(year, 0, 2);
    steps.forEach((s, i) => {
      const open = Math.max(0.01, Math.round(prev * (1 + s.gap) * 100) / 100);
      const close = Math.max(0.01, Math.round(open * (1 + s.move) * 100) / 100);
      bars.time[i] = time;
      bars.open[i] = open;
      bars.close[i] = close;
      bars.high[i] = Math.max(open, close);
      bars.low[i] = Math.min(open, close);
      bars.vol[i] = s.suspended ? 0 : 1e6;
      bars.amount[i] = bars.vol[i]! * close;
      entries[i] = s.entry === 1 ? 1 : 0;
      exits[i] = s.exit === 1 ? 1 : 0;
      prev = close;
      time += s.skipDays * DAY;
    });
    return { bars, signals: { entries, exits }, config, code };
  });

const run = (s: Scenario) => backtest(s.bars, s.signals, s.config, { code: s.code });

const finite = (x: number) => (Number.isFinite(x) ? x : null);

/** The metrics recomputed the plain way from the rows of a result. */
function recompute(r: BacktestResult, cfg: Partial<BacktestConfig>) {
  const N = cfg.annual_days!;
  const rf = cfg.risk_free_rate! / N;
  const eq = r.equity_curve.map((e) => e.total!);
  const rets = eq.slice(1).map((v, i) => v / eq[i]! - 1);
  const m = rets.length;
  const mean = rets.reduce((a, b) => a + b, 0) / m;
  const sd = Math.sqrt(rets.reduce((a, b) => a + (b - mean) ** 2, 0) / (m - 1));
  const downside = Math.sqrt(rets.reduce((a, b) => a + Math.min(b - rf, 0) ** 2, 0) / m);
  let peak = -Infinity;
  const dd = eq.map((v) => {
    peak = Math.max(peak, v);
    return 1 - v / peak;
  });
  const maxDd = Math.max(...dd);
  const annual = (eq[m]! / eq[0]!) ** (N / m) - 1;
  const trades = r.trades.filter((t) => !t.rejected && t.action.startsWith("close"));
  const pnl = trades.map((t) => t.pnl!);
  const k = pnl.length;
  const wins = pnl.filter((p) => p > 0);
  const losses = pnl.filter((p) => p < 0);
  const meanPnl = pnl.reduce((a, b) => a + b, 0) / k;
  const sdPnl = Math.sqrt(pnl.reduce((a, b) => a + (b - meanPnl) ** 2, 0) / (k - 1));
  const heldBars = r.equity_curve.filter((e, t) => e.position_value !== 0 || trades.some((x) => x.datetime === r.equity_curve[t]!.datetime)).length;
  return {
    total_return: finite(eq[m]! / cfg.cash! - 1),
    annual_return: finite(annual),
    volatility: finite(sd * Math.sqrt(N)),
    sharpe: finite(((mean - rf) / sd) * Math.sqrt(N)),
    sortino: finite(((mean - rf) / downside) * Math.sqrt(N)),
    max_drawdown: finite(maxDd),
    calmar: finite(annual / maxDd),
    exposure_time: heldBars / eq.length,
    avg_exposure: finite(r.equity_curve.reduce((a, e) => a + Math.abs(e.position_value!) / e.total!, 0) / eq.length),
    total_trades: k,
    win_rate: finite(wins.length / k),
    profit_factor: finite(wins.reduce((a, b) => a + b, 0) / -losses.reduce((a, b) => a + b, 0)),
    expectancy: finite(meanPnl),
    // Near-identical P&Ls leave only rounding noise in the deviation: not comparable.
    sqn: sdPnl > 1e-6 * Math.abs(meanPnl) ? finite((Math.sqrt(k) * meanPnl) / sdPnl) : undefined,
    avg_holding_bars: finite(trades.reduce((a, t) => a + t.holding_bars!, 0) / k),
    total_fees: r.trades.filter((t) => !t.rejected).reduce((a, t) => a + t.commission!, 0),
  };
}

/** Rows carry money to 1e-6 CNY, so a recomputation from them agrees to about a millionth. */
function agrees(actual: number | null, expected: number | null): boolean {
  if (actual === null || expected === null) return actual === expected;
  return Math.abs(actual - expected) <= 1e-6 * Math.max(1, Math.abs(expected));
}

test("metrics equal a straightforward recomputation from the rows", () => {
  fc.assert(
    fc.property(scenario, (s) => {
      const r = run(s);
      const expected = recompute(r, { ...s.config, annual_days: s.config.annual_days, cash: s.config.cash });
      for (const [name, value] of Object.entries(expected)) {
        if (value === undefined) continue;
        const actual = r.performance[name as keyof typeof expected];
        assert.ok(agrees(actual, value), `${name}: ${actual} vs ${value}`);
      }
    }),
    { seed: 20240601, numRuns: 150 },
  );
});

test("long-only: cash and equity never go negative; drawdown stays in [0, 1]", () => {
  fc.assert(
    fc.property(scenario, (s) => {
      const r = run(s);
      for (const e of r.equity_curve) {
        assert.ok(e.cash! >= -1e-9, `cash ${e.cash}`);
        assert.ok(e.total! >= 0, `equity ${e.total}`);
        assert.ok(e.drawdown_pct! >= 0 && e.drawdown_pct! <= 1, `drawdown ${e.drawdown_pct}`);
      }
      const p = r.performance;
      assert.ok(p.max_drawdown! >= 0 && p.max_drawdown! <= 1, "p.max_drawdown! >= 0 && p.max_drawdown! <= 1");
    }),
    { seed: 7, numRuns: 150 },
  );
});

test("flat at the end: the trades' P&L adds up to final equity minus initial capital", () => {
  fc.assert(
    fc.property(scenario, (s) => {
      const r = run({ ...s, config: { ...s.config, close_at_end: true } });
      fc.pre(r.performance.open_trades === 0);
      const sum = r.trades.filter((t) => !t.rejected && t.action.startsWith("close")).reduce((a, t) => a + t.pnl!, 0);
      const change = r.performance.end_value! - s.config.cash!;
      assert.ok(Math.abs(sum - change) <= 1e-7 * Math.max(1, s.config.cash!), `${sum} vs ${change}`);
    }),
    { seed: 99, numRuns: 150 },
  );
});

test("every fill happens on the bar after a signal or on a retry of a refused exit", () => {
  fc.assert(
    fc.property(scenario, (s) => {
      const r = run(s);
      const index = new Map(r.equity_curve.map((e, t) => [e.datetime, t]));
      const refusedAt = new Set(r.trades.filter((t) => t.rejected).map((t) => index.get(t.datetime)!));
      for (const t of r.trades.filter((x) => !x.rejected)) {
        const bar = index.get(t.datetime)!;
        const signalled = s.signals.entries[bar - 1] === 1 || s.signals.exits[bar - 1] === 1;
        const endClose = s.config.close_at_end && bar === s.bars.length - 1;
        assert.ok(bar >= 1 && (signalled || refusedAt.has(bar - 1) || endClose), `fill at bar ${bar}`);
      }
    }),
    { seed: 3, numRuns: 150 },
  );
});
