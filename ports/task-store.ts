import type { TaskStatus } from "./task-runner.ts";

/** A task as stored; times in epoch milliseconds. */
export interface TaskRecord {
  readonly id: string;
  readonly kind: string;
  readonly status: TaskStatus;
  readonly description: string;
  readonly progress: number;
  readonly message: string;
  readonly error: string | null;
  readonly attempts: number;
  readonly created_at: number;
  readonly started_at: number | null;
  readonly finished_at: number | null;
  /** Submission or finish time: the "most recently used" order of the task list. */
  readonly used_at: number;
}

export type TaskPatch = Partial<Omit<TaskRecord, "id" | "kind" | "created_at">> & { readonly result?: string | null };

/** Durable task storage for the embedded runner. */
export interface TaskStore {
  insert(task: TaskRecord, input: string): Promise<void>;
  update(id: string, patch: TaskPatch): Promise<void>;
  get(id: string): Promise<TaskRecord | undefined>;
  /** The stored result JSON of a task (null when it has none). */
  result(id: string): Promise<string | null>;
  input(id: string): Promise<string | undefined>;
  /** Most recently used first. */
  recent(limit: number): Promise<TaskRecord[]>;
  /** Tasks in the given states, oldest first. */
  withStatus(statuses: readonly TaskStatus[]): Promise<TaskRecord[]>;
  /**
   * Deletes finished tasks beyond the `keep` most recently used, and those past
   * `maxBytes` of stored JSON (input and result, UTF-8 bytes) counted from the
   * most recently used; the most recently used finished task always stays.
   * Pending and running tasks are never touched.
   */
  prune(keep: number, maxBytes: number): Promise<void>;
}
