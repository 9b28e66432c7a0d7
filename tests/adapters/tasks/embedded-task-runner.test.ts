/**
 * The embedded runner on a real SQLite file and real threads: the lifecycle,
 * failures, cancelling, progress events, and restarts in the middle of a run
 * (re-queued once, then failed with a reason; nothing lost, even past the limit
 * of pending tasks), and the byte budget of finished tasks.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { openBetterSqlite3 } from "../../../adapters/sqlite/sqlite-better-sqlite3.ts";
import { openDatabase } from "../../../adapters/sqlite/sqlite-database.ts";
import { sqliteTaskStore } from "../../../adapters/sqlite/sqlite-task-store.ts";
import { EmbeddedTaskRunner } from "../../../adapters/tasks/embedded-task-runner.ts";
import { WorkerPool } from "../../../adapters/tasks/worker-pool.ts";
import type { TaskEvent, TaskProgram, TaskRunner, TaskSummary } from "../../../ports/task-runner.ts";
import { BusyError } from "../../../core/app/app-errors.ts";
import { FakeClock, silentLog } from "../../support/server.ts";

const dir = mkdtempSync(join(tmpdir(), "tdx-forge-tasks-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Programs for the tests: a sum on the pool, a failure, and one that spins on the pool until stopped. */
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
  ["fail", { run: async () => Promise.reject(new RangeError("no bars for SZ:000001")) }],
  ["spin", { run: (_input, ctx) => ctx.pool.run("spin", {}, { signal: ctx.signal }) }],
]);

async function open(file: string, clock = new FakeClock(Date.UTC(2026, 0, 5, 2)), limits: { maxPending?: number; keepFinishedBytes?: number } = {}) {
  const db = await openDatabase(file, openBetterSqlite3);
  const pool = new WorkerPool({ modules: [new URL("./sample-jobs.ts", import.meta.url)], size: 2 });
  const runner = await EmbeddedTaskRunner.start({ store: sqliteTaskStore(db), pool, clock, log: silentLog, programs, concurrency: 2, ...limits });
  return {
    runner,
    clock,
    async close() {
      await runner.close();
      await pool.close();
      await db.destroy();
    },
  };
}

async function until(runner: TaskRunner, id: string, ok: (t: TaskSummary) => boolean): Promise<TaskSummary> {
  for (;;) {
    const t = (await runner.get(id))!;
    if (ok(t)) return t;
    await new Promise((r) => setTimeout(r, 5));
  }
}

test("submit → pending → running → done, with the result, progress events and the list", async () => {
  const s = await open(join(dir, "life.sqlite"));
  const events: TaskEvent[] = [];
  s.runner.subscribe((e) => events.push(e));
  const sub = await s.runner.submit({ kind: "sum", description: "sum of three", input: { values: [1, 2, 3] } });
  assert.equal(sub.status, "pending");
  assert.match(sub.task_id, /^[0-9a-f]{32}$/);
  const done = await until(s.runner, sub.task_id, (t) => t.status === "done");
  const detail = (await s.runner.get(sub.task_id))!;
  assert.deepEqual(JSON.parse(detail.resultJson!), { total: 6 });
  assert.equal(done.progress, 1);
  assert.equal(done.attempts, 1);
  assert.equal(done.created_at, s.clock.now() / 1000);
  const seen = events.map((e) => `${e.task.status} ${e.task.message}`);
  assert.deepEqual(seen, ["pending queued", "running running", "running summing", "done done"]);
  const failed = await s.runner.submit({ kind: "fail", description: "", input: {} });
  const f = await until(s.runner, failed.task_id, (t) => t.status === "failed");
  assert.equal(f.error, "RangeError: no bars for SZ:000001");
  assert.equal((await s.runner.get(failed.task_id))!.resultJson, null, "a result only at done");
  const list = await s.runner.list(10);
  assert.deepEqual(
    list.map((t) => t.task_id),
    [failed.task_id, sub.task_id],
    "most recently used first",
  );
  await assert.rejects(s.runner.submit({ kind: "nope", description: "", input: {} }), /no program for task kind nope/);
  await s.close();
});

