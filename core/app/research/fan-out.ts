/**
 * Runs a task's jobs on the pool with a bounded number in flight (by default
 * enough to keep every pool slot busy, few enough that a cancelled task leaves
 * little queued behind it), reporting each completion. The first failure fails the
 * whole fan-out; jobs not started yet are not started.
 */
import type { TaskContext } from "../../../ports/task-runner.ts";

export async function fanOut<T, R>(ctx: TaskContext, items: readonly T[], run: (item: T) => Promise<R>, onDone: (finished: number) => void, limit = Math.max(1, ctx.pool.size * 2)): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let finished = 0;
  const lane = async () => {
    while (next < items.length) {
      ctx.signal.throwIfAborted();
      const k = next++;
      try {
        results[k] = await run(items[k]!);
      } catch (e) {
        next = items.length;
        throw e;
      }
      onDone(++finished);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
