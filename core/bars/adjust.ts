/**
 * Price adjustment (复权) for `adjust=NONE|QFQ|HFQ`.
 *
 * Default method: the TDX-desktop-compatible affine map of adapters/tdx/README.md 7.2
 * (see `adjust-affine.ts`). Each price is rounded as the terminal rounds it
 * (`roundAdjusted` in round.ts): to 1/10,000 yuan first, then half away from
 * zero to `decimals` places (0.01 for stocks; pass 3 for funds and bonds). On
 * 18,668 forward-adjusted prices exported by TDX terminals a single rounding
 * leaves 17 values just below a half-cent (6.7649996, 5.3149704, …) a cent
 * lower than the terminal's, and 600519's 2006-05-26 open at −260.97 where the
 * terminal shows −260.98; the 1/10,000 step gives all of them.
 *
 * - QFQ (forward): the newest bar keeps its raw prices; older bars are mapped by
 *   their coefficients A, B.
 * - HFQ (backward): hfq = (qfq − B0) / A0 on the unrounded qfq, where A0, B0 are
 *   the coefficients of the security's first trading day, so that day keeps its
 *   raw prices and later bars grow (injoyai/tdx @ 51c1ed5, protocol/model_gbbq.go
 *   `Factors`: "HFQ: 由最早交易日的 QFQ 系数 (a0,b0) 锚定", asserted there against
 *   terminal values). An ex-rights record dated on or before the first trading
 *   day (SZ 000001: 1990-03-01 rights issue, listing 1991-04-03) is therefore not
 *   part of the base and moves no price; basing on a day before every event
 *   would scale every HFQ price of 000001 by that pre-listing rights issue.
 * - Negative-QFQ fallback: when the affine QFQ would put any price at or below
 *   zero where the raw price is positive (long histories with large cash
 *   dividends relative to early prices: injoyai/tdx reports the terminal's own
 *   QFQ open of 600519 on 2006-05-26 as −260.98), the ratio method of 7.1
 *   (`adjust-ratio.ts`) is used instead, whose prices stay positive. The choice
 *   is made once per security over its whole daily history (`adjustBasis`), never
 *   over the window asked for, and the ratio method's factors come from that
 *   history too: a bar's adjusted price never depends on `count`/`start` or on
 *   the bar period. `method` in the result says which method produced the
 *   prices ("affine" or "ratio"). HFQ always uses the affine method (the spec
 *   names the fallback for QFQ only): its base day keeps raw prices and later
 *   bars only gain the dividends paid since, so it does not go negative the way
 *   early QFQ prices do.
 * - Volume and amount are returned raw, as the TDX terminal shows them
 *   (injoyai/tdx: "成交量/额不变"); mootdx divides volume by the factor, we do not.
 *   `time`, `vol` and `amount` of the result are the input's own arrays.
 *
 * Windows: by default the newest bar of the series is taken as "today" (events
 * after it are not effective), and the series itself as the whole history (HFQ
 * base and QFQ method). A window that is not the whole history must pass `asOf`
 * (the latest trading date, e.g. today's market date) and `basis` (from the
 * security's whole daily history); otherwise prices depend on the window asked.
 *
 * Bars are matched to events by their date, so minute bars adjust exactly. A
 * weekly or longer bar is stamped with its last trading day, so an event inside
 * its period counts as already effective for the whole bar; the terminal's
 * weekly QFQ is built from adjusted daily bars instead.
 */
import { affineAt, affinePrices, IDENTITY } from "./adjust-affine.ts";
import { ratioGaps, ratioPrices, type RatioGap } from "./adjust-ratio.ts";
import { fromYyyymmdd } from "./market-time.ts";
import type { PriceEvent } from "./price-events.ts";
import type { BarSeries } from "./series.ts";
import { DAY_MS } from "./session-clock.ts";

export type AdjustMode = "NONE" | "QFQ" | "HFQ";
/** Which method produced the prices. */
export type AdjustMethod = "none" | "affine" | "ratio";

/** What adjustment takes from a security's whole daily history, so that no window decides it. */
export interface AdjustBasis {
  /** Day index of the first trading day: the HFQ base. */
  readonly firstDay: number;
  /** Bars of the history it was computed over. */
  readonly bars: number;
  /** The forward method for every bar of the security. */
  readonly qfq: "affine" | "ratio";
  /** The ratio method's gaps over the history (empty with "affine"). */
  readonly gaps: readonly RatioGap[];
}

