/**
 * The single-symbol run's summary and tables (core/backtest/single-run.ts):
 * - metrics taken from bar `from` on count no bar before it: with the bars before `from` as context
 *   (their signals ignored as warm-up), they equal the metrics of the span's bars run alone;
 * - a position is open at the end when shares are held after the last bar (none without bars);
 * - the position rows value a position at the bar's close (shares × close), the equity rows carry
 *   the run's equity and cash, the config echo adds the resolved security rules.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { DEFAULT_CONFIG, type BacktestConfig } from "../../../core/backtest/config.ts";
import { runKernel } from "../../../core/backtest/kernel.ts";
import { planBacktest } from "../../../core/backtest/plan.ts";
import { backtest, backtestTables, kernelPerformance, runMetrics, toTables } from "../../../core/backtest/single-run.ts";
import { bars, days, signals, type BarSpec } from "./bars.ts";

const d = days("2024-01-02", 30);
const NO_FEES: Partial<BacktestConfig> = { commission: 0, min_commission: 0, stamp_tax: 0, transfer_fee: 0 };

/** Bars on consecutive days, closes moving at most 8 % (no price limit is reached), random entries and exits. */
const runArb = fc.array(fc.tuple(fc.integer({ min: -8, max: 8 }), fc.integer({ min: 0, max: 4 })), { minLength: 2, maxLength: 30 }).chain((rows) =>
  fc.record({
    rows: fc.constant(rows),
    from: fc.integer({ min: 1, max: rows.length - 1 }),
    fees: fc.boolean(),
    execution: fc.constantFrom("next_open" as const, "next_close" as const),
  }),
);

test("metrics from bar `from` on equal the metrics of the span's bars run alone", () => {
  fc.assert(
    fc.property(runArb, ({ rows, from, fees, execution }) => {
      const spec: BarSpec[] = [];
      const entries: number[] = [];
      const exits: number[] = [];
      let price = 10;
      rows.forEach(([move, flag], i) => {
        const open = price;
        price = Math.round(price * (1 + move / 100) * 100) / 100;
        if (flag === 0) entries.push(i);
        if (flag === 1) exits.push(i);
        spec.push([d[i]!, open, price]);
      });
      const base: BacktestConfig = { ...DEFAULT_CONFIG, ...(fees ? {} : NO_FEES), cash: 100_000, execution };
      // the whole series, its first `from` bars as context: their signals are warm-up
      const full = planBacktest({ ...base, warmup_bars: from }, { code: "600000" });
      const all = bars(spec);
      const sig = signals(spec.length, entries, exits);
      const run = runKernel(all, sig, full);
      // the span alone
      const span = spec.slice(from);
      const alonePlan = planBacktest(base, { code: "600000" });
      const alone = runMetrics(
        bars(span),
        signals(
          span.length,
          entries.filter((i) => i >= from).map((i) => i - from),
          exits.filter((i) => i >= from).map((i) => i - from),
        ),
        alonePlan,
      );
      assert.deepEqual(kernelPerformance(all, run, full, from), alone, `from ${from}`);
    }),
    { numRuns: 150 },
  );
});

test("an open position at the end counts once; none without bars or after the exit", () => {
  const spec: BarSpec[] = d.slice(0, 4).map((day) => [day, 10, 10] as const);
  const plan = planBacktest({ ...DEFAULT_CONFIG, cash: 100_000 }, { code: "600000" });
  const open = (entries: number[], exits: number[], rows = spec) => {
    const b = bars(rows);
    return kernelPerformance(b, runKernel(b, signals(rows.length, entries, exits), plan), plan).open_trades;
  };
  assert.equal(open([0], []), 1, "bought on bar 1, still held after bar 3");
  assert.equal(open([0], [1]), 0, "bought on bar 1, sold on bar 2");
  assert.equal(open([], []), 0, "never bought");
  assert.equal(open([], [], []), 0, "no bars");
});

test("result tables: positions valued at the close, the run's equity and cash, the config with its security rules", () => {
  // buy on bar 1 at its open 10 (10,000 CNY → 1,000 shares), then closes 10.5, 11, 10.2
  const spec: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10.5],
    [d[2]!, 10.5, 11],
    [d[3]!, 11, 10.2],
  ];
  const series = bars(spec);
  const plan = planBacktest({ ...DEFAULT_CONFIG, ...NO_FEES, cash: 10_000 }, { code: "600000" });
  const run = runKernel(series, signals(4, [0]), plan);
  const t = toTables(series, run, plan);
  assert.deepEqual([...t.positions.columns.size], [0, 1000, 1000, 1000], "shares held");
  assert.deepEqual([...t.positions.columns.market_value], [0, 10_500, 11_000, 10_200], "shares × close");
  assert.deepEqual([...t.positions.columns.unrealized_pnl], [0, 500, 1000, 200], "value − shares × 10");
  assert.deepEqual([...t.equity.columns.total], [10_000, 10_500, 11_000, 10_200], "cash + value");
  assert.deepEqual([...t.equity.columns.cash], [10_000, 0, 0, 0], "all in");
  assert.equal(t.positions.length, 4, "a row per bar");
  assert.deepEqual(t.config, { ...plan.config, security: { code: "600000", exchange: "SH", board: "main", st: false } }, "the settings and the security's rules");
  assert.deepEqual(
    t.trades.map((r) => [r.datetime, r.action, r.size, r.price]),
    [[`${d[1]}T00:00:00`, "open_long", 1000, 10]],
    "the one fill",
  );
  // the one-call forms: defaults for what is not given; rows from the same tables
  const direct = backtestTables(series, signals(4, [0]), { ...NO_FEES, cash: 10_000 }, { code: "600000" });
  assert.deepEqual(direct, t, "backtestTables fills in the defaults");
  const rows = backtest(series, signals(4, [0]), { ...NO_FEES, cash: 10_000 }, { code: "600000" });
  assert.deepEqual(
    rows.positions.map((p) => p.market_value),
    [0, 10_500, 11_000, 10_200],
    "position rows",
  );
  assert.deepEqual(
    rows.equity_curve.map((e) => e.total),
    [10_000, 10_500, 11_000, 10_200],
    "equity rows",
  );
  assert.deepEqual(rows.trades, t.trades, "trade rows");
  assert.deepEqual(rows.performance, t.performance, "performance");
  assert.deepEqual(rows.config, t.config, "config");
});
