/**
 * Calendar arithmetic on the `BarSeries` time encoding (market wall-clock time as
 * UTC milliseconds), shared by the kernels (day boundaries for T+1 and price
 * limits), the metrics (calendar durations) and the row builders.
 */
export const DAY_MS = 86_400_000;

/** Whole market days since the epoch: equal for every bar of one trading day. */
export function dayIndex(time: number): number {
  return Math.floor(time / DAY_MS);
}

/** `"YYYY-MM-DDTHH:MM:SS"`, the timestamp shape easy_tdx's results carry. */
export function isoDateTime(time: number): string {
  return new Date(time).toISOString().slice(0, 19);
}

/**
 * Close of the last bar of the trading day before bar `t`'s day (the reference
 * for price limits), skipping missing closes; NaN when there is none. Scans
 * back, so it is meant for the rare bars with an order, not for every bar.
 */
export function previousDayClose(time: Float64Array, close: Float64Array, t: number): number {
  const day = dayIndex(time[t]!);
  let i = t - 1;
  while (i >= 0 && dayIndex(time[i]!) === day) i--;
  for (; i >= 0; i--) {
    const c = close[i]!;
    if (c === c) return c;
  }
  return Number.NaN;
}
