/**
 * The embedded `JobPool`: up to `size` worker threads (one per core by
 * default), started on first use so a service that never runs a task pays
 * nothing (or ahead of it by `warm`, as the server does after start-up), each running one job at a time from a FIFO queue. CPU-heavy
 * backtests thus never block the HTTP event loop.
 *
 * Cancelling a queued job drops it; cancelling a running one terminates its
 * thread (a backtest kernel has no yield points), and a fresh thread is started
 * when work next needs one. A thread that dies fails its job the same way.
 *
 * Threads load TypeScript: under Node the bootstrap registers tsx's loader in
 * the thread before importing the entry (an `--import tsx` in a worker's
 * execArgv is not applied to its entry module on Node 20); Deno runs the `.ts`
 * entry natively.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { JobContextSource, JobOptions, JobPool } from "../../ports/task-runner.ts";
import type { RunMessage, WorkerReply, WorkerSetup } from "./worker-messages.ts";

interface Job {
  readonly id: number;
  readonly message: RunMessage;
  readonly options: JobOptions;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

interface Thread {
  readonly worker: Worker;
  job: Job | undefined;
}

const ENTRY = new URL("./worker-entry.ts", import.meta.url);

function startThread(setup: WorkerSetup): Worker {
  if ("Deno" in globalThis || !ENTRY.pathname.endsWith(".ts")) return new Worker(ENTRY, { workerData: setup });
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(ENTRY.href)}); })`;
  return new Worker(boot, { eval: true, execArgv: [], workerData: setup });
}

const aborted = (signal: AbortSignal | undefined) => signal?.reason ?? new DOMException("The job was cancelled", "AbortError");

export interface WorkerPoolOptions {
  /** URLs of the job modules every thread loads. */
  readonly modules: readonly URL[];
  /** The module that builds each thread's context for the job modules. */
  readonly context?: JobContextSource;
  /** Threads at most; default one per core. */
  readonly size?: number;
}

export class WorkerPool implements JobPool {
  readonly size: number;
  readonly #setup: WorkerSetup;
  readonly #queue: Job[] = [];
  readonly #threads = new Set<Thread>();
  #nextId = 1;
  #closed = false;

  constructor(options: WorkerPoolOptions) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    const context = options.context && { module: options.context.module.href, input: options.context.input };
    this.#setup = { modules: options.modules.map((u) => u.href), ...(context ? { context } : {}) };
  }

  run<R = unknown>(job: string, payload: unknown, options: JobOptions = {}): Promise<R> {
    if (this.#closed) return Promise.reject(new Error("the worker pool is closed"));
    if (options.signal?.aborted) return Promise.reject(aborted(options.signal));
    return new Promise<R>((resolve, reject) => {
      const id = this.#nextId++;
      const onAbort = () => this.#cancel(entry);
      // the listener goes with the job: a task's signal outlives the many jobs it runs
      const settled = () => options.signal?.removeEventListener("abort", onAbort);
      const entry: Job = {
        id,
        message: { type: "run", id, job, payload },
        options,
        resolve: (v) => (settled(), resolve(v as R)),
        reject: (e) => (settled(), reject(e)),
      };
      options.signal?.addEventListener("abort", onAbort, { once: true });
      this.#queue.push(entry);
      this.#pump();
    });
  }

  /** Threads running now (started, not yet exited or stopped). */
  get started(): number {
    return this.#threads.size;
  }

  /** Starts every thread now, so their modules are loaded before the first job. */
  warm(): void {
    while (!this.#closed && this.#threads.size < this.size) this.#spawn();
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error("the worker pool is closed"));
    const threads = [...this.#threads];
    this.#threads.clear();
    for (const t of threads) t.job?.reject(new Error("the worker pool is closed"));
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      let thread = [...this.#threads].find((t) => t.job === undefined);
      if (!thread && this.#threads.size < this.size) thread = this.#spawn();
      if (!thread) return;
      const job = this.#queue.shift()!;
      thread.job = job;
      thread.worker.postMessage(job.message);
    }
  }

  #spawn(): Thread {
    const thread: Thread = { worker: startThread(this.#setup), job: undefined };
    this.#threads.add(thread);
    thread.worker.on("message", (m: WorkerReply) => this.#reply(thread, m));
    thread.worker.on("error", (e) => this.#lose(thread, e));
    thread.worker.on("exit", (code) => this.#lose(thread, new Error(`worker thread exited with code ${code}`)));
    return thread;
  }

  #reply(thread: Thread, m: WorkerReply): void {
    const job = thread.job;
    if (!job || job.id !== m.id) return;
    if (m.type === "progress") {
      job.options.onProgress?.(m.fraction, m.message);
      return;
    }
    thread.job = undefined;
    if (m.type === "done") job.resolve(m.result);
    else job.reject(Object.assign(new Error(m.message), { name: m.name }));
    this.#pump();
  }

  /** A thread that died or was stopped: fail its job, forget it, keep the queue moving. */
  #lose(thread: Thread, reason: unknown): void {
    if (!this.#threads.delete(thread)) return;
    const job = thread.job;
    thread.job = undefined;
    job?.reject(reason);
    if (!this.#closed) this.#pump();
  }

  #cancel(job: Job): void {
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      job.reject(aborted(job.options.signal));
      return;
    }
    const thread = [...this.#threads].find((t) => t.job === job);
    if (!thread) return;
    this.#lose(thread, aborted(job.options.signal));
    void thread.worker.terminate();
  }
}
