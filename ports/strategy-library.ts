/** The saved-strategy library (spec 4.13): what a user keeps to rerun later, with the numbers that made it worth keeping. */

export type SavedStrategyKind = "single" | "portfolio" | "multi";

/** easy_tdx's SavedStrategyCreate. */
export interface SavedStrategyInput {
  readonly name: string;
  readonly kind: SavedStrategyKind;
  readonly strategy: string;
  readonly strategy_label: string;
  readonly params: Record<string, unknown>;
  /** Symbol context: single {symbol, category, start_date, end_date}; portfolio {stocks, ...}; multi {items, ...}. */
  readonly context: Record<string, unknown>;
  readonly trade_config: Record<string, unknown>;
  /** Performance snapshot at save time. */
  readonly snapshot: Record<string, unknown>;
  readonly tags: string[];
  readonly notes: string;
}

/** A stored entry; times in epoch milliseconds. */
export interface SavedStrategyRecord extends SavedStrategyInput {
  readonly id: string;
  readonly created_at: number;
  readonly updated_at: number;
  readonly app_version: string;
}

export interface StrategyLibrary {
  add(record: SavedStrategyRecord): Promise<void>;
  /** Newest first. */
  list(): Promise<SavedStrategyRecord[]>;
  get(id: string): Promise<SavedStrategyRecord | undefined>;
  /** False when there was no such entry. */
  delete(id: string): Promise<boolean>;
  /** Entries stored. */
  count(): Promise<number>;
}
