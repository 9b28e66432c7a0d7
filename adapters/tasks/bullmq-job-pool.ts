/**
 * A `JobPool` on a BullMQ queue in Redis: each job is a queue entry, taken by
 * whichever `npm run worker` process is free, on this machine or any other;
 * the task that asked for it (in the API process, under the embedded runner
 * with its SQLite state) waits for the result and merges. Payloads and results
 * travel as text (job-codec.ts). Finished entries are removed from Redis; their
 * outcome arrives through the queue's event stream.
 *
 * `size` is the number of jobs a task keeps queued or running at once
 * (BULLMQ_PARALLELISM), not a thread count: workers may come and go. Cancelling
 * drops a job that is still waiting; one already running on a worker finishes
 * there and its result is ignored.
 */
import { randomUUID } from "node:crypto";
import { Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "../../ports/logger.ts";
import type { JobOptions, JobPool } from "../../ports/task-runner.ts";
import { decodeJob, encodeJob } from "./job-codec.ts";
import { redisConnection } from "./redis-connection.ts";

export interface BullmqPoolOptions {
  readonly url: string;
  readonly queue: string;
  readonly size: number;
  readonly log: Logger;
}

interface Waiting {
  resolve(value: unknown): void;
  reject(reason: unknown): void;
  onProgress: ((fraction: number, message: string) => void) | undefined;
}

const aborted = (signal: AbortSignal | undefined) => signal?.reason ?? new DOMException("The job was cancelled", "AbortError");

export class BullmqJobPool implements JobPool {
  readonly #waiting = new Map<string, Waiting>();
  #closed = false;

  private constructor(
    readonly size: number,
    private readonly client: Redis,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly log: Logger,
  ) {
    events.on("completed", ({ jobId, returnvalue }) => this.#settle(jobId, (w) => w.resolve(decodeJob(String(returnvalue)))));
    events.on("failed", ({ jobId, failedReason }) => this.#settle(jobId, (w) => w.reject(new Error(failedReason))));
    events.on("progress", ({ jobId, data }) => {
      const p = data as { fraction?: number; message?: string };
      this.#waiting.get(jobId)?.onProgress?.(Number(p.fraction ?? 0), String(p.message ?? ""));
    });
    events.on("error", (e) => log.warn({ err: e.message }, "BullMQ event stream error"));
    queue.on("error", (e) => log.warn({ err: e.message }, "BullMQ queue error"));
  }

  /** Connects to Redis and starts listening to the queue's events before any job is added. */
  static async open(o: BullmqPoolOptions): Promise<BullmqJobPool> {
    const client = redisConnection(o.url, "tdx-forge:api");
    const queue = new Queue(o.queue, { connection: client });
    const events = new QueueEvents(o.queue, { connection: client });
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    o.log.info({ queue: o.queue, parallelism: o.size }, "BullMQ job pool ready");
    return new BullmqJobPool(o.size, client, queue, events, o.log);
  }

  #settle(jobId: string, how: (w: Waiting) => void): void {
    const w = this.#waiting.get(jobId);
    if (!w) return;
    this.#waiting.delete(jobId);
    how(w);
  }

  run<R = unknown>(job: string, payload: unknown, options: JobOptions = {}): Promise<R> {
    if (this.#closed) return Promise.reject(new Error("the job pool is closed"));
    if (options.signal?.aborted) return Promise.reject(aborted(options.signal));
    const jobId = randomUUID();
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => {
        this.#settle(jobId, (w) => w.reject(aborted(options.signal)));
        this.queue.remove(jobId).catch(() => {});
      };
      const settled = () => options.signal?.removeEventListener("abort", onAbort);
      this.#waiting.set(jobId, { resolve: (v) => (settled(), resolve(v as R)), reject: (e) => (settled(), reject(e)), onProgress: options.onProgress });
      options.signal?.addEventListener("abort", onAbort, { once: true });
      this.queue.add(job, encodeJob(payload), { jobId, attempts: 1, removeOnComplete: true, removeOnFail: true }).catch((e: Error) => this.#settle(jobId, (w) => w.reject(e)));
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const id of [...this.#waiting.keys()]) this.#settle(id, (w) => w.reject(new Error("the job pool is closed")));
    await Promise.allSettled([this.events.close(), this.queue.close()]);
    await this.client.quit().catch((e: Error) => this.log.warn({ err: e.message }, "Redis quit failed"));
  }
}
