/**
 * `multi_level` of `/chanlun/analyze` (easy_tdx's `chanlun --multi-level 30MIN`):
 * the lower level's bars of the same security — `count` × 8 of them, at most
 * 8,000, as easy_tdx fetches (paged like a backtest's bars, adjusted alike) —
 * are analysed with the same options, and the higher level's last stroke is
 * described through the lower strokes and pivots inside its span
 * (core/chan/multi-level.ts). easy_tdx's fields (`high_level`, `low_level`,
 * `last_bi_index`, `low_level_qs`) plus the stroke itself (`high_bi`), the
 * lower strokes and pivots inside it (`low_bis`, `low_zss`, easy_tdx's row
 * shape) and the lower level's bar count. Null when the higher level has no stroke.
 */
import { type AdjustMode, barTimes, type BarTimeMode, BAR_CATEGORY_NAMES, type BarCategory, type BarSeries } from "../../bars/index.ts";
import { analyzeChan, lowLevelStructure, type ChanConfig, chanToJson } from "../../chan/index.ts";
import type { BarLoader } from "../backtest/bar-loader.ts";
import { easyTdxFields } from "./chanlun-compat.ts";

/** Lower-level bars: easy_tdx's `min(count * 8, 8000)`. */
export const lowLevelCount = (count: number): number => Math.min(count * 8, 8000);

/** Whether `low` is a shorter period than `high` (the category list runs from 1 minute to a year). */
export const isLowerLevel = (low: BarCategory, high: BarCategory): boolean => BAR_CATEGORY_NAMES.indexOf(low) < BAR_CATEGORY_NAMES.indexOf(high);

type Compat = ReturnType<typeof easyTdxFields>;

/** The answer's `multi_level` where the higher level has a stroke (the web app reads this shape). */
export type MultiLevelAnswer = NonNullable<Awaited<ReturnType<typeof multiLevel>>>;

export async function multiLevel(
  loader: BarLoader,
  q: { symbol: string; high: BarCategory; low: BarCategory; count: number; adjust: AdjustMode; barTime: BarTimeMode; config: ChanConfig },
  higher: Compat,
) {
  const last = higher.bis.at(-1);
  if (!last) return null;
  const fetched = await loader.fetch(q.symbol, { category: q.low, adjust: q.adjust, count: lowLevelCount(q.count) });
  // stamped as the higher level's bars are (`bar_time`), so the spans compare like with like
  const bars: BarSeries = { ...fetched, time: barTimes(fetched.time, q.low, q.barTime) };
  const json = chanToJson(analyzeChan(bars, q.config));
  const lower = easyTdxFields(json, q.symbol.replace(":", ""), q.low);
  const strokes = lower.bis.map((b, i) => ({ ...b, start_close: bars.close[json.strokes[i]!.begin_index]!, end_close: bars.close[json.strokes[i]!.end_index]! }));
  const inside = lowLevelStructure(last, strokes, lower.zss);
  return {
    high_level: q.high,
    low_level: q.low,
    last_bi_index: last.index,
    low_level_qs: inside.qs,
    high_bi: last,
    low_kline_count: bars.length,
    low_bis: inside.strokes.map(({ start_close: _a, end_close: _b, ...row }) => row),
    low_zss: inside.pivots,
  };
}
