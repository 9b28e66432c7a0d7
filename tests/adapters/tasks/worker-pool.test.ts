/** The worker pool with real threads: results, progress, errors, cancellation, recovery after a lost thread. */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { WorkerPool } from "../../../adapters/tasks/worker-pool.ts";

const pool = new WorkerPool({ modules: [new URL("./sample-jobs.ts", import.meta.url)], size: 2 });
after(() => pool.close());

test("jobs run on threads: typed arrays in, results out, progress reported, errors keep their name", async () => {
  assert.equal(await pool.run("sum", { values: new Float64Array([1, 2, 3.5]) }), 6.5);
  const seen: string[] = [];
  assert.equal(await pool.run("steps", { steps: 3 }, { onProgress: (f, m) => seen.push(`${f.toFixed(2)} ${m}`) }), 3);
  assert.deepEqual(seen, ["0.33 step 1", "0.67 step 2", "1.00 step 3"]);
  await assert.rejects(pool.run("fail", { message: "no bars" }), { name: "RangeError", message: "no bars" });
  await assert.rejects(pool.run("nope", {}), /unknown job nope/);
});

test("cancelling: a running job's thread is stopped, a queued job is dropped, the pool carries on", async () => {
  const a = new AbortController();
  const b = new AbortController();
  const spinning = [pool.run("spin", {}, { signal: a.signal }), pool.run("spin", {}, { signal: b.signal })];
  const c = new AbortController();
  const queued = pool.run("sum", { values: new Float64Array([1]) }, { signal: c.signal });
  c.abort();
  await assert.rejects(queued, { name: "AbortError" });
  a.abort();
  b.abort();
  for (const p of spinning) await assert.rejects(p, { name: "AbortError" });
  assert.equal(await pool.run("sum", { values: new Float64Array([2, 2]) }), 4, "fresh threads replace the stopped ones");
  await assert.rejects(pool.run("sum", { values: new Float64Array(1) }, { signal: AbortSignal.abort() }), { name: "AbortError" });
});
