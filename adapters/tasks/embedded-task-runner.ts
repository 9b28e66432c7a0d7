/**
 * The embedded `TaskRunner`: tasks live in SQLite (input at submission, state
 * as it changes, result at the end), programs run in this process and hand CPU
 * work to the worker pool, and at most `concurrency` tasks run at once, oldest
 * first.
 *
 * Restarts lose nothing. Stopping the service leaves running tasks marked
 * `running`, exactly as a crash would; the next start re-queues each of them
 * once (attempt 2) and marks a task that was already on its second attempt
 * `failed`, saying why. Pending tasks simply wait for their turn.
 *
 * Progress goes to subscribers on every report and to storage at most every
 * quarter second (and always with the final state), so a chatty job cannot
 * flood the database.
 *
 * Bounded storage. At most `maxPending` tasks (default 64) are pending or
 * running at once, whoever submitted them; the next submission is refused with a
 * `BusyError` carrying a retry delay (HTTP: 503 with `Retry-After`), and nothing
 * of it is stored. Each stored task keeps its whole input (inline bars: up to a
 * 1 MiB body), so without the bound a client could fill the disk with queued
 * work (150 such submissions made a 437 MB database). 503 rather than 429: the
 * limit is the service's capacity, shared by every client and freed as tasks
 * finish, not one client's request rate; 503 is also what the service already
 * answers when a login flood or too many WebSockets take its capacity (the
 * `detail` says which). Tasks found pending or running at start-up are all kept
 * and run, even past the limit: nothing stored is dropped. Finished tasks are
 * pruned at start-up and as each finishes: the 1000 most recently used are
 * kept, within 256 MiB of stored input and result JSON counted from the most
 * recent (the latest finished task always stays; 1000 results of a few MB each
 * would otherwise take gigabytes).
 */
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";
import type { JobPool, TaskDetail, TaskListener, TaskProgram, TaskRunner, TaskStatus, TaskSubmission, TaskSummary } from "../../ports/task-runner.ts";
import type { TaskPatch, TaskRecord, TaskStore } from "../../ports/task-store.ts";
import { BusyError } from "../../core/app/app-errors.ts";

const PERSIST_EVERY_MS = 250;
/** Finished tasks kept; older ones are deleted as new ones finish. */
const KEEP_FINISHED = 1000;
/** Stored JSON (input and result) of the finished tasks kept, counted from the most recently used. */
export const KEEP_FINISHED_BYTES = 256 * 1024 * 1024;
/** Tasks pending or running at once, by default. */
export const MAX_PENDING_TASKS = 64;
/** What a refused submission is told to wait, in seconds: about a backtest's run. */
const RETRY_AFTER_S = 10;
const MAX_ATTEMPTS = 2;
const CLOSE_WAIT_MS = 3000;

export interface EmbeddedTaskRunnerOptions {
  readonly store: TaskStore;
  readonly pool: JobPool;
  readonly clock: Clock;
  readonly log: Logger;
  readonly programs: ReadonlyMap<string, TaskProgram>;
  /** Tasks running at once; default the pool size, at least 2. */
  readonly concurrency?: number;
  /** Tasks pending or running at once, beyond which a submission is refused; default {@link MAX_PENDING_TASKS}. */
  readonly maxPending?: number;
  /** Byte budget of the finished tasks kept; default {@link KEEP_FINISHED_BYTES}. */
  readonly keepFinishedBytes?: number;
}

interface Running {
  readonly controller: AbortController;
  done: Promise<void>;
  /** Set once the task is marked running. */
  record: TaskRecord | undefined;
  persistedAt: number;
  cancelled: boolean;
}

export class EmbeddedTaskRunner implements TaskRunner {
  readonly #o: EmbeddedTaskRunnerOptions;
  readonly #concurrency: number;
  readonly #maxPending: number;
  readonly #queue: string[] = [];
  readonly #running = new Map<string, Running>();
  /** Submissions admitted and being stored, not yet queued. */
  #admitting = 0;
  readonly #listeners = new Set<TaskListener>();
  #closed = false;

  private constructor(o: EmbeddedTaskRunnerOptions) {
    this.#o = o;
    this.#concurrency = o.concurrency ?? Math.max(2, o.pool.size);
    this.#maxPending = o.maxPending ?? MAX_PENDING_TASKS;
  }

