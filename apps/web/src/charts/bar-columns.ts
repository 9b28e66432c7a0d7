/**
 * Bar rows from the API turned into the columns a chart draws, with the time
 * label every overlay is aligned by (`date` for daily bars, `datetime` for
 * minute bars, both sent as "YYYY-MM-DDTHH:MM:SS" and shown in the page's short
 * form by barKey), and back into the OHLCV records that compute endpoints take.
 */
import type { BarRow } from "../api/types.ts";
import { barKey } from "../backtest/time-keys.ts";

export interface BarColumns {
  readonly times: string[];
  readonly open: number[];
  readonly high: number[];
  readonly low: number[];
  readonly close: number[];
  readonly vol: (number | null)[];
}

export const barTime = (r: { date?: unknown; datetime?: unknown }): string => barKey(String(r.datetime ?? r.date ?? ""));

export function barColumns(rows: readonly BarRow[]): BarColumns {
  return {
    times: rows.map(barTime),
    open: rows.map((r) => r.open),
    high: rows.map((r) => r.high),
    low: rows.map((r) => r.low),
    close: rows.map((r) => r.close),
    vol: rows.map((r) => r.vol),
  };
}

/** The OHLCV records compute endpoints accept (index minute bars carry no volume: sent as 0). */
export function ohlcvRecords(rows: readonly BarRow[]): BarRow[] {
  return rows.map((r) => ({
    ...(r.datetime !== undefined ? { datetime: r.datetime } : { date: r.date }),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    vol: r.vol ?? 0,
    amount: r.amount ?? 0,
  }));
}

/** Values of `column` in `rows`, placed at the bar with the same time (null elsewhere). */
export function alignColumn(times: readonly string[], rows: readonly Readonly<Record<string, unknown>>[], column: string): (number | null)[] {
  const at = new Map<string, number | null>();
  for (const r of rows) {
    const v = r[column];
    at.set(barTime(r), typeof v === "number" && Number.isFinite(v) ? v : null);
  }
  return times.map((t) => at.get(t) ?? null);
}
