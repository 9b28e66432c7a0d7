/**
 * The market store's daily bars as one panel that worker jobs load themselves
 * (issue 21, market-wide jobs): a program asks which of its symbols the store
 * holds complete now and gets a reference to hand to its jobs; each worker
 * thread (embedded, or a BullMQ worker on a machine that sees the same store
 * path) loads the panel once per reference and keeps it until the store changes.
 * Symbols the store does not cover are read as before, through the bar loader.
 */
import type { BarPanel } from "../core/bars/index.ts";

/** Where and which panel a job reads: structured-cloneable, and JSON for a queue. */
export interface PanelRef {
  /** The store directory (`MARKET_DIR`). */
  readonly dir: string;
  /** Changes whenever a sync writes (the panel is then loaded again). */
  readonly version: string;
  /** YYYYMMDD of "today" for adjustment (events after it are not effective). */
  readonly asOf: number;
  /** Newest bars kept per security. */
  readonly window: number;
}

export interface PanelCover {
  readonly ref: PanelRef;
  /** The symbols (`"SZ:000001"`) whose daily bars the panel answers. */
  readonly covered: ReadonlySet<string>;
}

export interface MarketPanels {
  /**
   * Of `symbols`, those whose daily bars (and ex-rights) the store holds complete
   * now and that a panel of the latest `bars` bars answers; undefined when no
   * panel can (more bars than a panel keeps, or nothing covered).
   */
  cover(symbols: readonly string[], bars: number): Promise<PanelCover | undefined>;
}

/** Loads (or reuses) the panel a reference names: what a worker thread's job context carries. */
export type LoadPanel = (ref: PanelRef) => Promise<BarPanel>;
