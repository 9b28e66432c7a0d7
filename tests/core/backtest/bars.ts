/** Small hand-written bar series and signal arrays for the engine tests. */
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";
import type { SignalArrays } from "../../../core/backtest/kernel.ts";

/** One bar: `"YYYY-MM-DD"` or `"YYYY-MM-DD HH:MM"`, open, close, and volume (default 1e6; 0 = suspended). */
export type BarSpec = readonly [when: string, open: number, close: number, vol?: number];

export function bars(rows: readonly BarSpec[]): BarSeries {
  const s = allocSeries(rows.length);
  rows.forEach(([when, open, close, vol], i) => {
    const [date, clock] = when.split(" ");
    const [y, m, d] = date!.split("-").map(Number);
    const [hh, mm] = (clock ?? "00:00").split(":").map(Number);
    s.time[i] = Date.UTC(y!, m! - 1, d!, hh!, mm!);
    s.open[i] = open;
    s.close[i] = close;
    s.high[i] = Math.max(open, close);
    s.low[i] = Math.min(open, close);
    s.vol[i] = vol ?? 1e6;
    s.amount[i] = s.vol[i]! * close;
  });
  return s;
}

/** Signals of length `n` with entries and exits on the given bars. */
export function signals(n: number, entries: readonly number[], exits: readonly number[] = []): SignalArrays {
  const e = new Uint8Array(n);
  const x = new Uint8Array(n);
  for (const i of entries) e[i] = 1;
  for (const i of exits) x[i] = 1;
  return { entries: e, exits: x };
}

/** Consecutive calendar days from `start` (`"YYYY-MM-DD"`), as date strings. */
export function days(start: string, n: number): string[] {
  const t0 = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(t0 + i * 86_400_000).toISOString().slice(0, 10));
}
