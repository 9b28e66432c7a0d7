/**
 * The task queue's limit over real HTTP (adapters/tasks/embedded-task-runner.ts):
 * with TASK_QUEUE_LIMIT tasks pending or running, the next submission is a 503
 * with `Retry-After` and a `detail` naming the full queue, and nothing of it is
 * stored; a cancel frees a place. The tasks are held on a BullMQ queue that no
 * worker serves (a real redis-server), so they stay unfinished for as long as
 * the test needs, whatever the machine's speed. The OpenAPI document states the
 * 503 on every submission route.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { REDIS_SKIP, startRedis } from "../support/redis.ts";
import { call, FakeClock, startTestServer } from "../support/server.ts";

const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const ohlcv = Array.from({ length: 120 }, (_, i) => {
  const close = 10 + Math.sin(i / 7) * 2;
  return { date: new Date(Date.UTC(2024, 0, 1) + i * 864e5).toISOString().slice(0, 10), open: close, high: close + 0.2, low: close - 0.2, close, vol: 1000 };
});
const run = { strategy: "ma_cross", ohlcv };

describe("task queue limit", () => {
  test("past TASK_QUEUE_LIMIT pending or running tasks: 503 with Retry-After, nothing stored; a cancel frees a place", { skip: REDIS_SKIP }, async () => {
    const redis = await startRedis();
    const queue = `tdx-forge-limit-${process.pid}`;
    const s = await startTestServer({ clock, env: { TASK_BACKEND: "bullmq", REDIS_URL: redis.url, BULLMQ_QUEUE: queue, TASK_QUEUE_LIMIT: "2" } });
    try {
      const held = [];
      for (let i = 0; i < 2; i++) {
        const r = await call(s.url, "POST", "/api/v1/backtest/run/async", { json: run });
        assert.equal(r.status, 202, r.text);
        held.push(r.body.task_id as string);
      }
      const full = await call(s.url, "POST", "/api/v1/backtest/evaluate/run/async", { json: { strategy: "ma_cross", symbol: "SZ:000001" } });
      assert.equal(full.status, 503);
      assert.equal(full.headers.get("retry-after"), "10");
      assert.equal(full.body.detail, "Task queue full: 2 tasks are pending or running (at most 2); try again when some have finished");
      const sync = await call(s.url, "POST", "/api/v1/store/sync", { json: {} });
      assert.equal(sync.status, 503, "every submission counts against the same limit");
      const list = await call(s.url, "GET", "/api/v1/backtest/tasks");
      assert.deepEqual(list.body.tasks.map((t: { task_id: string }) => t.task_id).sort(), [...held].sort(), "nothing of the refused tasks is stored");

      assert.equal((await call(s.url, "DELETE", `/api/v1/backtest/tasks/${held[0]}`)).body.status, "cancelled");
      // the cancelled task's place is free once its run has unwound
      let next = full;
      while (next.status === 503) {
        next = await call(s.url, "POST", "/api/v1/backtest/run/async", { json: run });
        if (next.status === 503) await new Promise((r) => setTimeout(r, 10));
      }
      assert.equal(next.status, 202, next.text);
      assert.equal((await call(s.url, "POST", "/api/v1/backtest/run/async", { json: run })).status, 503);
      for (const id of [held[1], next.body.task_id]) await call(s.url, "DELETE", `/api/v1/backtest/tasks/${id}`);
    } finally {
      await s.dispose();
      await redis.stop();
    }
  });

  test("the OpenAPI document gives every submission route the queue-full 503 with Retry-After", async () => {
    const s = await startTestServer({ clock });
    try {
      const doc = (await call(s.url, "GET", "/openapi.json")).body;
      const submissions = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, { description: string; headers?: object }> }>>).flatMap(([path, item]) =>
        Object.values(item)
          .filter((op) => op.responses["202"])
          .map((op) => [path, op.responses["503"]] as const),
      );
      assert.ok(submissions.length >= 14, `${submissions.length} submission routes`);
      for (const [path, r503] of submissions) {
        assert.match(r503?.description ?? "", /task queue is full/, path);
        assert.ok(r503 && "Retry-After" in (r503.headers ?? {}), `${path}: Retry-After`);
      }
    } finally {
      await s.dispose();
    }
  });
});
