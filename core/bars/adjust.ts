/**
 * Price adjustment (复权) for `adjust=NONE|QFQ|HFQ`.
 *
 * Default method: the TDX-desktop-compatible affine map of tdx-protocol.md 7.2
 * (see `adjust-affine.ts`), each price rounded half away from zero to `decimals`
 * places (0.01 for stocks, as the terminal does; pass 3 for funds and bonds).
 *
 * - QFQ (forward): the newest bar keeps its raw prices; older bars are mapped by
 *   their coefficients A, B.
 * - HFQ (backward): hfq = (qfq − B0) / A0 on the unrounded qfq, where A0, B0 are
 *   the coefficients of the HFQ base day, so the base day keeps its raw prices and
 *   later bars grow. QFQ and HFQ are the same line up to that affine map.
 * - Negative-QFQ fallback: when the affine QFQ would put any price at or below
 *   zero where the raw price is positive (long histories with large cash
 *   dividends relative to early prices: injoyai/tdx reports the terminal's own
 *   QFQ open of 600519 on 2006-05-26 as −260.98), the whole
 *   series is recomputed with the ratio method of 7.1 (`adjust-ratio.ts`), whose
 *   prices stay positive. `method` in the result says which method produced the
 *   prices ("affine" or "ratio"), so the API can report it. HFQ always uses the
 *   affine method (the spec names the fallback for QFQ only): its base day keeps
 *   raw prices and later bars only gain the dividends paid since, so it does not
 *   go negative the way early QFQ prices do.
 * - Volume and amount are returned raw, as the TDX terminal shows them
 *   (injoyai/tdx: "成交量/额不变"); mootdx divides volume by the factor, we do not.
 *   `time`, `vol` and `amount` of the result are the input's own arrays.
 *
 * Windows: by default the newest bar of the series is taken as "today" (events
 * after it are not effective) and the oldest bar as the HFQ base. A window that
 * does not end at the latest trading day (`start` > 0) must pass `asOf` (the
 * latest trading date, e.g. today's market date), and an HFQ request that should
 * match the terminal must pass `hfqBase` (the listing date, e.g. the IPO date of
 * the finance snapshot); otherwise prices depend on the window requested.
 *
 * Bars are matched to events by their date, so minute bars adjust exactly. A
 * weekly or longer bar is stamped with its last trading day, so an event inside
 * its period counts as already effective for the whole bar; the terminal's
 * weekly QFQ is built from adjusted daily bars instead.
 */
import { affineAt, affinePrices, IDENTITY } from "./adjust-affine.ts";
import { ratioPrices } from "./adjust-ratio.ts";
import { fromYyyymmdd } from "./market-time.ts";
import type { PriceEvent } from "./price-events.ts";
import type { BarSeries } from "./series.ts";
import { DAY_MS } from "./session-clock.ts";

export type AdjustMode = "NONE" | "QFQ" | "HFQ";
/** Which method produced the prices. */
export type AdjustMethod = "none" | "affine" | "ratio";

export interface AdjustOptions {
  /** YYYYMMDD of "today": events after it are not effective yet. Default: the newest bar's date. */
  readonly asOf?: number;
  /** YYYYMMDD of the HFQ base day (the listing date). Default: the oldest bar's date. */
  readonly hfqBase?: number;
  /** Decimals of the adjusted prices: `priceDecimals(market, code)`, 3 for funds and bonds. Default 2. */
  readonly decimals?: number;
}

export interface AdjustedBars {
  readonly series: BarSeries;
  readonly method: AdjustMethod;
}

const dayOfDate = (yyyymmdd: number) => Math.floor(fromYyyymmdd(yyyymmdd) / DAY_MS);

export function adjustBars(
  s: BarSeries,
  events: readonly PriceEvent[],
  mode: AdjustMode,
  opts: AdjustOptions = {},
): AdjustedBars {
  const n = s.length;
  if (mode === "NONE" || n === 0) return { series: s, method: mode === "NONE" ? "none" : "affine" };
  const scale = 10 ** (opts.decimals ?? 2);
  const asOfDay = opts.asOf !== undefined ? dayOfDate(opts.asOf) : Math.floor(s.time[n - 1] / DAY_MS);

  if (mode === "HFQ") {
    const baseDay = opts.hfqBase !== undefined ? dayOfDate(opts.hfqBase) : Math.floor(s.time[0] / DAY_MS);
    return { series: affinePrices(s, events, asOfDay, affineAt(events, baseDay, asOfDay), scale), method: "affine" };
  }
  const affine = affinePrices(s, events, asOfDay, IDENTITY, scale);
  if (!losesSign(s, affine)) return { series: affine, method: "affine" };
  return { series: ratioPrices(s, events, asOfDay, scale), method: "ratio" };
}

/** True when some positive raw price was mapped to zero or below. */
function losesSign(raw: BarSeries, adj: BarSeries): boolean {
  const { open: o, high: h, low: l, close: c } = adj;
  for (let i = 0; i < raw.length; i++) {
    if (o[i] > 0 && h[i] > 0 && l[i] > 0 && c[i] > 0) continue;
    if ((o[i] <= 0 && raw.open[i] > 0) || (h[i] <= 0 && raw.high[i] > 0)) return true;
    if ((l[i] <= 0 && raw.low[i] > 0) || (c[i] <= 0 && raw.close[i] > 0)) return true;
  }
  return false;
}
