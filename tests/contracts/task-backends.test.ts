/**
 * The task backend contract (task-backend-contract.ts) against every job pool:
 * jobs run inline (a plain in-process pool written here, the reference), on
 * worker threads, and through BullMQ on a real redis-server with a worker
 * consuming the queue (skipped, saying why, where redis-server is absent).
 */
import { startBullmqWorker } from "../../adapters/tasks/bullmq-worker.ts";
import { BullmqJobPool } from "../../adapters/tasks/bullmq-job-pool.ts";
import { WorkerPool } from "../../adapters/tasks/worker-pool.ts";
import type { JobHandler, JobOptions, JobPool } from "../../ports/task-runner.ts";
import { createJobs } from "../adapters/tasks/sample-jobs.ts";
import { REDIS_SKIP, startRedis } from "../support/redis.ts";
import { silentLog } from "../support/server.ts";
import { SAMPLE_JOBS, taskBackendContract } from "./task-backend-contract.ts";

/** Runs each job in this thread, one at a time: the simplest pool the port allows. */
class InlinePool implements JobPool {
  readonly size = 1;
  readonly #jobs: Readonly<Record<string, JobHandler>> = createJobs();

  async run<R = unknown>(job: string, payload: unknown, options: JobOptions = {}): Promise<R> {
    if (options.signal?.aborted) throw new DOMException("The job was cancelled", "AbortError");
    const handler = this.#jobs[job];
    if (!handler) throw new Error(`unknown job ${job}`);
    return (await handler(payload, options.onProgress ?? (() => {}))) as R;
  }

  async close(): Promise<void> {}
}

taskBackendContract("inline", async () => {
  const pool = new InlinePool();
  return { pool, close: () => pool.close() };
});

taskBackendContract("worker threads", async () => {
  const pool = new WorkerPool({ modules: [SAMPLE_JOBS], size: 2 });
  return { pool, close: () => pool.close() };
});

taskBackendContract(
  "BullMQ on redis-server",
  async () => {
    const redis = await startRedis();
    const queue = `tdx-forge-contract-${process.pid}`;
    const worker = await startBullmqWorker({ url: redis.url, queue, threads: 2, modules: [SAMPLE_JOBS], log: silentLog });
    const pool = await BullmqJobPool.open({ url: redis.url, queue, size: 2, log: silentLog });
    return {
      pool,
      async close() {
        await pool.close();
        await worker.close();
        await redis.stop();
      },
    };
  },
  { skip: REDIS_SKIP },
);
