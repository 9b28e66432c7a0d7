/**
 * Bars further back than one request reaches (800), paged from the newest
 * backwards as the service's own backtest loader does (at most 10 pages), and
 * cut to a span: the bars a result covers (to draw its K-line) or a date range
 * (to run a backtest on it). Minute bars are stamped at their end, as results are.
 */
import { bars } from "../api/endpoints.ts";
import type { Adjust, BarRow, Category, Market } from "../api/types.ts";
import { barTime } from "../charts/bar-columns.ts";
import { isIndex } from "../market/symbols.ts";
import { barKey, dayOf } from "./time-keys.ts";

export const PAGE = 800;
export const MAX_PAGES = 10;

export interface BarSource {
  readonly market: Market;
  readonly code: string;
  readonly category: Category;
  readonly adjust: Adjust;
  readonly index: boolean;
}

/** The bars of a `SZ:000001` symbol at a period and adjustment. */
export function barSource(f: { readonly symbol: string; readonly category: Category; readonly adjust: Adjust }): BarSource {
  const [market, code] = f.symbol.split(":") as [Market, string];
  return { market, code, category: f.category, adjust: f.adjust, index: isIndex({ market, code }) };
}

/** Pages back until `enough(oldest key)` holds or history ends; rows oldest first. */
async function pageBack(src: BarSource, enough: (oldest: string) => boolean, signal?: AbortSignal): Promise<BarRow[]> {
  const pages: (readonly BarRow[])[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const frame = await bars({ ...src, start: page * PAGE, count: PAGE, barTime: "end" }, { signal });
    if (frame.data.length) pages.unshift(frame.data);
    if (frame.data.length < PAGE || enough(barKey(barTime(frame.data[0]!)))) break;
  }
  return pages.flat();
}

/** The bars from `first` to `last` (time labels as `barKey` gives them). */
export async function barsCovering(src: BarSource, first: string, last: string, signal?: AbortSignal): Promise<BarRow[]> {
  const rows = await pageBack(src, (oldest) => oldest <= first, signal);
  return rows.filter((r) => {
    const k = barKey(barTime(r));
    return k >= first && k <= last;
  });
}

/** The bars whose day is within [start, end] (end open when empty). */
export async function barsBetween(src: BarSource, start: string, end: string, signal?: AbortSignal): Promise<BarRow[]> {
  const rows = await pageBack(src, (oldest) => dayOf(oldest) < start, signal);
  return rows.filter((r) => {
    const d = dayOf(barTime(r));
    return d >= start && (end === "" || d <= end);
  });
}
