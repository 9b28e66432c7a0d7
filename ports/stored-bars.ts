/**
 * A local copy of the market (the market store, adapters/store) that readers try
 * before the quote server: it answers only what it holds complete at this moment
 * (issue 21, "store-first reads"), and the caller falls back to upstream otherwise.
 */
import type { SecurityRef } from "../core/quotes/index.ts";
import type { QuoteSource } from "./quote-source.ts";

export interface StoredBars {
  /** Whether bars of TDX category `category` (with, for daily bars, the ex-rights records) are held complete now. */
  covers(ref: SecurityRef, category: number): Promise<boolean>;
  /** The stored data as a quote source; valid for what {@link covers} approved. */
  source(): Promise<QuoteSource>;
}
