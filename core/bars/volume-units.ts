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
 * The rule is a factor per TDX category actually requested, so a client that
 * asks for category 9 instead of 4 still ends up in shares, and a decoder can
 * apply it while reading (raw × factor; NaN × anything is NaN). Unverified: no
 * index bar reply has been recorded, so "index daily bars of category 4 are in
 * lots" rests on easy_tdx's documentation and the offline .day files; funds and
 * bonds are assumed to follow the stock rule.
 */
import { TDX_CATEGORIES } from "./categories.ts";

/** Which reply layout and unit rule applies: `/bars` or `/bars/index`. */
export type BarInstrument = "stock" | "index";

/** Factor from the volume field of a 0x052d reply to the spec's unit: 1, 100, or NaN for "no volume". */
export function specVolumeScale(tdxCategory: number, instrument: BarInstrument): number {
  const cat = TDX_CATEGORIES[tdxCategory];
  if (cat === undefined || cat.id !== tdxCategory) throw new RangeError(`unknown TDX bar category ${tdxCategory}`);
  return instrument === "index" && cat.intraday ? NaN : cat.volScale;
}