test("cancel: running and pending tasks stop; a finished one is left as it is; unknown ids are undefined", async () => {
  const s = await open(join(dir, "cancel.sqlite"));
  const a = await s.runner.submit({ kind: "spin", description: "a", input: {} });
  const b = await s.runner.submit({ kind: "spin", description: "b", input: {} });
  const c = await s.runner.submit({ kind: "sum", description: "c", input: { values: [1] } });
  await until(s.runner, a.task_id, (t) => t.status === "running");
  assert.equal((await s.runner.get(c.task_id))!.status, "pending", "two slots, both spinning");
  assert.equal((await s.runner.cancel(c.task_id))!.status, "cancelled");
  assert.equal((await s.runner.cancel(a.task_id))!.status, "cancelled");
  assert.equal((await s.runner.cancel(b.task_id))!.status, "cancelled");
  const d = await s.runner.submit({ kind: "sum", description: "d", input: { values: [2, 3] } });
  await until(s.runner, d.task_id, (t) => t.status === "done");
  assert.equal((await s.runner.cancel(d.task_id))!.status, "done");
  assert.equal((await s.runner.get(a.task_id))!.status, "cancelled", "a cancelled task stays cancelled");
  assert.equal(await s.runner.cancel("0".repeat(32)), undefined);
  await s.close();
});

test("a restart in the middle of a run re-queues the task once; a second one fails it with the reason", async () => {
  const file = join(dir, "restart.sqlite");
  let s = await open(file);
  const t = await s.runner.submit({ kind: "spin", description: "long", input: {} });
  const waiting = await s.runner.submit({ kind: "sum", description: "queued behind", input: { values: [4] } });
  const blocker = await s.runner.submit({ kind: "spin", description: "second slot", input: {} });
  await until(s.runner, blocker.task_id, (x) => x.status === "running");
  await s.close(); // the process stops with two tasks running and one pending

  s = await open(file);
  const again = await until(s.runner, t.task_id, (x) => x.status === "running");
  assert.equal(again.attempts, 2);
  await s.runner.cancel(blocker.task_id);
  await until(s.runner, waiting.task_id, (x) => x.status === "done");
  assert.deepEqual(JSON.parse((await s.runner.get(waiting.task_id))!.resultJson!), { total: 4 }, "the pending task ran after the restart");
  await s.close(); // stopped again while the first task runs its second attempt

  s = await open(file);
  const failed = (await s.runner.get(t.task_id))!;
  assert.equal(failed.status, "failed");
  assert.equal(failed.error, "interrupted by a service restart on attempt 2; not retried");
  assert.equal((await s.runner.list(10)).length, 3, "no task lost");
  await s.close();
});

test("a restart keeps and runs every stored pending or running task, even past a lower limit; submissions wait until they fall below it", async () => {
  const file = join(dir, "limit.sqlite");
  let s = await open(file, undefined, { maxPending: 4 });
  const spins = [await s.runner.submit({ kind: "spin", description: "1", input: {} }), await s.runner.submit({ kind: "spin", description: "2", input: {} })];
  const sums = [await s.runner.submit({ kind: "sum", description: "3", input: { values: [3] } }), await s.runner.submit({ kind: "sum", description: "4", input: { values: [4] } })];
  await until(s.runner, spins[1]!.task_id, (t) => t.status === "running");
  await assert.rejects(s.runner.submit({ kind: "sum", description: "5", input: { values: [5] } }), BusyError);
  await s.close(); // two running, two pending

  s = await open(file, undefined, { maxPending: 2 });
  assert.equal((await s.runner.list(10)).length, 4, "nothing dropped");
  await until(s.runner, spins[0]!.task_id, (t) => t.status === "running" && t.attempts === 2);
  await assert.rejects(s.runner.submit({ kind: "sum", description: "5", input: { values: [5] } }), BusyError, "four left, the limit is two");
  for (const t of spins) await s.runner.cancel(t.task_id);
  for (const [i, t] of sums.entries()) {
    await until(s.runner, t.task_id, (x) => x.status === "done");
    assert.deepEqual(JSON.parse((await s.runner.get(t.task_id))!.resultJson!), { total: i + 3 }, "the stored pending tasks ran after the restart");
  }
  await s.close();
});

test("finished tasks: the most recent are kept within the byte budget as each finishes", async () => {
  // each sum task stores 19 bytes of input ({"values":[i,1000+i]}) and 14 of result ({"total":…}): 70 bytes keep two
  const s = await open(join(dir, "budget.sqlite"), undefined, { keepFinishedBytes: 70 });
  const done: string[] = [];
  for (let i = 0; i < 4; i++) {
    const t = await s.runner.submit({ kind: "sum", description: `sum ${i}`, input: { values: [i, 1000 + i] } });
    await until(s.runner, t.task_id, (x) => x.status === "done");
    done.push(t.task_id);
  }
  assert.deepEqual(
    (await s.runner.list(10)).map((t) => t.task_id),
    [done[3], done[2]],
  );
  assert.equal(await s.runner.get(done[0]!), undefined, "the oldest result is gone");
  await s.close();
});
