/**
 * The run-all task over real HTTP (worker threads): the counts of single runs
 * and of 2- and 3-member combinations are the binomial counts, every subset
 * appears once, the ranking is in objective order with the runs below
 * min_trades last, and a ranked combination's metrics are those of the same
 * combination backtested alone. Bounds and bad ids are 422s.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { runTask } from "./task-polling.ts";

/** C(n, k) by Pascal's rule, independent of the service's own count. */
const pascal = (n: number, k: number): number => (k === 0 || k === n ? 1 : k < 0 || k > n ? 0 : pascal(n - 1, k - 1) + pascal(n - 1, k));

/** Every k-subset of `xs` as sorted id lists, by recursion. */
const subsets = (xs: string[], k: number): string[][] => (k === 0 ? [[]] : xs.flatMap((x, i) => subsets(xs.slice(i + 1), k - 1).map((rest) => [x, ...rest])));

describe("run-all task", () => {
  let s: TestServer;
  let ohlcv: unknown[];
  before(async () => {
    s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) });
    const r = await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001&count=500");
    ohlcv = r.body.data.map((b: Record<string, unknown>) => ({ date: b.date, open: b.open, high: b.high, low: b.low, close: b.close, vol: b.vol }));
  });
  after(() => s.dispose());

  test("five strategies, pairs and triples by OR: counts, every subset once, objective order, a run's metrics are its own backtest's", async () => {
    const ids = ["ma_cross", "macd", "donchian", "momentum", "boll_breakout"];
    const done = await runTask(s.url, "/api/v1/backtest/run-all/run/async", { strategies: ids, combo_sizes: [2, 3], combo_mode: "OR", ohlcv });
    assert.equal(done.status, "done", done.error);
    assert.equal(done.kind, "run_all");
    const r = done.result;
    assert.deepEqual(r.counts, { "1": 5, "2": pascal(5, 2), "3": pascal(5, 3) });
    assert.equal(r.total_runs, 5 + 10 + 10);
    assert.equal(r.ranking.length, 25);
    const expected = [...ids.map((id) => [id]), ...subsets(ids, 2), ...subsets(ids, 3)].map((m) => m.join(" + ")).sort();
    assert.deepEqual(r.ranking.map((e: { name: string }) => e.name).sort(), expected);
    assert.deepEqual(
      r.ranking.map((e: { rank: number }) => e.rank),
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    for (const e of r.ranking) assert.equal(e.size, e.members.length, e.name);

    // qualified runs first, each part by total_return descending (undefined last)
    const q = r.ranking.map((e: { qualified: boolean }) => e.qualified);
    assert.deepEqual(
      q,
      [...q].sort((a: boolean, b: boolean) => Number(b) - Number(a)),
    );
    for (const part of [true, false]) {
      const values = r.ranking.filter((e: { qualified: boolean }) => e.qualified === part).map((e: { total_return: number | null }) => e.total_return ?? -Infinity);
      assert.deepEqual(
        values,
        [...values].sort((a: number, b: number) => b - a),
        `qualified=${part}`,
      );
    }
    for (const e of r.ranking) assert.equal(e.qualified, e.total_trades >= 1, `${e.name}: qualified is ≥ 1 closed trade`);
    assert.deepEqual(r.best, r.ranking[0]);

    const pair = r.ranking.find((e: { size: number }) => e.size === 2);
    const alone = await call(s.url, "POST", "/api/v1/backtest/run", { json: { strategy: "combination", params: { members: pair.members.join(","), mode: "OR" }, ohlcv } });
    assert.equal(alone.body.performance.total_return, pair.total_return, pair.name);
    assert.equal(alone.body.performance.sharpe, pair.sharpe, pair.name);
    const single = r.ranking.find((e: { name: string }) => e.name === "macd");
    const macd = await call(s.url, "POST", "/api/v1/backtest/run", { json: { strategy: "macd", ohlcv } });
    assert.equal(macd.body.performance.total_return, single.total_return, "a single strategy runs at its defaults");
  });

  test("by default every registered strategy but the combination, pairs and triples, MAJORITY", async () => {
    const list = await call(s.url, "GET", "/api/v1/backtest/strategies");
    const ids = list.body.strategies.map((x: { name: string }) => x.name).filter((id: string) => id !== "combination");
    const done = await runTask(s.url, "/api/v1/backtest/run-all/run/async", { ohlcv: ohlcv.slice(-250), symbol: "SZ:000001" });
    assert.equal(done.status, "done", done.error);
    const n = ids.length;
    assert.deepEqual(done.result.counts, { "1": n, "2": pascal(n, 2), "3": pascal(n, 3) });
    assert.equal(done.result.combo_mode, "MAJORITY");
    assert.deepEqual(done.result.strategies, ids);
    assert.equal(done.result.ranking.length, n + pascal(n, 2) + pascal(n, 3));
  });

  test("422: too many runs, a combination or an unknown id among the strategies, a bad size or mode; /docs lists the route", async () => {
    const post = (json: unknown) => call(s.url, "POST", "/api/v1/backtest/run-all/run/async", { json });
    const many = await post({ ohlcv, combo_sizes: [2, 3, 4, 5] });
    assert.equal(many.status, 422);
    assert.deepEqual(
      many.body.detail.map((d: { loc: unknown[] }) => d.loc),
      [["body", "combo_sizes"]],
    );
    assert.match(many.body.detail[0].msg, /at most 5000/);
    const ids = await post({ ohlcv, strategies: ["ma_cross", "combination", "nope"] });
    assert.equal(ids.status, 422);
    assert.deepEqual(
      ids.body.detail.map((d: { loc: unknown[] }) => d.loc.join(".")),
      ["body.strategies.1", "body.strategies.2"],
    );
    assert.equal((await post({ ohlcv, combo_sizes: [1] })).status, 422);
    assert.equal((await post({ ohlcv, combo_mode: "XOR" })).status, 422);
    assert.equal((await post({ combo_sizes: [2] })).status, 422, "no data");
    const doc = await call(s.url, "GET", "/openapi.json");
    assert.ok(doc.body.paths["/api/v1/backtest/run-all/run/async"], "the route is documented");
    assert.ok(doc.body.components.schemas.RunAllResult, "its result schema is documented");
    assert.ok(doc.body.components.schemas.RunAllRequest, "its body schema is documented");
  });
});
