/**
 * The research endpoints over real HTTP against the simulator: each runs to
 * `done` with its documented result shape, and each rejects bad input with a
 * 422 (or a 400 for what only the data can tell).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { runTask } from "./task-polling.ts";

const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const post = (s: TestServer, path: string, json: unknown) => call(s.url, "POST", path, { json });
const locs = (r: { body: { detail: { loc: unknown[] }[] } }) => r.body.detail.map((d) => d.loc.join("."));

describe("research tasks", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer({ clock })));
  after(() => s.dispose());

  test("optimize: ranking by the objective, easy_tdx's rows, the best point in full; its metrics are the point's own backtest", async () => {
    const grid = { fast: [3, 5, 10, 30], slow: [10, 20, 60] };
    const done = await runTask(s.url, "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", symbol: "SH:600519", count: 400, param_grid: grid, objective: "sharpe", min_trades: 0 });
    assert.equal(done.status, "done", done.error);
    assert.equal(done.kind, "optimize");
    assert.equal(done.description, "ma_cross 寻优 | SH:600519 DAY×400 | 12点");
    const r = done.result;
    assert.deepEqual(r.param_names, ["fast", "slow"]);
    assert.equal(r.objective, "sharpe");
    assert.equal(r.direction, "max");
    assert.equal(r.grid_size, 12);
    assert.equal(r.grid_points, 9, "the points that ran, as easy_tdx counts them");
    assert.equal(r.skipped, 3, "fast ≥ slow: (10,10), (30,10), (30,20)");
    assert.equal(r.evaluated, 9);
    assert.equal(r.ranking.length, 9);
    const sharpes = r.ranking.map((x: { sharpe: number | null }) => x.sharpe ?? -Infinity);
    assert.deepEqual(
      sharpes,
      [...sharpes].sort((a: number, b: number) => b - a),
    );
    assert.deepEqual(
      r.ranking.map((x: { rank: number }) => x.rank),
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
    assert.deepEqual(Object.keys(r.ranking[0]).slice(0, 4), ["rank", "fast", "slow", "total_return"]);
    assert.deepEqual(
      r.results.map((x: { params: unknown }) => x.params),
      r.ranking.map((x: { fast: number; slow: number }) => ({ fast: x.fast, slow: x.slow })),
    );
    assert.deepEqual(Object.keys(r.results[0]), ["params", "total_return", "sharpe", "max_drawdown", "total_trades", "win_rate", "profit_factor"]);
    assert.deepEqual(r.best.params, r.results[0].params);
    assert.deepEqual(r.best_params, { ...r.best.params });
    assert.deepEqual(Object.keys(r.best_result), ["performance", "equity_curve", "trades", "positions", "config"]);
    assert.equal(r.best_result.performance.sharpe, r.ranking[0].sharpe);
    assert.equal(r.heatmap.x_name, "fast");
    assert.deepEqual(r.heatmap.y, [10, 20, 60]);
    assert.equal(r.heatmap.data.length, 9);

    // one point alone, synchronously on the same bars, has the same metrics
    const bars = await call(s.url, "GET", "/api/v1/bars?market=SH&code=600519&count=400");
    const ohlcv = bars.body.data.map((b: Record<string, unknown>) => ({ date: b.date, open: b.open, high: b.high, low: b.low, close: b.close, vol: b.vol, amount: b.amount }));
    const third = r.ranking[2];
    const alone = await post(s, "/api/v1/backtest/run", { strategy: "ma_cross", params: { fast: third.fast, slow: third.slow }, ohlcv, symbol: "SH:600519" });
    assert.equal(alone.body.performance.total_return, third.total_return);
    assert.equal(alone.body.performance.sharpe, third.sharpe);

    const csv = await call(s.url, "GET", `/api/v1/backtest/tasks/${done.task_id}/export?format=csv`);
    const lines = csv.text.trim().split("\n");
    assert.ok(lines[0]!.startsWith("rank,fast,slow,total_return,annual_return,sharpe"), lines[0]);
    assert.equal(lines.length, 10);
  });

  test("optimize: the preset grid by default, any objective; 422 for a bad grid, 400 for an unknown strategy", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/optimize/run/async", { strategy: "boll_breakout", symbol: "SZ:000001", objective: "max_drawdown", min_trades: 0 });
    assert.equal(done.status, "done", done.error);
    assert.deepEqual(done.result.param_names, ["n", "p"]);
    assert.equal(done.result.grid_points, 16);
    assert.equal(done.result.grid_size, 16);
    assert.equal(done.result.direction, "min");
    const dd = done.result.ranking.map((x: { max_drawdown: number }) => x.max_drawdown);
    assert.deepEqual(
      dd,
      [...dd].sort((a: number, b: number) => a - b),
    );

    const bad = await post(s, "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", symbol: "SH:600519", param_grid: { fast: [5, "x"], speed: [1] } });
    assert.equal(bad.status, 422);
    assert.deepEqual(locs(bad).sort(), ["body.param_grid.fast.1", "body.param_grid.speed"]);
    const big = await post(s, "/api/v1/backtest/optimize/run/async", {
      strategy: "ma_cross",
      symbol: "SH:600519",
      param_grid: { fast: Array.from({ length: 150 }, (_, i) => i + 1), slow: Array.from({ length: 150 }, (_, i) => i + 1) },
    });
    assert.equal(big.status, 422);
    assert.match(big.text, /22500 points; at most 20000/);
    assert.equal((await post(s, "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross" })).status, 422, "no data");
    assert.equal((await post(s, "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", symbol: "SH:600519", objective: "luck" })).status, 422);
    assert.equal((await post(s, "/api/v1/backtest/optimize/run/async", { strategy: "nope", symbol: "SH:600519" })).status, 400);
  });

  test("optimize-all: each strategy's best preset point, ranked globally", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/optimize-all/run/async", { symbol: "SH:600519", count: 300, strategies: ["ma_cross", "macd", "donchian"], objective: "sharpe", min_trades: 0 });
    assert.equal(done.status, "done", done.error);
    const r = done.result;
    assert.deepEqual(r.ranking.map((x: { strategy: string }) => x.strategy).sort(), ["donchian", "ma_cross", "macd"]);
    const sharpes = r.ranking.map((x: { sharpe: number }) => x.sharpe);
    assert.deepEqual(
      sharpes,
      [...sharpes].sort((a: number, b: number) => b - a),
    );
    assert.deepEqual(r.best, r.ranking[0]);
    assert.deepEqual(Object.keys(r.per_strategy).sort(), ["donchian", "ma_cross", "macd"]);
    assert.equal(r.total_grid_size, 36 + 16 + 6);
    assert.equal(r.total_grid_points, 25 + 16 + 6, "ma_cross: 11 points fail fast < slow");
    assert.equal(r.ranking[0].grid_points, r.per_strategy[r.ranking[0].strategy].grid_points);
    assert.ok("strategy_label" in r.ranking[0] && "params" in r.ranking[0], '"strategy_label" in r.ranking[0] && "params" in r.ranking[0]');
    assert.equal((await post(s, "/api/v1/backtest/optimize-all/run/async", { symbol: "SH:600519", strategies: ["nope"] })).status, 422);
  });

  test("optimize-all: a minimised objective ranks lowest first; entries below min_trades come after every qualified one", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/optimize-all/run/async", {
      symbol: "SH:600519",
      count: 300,
      strategies: ["ma_cross", "macd", "donchian", "bbi", "kdj_cross", "rsi_reversal"],
      objective: "max_drawdown",
      min_trades: 9,
    });
    assert.equal(done.status, "done", done.error);
    const r = done.result as { ranking: { strategy: string; max_drawdown: number | null; total_trades: number; qualified: boolean; rank: number }[] };
    for (const e of r.ranking) assert.equal(e.qualified, e.total_trades >= 9, e.strategy);
    // the plain rule: qualified first, then each group by max_drawdown ascending (undefined last)
    const key = (e: (typeof r.ranking)[number]) => [e.qualified ? 0 : 1, e.max_drawdown ?? Number.POSITIVE_INFINITY] as const;
    const want = [...r.ranking].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]).map((e) => e.strategy);
    assert.deepEqual(
      r.ranking.map((e) => e.strategy),
      want,
    );
    assert.deepEqual(
      r.ranking.map((e) => e.rank),
      r.ranking.map((_, k) => k + 1),
    );
  });

  test("walk-forward: per-window chosen parameters and returns, consistency and compounded return", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/wf/run/async?n_windows=4", { strategy: "ma_cross", symbol: "SZ:000001", param_grid: { fast: [3, 5], slow: [10, 20] } });
    assert.equal(done.status, "done", done.error);
    assert.equal(done.kind, "walk_forward");
    const wf = done.result.walkforward;
    assert.equal(wf.n_windows, 4);
    assert.equal(wf.windows.length, 4);
    for (const w of wf.windows) {
      assert.ok(w.in_sample_end < w.start, "in-sample ends before the window");
      assert.ok([3, 5].includes(w.params.fast) && [10, 20].includes(w.params.slow), "[3, 5].includes(w.params.fast) && [10, 20].includes(w.params.slow)");
      assert.equal(w.total_return, w.performance.total_return);
    }
    const returns = wf.windows.map((w: { total_return: number }) => w.total_return);
    assert.deepEqual(wf.window_returns, returns);
    assert.equal(wf.consistency, returns.filter((x: number) => x > 0).length / 4);
    assert.ok(
      Math.abs(wf.chained_return - (returns.reduce((g: number, x: number) => g * (1 + x), 1) - 1)) < 1e-12,
      "Math.abs(wf.chained_return - (returns.reduce((g: number, x: number) => g * (1 + x), 1) - 1)) < 1e-12",
    );
    const dated = await runTask(s.url, "/api/v1/backtest/wf/run/async?n_windows=3", {
      strategy: "ma_cross",
      symbol: "SZ:000001",
      param_grid: { fast: [3, 5], slow: [10, 20] },
      start_date: "2022-01-01",
      end_date: "2024-12-31",
    });
    assert.equal(dated.status, "done", dated.error);
    const spans = dated.result.walkforward.windows.map((w: { in_sample_start: string; end: string }) => [w.in_sample_start, w.end]);
    assert.ok(spans[0][0] >= "2022-01-01" && spans.at(-1)[1] <= "2024-12-31", `the date range bounds the run: ${JSON.stringify(spans)}`);
    assert.equal(wf.compounded_return, wf.chained_return);
    assert.equal((await post(s, "/api/v1/backtest/wf/run/async?n_windows=1", { strategy: "ma_cross", symbol: "SZ:000001" })).status, 422);
    const ohlcv = Array.from({ length: 60 }, (_, i) => ({ date: `2024-03-${String((i % 28) + 1).padStart(2, "0")}`, open: 10, high: 10, low: 10, close: 10 }));
    const few = await post(s, "/api/v1/backtest/wf/run/async", {
      strategy: "ma_cross",
      ohlcv: ohlcv.map((b, i) => ({ ...b, date: new Date(Date.UTC(2024, 0, 1) + i * 864e5).toISOString().slice(0, 10) })),
    });
    assert.equal(few.status, 400);
    assert.match(few.body.detail, /60 bars are too few for 7 walk-forward windows/);
  });

  test("evaluate: backtest, walk-forward, suitability, score and rating, buy-and-hold comparison", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/evaluate/run/async?n_windows=3", { strategy: "macd", symbol: "SH:600519", param_grid: {} });
    assert.equal(done.status, "done", done.error);
    const r = done.result;
    assert.deepEqual(Object.keys(r), ["performance", "score", "grade", "walkforward", "fitness", "benchmark", "config"]);
    assert.ok(["S", "A", "B", "C", "D"].includes(r.grade.grade), '["S", "A", "B", "C", "D"].includes(r.grade.grade)');
    assert.equal(r.grade.score, r.score.total);
    assert.equal(r.score.wf_provided, true);
    assert.equal(r.walkforward.windows.length, 3);
    assert.deepEqual(r.walkforward.windows[0].params, r.config.params, "{} keeps the parameters fixed");
    assert.ok(
      Math.abs(r.benchmark.excess_return - (r.performance.total_return - r.benchmark.buy_hold.total_return)) < 1e-12,
      "Math.abs(r.benchmark.excess_return - (r.performance.total_return - r.benchmark.buy_hold.total_return)) < 1e-12",
    );
    assert.deepEqual(Object.keys(r.benchmark), ["buy_hold", "excess_return", "beta", "alpha", "information_ratio", "tracking_error"]);
    assert.deepEqual(
      r.fitness.checks.map((c: { name: string }) => c.name),
      [
        "enough_bars",
        "enough_trades",
        "liquidity",
        "tradable",
        "train_profitable",
        "valid_profitable",
        "test_profitable",
        "sign_consistent",
        "drawdown_bounded",
        "train_enough_trades",
        "test_active",
        "oos_sharpe_positive",
      ],
    );
    assert.deepEqual(
      r.fitness.segments.map((x: { name: string }) => x.name),
      ["train", "valid", "test"],
    );
    assert.equal(r.fitness.total_checks, 12);
    assert.equal(r.performance.total_trades > 0, true);

    // spec 4.12 rule 1: no trades, ranking or equity curve, so the CSV holds the performance pairs, not the windows
    const csv = await call(s.url, "GET", `/api/v1/backtest/tasks/${done.task_id}/export?format=csv`);
    assert.equal(csv.status, 200);
    const lines = csv.text.trim().split("\n");
    assert.equal(lines[0], "metric,value");
    assert.deepEqual(
      lines.slice(1).map((l: string) => l.split(",")[0]),
      Object.keys(r.performance),
    );
  });

  test("multiseed: reproducible for a seed, per-seed stability, the four gates; unfetchable stocks skipped", async () => {
    const body = { strategy: "ma_cross", stocks: ["SH:600519", "SZ:000001", "SZ:000002", "SZ:999999"], seeds: [5, 9], sample_size: 2, count: 400 };
    const a = await runTask(s.url, "/api/v1/backtest/multiseed/run/async", body);
    const b = await runTask(s.url, "/api/v1/backtest/multiseed/run/async", body);
    assert.equal(a.status, "done", a.error);
    assert.deepEqual(b.result, a.result, "same seeds, same sample, same result");
    const r = a.result;
    assert.equal(r.n_runs, 4);
    assert.deepEqual(Object.keys(r.per_seed_positive_ratio), ["5", "9"]);
    assert.deepEqual(
      r.gates.map((g: { key: string }) => g.key),
      ["positive_ratio", "mean_sharpe", "mean_trades", "mean_return"],
    );
    assert.deepEqual(
      r.gates.map((g: { threshold: number }) => g.threshold),
      [0.5, 0, 5, 0],
    );
    assert.equal(
      r.promoted,
      r.gates.every((g: { passed: boolean }) => g.passed),
    );
    assert.deepEqual(
      r.skipped.map((x: { symbol: string }) => x.symbol),
      ["SZ:999999"],
    );
    for (const run of r.runs) assert.equal(run.bars, Math.round(400 * 0.7));
    const other = await runTask(s.url, "/api/v1/backtest/multiseed/run/async", { ...body, seeds: [6, 9], gates: { mean_trades: 1 } });
    assert.notDeepEqual(other.result.runs.slice(0, 2), r.runs.slice(0, 2));
    assert.equal(other.result.gates[2].threshold, 1);
    assert.equal((await post(s, "/api/v1/backtest/multiseed/run/async", { ...body, seeds: [1, 1] })).status, 422);
    assert.equal((await post(s, "/api/v1/backtest/multiseed/run/async", { ...body, window_ratio: 0 })).status, 422);
  });

  test("rotation: momentum or a formula's column; holdings never exceed the slots", async () => {
    const stocks = ["SH:600519", "SZ:000001", "SZ:000002", "SH:600000", "SH:601318"];
    const done = await runTask(s.url, "/api/v1/backtest/rotation/run/async", { stocks, slots: 2, refresh: "weekly", period: 10, stop_loss: 0.1, count: 300 });
    assert.equal(done.status, "done", done.error);
    const r = done.result;
    for (const k of ["performance", "equity_curve", "trades", "final_holdings", "rebalance_dates", "n_rebalances", "rebalances", "turnover", "max_holdings", "config", "skipped"]) assert.ok(k in r, k);
    assert.ok(r.max_holdings <= 2 && r.max_holdings > 0, "r.max_holdings <= 2 && r.max_holdings > 0");
    assert.ok(
      r.rebalances.every((x: { holdings: string[] }) => x.holdings.length <= 2),
      "r.rebalances.every((x: { holdings: string[] }) => x.holdings.length <= 2)",
    );
    assert.ok(Object.keys(r.final_holdings).length <= 2, "Object.keys(r.final_holdings).length <= 2");
    assert.ok(r.equity_curve.length >= 300, "the union of the stocks' trading days");
    const reasons = new Set<string>(r.trades.filter((t: { rejected: boolean }) => !t.rejected).map((t: { reason: string }) => t.reason));
    assert.ok(
      [...reasons].every((x) => ["rotation", "rank_exit", "stop_loss", "take_profit", "end"].includes(x)),
      '[...reasons].every((x) => ["rotation", "rank_exit", "stop_loss", "take_profit", "end"].includes(x))',
    );
    assert.ok(
      r.trades.every((t: { symbol: string }) => stocks.includes(t.symbol)),
      "r.trades.every((t: { symbol: string }) => stocks.includes(t.symbol))",
    );
    assert.equal(r.config.slots, 2);

    const formula = await runTask(s.url, "/api/v1/backtest/rotation/run/async", {
      stocks: stocks.slice(0, 3),
      slots: 1,
      refresh: "monthly",
      score: "FORMULA",
      formula_text: "M:C/REF(C,10)-1;",
      count: 200,
    });
    assert.equal(formula.status, "done", formula.error);
    assert.equal(formula.result.config.score, "formula");
    assert.ok(formula.result.max_holdings <= 1, "formula.result.max_holdings <= 1");

    const bad = async (json: object) => (await post(s, "/api/v1/backtest/rotation/run/async", { stocks, ...json })).status;
    assert.equal(await bad({ score: "formula" }), 422, "formula_text missing");
    assert.equal(await bad({ score: "formula", formula_text: "Z:ZIG(3,10);" }), 422, "future function");
    assert.equal(await bad({ score: "formula", formula_text: "M:C;", score_col: "X" }), 422);
    assert.equal(await bad({ slots: 3, keep_rank: 2 }), 422);
    assert.equal(await bad({ refresh: "hourly" }), 422);
    const one = await post(s, "/api/v1/backtest/rotation/run/async", { stocks: ["SH:600519", "SZ:999999"] });
    assert.equal(one.status, 400);
  });

  test("signal scan: 400 on an empty library; every saved strategy × symbol scanned, the library untouched", async () => {
    const empty = await post(s, "/api/v1/backtest/signal-scan/run/async", {});
    assert.equal(empty.status, 400);
    await post(s, "/api/v1/strategies", { name: "one", kind: "single", strategy: "ma_cross", params: { fast: 5, slow: 20 }, context: { symbol: "SH:600519" }, snapshot: { sharpe: 1.5 } });
    await post(s, "/api/v1/strategies", { name: "two", kind: "portfolio", strategy: "macd", context: { stocks: ["SZ:000001", "SH:600519", "SZ:999999"] } });
    await post(s, "/api/v1/strategies", {
      name: "three",
      kind: "multi",
      strategy: "multi",
      context: {
        items: [
          { strategy: "rsi_reversal", symbol: "SZ:000002" },
          { strategy: "gone", symbol: "SZ:000002" },
        ],
      },
    });
    const before = await call(s.url, "GET", "/api/v1/strategies");
    const done = await runTask(s.url, "/api/v1/backtest/signal-scan/run/async", { window_bars: 30 });
    assert.equal(done.status, "done", done.error);
    assert.equal(done.kind, "signal_scan");
    const r = done.result;
    assert.equal(r.total, 6);
    assert.equal(r.rows.length, 6);
    assert.deepEqual(r.rows.map((x: { symbol: string }) => x.symbol).sort(), ["SH:600519", "SH:600519", "SZ:000001", "SZ:000002", "SZ:000002", "SZ:999999"]);
    assert.equal(r.error_count, 2, "an unknown code and an unknown strategy");
    const ok = r.rows.filter((x: { error: string | null }) => x.error === null);
    for (const row of ok) {
      assert.ok(["holding", "flat"].includes(row.position), "position is holding or flat");
      // easy_tdx web/signal_scan.py line 257: str(timestamp)[:16], so daily bars read "YYYY-MM-DD 00:00"
      assert.equal(row.last_bar_date, "2026-11-20 00:00");
      assert.equal(row.latest_signal, row.recent_signals.at(-1)?.direction ?? null);
    }
    const has = (d: string) => r.rows.filter((x: { recent_signals: { direction: string }[] }) => x.recent_signals.some((y) => y.direction === d)).length;
    assert.equal(r.buy_count, has("BUY"));
    assert.equal(r.sell_count, has("SELL"));
    assert.equal((await post(s, "/api/v1/backtest/signal-scan/run/async", { window_bars: 31 })).status, 422);
    assert.deepEqual((await call(s.url, "GET", "/api/v1/strategies")).body, before.body, "no saved entry changed");
  });
});
