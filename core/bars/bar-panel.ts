/**
 * A bar panel: the recent daily bars of many securities in one buffer per field
 * (issue 21, market-wide jobs), so a screen, scan or rotation over the whole
 * market reads views of memory instead of a file or a request per security.
 *
 * Row `i` holds bars `[start[i], start[i + 1])` of every field, oldest first: the
 * newest `window` bars of the security (fewer when its history is shorter), and
 * `records[i]` says how many the whole history has, so a caller can tell a
 * window that is the whole history from one that was cut. Per row the panel
 * also keeps what adjustment takes from the whole history (core/bars/adjust.ts
 * `AdjustBasis`, computed for one "today", `asOf`) and the security's price
 * events, so a row adjusts to exactly what `/bars` serves for the same bars.
 */
import { adjustBars, type AdjustBasis, type AdjustMode } from "./adjust.ts";
import { formatDate } from "./market-time.ts";
import type { PriceEvent } from "./price-events.ts";
import { allocSeries, type BarSeries, sliceSeries } from "./series.ts";

const FIELDS = ["time", "open", "high", "low", "close", "vol", "amount"] as const;

export interface BarPanel extends Omit<BarSeries, "length"> {
  /** `"SZ:000001"` of each row. */
  readonly symbols: readonly string[];
  /** Row offsets into the field buffers: `n + 1` of them. */
  readonly start: Int32Array;
  /** Bars of each row's whole history (≥ its row's length). */
  readonly records: Float64Array;
  /** The newest bars kept per row at most. */
  readonly window: number;
  /** YYYYMMDD of "today" the bases were computed for. */
  readonly asOf: number;
  readonly basis: readonly AdjustBasis[];
  readonly events: readonly (readonly PriceEvent[])[];
  readonly decimals: Uint8Array;
}

/** One security's part of a panel, as {@link packPanel} takes it. */
export interface PanelRow {
  readonly symbol: string;
  /** The newest bars (at most the panel's window), oldest first. */
  readonly bars: BarSeries;
  readonly records: number;
  readonly basis: AdjustBasis;
  readonly events: readonly PriceEvent[];
  readonly decimals: number;
}

/** Lays `rows` out in one buffer per field, in the order given. */
export function packPanel(rows: readonly PanelRow[], window: number, asOf: number): BarPanel {
  const start = new Int32Array(rows.length + 1);
  rows.forEach((r, i) => (start[i + 1] = start[i]! + Math.min(r.bars.length, window)));
  const all = allocSeries(start[rows.length]!);
  rows.forEach((r, i) => {
    const from = r.bars.length - (start[i + 1]! - start[i]!);
    for (const f of FIELDS) all[f].set(r.bars[f].subarray(from), start[i]);
  });
  const { length: _, ...fields } = all;
  return {
    ...fields,
    symbols: rows.map((r) => r.symbol),
    start,
    records: Float64Array.from(rows, (r) => r.records),
    window,
    asOf,
    basis: rows.map((r) => r.basis),
    events: rows.map((r) => r.events),
    decimals: Uint8Array.from(rows, (r) => r.decimals),
  };
}

/** Row of each symbol. */
export function panelRows(p: BarPanel): Map<string, number> {
  return new Map(p.symbols.map((s, i) => [s, i]));
}

/** Row `i`'s bars `[from, to)` (row-relative) as views over the panel's buffers. */
function rowSeries(p: BarPanel, i: number, from: number, to: number): BarSeries {
  const a = p.start[i]! + from;
  const b = p.start[i]! + to;
  return {
    length: b - a,
    time: p.time.subarray(a, b),
    open: p.open.subarray(a, b),
    high: p.high.subarray(a, b),
    low: p.low.subarray(a, b),
    close: p.close.subarray(a, b),
    vol: p.vol.subarray(a, b),
    amount: p.amount.subarray(a, b),
  };
}

/** Which bars a job asks for: the latest `count`, or (with `start_date`) those from that date, cut at `end_date` (dates "YYYY-MM-DD", inclusive). */
export interface PanelWindow {
  readonly count: number;
  readonly start_date?: string | undefined;
  readonly end_date?: string | undefined;
}

/**
 * Row `i`'s bars for `w` as a row-relative range `[a, b)`; undefined when the panel
 * cannot answer (the row was cut short of what `w` needs: more than `window` latest
 * bars, or a start date before the row's first bar while older bars exist), as the
 * paged reads of adapters/http/backtest/bar-loader.ts would have fetched them.
 */
function windowRange(p: BarPanel, i: number, w: PanelWindow): readonly [number, number] | undefined {
  const n = p.start[i + 1]! - p.start[i]!;
  const whole = p.records[i]! <= n;
  const time = p.time.subarray(p.start[i]!, p.start[i + 1]!);
  let a = 0;
  let b = n;
  if (w.start_date) {
    if (!whole && (n === 0 || formatDate(time[0]!) > w.start_date)) return undefined;
    while (a < b && formatDate(time[a]!) < w.start_date) a++;
  } else {
    if (w.count > n && !whole) return undefined;
    a = Math.max(0, n - w.count);
  }
  if (w.end_date) while (b > a && formatDate(time[b - 1]!) > w.end_date) b--;
  return [a, b];
}

/** Row `i`'s bars for `w`, unadjusted, as views; undefined when the panel cannot answer (see {@link windowRange}). */
export function panelWindow(p: BarPanel, i: number, w: PanelWindow): BarSeries | undefined {
  const r = windowRange(p, i, w);
  return r && rowSeries(p, i, r[0], r[1]);
}

/** Bars `raw` of row `i` adjusted as `/bars` adjusts them (the row's basis and events, "today" = the panel's `asOf`). */
export function adjustRow(p: BarPanel, i: number, raw: BarSeries, mode: AdjustMode): BarSeries {
  if (mode === "NONE") return raw;
  return adjustBars(raw, p.events[i]!, mode, { asOf: p.asOf, decimals: p.decimals[i]!, basis: p.basis[i]! }).series;
}

/** Whole rows already adjusted, by mode and row: what {@link adjustedWindow} keeps for a panel's later jobs. */
export type AdjustedRows = Map<AdjustMode, (BarSeries | undefined)[]>;

/**
 * {@link panelWindow} adjusted as {@link adjustRow} adjusts it, through `kept`:
 * the first call for a row and mode adjusts the row's whole kept bars and keeps
 * them; every call answers views of that. Equal to adjusting the window itself,
 * because with the row's basis and the panel's `asOf` a bar's adjusted price
 * depends on its date alone, never on the window (core/bars/adjust.ts): so a
 * market-wide job adjusts each row once per panel, not once per job.
 */
export function adjustedWindow(p: BarPanel, i: number, w: PanelWindow, mode: AdjustMode, kept: AdjustedRows): BarSeries | undefined {
  const r = windowRange(p, i, w);
  if (!r || mode === "NONE") return r && rowSeries(p, i, r[0], r[1]);
  let rows = kept.get(mode);
  if (!rows) kept.set(mode, (rows = new Array<BarSeries | undefined>(p.symbols.length)));
  const whole = (rows[i] ??= adjustRow(p, i, rowSeries(p, i, 0, p.start[i + 1]! - p.start[i]!), mode));
  return sliceSeries(whole, r[0], r[1]);
}
