/**
 * Walk-forward windows and the evaluation's train/valid/test segments report
 * metrics over their own bars only (issue 17, item 3). Each window is re-run
 * over real HTTP as a plain backtest of the same bars (its context bars as
 * warm-up, closed out at the end); the test then recomputes every metric from
 * the definitions in metric-docs.ts over the equity of the window's own bars,
 * with a second simple implementation written here, and compares.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, startTestServer, type TestServer } from "../support/server.ts";
import { runTask } from "./task-polling.ts";

const N = 242;
const CONTEXT = 60;

/** 420 weekday bars of a seeded random walk in cents with regime changes, so moving-average crosses trade. */
function walkBars(): { date: string; open: number; high: number; low: number; close: number; vol: number }[] {
  let seed = 20240117;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const out = [];
  let cents = 1000;
  const day = new Date(Date.UTC(2021, 0, 4));
  for (let i = 0; i < 420; i++) {
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
    const drift = Math.floor(i / 35) % 2 === 0 ? 4 : -4;
    const open = cents;
    cents = Math.max(200, Math.round(cents + drift + (rnd() - 0.5) * 40));
    const hi = Math.max(open, cents) + Math.round(rnd() * 10);
    const lo = Math.min(open, cents) - Math.round(rnd() * 10);
    out.push({ date: day.toISOString().slice(0, 10), open: open / 100, high: hi / 100, low: lo / 100, close: cents / 100, vol: 5_000_000 });
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
}

interface Row {
  datetime: string;
  total: number;
  position_value: number;
}

/** The metrics of metric-docs.ts from an equity line and its held flags, written out from the definitions. */
function metricsOf(v: number[], held: boolean[], pv: number[], cash: number) {
  const n = v.length;
  const r = v.slice(1).map((x, i) => x / v[i]! - 1);
  const m = r.length;
  const mean = r.reduce((a, x) => a + x, 0) / m;
  const std = Math.sqrt(r.reduce((a, x) => a + (x - mean) ** 2, 0) / (m - 1));
  const downside = Math.sqrt(r.reduce((a, x) => a + Math.min(x, 0) ** 2, 0) / m);
  let peak = v[0]!;
  let maxDd = 0;
  for (const x of v) {
    peak = Math.max(peak, x);
    maxDd = Math.max(maxDd, 1 - x / peak);
  }
  const annual = (v[n - 1]! / v[0]!) ** (N / m) - 1;
  return {
    total_return: v[n - 1]! / cash - 1,
    annual_return: annual,
    volatility: std * Math.sqrt(N),
    sharpe: (mean / std) * Math.sqrt(N),
    sortino: (mean / downside) * Math.sqrt(N),
    max_drawdown: maxDd,
    calmar: annual / maxDd,
    exposure_time: held.filter(Boolean).length / n,
    avg_exposure: pv.reduce((a, x, i) => a + Math.abs(x) / v[i]!, 0) / n,
  };
}

const near = (got: number, want: number, what: string) =>
  assert.ok(Math.abs(got - want) <= 1e-6 * Math.max(1, Math.abs(want)), `${what}: service ${got}, recomputed over the window's own equity ${want}`);

describe("research metrics over a window's own bars", () => {
  let s: TestServer;
  const bars = walkBars();
  before(async () => (s = await startTestServer()));
  after(() => s.dispose());

  /** Re-runs `params` on the window [first, last] with its context bars and recomputes its metrics over its own bars. */
  async function ownMetrics(strategy: string, params: object, first: string, last: string) {
    const start = bars.findIndex((b) => b.date === first);
    const end = bars.findIndex((b) => b.date === last) + 1;
    assert.ok(start > 0 && end > start, `window ${first}…${last} found in the input`);
    const from = Math.max(0, start - CONTEXT);
    const run = await call(s.url, "POST", "/api/v1/backtest/run", {
      json: { strategy, params, ohlcv: bars.slice(from, end), warmup_bars: start - from, close_at_end: true },
    });
    assert.equal(run.status, 200, run.text);
    const own = (run.body.equity_curve as Row[]).slice(start - from);
    assert.equal(own[0]!.datetime.slice(0, 10), first);
    const fills = new Set((run.body.trades as { datetime: string; rejected: boolean }[]).filter((t) => !t.rejected).map((t) => t.datetime));
    const held = own.map((row) => row.position_value !== 0 || fills.has(row.datetime));
    return metricsOf(
      own.map((row) => row.total),
      held,
      own.map((row) => row.position_value),
      run.body.config.cash,
    );
  }

  function assertSame(reported: Record<string, number>, own: ReturnType<typeof metricsOf>, label: string) {
    for (const [k, want] of Object.entries(own)) near(reported[k]!, want, `${label} ${k}`);
  }

  test("walk-forward windows: every metric equals the one recomputed over the window's own equity; mean_sharpe averages them", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/wf/run/async?n_windows=3", { strategy: "ma_cross", ohlcv: bars, param_grid: { fast: [3, 5], slow: [10, 20] } });
    assert.equal(done.status, "done", done.error);
    const wf = done.result.walkforward;
    const sharpes: number[] = [];
    let traded = 0;
    for (const w of wf.windows) {
      const own = await ownMetrics("ma_cross", w.params, w.start, w.end);
      assert.equal(w.bars, bars.findIndex((b) => b.date === w.end) - bars.findIndex((b) => b.date === w.start) + 1);
      assertSame(w.performance, own, `window ${w.index}`);
      near(w.sharpe, own.sharpe, `window ${w.index} sharpe (top level)`);
      if (Number.isFinite(own.sharpe)) sharpes.push(own.sharpe);
      if (w.total_trades > 0) traded++;
    }
    assert.ok(traded >= 2, `the walk trades in most windows (${traded}), so the metrics are not those of a flat line`);
    near(wf.mean_sharpe, sharpes.reduce((a, x) => a + x, 0) / sharpes.length, "mean_sharpe");
  });

  test("evaluation: the train/valid/test segments and the walk-forward windows report their own bars' metrics", async () => {
    const params = { fast: 5, slow: 20 };
    const done = await runTask(s.url, "/api/v1/backtest/evaluate/run/async?n_windows=2", { strategy: "ma_cross", params, ohlcv: bars, param_grid: {} });
    assert.equal(done.status, "done", done.error);
    const r = done.result;
    for (const seg of r.fitness.segments) {
      if (bars.findIndex((b) => b.date === seg.start) === 0) continue; // the train segment has no context bars
      assertSame(seg.performance, await ownMetrics("ma_cross", params, seg.start, seg.end), `segment ${seg.name}`);
    }
    for (const w of r.walkforward.windows) assertSame(w.performance, await ownMetrics("ma_cross", params, w.start, w.end), `window ${w.index}`);
  });
});
