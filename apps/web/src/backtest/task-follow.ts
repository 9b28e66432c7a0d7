/**
 * Following a background task from submission to its result. The page
 * subscribes to task messages before it submits (so the first progress report
 * cannot slip past), polls GET /backtest/tasks/{id} until a WebSocket message
 * about the task arrives, then lives on the socket alone — and goes back to
 * polling whenever the socket is down. A finished task's result is read once.
 */
import { getCurrentInstance, onBeforeUnmount, reactive } from "vue";
import { cancelTask, taskState } from "../api/backtest-endpoints.ts";
import { TERMINAL, type TaskAccepted, type TaskEvent, type TaskState, type TaskStatus, type TaskSummary } from "../api/backtest-types.ts";
import { tasksLive, tasksReady, watchTasks } from "../api/live.ts";

export const POLL_MS = 1000;
const ACK_WAIT_MS = 1500;

/** Where task news comes from: the page's WebSocket and the task endpoints (tests pass their own). */
export interface TaskChannel {
  watch(fn: (e: TaskEvent) => void): () => void;
  /** Resolves when a task submitted now cannot emit a message before `watch` sees it (or after a timeout). */
  ready(timeoutMs: number): Promise<void>;
  /** The socket is open and carries task messages. */
  live(): boolean;
  state(id: string): Promise<TaskState>;
  cancel(id: string): Promise<TaskSummary>;
}

const SERVICE: TaskChannel = {
  watch: watchTasks,
  ready: tasksReady,
  live: () => tasksLive.value,
  state: (id) => taskState(id),
  cancel: cancelTask,
};

export interface TaskStep {
  readonly status: TaskStatus;
  readonly progress: number;
  readonly message: string;
  readonly via: "ws" | "http";
}

export interface TaskRun {
  id: string | null;
  status: TaskStatus | null;
  progress: number;
  message: string;
  /** Where updates come from now: the WebSocket once it has spoken about this task, polling before. */
  channel: "ws" | "http";
  /** Every distinct step seen, oldest first. */
  steps: TaskStep[];
  /** The final state with its result (at done), or the failure. */
  final: TaskState | null;
  error: unknown;
  busy: boolean;
}

const RANK: Record<TaskStatus, number> = { pending: 0, running: 1, done: 2, failed: 2, cancelled: 2 };

/** Whether `next` moves the task forward from `cur` (messages from two channels may cross). */
export function isNewer(cur: { status: TaskStatus | null; progress: number }, next: { status: TaskStatus; progress: number }): boolean {
  if (cur.status === null) return true;
  if (TERMINAL.has(cur.status)) return false;
  const a = RANK[cur.status];
  const b = RANK[next.status];
  return b > a || (b === a && next.progress >= cur.progress);
}

export interface TaskFollower {
  readonly run: TaskRun;
  /** Submits through `submit` and follows the task it creates. */
  start(submit: () => Promise<TaskAccepted>): Promise<void>;
  /** Follows a task submitted earlier (opened from the task list). */
  open(id: string): Promise<void>;
  cancel(): Promise<void>;
  stop(): void;
}

export function useTaskFollower(channel: TaskChannel = SERVICE): TaskFollower {
  const run = reactive<TaskRun>({ id: null, status: null, progress: 0, message: "", channel: "http", steps: [], final: null, error: null, busy: false });
  let unwatch: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let heard = false;

  function stop(): void {
    generation++;
    clearTimeout(timer);
    unwatch?.();
    unwatch = null;
  }

  function reset(): void {
    stop();
    heard = false;
    Object.assign(run, { id: null, status: null, progress: 0, message: "", channel: "http", steps: [], final: null, error: null, busy: true });
  }

  function apply(e: { status: TaskStatus; progress: number; message: string | null }, via: "ws" | "http"): void {
    if (via === "ws") {
      heard = true;
      run.channel = "ws";
    }
    if (!isNewer(run, e)) return;
    const message = e.message ?? "";
    const last = run.steps[run.steps.length - 1];
    if (!last || last.status !== e.status || last.message !== message || last.progress !== e.progress) run.steps.push({ status: e.status, progress: e.progress, message, via });
    run.status = e.status;
    run.progress = e.progress;
    run.message = message;
  }

  async function refresh(gen: number): Promise<void> {
    const state = await channel.state(run.id!);
    if (gen !== generation) return;
    apply(state, "http");
    if (TERMINAL.has(state.status)) finish(state);
  }

  function finish(state: TaskState): void {
    run.final = state;
    run.busy = false;
    stop();
  }

  async function onTerminal(gen: number): Promise<void> {
    try {
      await refresh(gen);
    } catch (e) {
      if (gen === generation) fail(e);
    }
  }

  function fail(e: unknown): void {
    run.error = e;
    run.busy = false;
    stop();
  }

  function schedule(gen: number): void {
    timer = setTimeout(async () => {
      if (gen !== generation) return;
      if (!heard || !channel.live()) {
        try {
          await refresh(gen);
        } catch (e) {
          if (gen === generation) return fail(e);
        }
      }
      if (gen === generation) schedule(gen);
    }, POLL_MS);
  }

  async function follow(obtainId: () => Promise<string>): Promise<void> {
    reset();
    const gen = generation;
    const early: TaskEvent[] = [];
    unwatch = channel.watch((e) => {
      if (gen !== generation) return;
      if (run.id === null) early.push(e);
      else if (e.task_id === run.id) {
        apply(e, "ws");
        if (TERMINAL.has(e.status)) void onTerminal(gen);
      }
    });
    try {
      await channel.ready(ACK_WAIT_MS);
      const id = await obtainId();
      if (gen !== generation) return;
      run.id = id;
      for (const e of early) if (e.task_id === id) apply(e, "ws");
      await refresh(gen);
      if (gen === generation) schedule(gen);
    } catch (e) {
      if (gen === generation) fail(e);
    }
  }

  const follower: TaskFollower = {
    run,
    start: (submit) =>
      follow(async () => {
        const accepted = await submit();
        return accepted.task_id;
      }),
    open: (id) => follow(async () => id),
    async cancel() {
      if (!run.id || (run.status && TERMINAL.has(run.status))) return;
      const gen = generation;
      const s = await channel.cancel(run.id);
      if (gen !== generation) return;
      apply(s, "http");
      if (TERMINAL.has(s.status)) await onTerminal(gen);
    },
    stop,
  };
  if (getCurrentInstance()) onBeforeUnmount(stop);
  return follower;
}
