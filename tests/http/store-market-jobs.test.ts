/**
 * Market-wide jobs over the store panel (issue 21), over HTTP against the
 * built-in simulator (real TCP, a fixed Saturday): the formula screen, the signal
 * scan of saved strategies and the rotation answer the same over the quote
 * source (before a sync), over the store's panel split over 2 worker threads,
 * and over it on 1 thread; the scan mixes panel targets with weekly ones and an
 * index that are still fetched. With the store a rotation may rank more than the
 * 100 stocks it may fetch from the quote source. With TASK_BACKEND=bullmq the
 * chunks go to two `npm run worker` processes that read the same store path, and
 * the answers are the same again (skipped without redis-server).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { REDIS_SKIP, startRedis, startWorker, stopped } from "../support/redis.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

const SATURDAY = Date.UTC(2026, 10, 21, 2, 0, 0);
const SCREEN = { text: "DIF:=EMA(C,12)-EMA(C,26);DEA:=EMA(DIF,9);M:(DIF-DEA)*2;B:CROSS(DIF,DEA) OR C>REF(C,1)*1.03;", universe: "all", count: 300, sort_by: "M" };

async function task(base: string, path: string, json: unknown): Promise<any> {
  const r = await call(base, "POST", path, { json });
  assert.equal(r.status, 202, `${path}: ${r.text}`);
  for (;;) {
    const t = await call(base, "GET", `/api/v1/backtest/tasks/${r.body.task_id}`);
    assert.equal(t.status, 200, t.text);
    if (["done", "failed", "cancelled"].includes(t.body.status)) {
      assert.equal(t.body.status, "done", `${path}: ${t.body.error}`);
      return t.body.result;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A result without its wall-clock figures. */
const timeless = (v: any): any => JSON.parse(JSON.stringify(v, (k, x) => (k === "elapsed" ? undefined : x)));

describe("market-wide jobs over the store panel", () => {
  let dir: string;
  let a: TestServer;
  let stocks: string[];
  let rotation: object;
  const upstream: Record<string, any> = {};
  let big: object;
  let saved: object[] = [];
  const save = async (base: string) => {
    for (const json of saved) assert.equal((await call(base, "POST", "/api/v1/strategies", { json })).status, 201);
  };

  const runAll = async (base: string) => ({
    screen: timeless(await task(base, "/api/v1/formula/screen/run/async", SCREEN)),
    scan: timeless(await task(base, "/api/v1/backtest/signal-scan/run/async", { window_bars: 10 })),
    rotation: timeless(await task(base, "/api/v1/backtest/rotation/run/async", rotation)),
  });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "tdx-forge-market-jobs-"));
    a = await startTestServer({ clock: new FakeClock(SATURDAY), dataDir: dir, env: { WORKER_THREADS: "2" } });
    const list = await call(a.url, "GET", "/api/v1/security/list-all?pages=10");
    assert.equal(list.status, 200, list.text);
    stocks = (list.body.data as { market: string; code: string }[]).map((r) => `${r.market}:${r.code}`).filter((s) => /^(SH:6|SZ:0|SZ:3)/.test(s));
    assert.ok(stocks.length > 100, `the demo market has more than 100 stocks (${stocks.length})`);
    saved = [
      { name: "macd daily", kind: "portfolio", strategy: "macd", context: { stocks: stocks.slice(0, 60) } },
      { name: "ma daily", kind: "portfolio", strategy: "ma_cross", context: { stocks: stocks.slice(30, 90) } },
      { name: "donchian weekly", kind: "portfolio", strategy: "donchian", context: { stocks: stocks.slice(0, 20), category: "WEEK" } },
      { name: "rsi on an index", kind: "single", strategy: "rsi_reversal", context: { symbol: "SH:000001" } },
    ];
    await save(a.url);
    rotation = { stocks: stocks.slice(0, 80), count: 600, refresh: "monthly", score: "momentum", period: 20, slots: 4 };
    big = { ...rotation, stocks };
    const refused = await call(a.url, "POST", "/api/v1/backtest/rotation/run/async", { json: big });
    assert.equal(refused.status, 400, "without a store more than 100 stocks are refused");
    assert.match(refused.body.detail, /at most 100/, refused.text);
    Object.assign(upstream, await runAll(a.url));
    await task(a.url, "/api/v1/store/sync", {});
  });

  after(async () => {
    await a?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("the quote source's answers are not empty", () => {
    assert.ok(upstream.screen.total > 100 && upstream.screen.matched > 0, `screen over ${upstream.screen.total}, ${upstream.screen.matched} matched`);
    assert.ok(upstream.scan.total > 100 && upstream.scan.buy_count + upstream.scan.sell_count > 0, `scan rows ${upstream.scan.total} with signals`);
    assert.ok(
      upstream.scan.rows.some((r: any) => r.category === "WEEK" && r.error === null),
      "weekly targets scanned",
    );
    assert.ok(upstream.rotation.trades?.length ?? upstream.rotation.fills?.length ?? JSON.stringify(upstream.rotation).length > 1000, "the rotation traded");
  });

  test("over the store on 2 worker threads they equal the quote source's", async () => {
    const stored = await runAll(a.url);
    assert.deepEqual(stored.screen, upstream.screen, "formula screen");
    assert.deepEqual(stored.scan, upstream.scan, "signal scan");
    assert.deepEqual(stored.rotation, upstream.rotation, "rotation");
  });

  test("a rotation over more than 100 stocks runs from the store, the same on 1 and 2 threads", async () => {
    const two = timeless(await task(a.url, "/api/v1/backtest/rotation/run/async", big));
    assert.equal(two.config.stocks.length, stocks.length, "every stock ranked");
    await a.close();
    a = await startTestServer({ clock: new FakeClock(SATURDAY), dataDir: dir, env: { WORKER_THREADS: "1" } });
    const one = timeless(await task(a.url, "/api/v1/backtest/rotation/run/async", big));
    assert.deepEqual(one, two, "1 thread answers as 2");
    const stored = await runAll(a.url);
    assert.deepEqual(stored, upstream, "screen, scan and rotation on 1 thread equal the quote source's");
  });

  test("over BullMQ workers reading the same store path they are the same again", { skip: REDIS_SKIP }, async () => {
    const redis = await startRedis();
    const queue = `tdx-forge-market-${process.pid}`;
    const workers = await Promise.all([0, 1].map(() => startWorker({ REDIS_URL: redis.url, BULLMQ_QUEUE: queue })));
    let q: TestServer | undefined;
    try {
      // its own data directory (library, tasks) with the synced store of the first server
      q = await startTestServer({
        clock: new FakeClock(SATURDAY),
        env: { TASK_BACKEND: "bullmq", REDIS_URL: redis.url, BULLMQ_QUEUE: queue, BULLMQ_PARALLELISM: "3", MARKET_DIR: join(dir, "market") },
      });
      await save(q.url);
      const stored = await runAll(q.url);
      assert.deepEqual(stored.screen, upstream.screen, "formula screen");
      assert.deepEqual(
        stored.scan.rows.map((r: any) => ({ ...r, strategy_id: undefined })),
        upstream.scan.rows.map((r: any) => ({ ...r, strategy_id: undefined })),
        "signal scan (ids differ between libraries)",
      );
      assert.deepEqual(stored.rotation, upstream.rotation, "rotation");
      assert.ok(
        workers.every((w) => w.lines.some((l) => l.includes('"market.screen"'))),
        "both workers took screen chunks",
      );
    } finally {
      await q?.dispose();
      for (const w of workers) {
        w.child.kill("SIGTERM");
        await stopped(w.child);
      }
      await redis.stop();
    }
  });
});
