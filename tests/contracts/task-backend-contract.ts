/**
 * One contract for the task ports (ports/task-runner.ts), run against every job
 * pool as kysely runs one suite against every dialect: a pool runs named jobs
 * (typed arrays in, results out, progress, errors, cancelling before the start),
 * and the embedded runner on a real SQLite file gives the same answers whichever
 * pool computes for it, and refuses submissions past its limit of pending and
 * running tasks on every pool. Each caller passes a factory; answers are checked
 * against sums computed here, not against another pool.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { openBetterSqlite3 } from "../../adapters/sqlite/sqlite-better-sqlite3.ts";
import { openDatabase } from "../../adapters/sqlite/sqlite-database.ts";
import { sqliteTaskStore } from "../../adapters/sqlite/sqlite-task-store.ts";
import { EmbeddedTaskRunner } from "../../adapters/tasks/embedded-task-runner.ts";
import { BusyError } from "../../core/app/app-errors.ts";
import type { JobPool, TaskProgram, TaskRunner, TaskSummary } from "../../ports/task-runner.ts";
import { FakeClock, silentLog } from "../support/server.ts";

/** The jobs every pool loads (tests/adapters/tasks/sample-jobs.ts). */
export const SAMPLE_JOBS = new URL("../adapters/tasks/sample-jobs.ts", import.meta.url);

export interface PoolUnderTest {
  readonly pool: JobPool;
  /** Stops the pool and whatever it needs (worker processes, redis). */
  close(): Promise<void>;
}

export interface TaskBackendContractOptions {
  /** Why the implementation cannot run here, or false. */
  readonly skip?: string | false;
}

const programs = new Map<string, TaskProgram>([
  [
    "sum",
    {
      async run(input: { values: number[] }, ctx) {
        ctx.progress(0.5, "summing");
        return { total: await ctx.pool.run("sum", { values: Float64Array.from(input.values) }, { signal: ctx.signal }) };
      },
    },
  ],
  ["fan-out", { run: (input: { chunks: number[][] }, ctx) => Promise.all(input.chunks.map((values) => ctx.pool.run("sum", { values: Float64Array.from(values) }, { signal: ctx.signal }))) }],
  ["fail", { run: (input: { message: string }, ctx) => ctx.pool.run("fail", input, { signal: ctx.signal }) }],
  /** Holds its place until cancelled, without a job (a job that never ends would keep a pool's worker busy for good). */
  ["hold", { run: (_input, ctx) => new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason), { once: true })) }],
]);

const queueFull = (e: unknown) => e instanceof BusyError && e.retryAfter! > 0 && /Task queue full: 2 tasks are pending or running \(at most 2\)/.test(e.message);

const plainSum = (values: readonly number[]) => {
  let t = 0;
  for (const v of values) t += v;
  return t;
};