export interface AdjustOptions {
  /** YYYYMMDD of "today": events after it are not effective yet. Default: the newest bar's date. */
  readonly asOf?: number;
  /** YYYYMMDD of the HFQ base day. Default: `basis.firstDay`, else the oldest bar's date. */
  readonly hfqBase?: number;
  /** From `adjustBasis` over the security's whole daily history. Default: the series itself is the history. */
  readonly basis?: AdjustBasis;
  /** Decimals of the adjusted prices: `priceDecimals(market, code)`, 3 for funds and bonds. Default 2. */
  readonly decimals?: number;
}

export interface AdjustedBars {
  readonly series: BarSeries;
  readonly method: AdjustMethod;
}

const dayOfDate = (yyyymmdd: number) => Math.floor(fromYyyymmdd(yyyymmdd) / DAY_MS);

/**
 * The basis of `history` (ascending daily bars, ideally from the listing day):
 * its first day, and the forward method chosen over all of it — affine unless
 * that would put some positive raw price at or below zero.
 */
export function adjustBasis(history: BarSeries, events: readonly PriceEvent[], asOfDay: number, decimals = 2): AdjustBasis {
  const n = history.length;
  const firstDay = n > 0 ? Math.floor(history.time[0]! / DAY_MS) : asOfDay;
  const affine = affinePrices(history, events, asOfDay, IDENTITY, 10 ** decimals);
  if (!losesSign(history, affine)) return { firstDay, bars: n, qfq: "affine", gaps: [] };
  return { firstDay, bars: n, qfq: "ratio", gaps: ratioGaps(history, events, asOfDay) };
}

/**
 * Whether adjusting `window` (not the whole history) depends on bars outside it:
 * QFQ when some effective event pays cash (only then can the affine map lose
 * sign, and the ratio gaps need the closes before each event); HFQ when some
 * effective event is dated on or before the window's first bar (the base is the
 * first trading day, which may come after it). Otherwise no basis is needed.
 */
export function needsBasis(window: BarSeries, events: readonly PriceEvent[], mode: AdjustMode, asOfDay: number): boolean {
  if (mode === "NONE" || window.length === 0) return false;
  const first = Math.floor(window.time[0]! / DAY_MS);
  return events.some((e) => e.day <= asOfDay && (mode === "QFQ" ? e.c !== 0 : e.day <= first));
}

export function adjustBars(s: BarSeries, events: readonly PriceEvent[], mode: AdjustMode, opts: AdjustOptions = {}): AdjustedBars {
  const n = s.length;
  if (mode === "NONE" || n === 0) return { series: s, method: mode === "NONE" ? "none" : "affine" };
  const scale = 10 ** (opts.decimals ?? 2);
  const asOfDay = opts.asOf !== undefined ? dayOfDate(opts.asOf) : Math.floor(s.time[n - 1]! / DAY_MS);

  if (mode === "HFQ") {
    const baseDay = opts.hfqBase !== undefined ? dayOfDate(opts.hfqBase) : (opts.basis?.firstDay ?? Math.floor(s.time[0]! / DAY_MS));
    return { series: affinePrices(s, events, asOfDay, affineAt(events, baseDay, asOfDay), scale), method: "affine" };
  }
  const basis = opts.basis;
  if (basis?.qfq === "ratio") return { series: ratioPrices(s, events, asOfDay, scale, basis.gaps), method: "ratio" };
  const affine = affinePrices(s, events, asOfDay, IDENTITY, scale);
  // Without a basis the series is the whole history: the method is decided on it (as `adjustBasis` would).
  if (basis || !losesSign(s, affine)) return { series: affine, method: "affine" };
  return { series: ratioPrices(s, events, asOfDay, scale), method: "ratio" };
}

/** True when some positive raw price was mapped to zero or below. */
function losesSign(raw: BarSeries, adj: BarSeries): boolean {
  const { open: o, high: h, low: l, close: c } = adj;
  for (let i = 0; i < raw.length; i++) {
    if (o[i]! > 0 && h[i]! > 0 && l[i]! > 0 && c[i]! > 0) continue;
    if ((o[i]! <= 0 && raw.open[i]! > 0) || (h[i]! <= 0 && raw.high[i]! > 0)) return true;
    if ((l[i]! <= 0 && raw.low[i]! > 0) || (c[i]! <= 0 && raw.close[i]! > 0)) return true;
  }
  return false;
}
