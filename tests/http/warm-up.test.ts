/**
 * The start-up warm-up: the server answers `/health` while it runs in the
 * background, it completes every step (worker threads, indicators through the
 * formula engine, demo histories), and the service behaves the same after it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { WorkerPool } from "../../adapters/tasks/worker-pool.ts";
import { JOB_MODULES, jobContext } from "../../apps/server/job-modules.ts";
import type { Logger } from "../../ports/logger.ts";
import { call, startTestServer } from "../support/server.ts";

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
    assert.deepEqual(Object.keys(done.fields.steps as object).sort(), ["demo histories", "indicators", "workers"]);
    const r = await call(s.url, "POST", "/api/v1/formula/validate", { json: { text: "DIF:EMA(CLOSE,12)-EMA(CLOSE,26);" } });
    assert.equal(r.status, 200, r.text.slice(0, 200));
    assert.equal(r.body.ok, true, "the formula compiles after the warm-up");
  } finally {
    await s.dispose();
  }
});

test("warming starts every thread once, they answer jobs, and a closed pool starts none", async () => {
  const pool = new WorkerPool({ modules: JOB_MODULES, context: jobContext({}), size: 2 });
  assert.equal(pool.started, 0, "nothing before first use");
  pool.warm();
  assert.equal(pool.started, 2, "both threads started by warm()");
  pool.warm();
  assert.equal(pool.started, 2, "warming again starts no more");
  const answers = await Promise.all([1, 2, 3].map((k) => pool.run(`no-such-job-${k}`, {}).then(() => "done", (e: Error) => e.message)));
  assert.deepEqual(answers, ["unknown job no-such-job-1", "unknown job no-such-job-2", "unknown job no-such-job-3"]);
  assert.equal(pool.started, 2, "the jobs ran on the warmed threads");
  await pool.close();
  pool.warm();
  assert.equal(pool.started, 0, "a closed pool starts no thread");
});
