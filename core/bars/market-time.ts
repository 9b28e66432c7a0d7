/**
 * Market wall-clock time helpers for the `time` encoding of {@link BarSeries}:
 * Shanghai local time written as if it were UTC, in milliseconds.
 */

/** Encodes a market-local date and time. Month is 1-based. */
export function marketTime(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** `YYYYMMDD` as a number, e.g. 20241016. */
export function yyyymmdd(t: number): number {
  const d = new Date(t);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** Market time of a `YYYYMMDD` number at 00:00. */
export function fromYyyymmdd(n: number): number {
  return Date.UTC(Math.floor(n / 10000), (Math.floor(n / 100) % 100) - 1, n % 100);
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `"YYYY-MM-DD"` */
export function formatDate(t: number): string {
  const d = new Date(t);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `"YYYY-MM-DD HH:MM"` */
export function formatDateTime(t: number): string {
  const d = new Date(t);
  return `${formatDate(t)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Market time of a real instant (epoch ms): Shanghai is UTC+8 all year, no DST. */
export function marketTimeOf(epochMs: number): number {
  return epochMs + 8 * 3600_000;
}

/** ISO 8601 with the market's offset: `"2024-10-16T09:31:00+08:00"`. */
export function formatIsoMarket(t: number): string {
  const d = new Date(t);
  return `${formatDate(t)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+08:00`;
}
