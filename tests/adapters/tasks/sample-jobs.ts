/** Jobs the worker-pool tests run in real threads. */
import type { JobHandler } from "../../../ports/task-runner.ts";

const jobs: Record<string, JobHandler> = {
  /** Sums a typed array (checks that payloads cross the thread boundary intact). */
  sum: (p: { values: Float64Array }) => p.values.reduce((a, b) => a + b, 0),
  /** Reports `steps` progress messages, then returns how many it sent. */
  steps: (p: { steps: number }, progress) => {
    for (let i = 1; i <= p.steps; i++) progress(i / p.steps, `step ${i}`);
    return p.steps;
  },
  /** Never returns: only terminating the thread stops it. */
  spin: () => {
    for (;;);
  },
  fail: (p: { message: string }) => {
    throw new RangeError(p.message);
  },
};

export function createJobs(): Record<string, JobHandler> {
  return jobs;
}
