/**
 * Volume units the API promises (market-api.md section 2):
 *
 * - `/bars` (stocks, funds, bonds): shares for every category. Minute and daily
 *   replies already carry shares; weekly and longer carry shares / 100 and are
 *   multiplied back.
 * - `/bars/index`: lots for daily and longer (weekly and longer multiplied by 100,
 *   the same rule one unit up). Minute index bars get no volume (NaN, `null` on
 *   the wire): in those replies the field is turnover / 100, not a volume.
 *
 * The scale is taken from the TDX category actually requested, so a client that
 * asks for category 9 instead of 4 still ends up in shares. Unverified: no index
 * bar reply has been recorded, so "index daily bars of category 4 are in lots"
 * rests on easy_tdx's documentation and the offline .day files; and funds/bonds
 * are assumed to follow the stock rule.
 */
import { TDX_CATEGORIES } from "./categories.ts";
import type { BarSeries } from "./series.ts";

/** Which reply layout and unit rule applies: `/bars` or `/bars/index`. */
export type BarInstrument = "stock" | "index";

/** `series` with `vol` converted to the spec's unit; other columns are shared, not copied. */
export function withSpecVolume(series: BarSeries, tdxCategory: number, instrument: BarInstrument): BarSeries {
  const cat = TDX_CATEGORIES[tdxCategory];
  if (cat === undefined || cat.id !== tdxCategory) throw new RangeError(`unknown TDX bar category ${tdxCategory}`);
  if (instrument === "index" && cat.intraday) return { ...series, vol: new Float64Array(series.length).fill(NaN) };
  if (cat.volScale === 1) return series;
  const vol = new Float64Array(series.length);
  for (let i = 0; i < vol.length; i++) vol[i] = series.vol[i] * cat.volScale;
  return { ...series, vol };
}
