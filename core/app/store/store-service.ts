/**
 * The market store behind `/api/v1/store` (issue 21): its state, and syncs run as
 * background tasks (kind `store.sync`) so progress reaches the WebSocket like
 * every task's. One sync at a time: a second request while a sync task is
 * queued or running, or while another process (`tdx-forge sync`) holds the
 * store's lock, is refused with 409. Requests are checked one after another, so
 * two at once cannot both pass.
 */
import type { TaskProgram, TaskRunner, TaskSummary } from "../../../ports/task-runner.ts";
import type { MarketStoreStatus, StoreState, SyncOptions, SyncReport } from "../../../ports/market-store.ts";
import { ConflictError } from "../app-errors.ts";

export const STORE_SYNC_TASK = "store.sync";

/** Runs one sync with the service's sources (apps/server/store-wiring.ts). */
export type RunSync = (opts: SyncOptions, progress: (fraction: number, message: string) => void, signal: AbortSignal) => Promise<SyncReport>;

/** Recent tasks looked through for a sync still queued or running. */
const RECENT_TASKS = 1000;

export class StoreService {
  #checking: Promise<unknown> = Promise.resolve();

  constructor(
    readonly store: MarketStoreStatus,
    private readonly runSync: RunSync,
    /** What a sync covers when the request does not say (SYNC_MINUTES, SYNC_MINUTE_KINDS). */
    readonly defaults: SyncOptions,
  ) {}

  state(): Promise<StoreState> {
    return this.store.state();
  }

  /** Queues a sync; 409 while one is queued or running. */
  submit(tasks: TaskRunner, opts: SyncOptions = {}): Promise<TaskSummary> {
    const next = this.#checking.then(async () => {
      const active = (await tasks.list(RECENT_TASKS)).some((t) => t.kind === STORE_SYNC_TASK && (t.status === "pending" || t.status === "running"));
      if (active || this.store.syncing()) throw new ConflictError("a sync of the market store is already queued or running");
      return tasks.submit({ kind: STORE_SYNC_TASK, description: "Market store sync", input: { ...this.defaults, ...opts } });
    });
    this.#checking = next.catch(() => undefined);
    return next;
  }

  /** The task program; it also runs a sync the service restarted in the middle of. */
  program(): TaskProgram<SyncOptions> {
    return { run: (input, ctx) => this.runSync(input, (f, m) => ctx.progress(f, m), ctx.signal) };
  }
}
