/**
 * Issue 7 targets.
 *
 * 1. Grid of 10,000 MA-cross pairs (fast 1…50 × slow 51…250) on 5,000 daily
 *    bars under 1 s on this 2-core machine: the optimize task program itself
 *    (chunks on a 2-thread worker pool, merge, ranking of all points, the best
 *    point run in full), threads warm. Also one thread in-process, every point,
 *    for the per-core rate. Peer: vectorbt simulates about 1M bar-columns in
 *    17–21 ms per core (≈ 50M bar-columns/s); 10,000 × 5,000 = 50M bar-columns.
 * 2. Signal scan of 100 saved strategies × 5 symbols through the simulator
 *    under 3 s: POST /backtest/signal-scan/run/async to done over HTTP, with the
 *    service in this process and the simulator behind the real TCP client.
 */
import { bench, do_not_optimize, group } from "mitata";
import { DEFAULT_CONFIG } from "../core/backtest/index.ts";
import { evaluateChunk } from "../core/app/research/grid-job.ts";
import { gridPrograms, type OptimizeTaskInput } from "../core/app/research/grid-programs.ts";
import { toWire } from "../core/app/backtest/wire-series.ts";
import { WorkerPool } from "../adapters/tasks/worker-pool.ts";
import { JOB_MODULES, jobContext } from "../apps/server/job-modules.ts";
import { DemoMarket } from "../apps/tdx-sim/demo/demo-market.ts";
import { loadPlugins } from "../plugins/index.ts";
import { call, FakeClock, startTestServer } from "../tests/support/server.ts";
import { pollTask } from "../tests/http/task-polling.ts";
import { dailyWalk } from "./daily-walk.ts";

const registry = await loadPlugins();
const bars = dailyWalk(5000);
const grid = { fast: Array.from({ length: 50 }, (_, i) => i + 1), slow: Array.from({ length: 200 }, (_, i) => i + 51) };
const security = { code: "600000", market: "SH" as const };
const input: OptimizeTaskInput = { strategy: "ma_cross", grid, base: {}, objective: "sharpe", minTrades: 1, config: DEFAULT_CONFIG, security, bars: toWire(bars) };
const pool = new WorkerPool({ modules: [...JOB_MODULES], context: jobContext({}), size: 2 });
const optimize = new Map(gridPrograms(registry)).get("optimize")!;
const ctx = { taskId: "bench", signal: new AbortController().signal, pool, progress: () => {} };
await optimize.run(input, ctx); // start and warm the threads

group("research: 10,000 MA-cross pairs × 5,000 bars (50M bar-columns)", () => {
  bench("optimize task on 2 worker threads (chunks, merge, ranking, best run)", async () => do_not_optimize(await optimize.run(input, ctx)));
  bench("one thread in-process, metrics of every point", () =>
    do_not_optimize(evaluateChunk(registry, { strategy: "ma_cross", grid, base: {}, from: 0, to: 10_000, config: DEFAULT_CONFIG, security, bars })),
  );
});

const server = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) });
const symbols = new DemoMarket()
  .list("SZ")
  .filter((s) => /^00/.test(s.code))
  .slice(0, 250)
  .map((s) => `SZ:${s.code}`);
const strategyIds = ["ma_cross", "macd", "rsi_reversal", "boll_breakout", "donchian"];
for (let k = 0; k < 100; k++) {
  const stocks = Array.from({ length: 5 }, (_, j) => symbols[(k * 5 + j) % symbols.length]!);
  await call(server.url, "POST", "/api/v1/strategies", { json: { name: `s${k}`, kind: "portfolio", strategy: strategyIds[k % strategyIds.length], context: { stocks } } });
}

group("research: signal scan of 100 saved strategies × 5 symbols via the simulator (HTTP, to done)", () => {
  bench("POST /backtest/signal-scan/run/async → done", async () => {
    const r = await call(server.url, "POST", "/api/v1/backtest/signal-scan/run/async", { json: { window_bars: 5 } });
    do_not_optimize(await pollTask(server.url, r.body.task_id));
  });
});
