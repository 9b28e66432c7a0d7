/**
 * The adjustment basis of a security (core/bars/adjust.ts `adjustBasis`): its
 * whole daily history read once from the quote source, page by page, reduced to
 * its first trading day, the forward method and the ratio gaps. Kept per
 * security, "today" and ex-rights list, so the choice that makes a bar's
 * adjusted price independent of the window asked costs one history read per
 * security per day, and the cache holds a few numbers per security, not bars.
 */
import { adjustBasis, type AdjustBasis, BAR_CATEGORIES, type PriceEvent, allocSeries, concatSeries, type BarSeries } from "../../bars/index.ts";
import type { SecurityRef } from "../../quotes/index.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";

const PAGE = 800;
/** 25 pages are 20,000 trading days, about 80 years: more than any A-share history. */
const MAX_PAGES = 25;
/** Securities kept; the oldest entry goes first. */
const MAX_ENTRIES = 2000;

export class AdjustHistory {
  readonly #cache = new Map<string, Promise<AdjustBasis>>();

  /** `src`: where the history is read (the quote server, or the market store when it holds the security). */
  basis(src: QuoteSource, ref: SecurityRef, events: readonly PriceEvent[], asOfDay: number, decimals: number): Promise<AdjustBasis> {
    const last = events.at(-1);
    const key = `${ref.market}:${ref.code}:${asOfDay}:${decimals}:${events.length}:${last?.date}:${last?.c}:${last?.m}`;
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const basis = this.#history(src, ref).then((h) => adjustBasis(h, events, asOfDay, decimals));
    if (this.#cache.size >= MAX_ENTRIES) this.#cache.delete(this.#cache.keys().next().value!);
    this.#cache.set(key, basis);
    basis.catch(() => this.#cache.delete(key));
    return basis;
  }

  /** Every daily bar the source has, oldest first. */
  async #history(src: QuoteSource, ref: SecurityRef): Promise<BarSeries> {
    const day = BAR_CATEGORIES.DAY.request;
    const pages: BarSeries[] = [];
    for (let k = 0; k < MAX_PAGES; k++) {
      const page = await src.bars(ref, day, k * PAGE, PAGE);
      if (page.length > 0) pages.push(page);
      if (page.length < PAGE) break;
    }
    return pages.length > 0 ? concatSeries(pages.reverse()) : allocSeries(0);
  }
}
