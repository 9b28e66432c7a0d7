/**
 * The start-up warm-up: the server answers `/health` while it runs in the
 * background, it completes every step (worker threads, indicators through the
 * formula engine, the formula compiler, demo histories, the market page, an optimisation of every
 * strategy's grid that stores no task), the service behaves the same
 * after it, and the first market page then generates no history (state, not timings).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { WorkerPool } from "../../adapters/tasks/worker-pool.ts";
import { JOB_MODULES, jobContext } from "../../apps/server/job-modules.ts";
import type { Logger } from "../../ports/logger.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pbkdf2HasherWithoutFloor } from "../../adapters/crypto/pbkdf2-hasher.ts";
import { buildApp, listen } from "../../apps/server/compose.ts";
import { loadConfig } from "../../apps/server/config.ts";
import { call, FakeClock, startTestServer } from "../support/server.ts";

test("with WARM_UP=1, /health answers at once and the warm-up finishes every step", async () => {
  const infos: { msg: string; fields: Record<string, unknown> }[] = [];
  const noop = () => {};
  const log: Logger = { debug: noop, warn: noop, error: noop, info: (fields: unknown, msg?: unknown) => void infos.push({ msg: String(msg), fields: fields as Record<string, unknown> }) } as Logger;
  const s = await startTestServer({ env: { WARM_UP: "1" }, log });
  try {
    const health = await call(s.url, "GET", "/health");
    assert.equal(health.status, 200);
    let done: (typeof infos)[number] | undefined;
    for (let i = 0; i < 1200 && !(done = infos.find((x) => x.msg === "warm-up done")); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(done, "the warm-up finished");
    const after = await call(s.url, "GET", "/health");
    assert.equal(after.body.warm_up, "done", "/health says the warm-up is done once it logged so");
    assert.deepEqual(Object.keys(done.fields.steps as object).sort(), ["demo histories", "formula compiler", "indicators", "market page", "optimisation", "workers"]);
    const tasks = await call(s.url, "GET", "/api/v1/backtest/tasks");
    assert.equal(tasks.status, 200, tasks.text.slice(0, 200));
    assert.deepEqual(tasks.body.tasks, [], "the warm-up's optimisations are stored as no task");
    const r = await call(s.url, "POST", "/api/v1/formula/validate", { json: { text: "DIF:EMA(CLOSE,12)-EMA(CLOSE,26);" } });
    assert.equal(r.status, 200, r.text.slice(0, 200));
    assert.equal(r.body.ok, true, "the formula compiles after the warm-up");
  } finally {
    await s.dispose();
  }
});

/** The market page's first requests, as apps/web/src/pages/MarketPage.vue sends them. */
const MARKET_PAGE = [
  "/api/v1/market/stat",
  "/api/v1/market/strength?preset=steady&universe=all&top_n=30",
  "/api/v1/market/core-leaders",
  "/api/v1/board-mac/ranking?board_type=HY&ascending=false&top_n=20",
];

/** Builds and serves the service (its demo market reachable), the first market page loaded after `ready`. */
async function firstMarketPage(warm: "1" | "0"): Promise<{ before: number; after: number; universe: number; steps?: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), "tdx-forge-warm-"));
  const noop = () => {};
  let steps: string[] | undefined;
  const log: Logger = { debug: noop, warn: noop, error: noop, info: (f: unknown, msg?: unknown) => void (msg === "warm-up done" && (steps = Object.keys((f as { steps: object }).steps))) } as Logger;
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent", WARM_UP: warm });
  // Friday 2026-11-20 14:00 in Shanghai: mid-session, today's bars partly done.
  const service = await buildApp(config, { clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)), log, hasher: pbkdf2HasherWithoutFloor(1) });
  const running = await listen(service, config);
  try {
    const health = await call(running.url, "GET", "/health");
    assert.equal(health.status, 200, "/health answers while the warm-up runs");
    if (warm === "0") assert.equal(health.body.warm_up, "off", "/health says no warm-up runs with WARM_UP=0");
    if (warm === "1") for (let i = 0; i < 6000 && !steps; i++) await new Promise((r) => setTimeout(r, 50));
    const demo = service.demo!;
    const before = demo.historiesGenerated;
    for (const path of MARKET_PAGE) {
      const r = await call(running.url, "GET", path);
      assert.equal(r.status, 200, `${path}: ${r.text.slice(0, 200)}`);
      assert.ok(r.body.data.length > 0, `${path} has rows`);
    }
    return { before, after: demo.historiesGenerated, universe: demo.universe.length, steps };
  } finally {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test("after the warm-up the first market page is served from warmed histories; without it the page generates them", async () => {
  const warmed = await firstMarketPage("1");
  assert.ok(warmed.steps?.includes("market page"), `the warm-up ran the market page step: ${warmed.steps}`);
  assert.ok(warmed.before >= warmed.universe, `every security's history generated by the warm-up: ${warmed.before} of ${warmed.universe}`);
  assert.equal(warmed.after, warmed.before, "the first market page generated no history");
  const cold = await firstMarketPage("0");
  assert.equal(cold.before, 0, "nothing generated before the first page without a warm-up");
  assert.ok(cold.after > 300, `the cold first page generates the market's histories itself: ${cold.after}`);
});

test("warming starts every thread once, they answer jobs, and a closed pool starts none", async () => {
  const pool = new WorkerPool({ modules: JOB_MODULES, context: jobContext({}), size: 2 });
  assert.equal(pool.started, 0, "nothing before first use");
  pool.warm();
  assert.equal(pool.started, 2, "both threads started by warm()");
  pool.warm();
  assert.equal(pool.started, 2, "warming again starts no more");
  const answers = await Promise.all(
    [1, 2, 3].map((k) =>
      pool.run(`no-such-job-${k}`, {}).then(
        () => "done",
        (e: Error) => e.message,
      ),
    ),
  );
  assert.deepEqual(answers, ["unknown job no-such-job-1", "unknown job no-such-job-2", "unknown job no-such-job-3"]);
  assert.equal(pool.started, 2, "the jobs ran on the warmed threads");
  await pool.close();
  pool.warm();
  assert.equal(pool.started, 0, "a closed pool starts no thread");
});