async function settled(runner: TaskRunner, id: string): Promise<TaskSummary> {
  for (;;) {
    const t = (await runner.get(id))!;
    if (t.status === "done" || t.status === "failed" || t.status === "cancelled") return t;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The one of `tasks` the runner has started. */
async function startedOf(runner: TaskRunner, tasks: readonly TaskSummary[]): Promise<TaskSummary> {
  for (;;) {
    for (const t of tasks) if ((await runner.get(t.task_id))!.status === "running") return t;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Submits until the runner accepts: refused only while a finished task's place is still being freed. */
async function eventually(submit: () => Promise<TaskSummary>): Promise<TaskSummary> {
  for (;;) {
    try {
      return await submit();
    } catch (e) {
      if (!(e instanceof BusyError)) throw e;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

export function taskBackendContract(name: string, open: () => Promise<PoolUnderTest>, options: TaskBackendContractOptions = {}): void {
  describe(`task backend contract: ${name}`, { skip: options.skip ?? false }, () => {
    const dir = mkdtempSync(join(tmpdir(), "tdx-forge-contract-"));
    let under: PoolUnderTest;

    before(async () => {
      under = await open();
    });
    after(async () => {
      await under?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test("a job gets its typed array intact and answers the sum; jobs at once keep their own answers", async () => {
      const values = [1.5, -2.25, 1e-3, 4096, 0.1];
      assert.equal(await under.pool.run("sum", { values: Float64Array.from(values) }), plainSum(values));
      const many = Array.from({ length: 12 }, (_, i) => Array.from({ length: i + 1 }, (_, k) => (k + 1) * (i + 1)));
      assert.deepEqual(await Promise.all(many.map((v) => under.pool.run("sum", { values: Float64Array.from(v) }))), many.map(plainSum));
      assert.ok(under.pool.size >= 1, "a pool runs at least one job at once");
    });

    test("progress reaches the caller in order, then the result", async () => {
      const seen: string[] = [];
      const steps = await under.pool.run("steps", { steps: 3 }, { onProgress: (f, m) => seen.push(`${f.toFixed(2)} ${m}`) });
      assert.equal(steps, 3);
      assert.deepEqual(seen, ["0.33 step 1", "0.67 step 2", "1.00 step 3"]);
    });

    test("errors: a job's own message, an unknown job, a signal aborted before the start", async () => {
      await assert.rejects(under.pool.run("fail", { message: "no bars for SZ:000001" }), /no bars for SZ:000001/);
      await assert.rejects(under.pool.run("nope", {}), /unknown job nope/);
      await assert.rejects(under.pool.run("sum", { values: new Float64Array(1) }, { signal: AbortSignal.abort() }), { name: "AbortError" });
      assert.equal(await under.pool.run("sum", { values: Float64Array.of(2, 2) }), 4, "the pool carries on after failures");
    });

    test("the embedded runner on this pool: results, fan-out, failures, list order, cancel of finished and unknown tasks", async () => {
      const db = await openDatabase(join(dir, "tasks.sqlite"), openBetterSqlite3);
      const runner = await EmbeddedTaskRunner.start({ store: sqliteTaskStore(db), pool: under.pool, clock: new FakeClock(Date.UTC(2026, 0, 5, 2)), log: silentLog, programs, concurrency: 2 });
      try {
        const sum = await runner.submit({ kind: "sum", description: "sum", input: { values: [1, 2, 3.25] } });
        const chunks = [[1, 2], [3], [4, 5, 6], [0.5]];
        const fan = await runner.submit({ kind: "fan-out", description: "chunks", input: { chunks } });
        const fail = await runner.submit({ kind: "fail", description: "fails", input: { message: "no bars for SH:600000" } });
        const done = await settled(runner, sum.task_id);
        assert.equal(done.status, "done");
        assert.deepEqual(JSON.parse((await runner.get(sum.task_id))!.resultJson!), { total: 6.25 });
        assert.equal((await settled(runner, fan.task_id)).status, "done");
        assert.deepEqual(JSON.parse((await runner.get(fan.task_id))!.resultJson!), chunks.map(plainSum));
        const failed = await settled(runner, fail.task_id);
        assert.equal(failed.status, "failed");
        assert.match(failed.error ?? "", /no bars for SH:600000/);
        assert.equal((await runner.get(fail.task_id))!.resultJson, null, "a result only at done");
        assert.deepEqual(new Set((await runner.list(10)).map((t) => t.task_id)), new Set([sum.task_id, fan.task_id, fail.task_id]));
        assert.equal((await runner.cancel(sum.task_id))!.status, "done", "a finished task is returned unchanged");
        assert.equal(await runner.cancel("0".repeat(32)), undefined);
      } finally {
        await runner.close();
        await db.destroy();
      }
    });

    test("the embedded runner on this pool: at most maxPending tasks pending or running; the next is refused and not stored, until one ends", async () => {
      const db = await openDatabase(join(dir, "limit.sqlite"), openBetterSqlite3);
      const runner = await EmbeddedTaskRunner.start({
        store: sqliteTaskStore(db),
        pool: under.pool,
        clock: new FakeClock(Date.UTC(2026, 0, 5, 2)),
        log: silentLog,
        programs,
        concurrency: 1,
        maxPending: 2,
      });
      try {
        // three at once into an empty queue: the places are counted before anything is stored
        const first = await Promise.allSettled(["running", "waiting", "third"].map((description) => runner.submit({ kind: "hold", description, input: {} })));
        assert.deepEqual(
          first.map((r) => r.status),
          ["fulfilled", "fulfilled", "rejected"],
        );
        assert.ok(queueFull((first[2] as PromiseRejectedResult).reason), String((first[2] as PromiseRejectedResult).reason));
        const held = first.slice(0, 2).map((r) => (r as PromiseFulfilledResult<TaskSummary>).value);
        const running = await startedOf(runner, held);
        const waiting = held.find((t) => t !== running)!;
        assert.equal((await runner.get(waiting.task_id))!.status, "pending", "one slot");
        await assert.rejects(runner.submit({ kind: "sum", description: "fourth", input: { values: [1] } }), queueFull);
        assert.deepEqual((await runner.list(10)).map((t) => t.description).sort(), ["running", "waiting"], "nothing of a refused task is stored");

        assert.equal((await runner.cancel(waiting.task_id))!.status, "cancelled");
        const sum = await runner.submit({ kind: "sum", description: "after a cancel", input: { values: [2, 3] } });
        await assert.rejects(runner.submit({ kind: "sum", description: "again past it", input: { values: [1] } }), queueFull);
        await runner.cancel(running.task_id);
        assert.equal((await settled(runner, sum.task_id)).status, "done");
        assert.deepEqual(JSON.parse((await runner.get(sum.task_id))!.resultJson!), { total: 5 });
        // both places free once the cancelled run has unwound
        const next = await eventually(() => runner.submit({ kind: "sum", description: "next", input: { values: [4] } }));
        const last = await runner.submit({ kind: "sum", description: "last", input: { values: [6] } });
        assert.equal((await settled(runner, next.task_id)).status, "done");
        assert.equal((await settled(runner, last.task_id)).status, "done");
      } finally {
        await runner.close();
        await db.destroy();
      }
    });
  });
}
