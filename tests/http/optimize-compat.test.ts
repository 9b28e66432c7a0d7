/**
 * Optimisation answers as easy_tdx's do (issue 18 items 1 and 5, issue 17
 * item 4), over real HTTP against the simulator. Every grid point is
 * re-run independently through the synchronous POST /backtest/run, and the
 * expected order is rebuilt from those runs by the rule written in the test.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { runTask } from "./task-polling.ts";

const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const post = (s: TestServer, path: string, json: unknown) => call(s.url, "POST", path, { json });

type Row = { fast: number; slow: number; total_return: number; total_trades: number; qualified: boolean; note: string | null; rank: number };

describe("optimisation, easy_tdx's meaning", () => {
  let s: TestServer;
  let ohlcv: Record<string, unknown>[];
  before(async () => {
    s = await startTestServer({ clock });
    const bars = await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001&count=200");
    ohlcv = bars.body.data.map((b: Record<string, unknown>) => ({ date: b.date, open: b.open, high: b.high, low: b.low, close: b.close, vol: b.vol, amount: b.amount }));
  });
  after(() => s.dispose());

  // easy_tdx's preset grid for ma_cross (backtest/strategies/presets.py lines 23-27): 36 points, 11 of them fast >= slow
  const grid = { fast: [5, 10, 15, 20, 30, 60], slow: [10, 20, 30, 60, 120, 250] };

  test("no objective: total_return descending, best = results[0]; grid_points counts the points that ran", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", ohlcv, symbol: "SZ:000001", param_grid: grid, min_trades: 0 });
    assert.equal(done.status, "done", done.error);
    const r = done.result;
    // easy_tdx backtest/optimizer.py lines 217-220: results.sort(key=total_return, reverse=True); best = results[0]
    assert.equal(r.objective, "total_return");
    assert.deepEqual(r.best.params, r.results[0].params);
    // easy_tdx backtest/optimizer.py lines 183-190: points whose cross-parameter rule fails (fast < slow) are skipped;
    // web/routers/backtest.py line 650: grid_points = len(result.results), the points that ran
    assert.equal(r.grid_points, 25);
    assert.equal(r.grid_size, 36);
    assert.equal(r.skipped, 11);
    assert.deepEqual(
      r.skip_reasons.map((x: { reason: string; count: number }) => [x.reason, x.count]),
      [["fast must be less than slow", 11]],
    );

    // each point alone through the synchronous endpoint, then easy_tdx's sort (Python's sort is stable: grid order among ties)
    const alone: Row[] = [];
    for (const fast of grid.fast)
      for (const slow of grid.slow) {
        if (fast >= slow) continue;
        const one = await post(s, "/api/v1/backtest/run", { strategy: "ma_cross", params: { fast, slow }, ohlcv, symbol: "SZ:000001" });
        assert.equal(one.status, 200, one.text);
        alone.push({ fast, slow, total_return: one.body.performance.total_return, total_trades: one.body.performance.total_trades } as Row);
      }
    const expected = [...alone].sort((a, b) => b.total_return - a.total_return);
    assert.deepEqual(
      r.results.map((x: { params: { fast: number; slow: number }; total_return: number }) => [x.params.fast, x.params.slow, x.total_return]),
      expected.map((x) => [x.fast, x.slow, x.total_return]),
    );

    // min_trades 1 (the default): the same order with the points without a closed trade moved after all others, marked
    const ruled = await runTask(s.url, "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", ohlcv, symbol: "SZ:000001", param_grid: grid });
    assert.equal(ruled.status, "done", ruled.error);
    const q = ruled.result;
    assert.equal(q.min_trades, 1);
    const expectRuled = [...expected.filter((x) => x.total_trades >= 1), ...expected.filter((x) => x.total_trades < 1)];
    assert.deepEqual(
      q.ranking.map((x: Row) => [x.fast, x.slow, x.qualified]),
      expectRuled.map((x) => [x.fast, x.slow, x.total_trades >= 1]),
    );
    assert.equal(q.unqualified, expected.filter((x) => x.total_trades < 1).length);
    assert.ok(q.unqualified > 0, "some points of this grid never close a trade on 200 bars");
    for (const row of q.ranking as Row[]) {
      if (row.qualified) continue;
      assert.ok(row.note !== null, `an unqualified point says why: ${JSON.stringify(row)}`);
    }
    assert.deepEqual(q.best.params, q.results[0].params);
  });

  test("points whose slow window is not shorter than the series cannot trade and say so; the heatmap still shows they ran", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", ohlcv, symbol: "SZ:000001", param_grid: { fast: [5, 10], slow: [20, 200, 250] } });
    assert.equal(done.status, "done", done.error);
    const rows = done.result.ranking as Row[];
    // MA(200) over 200 bars has one value and MA(250) none, so no cross can happen (a cross needs two bars with both averages)
    for (const row of rows.filter((x) => x.slow >= 200)) {
      assert.equal(row.qualified, false, `slow ${row.slow}`);
      assert.match(row.note!, new RegExp(`^cannot trade: no entry signal on these 200 bars; slow = ${row.slow} is not shorter than the series`));
      assert.equal(row.total_return, 0);
    }
    assert.deepEqual(
      rows
        .slice(-4)
        .map((x) => x.slow)
        .sort(),
      [200, 200, 250, 250],
      "they rank last",
    );
    assert.equal(done.result.heatmap.data.length, 6, "every point that ran has a cell");
  });

  test("an explicit objective keeps working; min_trades is validated", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/optimize/run/async", {
      strategy: "ma_cross",
      ohlcv,
      symbol: "SZ:000001",
      param_grid: { fast: [5, 10], slow: [20, 30] },
      objective: "max_drawdown",
      min_trades: 0,
    });
    assert.equal(done.status, "done", done.error);
    const dd = done.result.ranking.map((x: { max_drawdown: number }) => x.max_drawdown);
    assert.deepEqual(
      dd,
      [...dd].sort((a: number, b: number) => a - b),
    );
    assert.equal((await post(s, "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", ohlcv, min_trades: -1 })).status, 422);
    assert.equal((await post(s, "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", ohlcv, min_trades: 1.5 })).status, 422);
  });

  test("optimise-all: best points by total_return descending; total_grid_points sums the points that ran", async () => {
    const strategies = ["ma_cross", "macd", "donchian"];
    const done = await runTask(s.url, "/api/v1/backtest/optimize-all/run/async", { ohlcv, symbol: "SZ:000001", strategies, min_trades: 0 });
    assert.equal(done.status, "done", done.error);
    const r = done.result;
    // easy_tdx web/routers/backtest.py lines 732-734: ranking.sort(key=total_return, reverse=True); best = ranking[0]
    assert.equal(r.objective, "total_return");
    const returns = r.ranking.map((x: { total_return: number }) => x.total_return);
    assert.deepEqual(
      returns,
      [...returns].sort((a: number, b: number) => b - a),
    );
    assert.deepEqual(r.best, r.ranking[0]);
    // lines 726-730: each entry's grid_points = its points that ran; total_grid_points = their sum
    const one = await Promise.all(strategies.map((strategy) => runTask(s.url, "/api/v1/backtest/optimize/run/async", { strategy, ohlcv, symbol: "SZ:000001", min_trades: 0 })));
    for (const [k, id] of strategies.entries()) {
      assert.equal(r.per_strategy[id].grid_points, one[k].result.grid_points, id);
      assert.equal(r.per_strategy[id].grid_size, one[k].result.grid_size, id);
      assert.deepEqual(r.per_strategy[id].params, one[k].result.best.params, `${id}: the best point of its own optimisation`);
    }
    assert.equal(r.per_strategy.ma_cross.grid_points, 25);
    assert.equal(
      r.total_grid_points,
      strategies.reduce((a, id) => a + r.per_strategy[id].grid_points, 0),
    );
    assert.equal(r.total_grid_size, 36 + 16 + 6);
    assert.deepEqual(r.unranked, []);
  });
});
