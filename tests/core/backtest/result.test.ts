/** Result shape (easy_tdx wire names, JSON-safe values), metric docs, and the metrics-only path. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { backtest, DEFAULT_CONFIG, KernelWorkspace, METRIC_DOCS, METRIC_NAMES, planBacktest, runKernel, runMetrics, toResult } from "../../../core/backtest/index.ts";
import { bars, days, signals, type BarSpec } from "./bars.ts";

const d = days("2024-01-02", 6);
const rows: BarSpec[] = [
  [d[0]!, 10, 10],
  [d[1]!, 10, 10.2],
  [d[2]!, 10.2, 10.1],
  [d[3]!, 10.1, 10.6],
  [d[4]!, 10.6, 10.8],
  [d[5]!, 10.8, 10.5],
];

test("rows use easy_tdx's field names; every metric is present and JSON-safe", () => {
  const r = backtest(bars(rows), signals(rows.length, [0], [3]), { cash: 100_000 }, { code: "600000" });
  assert.deepEqual(Object.keys(r), ["performance", "equity_curve", "trades", "positions", "config"]);
  assert.deepEqual(Object.keys(r.equity_curve[0]!), ["datetime", "cash", "position_value", "total", "drawdown", "drawdown_pct"]);
  assert.deepEqual(Object.keys(r.positions[0]!), ["datetime", "size", "avg_price", "market_value", "unrealized_pnl"]);
  assert.deepEqual(Object.keys(r.trades[0]!).slice(0, 9), ["datetime", "direction", "size", "price", "commission", "slippage", "pnl", "cost_basis", "rejected"]);
  assert.deepEqual(Object.keys(r.performance), [...METRIC_NAMES]);
  // One closed trade: no losing trade, so the profit factor is infinite → null.
  assert.equal(r.performance.profit_factor, null);
  assert.equal(r.performance.avg_loss, null);
  assert.deepEqual(JSON.parse(JSON.stringify(r)), r);
  assert.equal(r.config.annual_days, 242);
  assert.deepEqual(r.config.security, { code: "600000", exchange: "SH", board: "main", st: false });
});

test("the drawdown columns follow the running peak", () => {
  const r = backtest(bars(rows), signals(rows.length, [0]), { cash: 100_000 }, { code: "600000" });
  let peak = -Infinity;
  for (const e of r.equity_curve) {
    peak = Math.max(peak, e.total!);
    // Money columns are rounded to 1e-6 CNY, fractions to 1e-8.
    assert.ok(Math.abs(e.drawdown! - (peak - e.total!)) <= 1e-6 + 1e-9, "Math.abs(e.drawdown! - (peak - e.total!)) <= 1e-6 + 1e-9");
    assert.ok(Math.abs(e.drawdown_pct! - (peak - e.total!) / peak) < 1e-7, "Math.abs(e.drawdown_pct! - (peak - e.total!) / peak) < 1e-7");
  }
  assert.ok(
    r.equity_curve.some((e) => e.drawdown! > 0),
    "r.equity_curve.some((e) => e.drawdown! > 0)",
  );
});

test("every metric has a definition", () => {
  for (const name of METRIC_NAMES) assert.ok(METRIC_DOCS[name].length > 10, name);
});

test("the metrics-only path equals the full result and reuses one workspace", () => {
  const series = bars(rows);
  const plan = planBacktest(DEFAULT_CONFIG, { code: "600000" });
  const ws = new KernelWorkspace(series.length + 10);
  const a = signals(rows.length, [0], [3]);
  const b = signals(rows.length, [1]);
  const full = toResult(series, runKernel(series, a, plan, new KernelWorkspace(series.length)), plan);
  runMetrics(series, b, plan, ws);
  const fast = runMetrics(series, a, plan, ws);
  for (const name of METRIC_NAMES) {
    const v = fast[name];
    assert.equal(Number.isFinite(v) ? v : null, full.performance[name], name);
  }
  assert.throws(() => runKernel(series, a, plan, new KernelWorkspace(2)), RangeError);
});

test("an empty series gives an empty result", () => {
  const r = backtest(bars([]), signals(0, []), {}, { code: "600000" });
  assert.equal(r.equity_curve.length, 0);
  assert.equal(r.trades.length, 0);
  assert.equal(r.performance.total_trades, 0);
  assert.equal(r.performance.total_return, 0);
});
