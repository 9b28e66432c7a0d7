/**
 * The bound on concurrent password hashing: at most `concurrency` jobs run,
 * waiting ones start in arrival order as slots free, and beyond the queue the
 * answer is a BusyError (503 at the HTTP edge) (checked with jobs the test finishes by hand).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { HashSlots } from "../../../../core/app/auth/hash-slots.ts";
import { BusyError } from "../../../../core/app/app-errors.ts";

test("two run at once, four wait in order, the seventh is refused with 503", async () => {
  const slots = new HashSlots(2, 4);
  const finish: (() => void)[] = [];
  const started: number[] = [];
  let running = 0;
  let peak = 0;
  const job = (i: number) =>
    slots.run(async () => {
      started.push(i);
      peak = Math.max(peak, ++running);
      await new Promise<void>((r) => finish.push(r));
      running--;
      return i;
    });
  const runs = [0, 1, 2, 3, 4, 5].map(job);
  await assert.rejects(job(6), (e: unknown) => e instanceof BusyError && /try again/.test(e.message));
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(started, [0, 1], "only two started");
  while (finish.length) {
    finish.shift()!();
    await new Promise((r) => setImmediate(r));
  }
  assert.deepEqual(await Promise.all(runs), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(started, [0, 1, 2, 3, 4, 5], "waiting jobs start in arrival order");
  assert.equal(peak, 2);
  assert.equal(await slots.run(async () => 7), 7, "slots are all free again");
});

test("a failing job frees its slot", async () => {
  const slots = new HashSlots(1, 1);
  await assert.rejects(
    slots.run(async () => Promise.reject(new Error("boom"))),
    /boom/,
  );
  assert.equal(await slots.run(async () => 1), 1);
});
