/**
 * Background tasks (backtests, screens, optimisations): submitted with a JSON
 * input, run out of the request, polled by id, cancelled, and never lost across
 * a restart. The embedded adapter keeps them in SQLite and computes on local
 * worker threads; a queue-backed adapter can run the same programs elsewhere.
 *
 * A task kind is a `TaskProgram`: an async function of its (persisted) input
 * that reports progress and hands CPU work to a `JobPool` as named jobs. The
 * program runs where the runner lives and may fan work out to many jobs.
 */

/** `pending` → `running` → `done` | `failed` | `cancelled`. */
export type TaskStatus = "pending" | "running" | "done" | "failed" | "cancelled";

/** A task without its result (easy_tdx's TaskSummary plus kind, progress and times). Times are epoch seconds, as easy_tdx sends them. */
export interface TaskSummary {
  readonly task_id: string;
  readonly kind: string;
  readonly status: TaskStatus;
  readonly description: string;
  /** 0..1 */
  readonly progress: number;
  readonly message: string;
  readonly created_at: number;
  readonly started_at: number | null;
  readonly finished_at: number | null;
  /** Seconds from start (or creation, while pending) to finish (or now). */
  readonly elapsed: number;
  readonly error: string | null;
  /** How many times the task was started (a restart during a run starts it again, once). */
  readonly attempts: number;
}

/** A task with its result, as JSON text (present only at `done`), so large results pass through unparsed. */
export interface TaskDetail extends TaskSummary {
  readonly resultJson: string | null;
}

/** A state change or progress report, for live subscribers (the WebSocket hub). */
export interface TaskEvent {
  readonly type: "task";
  readonly task: TaskSummary;
}

export type TaskListener = (event: TaskEvent) => void;

/** Runs named jobs (pure functions of a structured-cloneable payload) somewhere with CPU to spare. */
export interface JobPool {
  /** Number of jobs that can run at once. */
  readonly size: number;
  run<R = unknown>(job: string, payload: unknown, options?: JobOptions): Promise<R>;
  /** Starts now what the first job would start (threads loading their modules); optional. */
  warm?(): void;
  close(): Promise<void>;
}

export interface JobOptions {
  /** Aborting rejects the job, and stops it if it is running. */
  readonly signal?: AbortSignal;
  /** Progress the job reports, 0..1 of the job. */
  readonly onProgress?: (fraction: number, message: string) => void;
}

/** What a running program can do besides compute. */
export interface TaskContext {
  readonly taskId: string;
  /** Aborted when the task is cancelled or the runner stops; any number of jobs may listen to it. */
  readonly signal: AbortSignal;
  readonly pool: JobPool;
  /** Reports progress (clamped to 0..1) and a short message. */
  progress(fraction: number, message: string): void;
}

/** One kind of task: its input is persisted at submission and given back after a restart. */
export interface TaskProgram<I = any> {
  run(input: I, ctx: TaskContext): Promise<unknown>;
}

export interface TaskSubmission {
  readonly kind: string;
  readonly description: string;
  /** JSON-serialisable; everything the program needs (data fetched at submission included). */
  readonly input: unknown;
}

export interface TaskRunner {
  /**
   * Stores the task and queues it. Refused with the application's `BusyError`
   * (core/app/app-errors.ts, carrying `retryAfter`) while as many tasks as the
   * runner's limit are pending or running; the task is then not stored.
   */
  submit(task: TaskSubmission): Promise<TaskSummary>;
  get(id: string): Promise<TaskDetail | undefined>;
  /** The latest `limit` tasks, most recently used (submitted or finished) first. */
  list(limit: number): Promise<TaskSummary[]>;
  /** Cancels a pending or running task; undefined when the id is unknown. A finished task is returned unchanged. */
  cancel(id: string): Promise<TaskSummary | undefined>;
  /** Subscribes to every task's changes; returns the unsubscribe function. */
  subscribe(listener: TaskListener): () => void;
  /** Stops running; tasks in flight stay `running` in storage and are re-queued at the next start. */
  close(): Promise<void>;
}

/** A job as a worker runs it: a function of the payload that may report progress (0..1). */
export type JobHandler = (payload: any, progress: (fraction: number, message: string) => void) => unknown;

/** What a job module exports for the worker pool to load: its jobs by name, given the workers' context. */
export interface JobModule<C = any> {
  createJobs(context: C): Readonly<Record<string, JobHandler>>;
}

/**
 * Where a worker's context comes from: a module exporting `createJobContext(input)`
 * (for the service: the plugin registry, built from `PLUGINS_DIR`), so every
 * thread and every queue worker builds the same context the composition root has.
 */
export interface JobContextSource {
  readonly module: URL;
  /** Structured-cloneable. */
  readonly input: unknown;
}

export interface JobContextModule<I = any, C = any> {
  createJobContext(input: I): C | Promise<C>;
}
