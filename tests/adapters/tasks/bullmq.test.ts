/**
 * The BullMQ backend end to end: a real redis-server (Debian package; spawned
 * here on a free loopback port with a temporary directory, no persistence),
 * two `npm run worker` processes with one thread each, and the service with
 * TASK_BACKEND=bullmq. A grid is split into chunks that both workers consume
 * and the API merges into the same ranking an in-process evaluation gives;
 * every async endpoint runs to done on this backend. Skipped, saying why, when
 * redis-server is not installed (.ci/run installs it).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DEFAULT_CONFIG } from "../../../core/backtest/index.ts";
import { rankGrid, rankingRows } from "../../../core/research/grid-report.ts";
import { evaluateChunk } from "../../../core/app/research/grid-job.ts";
import { parseOhlcvRecords } from "../../../core/app/bars/ohlcv-records.ts";
import { loadPlugins } from "../../../plugins/index.ts";
import { type RedisServer, REDIS_SKIP, startRedis, startWorker, stopped, type WorkerProcess } from "../../support/redis.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../../support/server.ts";
import { runTask } from "../../http/task-polling.ts";
import { randomWalk } from "../../core/app/research/research-bars.ts";

const QUEUE = `tdx-forge-test-${process.pid}`;

describe("BullMQ backend", { skip: REDIS_SKIP }, () => {
  let redis: RedisServer;
  let workers: WorkerProcess[] = [];
  let s: TestServer;

  before(async () => {
    redis = await startRedis();
    const url = redis.url;
    const started = await Promise.allSettled([0, 1].map(() => startWorker({ REDIS_URL: url, BULLMQ_QUEUE: QUEUE })));
    workers = started.flatMap((w) => (w.status === "fulfilled" ? [w.value] : []));
    for (const w of started) if (w.status === "rejected") throw w.reason;
    s = await startTestServer({
      clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)),
      env: { TASK_BACKEND: "bullmq", REDIS_URL: url, BULLMQ_QUEUE: QUEUE, BULLMQ_PARALLELISM: "4" },
    });
  });

  after(async () => {
    await s?.dispose();
    for (const w of workers) w.child.kill("SIGTERM");
    await Promise.all(workers.map((w) => stopped(w.child)));
    await redis?.stop();
  });

  test("a grid split across two worker processes: chunks on both, merged into the in-process ranking", async () => {
    const bars = randomWalk(1500, 77);
    const ohlcv = Array.from({ length: bars.length }, (_, i) => ({
      date: new Date(bars.time[i]!).toISOString().slice(0, 10),
      open: bars.open[i],
      high: bars.high[i],
      low: bars.low[i],
      close: bars.close[i],
      vol: bars.vol[i],
    }));
    const grid = { fast: Array.from({ length: 40 }, (_, i) => i + 1), slow: Array.from({ length: 100 }, (_, i) => i + 41) };
    const before = workers.map((w) => w.lines.filter((l) => l.includes('"research.grid"')).length);
    const done = await runTask(s.url, "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", ohlcv, param_grid: grid });
    assert.equal(done.status, "done", done.error);
    const chunks = workers.map((w, k) => w.lines.filter((l) => l.includes('"research.grid"')).length - before[k]!);
    assert.ok(
      chunks.every((n) => n > 0),
      `chunks per worker: ${chunks}`,
    );
    assert.equal(chunks[0]! + chunks[1]!, 16, "4 in flight × 4 = 16 chunks");

    const parsed = parseOhlcvRecords(ohlcv, "ohlcv");
    assert.ok(parsed.ok, "parsed.ok");
    // inline bars without a symbol trade by main-board rules, as SZ:000001
    const security = { code: "000001", market: "SZ" as const };
    const matrix = evaluateChunk(await loadPlugins(), { strategy: "ma_cross", grid, base: {}, from: 0, to: 4000, config: DEFAULT_CONFIG, security, bars: parsed.series });
    // no objective in the request: total_return, points without a closed trade last (min_trades 1)
    const q = { objective: "total_return" as const, minTrades: 1, bars: parsed.series.length };
    const expected = rankingRows(grid, matrix, rankGrid(matrix, q.objective, q.minTrades).order, q);
    assert.deepEqual(done.result.ranking, JSON.parse(JSON.stringify(expected)));
    assert.equal(done.result.evaluated, 4000);
  });

  test("every async endpoint runs to done on the BullMQ backend", async () => {
    await call(s.url, "POST", "/api/v1/strategies", { json: { name: "p", kind: "portfolio", strategy: "ma_cross", context: { stocks: ["SH:600519", "SZ:000001"] } } });
    const runs: [string, object][] = [
      ["/api/v1/backtest/run/async", { strategy: "macd", symbol: "SH:600519", count: 300 }],
      ["/api/v1/backtest/portfolio/run/async", { strategy: "ma_cross", stocks: ["SH:600519", "SZ:000001"], count: 300 }],
      [
        "/api/v1/backtest/multi-strategy/run/async",
        {
          items: [
            { strategy: "macd", symbol: "SH:600519" },
            { strategy: "ma_cross", symbol: "SZ:000001" },
          ],
          count: 300,
        },
      ],
      ["/api/v1/formula/backtest/run/async", { text: "B:CROSS(MA(C,5),MA(C,20));S:CROSS(MA(C,20),MA(C,5));", symbol: "SZ:000001" }],
      ["/api/v1/formula/screen/run/async", { text: "B:C>MA(C,5);", symbols: ["SH:600519", "SZ:000001", "SZ:000002"] }],
      ["/api/v1/backtest/optimize-all/run/async", { symbol: "SH:600519", count: 300, strategies: ["ma_cross", "rsi_reversal"] }],
      ["/api/v1/backtest/wf/run/async?n_windows=3", { strategy: "ma_cross", symbol: "SZ:000001", param_grid: { fast: [3, 5], slow: [10, 20] } }],
      ["/api/v1/backtest/evaluate/run/async?n_windows=3", { strategy: "macd", symbol: "SH:600519", param_grid: {} }],
      ["/api/v1/backtest/multiseed/run/async", { strategy: "ma_cross", stocks: ["SH:600519", "SZ:000001"], seeds: [3] }],
      ["/api/v1/backtest/rotation/run/async", { stocks: ["SH:600519", "SZ:000001", "SZ:000002"], slots: 2, count: 200 }],
      ["/api/v1/backtest/signal-scan/run/async", {}],
      ["/api/v1/backtest/run-all/run/async", { symbol: "SH:600519", count: 300, strategies: ["ma_cross", "macd", "donchian"], combo_mode: "AND" }],
      ["/api/v1/backtest/run/async", { strategy: "combination", params: { members: "ma_cross,macd", mode: "OR" }, symbol: "SH:600519", count: 300 }],
    ];
    const results = await Promise.all(runs.map(([path, body]) => runTask(s.url, path, body)));
    results.forEach((r, k) => assert.equal(r.status, "done", `${runs[k]![0]}: ${r.error}`));
    assert.equal(results[0].result.equity_curve.length, 300);
    assert.equal(results[10].result.total, 2);
    assert.deepEqual(results[11].result.counts, { "1": 3, "2": 3, "3": 1 });
    assert.equal(results[12].result.equity_curve.length, 300);
  });
});
