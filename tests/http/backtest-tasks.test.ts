/**
 * Background tasks over real HTTP against the simulator: the lifecycle of every
 * kind (single, portfolio, multi-strategy, formula backtest and screen), the
 * list, export as JSON and CSV, cancel, and restarts in the middle of a run
 * (re-queued once, then failed with the reason).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DemoMarket } from "../../apps/tdx-sim/demo/demo-market.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { pollTask, runTask } from "./task-polling.ts";

const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const ST = new DemoMarket().list("SH").find((x) => x.name.includes("ST"))!;

describe("background backtest tasks", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer({ clock })));
  after(() => s.dispose());

  test("run/async by symbol: pending → done; the result equals a synchronous run on the same bars", async () => {
    const sub = await call(s.url, "POST", "/api/v1/backtest/run/async", { json: { strategy: "macd", symbol: "SH:600519", count: 600 } });
    assert.equal(sub.status, 202);
    assert.deepEqual(Object.keys(sub.body), ["task_id", "status"]);
    assert.equal(sub.body.status, "pending");
    const done = await pollTask(s.url, sub.body.task_id);
    assert.equal(done.status, "done", done.error);
    assert.equal(done.kind, "backtest");
    assert.equal(done.progress, 1);
    assert.equal(done.description, "macd | SH:600519 DAY×600");
    const bars = await call(s.url, "GET", "/api/v1/bars?market=SH&code=600519&count=600");
    const ohlcv = bars.body.data.map((b: Record<string, unknown>) => ({ date: b.date, open: b.open, high: b.high, low: b.low, close: b.close, vol: b.vol, amount: b.amount }));
    // 600 = 800-bar page: the async run fetched in one page; the same bars inline give the same result
    const sync = await call(s.url, "POST", "/api/v1/backtest/run", { json: { strategy: "macd", ohlcv, symbol: "SH:600519" } });
    assert.equal(sync.status, 200);
    assert.deepEqual(done.result, sync.body);
  });

  test("more bars than one page, ST rules from the name, 404 for an unknown symbol", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/run/async", { strategy: "ma_cross", symbol: `SH:${ST.code}`, count: 1500 });
    assert.equal(done.status, "done", done.error);
    assert.equal(done.result.equity_curve.length, 1500, "two pages joined");
    assert.equal(done.result.config.security.st, true);
    const times = done.result.equity_curve.map((e: { datetime: string }) => e.datetime);
    assert.deepEqual([...times].sort(), times, "ascending without overlap");
    assert.equal(new Set(times).size, times.length);
    const bad = await call(s.url, "POST", "/api/v1/backtest/run/async", { json: { strategy: "ma_cross", symbol: "SZ:999999" } });
    assert.equal(bad.status, 404);
    assert.equal(bad.body.detail, "Unknown security SZ:999999");
  });

  test("list (most recently used first, no result), get 404, export json and csv", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/run/async", { strategy: "rsi_reversal", symbol: "SZ:000001", count: 300 });
    const list = await call(s.url, "GET", "/api/v1/backtest/tasks?limit=2");
    assert.equal(list.status, 200);
    assert.equal(list.body.count, 2);
    assert.equal(list.body.tasks[0].task_id, done.task_id);
    assert.equal("result" in list.body.tasks[0], false);
    assert.equal((await call(s.url, "GET", "/api/v1/backtest/tasks/0123456789abcdef")).status, 404);
    assert.equal((await call(s.url, "GET", "/api/v1/backtest/tasks?limit=0")).status, 422);
    const json = await call(s.url, "GET", `/api/v1/backtest/tasks/${done.task_id}/export`);
    assert.equal(json.status, 200);
    assert.deepEqual(json.body, done.result);
    assert.match(json.headers.get("content-disposition")!, /attachment; filename="task-[0-9a-f]+\.json"/);
    const csv = await call(s.url, "GET", `/api/v1/backtest/tasks/${done.task_id}/export?format=CSV`);
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type")!, /^text\/csv/);
    const lines = csv.text.trim().split("\n");
    assert.ok(lines[0]!.startsWith("datetime,direction,size,price,commission,slippage,pnl,cost_basis,rejected,reason,action"), lines[0]);
    assert.equal(lines.length, done.result.trades.length + 1, "the trades table comes first");
    assert.equal((await call(s.url, "GET", `/api/v1/backtest/tasks/${done.task_id}/export?format=xls`)).status, 422);
  });

  test("portfolio: independent legs keyed as easy_tdx keys them, a bad symbol skipped; all bad is a 400", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/portfolio/run/async", {
      strategy: "ma_cross",
      stocks: ["SH:600519", "SZ:000001", "SZ:999999"],
      weights: [0.5, 0.3, 0.2],
      count: 400,
    });
    assert.equal(done.status, "done", done.error);
    assert.equal(done.kind, "portfolio");
    assert.deepEqual(Object.keys(done.result.individual_results), ["SH600519", "SZ000001"]);
    assert.deepEqual(done.result.equity_allocation, { SH600519: 0.5, SZ000001: 0.3 });
    assert.deepEqual(done.result.skipped, [{ symbol: "SZ:999999", error: "Unknown security SZ:999999" }]);
    assert.equal(done.result.total_performance.total_stocks, 2);
    const csv = await call(s.url, "GET", `/api/v1/backtest/tasks/${done.task_id}/export?format=csv`);
    assert.ok(csv.text.startsWith("symbol,datetime,direction"), "member trades with their symbol");
    const none = await call(s.url, "POST", "/api/v1/backtest/portfolio/run/async", { json: { strategy: "ma_cross", stocks: ["SZ:999999"] } });
    assert.equal(none.status, 400);
    assert.match(none.body.detail, /No bars for any stock: SZ:999999 \(Unknown security SZ:999999\)/);
    const weights = await call(s.url, "POST", "/api/v1/backtest/portfolio/run/async", { json: { strategy: "ma_cross", stocks: ["SZ:000001"], weights: [0.5, 0.5] } });
    assert.equal(weights.status, 422);
  });

  test("multi-strategy: each item on its own symbol with 1/N; a failed fetch skips the item; all failed is a 400", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/multi-strategy/run/async", {
      items: [
        { strategy: "ma_cross", symbol: "SH:600519", params: { fast: 10, slow: 30 } },
        { strategy: "boll_breakout", strategy_label: "布林", symbol: "SZ:000001", start_date: "2024-01-01", end_date: "2025-06-30" },
        { strategy: "macd", symbol: "SZ:999999" },
      ],
    });
    assert.equal(done.status, "done", done.error);
    assert.deepEqual(Object.keys(done.result.individual_results), ["双均线交叉@SH:600519", "布林@SZ:000001"]);
    assert.deepEqual(Object.values(done.result.equity_allocation), [0.5, 0.5]);
    const boll = done.result.individual_results["布林@SZ:000001"].equity_curve;
    assert.ok(boll[0].datetime >= "2024-01-01" && boll.at(-1).datetime <= "2025-06-30T23:59:59", "the item's date range");
    assert.equal(done.result.skipped.length, 1);
    const none = await call(s.url, "POST", "/api/v1/backtest/multi-strategy/run/async", { json: { items: [{ strategy: "macd", symbol: "SZ:999999" }] } });
    assert.equal(none.status, 400);
    const badParam = await call(s.url, "POST", "/api/v1/backtest/multi-strategy/run/async", { json: { items: [{ strategy: "macd", symbol: "SZ:000001", params: { short: 1 } }] } });
    assert.deepEqual(
      badParam.body.detail.map((d: { loc: unknown[] }) => d.loc.join(".")),
      ["body.items.0.params.short"],
    );
  });

  test("formula backtest and screen", async () => {
    const bt = await runTask(s.url, "/api/v1/formula/backtest/run/async", { text: "B:CROSS(C,MA(C,N));S:CROSS(MA(C,N),C);", params: { N: 10 }, symbol: "SZ:000001", count: 300 });
    assert.equal(bt.status, "done", bt.error);
    assert.equal(bt.kind, "formula_backtest");
    assert.ok(bt.result.performance.total_trades > 0, "bt.result.performance.total_trades > 0");
    const zig = await runTask(s.url, "/api/v1/formula/backtest/run/async", { text: "Z:=ZIG(3,5);B:Z>REF(Z,1);", symbol: "SZ:000001", sell: "none" });
    assert.match(zig.result.warnings[0], /future functions \(ZIG\)/);
    const bad = await call(s.url, "POST", "/api/v1/formula/backtest/run/async", { json: { text: "B:C>MA(C,5);", buy: "X", symbol: "SZ:000001" } });
    assert.deepEqual(
      bad.body.detail.map((d: { loc: unknown[] }) => d.loc.join(".")),
      ["body.buy"],
    );

    const symbols = ["SH:600519", "SZ:000001", "SZ:999999"];
    const all = await runTask(s.url, "/api/v1/formula/screen/run/async", { text: "M:MA(C,5);B:C>0;", symbols, sort_by: "M", descending: false });
    assert.equal(all.status, "done", all.error);
    assert.equal(all.result.signal, "B");
    assert.equal(all.result.total, 3);
    assert.equal(all.result.matched, 2);
    assert.deepEqual(all.result.columns, ["symbol", "name", "date", "close", "M", "B"]);
    assert.ok(all.result.rows[0].M <= all.result.rows[1].M, "sorted by M ascending");
    assert.equal(all.result.rows[0].date, "2026-11-20T00:00:00");
    assert.deepEqual(
      all.result.errors.map((e: { symbol: string }) => e.symbol),
      ["SZ:999999"],
    );
    const none = await runTask(s.url, "/api/v1/formula/screen/run/async", { text: "B:C<0;", symbols });
    assert.equal(none.result.matched, 0);
  });

  test("cancel: DELETE stops a running screen; export of a cancelled task is a 409", async () => {
    const sub = await call(s.url, "POST", "/api/v1/formula/screen/run/async", { json: { text: "B:C>MA(C,5);", universe: "all", count: 800 } });
    assert.equal(sub.status, 202);
    const id = sub.body.task_id;
    await pollTask(s.url, id, (t) => t.status === "running");
    const del = await call(s.url, "DELETE", `/api/v1/backtest/tasks/${id}`);
    assert.equal(del.status, 200);
    assert.equal(del.body.status, "cancelled");
    const after = await pollTask(s.url, id, () => true);
    assert.equal(after.status, "cancelled");
    assert.equal(after.result, null);
    assert.equal((await call(s.url, "GET", `/api/v1/backtest/tasks/${id}/export`)).status, 409);
    assert.equal((await call(s.url, "DELETE", "/api/v1/backtest/tasks/ffffffffffffffff")).status, 404);
  });
});

describe("restarts in the middle of a run", () => {
  test("a running task is re-queued once and finishes; interrupted twice it fails with the reason; nothing is lost", async () => {
    let s = await startTestServer({ clock });
    try {
      const body = { strategy: "ma_cross", symbol: "SH:600519", count: 300 };
      const submit = async () => (await call(s.url, "POST", "/api/v1/backtest/run/async", { json: body })).body.task_id as string;
      // worker threads start on first use, so a fresh service's first task is running while they load
      const once = await submit();
      await pollTask(s.url, once, (t) => t.status === "running");
      s = await s.restart();
      const again = await pollTask(s.url, once);
      assert.equal(again.status, "done", again.error);
      assert.equal(again.attempts, 2);
      assert.ok(again.result.performance.total_trades > 0, "again.result.performance.total_trades > 0");

      s = await s.restart();
      const twice = await submit();
      const queued = (await call(s.url, "POST", "/api/v1/formula/screen/run/async", { json: { text: "B:C>0;", symbols: ["SZ:000001"] } })).body.task_id;
      await pollTask(s.url, twice, (t) => t.status === "running");
      s = await s.restart();
      await pollTask(s.url, twice, (t) => t.status === "running" && t.attempts === 2);
      s = await s.restart();
      const failed = await pollTask(s.url, twice);
      assert.equal(failed.status, "failed");
      assert.equal(failed.error, "interrupted by a service restart on attempt 2; not retried");
      assert.equal((await pollTask(s.url, queued)).status === "pending", false, "the other task finished too");
      const list = (await call(s.url, "GET", "/api/v1/backtest/tasks")).body;
      assert.deepEqual(list.tasks.map((t: { task_id: string }) => t.task_id).sort(), [once, twice, queued].sort(), "no task lost");
    } finally {
      await s.dispose();
    }
  });
});
