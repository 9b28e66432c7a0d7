/**
 * The market store behind `/api/v1/store` (issue 21): its state, and syncs run as
 * background tasks (kind `store.sync`) so progress reaches the WebSocket like
 * every task's. One sync at a time: a second request while one is queued or
 * running here, or while another process (`tdx-forge sync`) holds the store's
 * lock, is refused with 409.
 */
import type { TaskProgram, TaskRunner, TaskSummary } from "../../../ports/task-runner.ts";
import type { MarketStore, StoreState } from "../../store/market-store.ts";
import { lockHolder } from "../../store/store-lock.ts";
import type { SyncOptions, SyncReport } from "../../store/store-sync.ts";
import { HttpError } from "../http-error.ts";

export const STORE_SYNC_TASK = "store.sync";

/** Runs one sync with the service's sources (apps/server/store-wiring.ts). */
export type RunSync = (opts: SyncOptions, progress: (fraction: number, message: string) => void, signal: AbortSignal) => Promise<SyncReport>;

export class StoreService {
  #claimed = false;

  constructor(
    readonly store: MarketStore,
    private readonly runSync: RunSync,
    /** What a sync covers when the request does not say (SYNC_MINUTES, SYNC_MINUTE_KINDS). */
    readonly defaults: SyncOptions,
  ) {}

  state(): Promise<StoreState> {
    return this.store.state();
  }

  /** Whether a sync is queued or running (here or in another process). */
  get busy(): boolean {
    return this.#claimed || lockHolder(this.store.lockPath) !== undefined;
  }

  /** Queues a sync; 409 while one is queued or running. */
  async submit(tasks: TaskRunner, opts: SyncOptions = {}): Promise<TaskSummary> {
    if (this.busy) throw new HttpError(409, "a sync of the market store is already queued or running");
    this.#claimed = true;
    try {
      return await tasks.submit({ kind: STORE_SYNC_TASK, description: "Market store sync", input: { ...this.defaults, ...opts } });
    } catch (e) {
      this.#claimed = false;
      throw e;
    }
  }

  /** The task program; it also runs a sync the service restarted in the middle of. */
  program(): TaskProgram<SyncOptions> {
    return {
      run: async (input, ctx) => {
        this.#claimed = true;
        try {
          return await this.runSync(input, (f, m) => ctx.progress(f, m), ctx.signal);
        } finally {
          this.#claimed = false;
        }
      },
    };
  }
}
