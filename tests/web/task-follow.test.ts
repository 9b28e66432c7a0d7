/**
 * Following a task: subscribed before submitting (early messages kept), polled
 * until the WebSocket speaks about the task, then on the socket alone (polled
 * again while it is down), never moving backwards when the two channels cross,
 * the result read once at the end, and cancel.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";
import type { TaskEvent, TaskState, TaskStatus } from "../../apps/web/src/api/backtest-types.ts";
import { isNewer, POLL_MS, type TaskChannel, useTaskFollower } from "../../apps/web/src/backtest/task-follow.ts";

beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
afterEach(() => mock.timers.reset());

/** Lets pending promise callbacks run (timers are mocked, setImmediate is not). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

const stateOf = (status: TaskStatus, progress: number, message = "", result: unknown = null): TaskState => ({
  task_id: "t1",
  kind: "backtest",
  status,
  description: "",
  progress,
  message,
  created_at: 0,
  started_at: null,
  finished_at: null,
  elapsed: 0,
  error: null,
  attempts: 1,
  result,
});

class FakeChannel implements TaskChannel {
  listeners = new Set<(e: TaskEvent) => void>();
  isLive = true;
  server: TaskState = stateOf("pending", 0);
  reads = 0;
  cancels = 0;
  watch(fn: (e: TaskEvent) => void) {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }
  ready() {
    return Promise.resolve();
  }
  live() {
    return this.isLive;
  }
  async state() {
    this.reads++;
    return this.server;
  }
  async cancel() {
    this.cancels++;
    this.server = stateOf("cancelled", this.server.progress);
    return this.server;
  }
  emit(task_id: string, status: TaskStatus, progress: number, message: string | null = null) {
    for (const fn of this.listeners) fn({ task_id, status, progress, message });
  }
}

test("messages sent between subscribing and learning the id are kept; the WebSocket then replaces polling", async () => {
  const ch = new FakeChannel();
  const f = useTaskFollower(ch);
  const started = f.start(async () => {
    ch.emit("other", "running", 0.5);
    ch.emit("t1", "pending", 0, "queued");
    ch.emit("t1", "running", 0.05, "backtesting 250 bars");
    ch.server = stateOf("running", 0.05, "backtesting 250 bars");
    return { task_id: "t1", status: "pending" };
  });
  await started;
  assert.equal(f.run.id, "t1");
  assert.deepEqual(
    f.run.steps.map((s) => [s.status, s.progress, s.via]),
    [
      ["pending", 0, "ws"],
      ["running", 0.05, "ws"],
    ],
  );
  assert.equal(f.run.channel, "ws");
  const reads = ch.reads;
  mock.timers.tick(POLL_MS * 3);
  await settle();
  assert.equal(ch.reads, reads, "no polling once the socket spoke about the task");

  ch.emit("t1", "running", 0.6, "half");
  assert.equal(f.run.progress, 0.6);
  ch.server = stateOf("done", 1, "done", { performance: {} });
  ch.emit("t1", "done", 1, "done");
  await settle();
  assert.equal(f.run.final?.status, "done");
  assert.deepEqual(f.run.final?.result, { performance: {} });
  assert.equal(f.run.busy, false);
  assert.equal(ch.listeners.size, 0, "unsubscribed at the end");
});

test("without WebSocket messages the task is polled until it ends, and polled again while the socket is down", async () => {
  const ch = new FakeChannel();
  const f = useTaskFollower(ch);
  await f.start(async () => ({ task_id: "t1", status: "pending" }));
  assert.equal(f.run.channel, "http");
  assert.equal(ch.reads, 1);
  ch.server = stateOf("running", 0.3, "working");
  mock.timers.tick(POLL_MS);
  await settle();
  assert.equal(ch.reads, 2);
  assert.equal(f.run.progress, 0.3);

  ch.emit("t1", "running", 0.4);
  mock.timers.tick(POLL_MS);
  await settle();
  assert.equal(ch.reads, 2, "the socket took over");
  ch.isLive = false;
  ch.server = stateOf("done", 1, "done", { ok: true });
  mock.timers.tick(POLL_MS);
  await settle();
  assert.equal(ch.reads, 3, "polled while the socket is down");
  assert.equal(f.run.final?.status, "done");
  mock.timers.tick(POLL_MS * 5);
  await settle();
  assert.equal(ch.reads, 3, "nothing after the end");
});

test("a late, older answer never moves the task backwards", () => {
  assert.equal(isNewer({ status: "running", progress: 0.6 }, { status: "running", progress: 0.3 }), false);
  assert.equal(isNewer({ status: "running", progress: 0.6 }, { status: "pending", progress: 0 }), false);
  assert.equal(isNewer({ status: "running", progress: 0.6 }, { status: "done", progress: 1 }), true);
  assert.equal(isNewer({ status: "done", progress: 1 }, { status: "running", progress: 1 }), false);
  assert.equal(isNewer({ status: null, progress: 0 }, { status: "pending", progress: 0 }), true);
});

test("cancel ends the task; a failed submission is reported", async () => {
  const ch = new FakeChannel();
  const f = useTaskFollower(ch);
  await f.start(async () => ({ task_id: "t1", status: "pending" }));
  await f.cancel();
  assert.equal(ch.cancels, 1);
  assert.equal(f.run.final?.status, "cancelled");
  assert.equal(f.run.busy, false);

  const g = useTaskFollower(ch);
  await g.start(async () => {
    throw new Error("422 params.slow");
  });
  assert.match(String(g.run.error), /422/);
  assert.equal(g.run.busy, false);
  assert.equal(ch.listeners.size, 0);
});

test("opening a finished task reads its result once", async () => {
  const ch = new FakeChannel();
  ch.server = stateOf("done", 1, "done", { rows: [] });
  const f = useTaskFollower(ch);
  await f.open("t1");
  assert.equal(f.run.final?.status, "done");
  assert.equal(ch.reads, 1);
});
