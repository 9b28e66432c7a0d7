/**
 * More bars than one quote-server request carries (800; 400 for MIN_120):
 * pages fetched through `BarService`, newest first, joined oldest first. A
 * page shorter than asked means the history has ended, as does a page that would
 * start past the request's u16 `start` field.
 */
import { concatSeries, type BarSeries, MIN120_MAX_BARS, maxStart } from "../../bars/index.ts";
import type { BarAnswer, BarQuery } from "../bars/bar-service.ts";

const PAGE = 800;

export interface PagedBars {
  readonly series: BarSeries;
  /** Time labels as `/bars` writes them. */
  readonly labels: readonly string[];
  readonly timeKey: "date" | "datetime";
  /** The adjustment the newest page reports (every page asks for the same). */
  readonly adjust?: BarAnswer["adjust"];
}

/** At most `count` bars ending `start` bars before the newest; MIN_120 is limited to one 400-bar page. */
export async function fetchBarPages(get: (q: BarQuery) => Promise<BarAnswer>, q: BarQuery): Promise<PagedBars> {
  const min120 = q.category === "MIN_120";
  const size = min120 ? MIN120_MAX_BARS : PAGE;
  const want = min120 ? Math.min(q.count, MIN120_MAX_BARS) : q.count;
  const pages: BarAnswer[] = [];
  for (let got = 0; got < want && q.start + got <= maxStart(q.category); ) {
    const count = Math.min(size, want - got);
    const page = await get({ ...q, start: q.start + got, count });
    pages.push(page);
    got += page.series.length;
    if (page.series.length < count) break;
  }
  const newest = pages[0]!;
  const oldestFirst = pages.reverse();
  return {
    series: concatSeries(oldestFirst.map((p) => p.series)),
    labels: oldestFirst.flatMap((p) => p.table.labels),
    timeKey: newest.table.timeKey,
    ...(newest.adjust ? { adjust: newest.adjust } : {}),
  };
}
