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

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));
/** The formula's instants (four-digit years, 1000–9999); outside them, and for NaN, Date's own text. */
const FORMULA_FROM = Date.UTC(1000, 0, 1);
const FORMULA_TO = Date.UTC(10000, 0, 1);

/**
 * `"YYYY-MM-DDTHH:MM:SS"`, the timestamp shape easy_tdx's results carry.
 * Written from the day number by the civil-calendar formula (Hinnant's
 * days → y/m/d) rather than through a Date: result tables format every bar.
 */
export function isoDateTime(time: number): string {
  // checked on the instant, not on the year the formula gives, so that a wrong year cannot hide behind the fallback
  if (!(time >= FORMULA_FROM && time < FORMULA_TO)) return new Date(time).toISOString().slice(0, 19);
  const day = Math.floor(time / DAY_MS);
  const sec = Math.floor((time - day * DAY_MS) / 1000);
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const h = Math.floor(sec / 3600);
  const mi = Math.floor((sec - h * 3600) / 60);
  return `${y}-${TWO_DIGITS[m]}-${TWO_DIGITS[d]}T${TWO_DIGITS[h]}:${TWO_DIGITS[mi]}:${TWO_DIGITS[sec - h * 3600 - mi * 60]}`;
}

/**
 * Close of the last bar of the trading day before bar `t`'s day (the reference
 * for price limits), skipping missing closes; NaN when there is none. Scans
 * back, so it is meant for the rare bars with an order, not for every bar.
 */
export function previousDayClose(time: Float64Array, close: Float64Array, t: number): number {
  const day = dayIndex(time[t]!);
  let i = t - 1;
  // time[-1] is undefined, whose day (NaN) is no day: the scan stops there
  while (dayIndex(time[i]!) === day) i--;
  for (; i >= 0; i--) {
    const c = close[i]!;
    if (c === c) return c;
  }
  return Number.NaN;
}
