/**
 * Portfolio backtests mean what easy_tdx's mean (issue 18 item 2), over real
 * HTTP against the simulator: by default every stock is its own backtest with
 * cash/N, re-computed here independently through the single-run endpoint (by symbol, so its async form); the
 * shared account stays available as `allocation: "shared"`.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { runTask } from "./task-polling.ts";

const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const stocks = ["SZ:000001", "SH:600519", "SH:600000"];
const cash = 1_000_000;

describe("portfolio backtest, easy_tdx's meaning", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer({ clock })));
  after(() => s.dispose());

  test("each leg is a single backtest of its stock with cash/N; the total is the allocation-weighted result", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/portfolio/run/async", { strategy: "ma_cross", params: { fast: 5, slow: 20 }, stocks, count: 300, cash });
    assert.equal(done.status, "done", done.error);
    const r = done.result;
    assert.equal(r.config.allocation, "independent");
    // easy_tdx backtest/portfolio_engine.py lines 128-130 and 148-150: keys f"{market}{code}", cash = total_cash / n per stock
    assert.deepEqual(Object.keys(r.individual_results), ["SZ000001", "SH600519", "SH600000"]);
    // lines 168-170: equity_allocation = allocation / total
    assert.deepEqual(Object.values(r.equity_allocation), [1 / 3, 1 / 3, 1 / 3]);
    // lines 152-163: each stock runs in its own BacktestEngine with that cash: the same as a single run of it
    let weighted = 0;
    for (const symbol of stocks) {
      const single = await runTask(s.url, "/api/v1/backtest/run/async", { strategy: "ma_cross", params: { fast: 5, slow: 20 }, symbol, count: 300, cash: cash / 3 });
      assert.equal(single.status, "done", single.error);
      const leg = r.individual_results[symbol.replace(":", "")];
      for (const part of ["performance", "equity_curve", "trades", "positions"]) assert.deepEqual(leg[part], single.result[part], `${symbol} ${part}`);
      assert.equal(leg.config.cash, cash / 3);
      weighted += single.result.performance.total_return / 3;
    }
    assert.ok(
      r.individual_results.SZ000001.trades.some((t: { rejected: boolean }) => !t.rejected),
      "the legs trade",
    );
    // lines 202-208: total_return = Σ weight × leg return
    assert.ok(Math.abs(r.total_performance.total_return - weighted) < 1e-12, `${r.total_performance.total_return} vs ${weighted}`);
    assert.equal(r.total_performance.total_stocks, 3);
  });

  test("allocation shared keeps one cash account; rebalancing needs it", async () => {
    const shared = await runTask(s.url, "/api/v1/backtest/portfolio/run/async", { strategy: "ma_cross", stocks, count: 300, allocation: "shared", rebalance: "periodic" });
    assert.equal(shared.status, "done", shared.error);
    assert.equal(shared.result.config.allocation, "shared");
    assert.equal(shared.result.config.rebalance, "periodic");
    assert.deepEqual(Object.keys(shared.result.individual_results), ["SZ000001", "SH600519", "SH600000"]);
    const alone = await runTask(s.url, "/api/v1/backtest/portfolio/run/async", { strategy: "ma_cross", stocks, count: 300 });
    assert.notDeepEqual(shared.result.total_performance, alone.result.total_performance, "the two allocations are different runs");
    const bad = await call(s.url, "POST", "/api/v1/backtest/portfolio/run/async", { json: { strategy: "ma_cross", stocks, rebalance: "periodic" } });
    assert.equal(bad.status, 422);
    assert.deepEqual(
      bad.body.detail.map((d: { loc: unknown[] }) => d.loc.join(".")),
      ["body.rebalance"],
    );
    assert.equal((await call(s.url, "POST", "/api/v1/backtest/portfolio/run/async", { json: { strategy: "ma_cross", stocks, allocation: "pooled" } })).status, 422);
  });
});
