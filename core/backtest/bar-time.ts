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

/** Day numbers of 1000-01-01 and 9999-12-31: the years {@link putIsoDateTime} writes (four digits). */
const FIRST_DAY = -354_285;
const LAST_DAY = 2_932_896;

/** Bytes of a time written by {@link putIsoDateTime}. */
export const ISO_DATE_TIME_BYTES = 19;

/** Writes 0 ≤ n < 100 as two ASCII digits at `pos`. */
function putTwo(buf: Uint8Array, pos: number, n: number): void {
  const tens = (n / 10) | 0;
  buf[pos] = 48 + tens;
  buf[pos + 1] = 48 + n - 10 * tens;
}

/**
 * Bar time `times[i]` as `"YYYY-MM-DDTHH:MM:SS"` in ASCII bytes at `pos` of `buf`
 * (room for {@link ISO_DATE_TIME_BYTES}), without making a string (JSON writers
 * put the time of every bar of a result), and from the day number by Hinnant's
 * days → y/m/d formula rather than through a Date. Returns the end, or −1
 * (nothing written) when the year has not four digits (or the time is NaN). In
 * that range every quantity is a positive integer below 2³¹, so `| 0` is the
 * floor of each division. The time is read here from its column: passed as a
 * number, a time past 2³¹ went into the call as a new heap number per bar.
 */
export function putIsoDateTime(buf: Uint8Array, pos: number, times: Float64Array, i: number): number {
  const time = times[i]!;
  const day = Math.floor(time / DAY_MS);
  if (!(day >= FIRST_DAY && day <= LAST_DAY)) return -1;
  const z = day + 719_468;
  const era = (z / 146_097) | 0;
  const doe = z - era * 146_097;
  const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36_524) | 0) - ((doe / 146_096) | 0)) / 365) | 0;
  const doy = doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0));
  const mp = ((5 * doy + 2) / 153) | 0;
  const d = doy - (((153 * mp + 2) / 5) | 0) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const sec = ((time - day * DAY_MS) / 1000) | 0;
  const h = (sec / 3600) | 0;
  const mi = ((sec - h * 3600) / 60) | 0;
  const hi = (y / 100) | 0;
  putTwo(buf, pos, hi);
  putTwo(buf, pos + 2, y - hi * 100);
  buf[pos + 4] = 45; // "-"
  putTwo(buf, pos + 5, m);
  buf[pos + 7] = 45;
  putTwo(buf, pos + 8, d);
  buf[pos + 10] = 84; // "T"
  putTwo(buf, pos + 11, h);
  buf[pos + 13] = 58; // ":"
  putTwo(buf, pos + 14, mi);
  buf[pos + 16] = 58;
  putTwo(buf, pos + 17, sec - h * 3600 - mi * 60);
  return pos + ISO_DATE_TIME_BYTES;
}

/** The one row's text {@link isoDateTime} reads back, and its time. */
const scratch = new Uint8Array(ISO_DATE_TIME_BYTES);
const one = new Float64Array(1);

/**
 * `"YYYY-MM-DDTHH:MM:SS"`, the timestamp shape easy_tdx's results carry: the
 * bytes {@link putIsoDateTime} writes, or Date's text where it declines (a year
 * without four digits; NaN throws, as Date does).
 */
export function isoDateTime(time: number): string {
  one[0] = time;
  if (putIsoDateTime(scratch, 0, one, 0) < 0) return new Date(time).toISOString().slice(0, 19);
  return String.fromCharCode.apply(null, scratch as unknown as number[]);
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
