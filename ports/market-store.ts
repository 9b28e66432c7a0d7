/**
 * The local market store as the application sees it (README "Market store"):
 * what it holds, whether a sync is running on it in any process, and what a
 * sync is asked to cover and reports. The store itself (a vipdoc tree plus a
 * SQLite file) is adapters/store.
 */

/** The bar files the store keeps per security. */
export type StoredFileKind = "day" | "lc5" | "lc1";

export interface StoreState {
  readonly dir: string;
  readonly securities: number;
  /** Files by kind: how many securities have one, the records they hold, the newest bar. */
  readonly files: Readonly<Record<StoredFileKind, { readonly securities: number; readonly records: number; readonly last_time: number | null }>>;
  readonly bytes: number;
  /** The process running a sync on this store, if any. */
  readonly syncing: boolean;
  readonly last_run: { readonly id: number; readonly started_at: number; readonly finished_at: number | null; readonly status: string; readonly summary: unknown } | null;
}

export interface SyncOptions {
  /** Securities (`"SH:600000"`) that also get minute bars, and which kinds. */
  readonly minutes?: readonly string[];
  readonly minuteKinds?: readonly ("lc5" | "lc1")[];
}

export interface SyncFailure {
  readonly symbol: string;
  readonly error: string;
}

export interface SyncReport {
  readonly run_id: number;
  readonly securities: number;
  /** Securities complete already (no request made). */
  readonly skipped: number;
  readonly updated: number;
  /** Files fetched whole again (a changed overlap or retroactive ex-rights). */
  readonly rewritten: number;
  /** Torn last records found and cut off. */
  readonly repaired: number;
  readonly bars_added: number;
  readonly requests: number;
  readonly failed: readonly SyncFailure[];
}

export interface MarketStoreStatus {
  /** What the store holds, for `GET /api/v1/store`. */
  state(): Promise<StoreState>;
  /** True while a process (this one or `tdx-forge sync`) holds the store's sync lock. */
  syncing(): boolean;
}
