import assert from "node:assert/strict";
import { test } from "node:test";
import { loadConfig } from "../../apps/server/config.ts";

test("the task backend is embedded unless TASK_BACKEND=bullmq, which needs REDIS_URL", () => {
  const c = loadConfig({});
  assert.equal(c.TASK_BACKEND, "embedded");
  assert.equal(c.BULLMQ_QUEUE, "tdx-forge-jobs");
  assert.equal(c.BULLMQ_PARALLELISM, 8);
  assert.equal(c.WORKER_THREADS, 0);
  assert.throws(() => loadConfig({ TASK_BACKEND: "bullmq" }), /TASK_BACKEND=bullmq needs REDIS_URL/);
  const b = loadConfig({ TASK_BACKEND: "bullmq", REDIS_URL: "redis://127.0.0.1:6380/2", BULLMQ_PARALLELISM: "16", WORKER_THREADS: "3" });
  assert.equal(b.REDIS_URL, "redis://127.0.0.1:6380/2");
  assert.equal(b.BULLMQ_PARALLELISM, 16);
  assert.equal(b.WORKER_THREADS, 3);
  assert.throws(() => loadConfig({ TASK_BACKEND: "celery" }), /TASK_BACKEND/);
  assert.throws(() => loadConfig({ REDIS_URL: "http://x" }), /REDIS_URL/);
  assert.throws(() => loadConfig({ BULLMQ_QUEUE: "a b" }), /BULLMQ_QUEUE/);
});