  /** Opens the runner: recovers tasks interrupted by the last stop, then starts the queue. */
  static async start(o: EmbeddedTaskRunnerOptions): Promise<EmbeddedTaskRunner> {
    const r = new EmbeddedTaskRunner(o);
    await r.#recover();
    return r;
  }

  async #recover(): Promise<void> {
    const { store, clock } = this.#o;
    const now = clock.now();
    for (const t of await store.withStatus(["running"])) {
      const patch: TaskPatch =
        t.attempts >= MAX_ATTEMPTS
          ? {
              status: "failed",
              error: `interrupted by a service restart on attempt ${t.attempts}; not retried`,
              message: "interrupted",
              finished_at: now,
              used_at: now,
            }
          : { status: "pending", progress: 0, message: "re-queued after a service restart" };
      await store.update(t.id, patch);
      this.#o.log.info({ task: t.id, kind: t.kind, status: patch.status }, "task interrupted by a restart");
    }
    for (const t of await store.withStatus(["pending"])) this.#queue.push(t.id);
    await this.#prune();
    this.#pump();
  }

  async submit(task: TaskSubmission): Promise<TaskSummary> {
    if (!this.#o.programs.has(task.kind)) throw new Error(`no program for task kind ${task.kind}`);
    // counted and reserved before the first await, so submissions at once cannot pass the limit together
    const unfinished = this.#queue.length + this.#running.size + this.#admitting;
    if (unfinished >= this.#maxPending) {
      throw new BusyError(`Task queue full: ${unfinished} tasks are pending or running (at most ${this.#maxPending}); try again when some have finished`, RETRY_AFTER_S);
    }
    this.#admitting++;
    try {
      return await this.#enqueue(task);
    } finally {
      this.#admitting--;
    }
  }

  async #enqueue(task: TaskSubmission): Promise<TaskSummary> {
    const now = this.#o.clock.now();
    const record: TaskRecord = {
      id: randomUUID().replaceAll("-", ""),
      kind: task.kind,
      status: "pending",
      description: task.description,
      progress: 0,
      message: "queued",
      error: null,
      attempts: 0,
      created_at: now,
      started_at: null,
      finished_at: null,
      used_at: now,
    };
    await this.#o.store.insert(record, JSON.stringify(task.input));
    this.#emit(record);
    this.#queue.push(record.id);
    this.#pump();
    return this.#summary(record);
  }

  async get(id: string): Promise<TaskDetail | undefined> {
    const live = this.#running.get(id)?.record;
    const record = live ?? (await this.#o.store.get(id));
    if (!record) return undefined;
    const resultJson = record.status === "done" ? await this.#o.store.result(id) : null;
    return { ...this.#summary(record), resultJson };
  }

  async list(limit: number): Promise<TaskSummary[]> {
    const rows = await this.#o.store.recent(limit);
    return rows.map((r) => this.#summary(this.#running.get(r.id)?.record ?? r));
  }

  async cancel(id: string): Promise<TaskSummary | undefined> {
    const running = this.#running.get(id);
    if (running) {
      running.cancelled = true;
      running.controller.abort(new DOMException("The task was cancelled", "AbortError"));
      const record = running.record ?? (await this.#o.store.get(id))!;
      running.record = await this.#finish(record, { status: "cancelled", message: "cancelled" });
      return this.#summary(running.record);
    }
    const record = await this.#o.store.get(id);
    if (record?.status !== "pending") return record && this.#summary(record);
    const i = this.#queue.indexOf(id);
    if (i >= 0) this.#queue.splice(i, 1);
    return this.#summary(await this.#finish(record, { status: "cancelled", message: "cancelled" }));
  }

  subscribe(listener: TaskListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#queue.length = 0;
    const runs = [...this.#running.values()];
    for (const r of runs) r.controller.abort(new DOMException("The service is stopping", "AbortError"));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    await Promise.race([Promise.allSettled(runs.map((r) => r.done)), timeout]);
    clearTimeout(timer);
    this.#listeners.clear();
  }

  #pump(): void {
    while (!this.#closed && this.#running.size < this.#concurrency && this.#queue.length > 0) {
      const id = this.#queue.shift()!;
      const slot: Running = { controller: new AbortController(), done: Promise.resolve(), record: undefined, persistedAt: 0, cancelled: false };
      // every job a program has in flight listens to the task's signal: no listener-count warning
      setMaxListeners(0, slot.controller.signal);
      this.#running.set(id, slot);
      slot.done = this.#execute(id, slot);
    }
  }

  async #execute(id: string, slot: Running): Promise<void> {
    const { store, clock, programs, pool, log } = this.#o;
    try {
      const stored = await store.get(id);
      if (stored?.status !== "pending" || this.#closed || slot.cancelled) return;
      const now = clock.now();
      const record: TaskRecord = { ...stored, status: "running", attempts: stored.attempts + 1, started_at: now, progress: 0, message: "running" };
      slot.record = record;
      await store.update(id, record);
      this.#emit(record);
      const input = JSON.parse((await store.input(id))!);
      const program = programs.get(stored.kind);
      if (!program) throw new Error(`no program for task kind ${stored.kind}`);
      const result = await program.run(input, {
        taskId: id,
        signal: slot.controller.signal,
        pool,
        progress: (fraction, message) => this.#progress(slot, fraction, message),
      });
      if (this.#closed || slot.cancelled) return;
      await this.#finish(slot.record, { status: "done", progress: 1, message: "done", result: JSON.stringify(result) });
    } catch (e) {
      if (this.#closed || slot.cancelled) return;
      const err = e instanceof Error ? e : new Error(String(e));
      log.warn({ task: id, err: err.message }, "task failed");
      if (slot.record) {
        await this.#finish(slot.record, { status: "failed", message: "failed", error: `${err.name}: ${err.message}` }).catch(() => {});
      }
    } finally {
      this.#running.delete(id);
      this.#pump();
    }
  }

  #progress(slot: Running, fraction: number, message: string): void {
    if (this.#closed || slot.cancelled || !slot.record) return;
    const progress = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
    slot.record = { ...slot.record, progress, message };
    this.#emit(slot.record);
    const t = performance.now();
    if (t - slot.persistedAt < PERSIST_EVERY_MS) return;
    slot.persistedAt = t;
    this.#o.store.update(slot.record.id, { progress, message }).catch((e: Error) => this.#o.log.warn({ err: e.message }, "task progress not saved"));
  }

  async #finish(record: TaskRecord, patch: { status: TaskStatus; message: string; progress?: number; error?: string; result?: string }): Promise<TaskRecord> {
    const now = this.#o.clock.now();
    const { result, ...fields } = patch;
    const next: TaskRecord = { ...record, ...fields, finished_at: now, used_at: now };
    await this.#o.store.update(record.id, { ...fields, finished_at: now, used_at: now, ...(result === undefined ? {} : { result }) });
    this.#emit(next);
    await this.#prune();
    return next;
  }

  /** Drops the finished tasks beyond the count and byte budget; a failure only delays it to the next finish. */
  async #prune(): Promise<void> {
    await this.#o.store.prune(KEEP_FINISHED, this.#o.keepFinishedBytes ?? KEEP_FINISHED_BYTES).catch((e: Error) => this.#o.log.warn({ err: e.message }, "finished tasks not pruned"));
  }

  #emit(record: TaskRecord): void {
    if (this.#listeners.size === 0) return;
    const event = { type: "task" as const, task: this.#summary(record) };
    for (const l of this.#listeners) {
      try {
        l(event);
      } catch (e) {
        this.#o.log.warn({ err: (e as Error).message }, "task listener failed");
      }
    }
  }

  #summary(r: TaskRecord): TaskSummary {
    const end = r.finished_at ?? this.#o.clock.now();
    return {
      task_id: r.id,
      kind: r.kind,
      status: r.status,
      description: r.description,
      progress: r.progress,
      message: r.message,
      created_at: r.created_at / 1000,
      started_at: r.started_at === null ? null : r.started_at / 1000,
      finished_at: r.finished_at === null ? null : r.finished_at / 1000,
      elapsed: Math.max(0, end - (r.started_at ?? r.created_at)) / 1000,
      error: r.error,
      attempts: r.attempts,
    };
  }
}
