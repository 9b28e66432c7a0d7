/**
 * The consuming side of the BullMQ backend (`npm run worker`): takes jobs from
 * the queue and runs them on local worker threads, as many at once as there
 * are threads, so the process's own event loop stays free to renew its job
 * locks and report progress. Jobs are the same named functions the embedded
 * pool runs, loaded from the same modules.
 */
import { Worker } from "bullmq";
import type { Logger } from "../../ports/logger.ts";
import type { JobContextSource } from "../../ports/task-runner.ts";
import { decodeJob, encodeJob } from "./job-codec.ts";
import { redisConnection } from "./redis-connection.ts";
import { WorkerPool } from "./worker-pool.ts";

export interface BullmqWorkerOptions {
  readonly url: string;
  readonly queue: string;
  /** Worker threads (and jobs at once); default one per core. */
  readonly threads: number | undefined;
  readonly modules: readonly URL[];
  /** Builds each thread's context (the plugin registry) as the API's composition root does. */
  readonly context?: JobContextSource;
  readonly log: Logger;
}

export interface RunningWorker {
  /** Finishes the jobs in hand, then stops. */
  close(): Promise<void>;
}

export async function startBullmqWorker(o: BullmqWorkerOptions): Promise<RunningWorker> {
  const pool = new WorkerPool({ modules: [...o.modules], ...(o.context ? { context: o.context } : {}), ...(o.threads ? { size: o.threads } : {}) });
  const client = redisConnection(o.url, "tdx-forge:worker");
  const worker = new Worker(
    o.queue,
    async (job) => {
      const started = performance.now();
      const result = await pool.run(job.name, decodeJob(String(job.data)), {
        onProgress: (fraction, message) => void job.updateProgress({ fraction, message }).catch(() => {}),
      });
      o.log.info({ job: job.name, id: job.id, ms: Math.round(performance.now() - started) }, "job done");
      return encodeJob(result);
    },
    { connection: client, concurrency: pool.size },
  );
  worker.on("failed", (job, e) => o.log.warn({ job: job?.name, id: job?.id, err: e.message }, "job failed"));
  worker.on("error", (e) => o.log.warn({ err: e.message }, "worker error"));
  await worker.waitUntilReady();
  o.log.info({ queue: o.queue, threads: pool.size, pid: process.pid }, "worker ready");
  return {
    async close() {
      await worker.close();
      await pool.close();
      await client.quit().catch(() => "");
    },
  };
}
