/**
 * A user's own strategy in PLUGINS_DIR, end to end: written to a temporary folder
 * outside the repository (as README "Plugins" shows), listed by
 * `GET /backtest/strategies`, run synchronously, and run as an async backtest on
 * the embedded worker threads and on a BullMQ worker process, with the same
 * result everywhere; its rule is checked against the trades. A broken plugin
 * stops start-up naming its file.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { runTask } from "./task-polling.ts";
import { REDIS_SKIP, type RedisServer, startRedis, startWorker, stopped, type WorkerProcess } from "../support/redis.ts";
import { call, startTestServer, type TestServer } from "../support/server.ts";
import { UP_DAYS_PLUGIN as PLUGIN } from "../support/user-plugin.ts";

/** 120 daily bars whose up and down days follow a fixed pattern. */
function bars(): Record<string, number | string>[] {
  const out: Record<string, number | string>[] = [];
  let price = 10;
  const day = Date.UTC(2024, 0, 2);
  for (let i = 0; i < 120; i++) {
    const up = [1, 1, 1, 0, 1, 0, 0][i % 7] === 1;
    const open = price;
    const close = Math.round((up ? open * 1.02 : open * 0.985) * 100) / 100;
    out.push({
      date: new Date(day + i * 86_400_000).toISOString().slice(0, 10),
      open,
      high: Math.max(open, close) + 0.05,
      low: Math.min(open, close) - 0.05,
      close,
      vol: 1_000_000,
    });
    price = close;
  }
  return out;
}

const REQUEST = { strategy: "user_up_days", params: { n: 3 }, ohlcv: bars() };

describe("a user plugin from PLUGINS_DIR", () => {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-test-"));
  writeFileSync(join(dir, "up-days.mts"), PLUGIN);
  let s: TestServer;
  let sync: { trades: unknown[]; metrics: Record<string, unknown> };
  before(async () => (s = await startTestServer({ env: { PLUGINS_DIR: dir } })));
  after(async () => {
    await s?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  test("is listed with its parameters", async () => {
    const r = await call(s.url, "GET", "/api/v1/backtest/strategies");
    const mine = r.body.strategies.find((x: { name: string }) => x.name === "user_up_days");
    assert.ok(mine, "the plugin is listed");
    assert.equal(r.body.strategies.at(-1).name, "user_up_days", "plugins without an order come after the built-ins");
  });

  test("runs synchronously, buying only on the bar after three up days", async () => {
    const r = await call(s.url, "POST", "/api/v1/backtest/run", { json: REQUEST });
    assert.equal(r.status, 200, r.text);
    sync = r.body;
    assert.ok(sync.trades.length > 0, "it trades");
    const days = REQUEST.ohlcv;
    for (const t of sync.trades as { side?: string; type?: string; date?: string; datetime?: string }[]) {
      const side = t.side ?? t.type;
      if (side !== "buy" && side !== "BUY") continue;
      const when = String(t.date ?? t.datetime).slice(0, 10);
      const i = days.findIndex((b) => b.date === when);
      assert.ok(i >= 3, `buy on ${when} follows three bars`);
      for (const k of [i - 1, i - 2, i - 3]) assert.ok(Number(days[k]!.close) > Number(days[k]!.open), `bar ${k} before the buy on ${when} is an up day`);
    }
  });

  test("runs as an async backtest on the embedded worker threads, with the same result", async () => {
    const done = await runTask(s.url, "/api/v1/backtest/run/async", REQUEST);
    assert.equal(done.status, "done", done.error);
    assert.deepEqual(done.result.trades, sync.trades, "same trades as the synchronous run");
  });

  describe("on a BullMQ worker process", { skip: REDIS_SKIP }, () => {
    let redis: RedisServer;
    let worker: WorkerProcess;
    let q: TestServer;
    const queue = `tdx-forge-plugins-${process.pid}`;
    before(async () => {
      redis = await startRedis();
      worker = await startWorker({ REDIS_URL: redis.url, BULLMQ_QUEUE: queue, PLUGINS_DIR: dir });
      q = await startTestServer({ env: { PLUGINS_DIR: dir, TASK_BACKEND: "bullmq", REDIS_URL: redis.url, BULLMQ_QUEUE: queue } });
    });
    after(async () => {
      await q?.dispose();
      worker?.child.kill("SIGTERM");
      if (worker) await stopped(worker.child);
      await redis?.stop();
    });

    test("the worker runs the user's strategy", async () => {
      const done = await runTask(q.url, "/api/v1/backtest/run/async", REQUEST);
      assert.equal(done.status, "done", done.error);
      assert.deepEqual(done.result.trades, sync.trades, "same trades as the synchronous run");
    });
  });

  test("a broken plugin stops start-up, naming its file and the reason", async () => {
    // .mts, as README's "Plugins" says: under tsx on Node 20.20 a .ts ES module in a folder without `"type": "module"`
    // does not load at all ("Cannot require() ES Module … in a cycle", with the loader's hint), where 20.18 loaded it
    const bad = mkdtempSync(join(tmpdir(), "tdx-forge-test-"));
    try {
      writeFileSync(join(bad, "empty.mts"), "export const answer = 42;\n");
      await assert.rejects(startTestServer({ env: { PLUGINS_DIR: bad } }), /plugin .*empty\.mts: exports no plugin/);
      rmSync(join(bad, "empty.mts"));
      writeFileSync(join(bad, "throws.mts"), 'throw new Error("boom");\n');
      await assert.rejects(startTestServer({ env: { PLUGINS_DIR: bad } }), /plugin .*throws\.mts: does not load: boom/);
      rmSync(join(bad, "throws.mts"));
      writeFileSync(join(bad, "no-signals.mts"), 'export const p = { kind: "strategy", id: "x", title: "x", description: "", params: { safeParse() {} }, defaultGrid: {} };\n');
      await assert.rejects(startTestServer({ env: { PLUGINS_DIR: bad } }), /plugin .*no-signals\.mts: x: signals must be a function/);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
