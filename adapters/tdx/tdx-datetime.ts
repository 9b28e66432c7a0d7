/**
 * TDX date encodings (design doc 6.4) ↔ the market-time milliseconds of
 * `BarSeries.time`. Two encodings exist: a u32 holding the decimal YYYYMMDD, and
 * for intraday records a packed u16 day word + u16 minute of day, where
 * year = (D >> 11) + 2004, month = (D & 2047) div 100, day = (D & 2047) mod 100.
 *
 * Decoders convert hundreds of dates per reply, and `Date.UTC` costs tens of
 * nanoseconds, so {@link DayClock} remembers the start of the last month seen:
 * consecutive bars of one month need only one multiply-add each.
 */
import { marketTime, yyyymmdd } from "../../core/bars/market-time.ts";

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Converts calendar days to market time, caching the month start. One per decode call. */
export class DayClock {
  private key = -1;
  private monthStart = 0;

  /** Market time of y-m-d 00:00 (month 1-based). */
  day(y: number, m: number, d: number): number {
    const key = y * 100 + m;
    if (key !== this.key) {
      this.key = key;
      this.monthStart = marketTime(y, m, 1);
    }
    return this.monthStart + (d - 1) * DAY_MS;
  }

  /** Market time of a u32 YYYYMMDD. */
  yyyymmdd(n: number): number {
    const y = Math.floor(n / 10000);
    const md = n - y * 10000;
    const m = Math.floor(md / 100);
    return this.day(y, m, md - m * 100);
  }

  /** Market time of a packed day word plus minute of day. */
  packed(dayWord: number, minuteOfDay: number): number {
    const y = (dayWord >> 11) + 2004;
    const md = dayWord & 2047;
    const m = Math.floor(md / 100);
    return this.day(y, m, md - m * 100) + minuteOfDay * MINUTE_MS;
  }
}

/** The packed day word and minute of day of a market time (encoder side). */
export function toPacked(t: number): { dayWord: number; minute: number } {
  const n = yyyymmdd(t);
  const y = Math.floor(n / 10000);
  if (y < 2004 || y > 2035) throw new RangeError(`year ${y} cannot be packed (2004..2035)`);
  const dayWord = (y - 2004) * 2048 + (n % 10000);
  const minute = Math.floor((t - Math.floor(t / DAY_MS) * DAY_MS) / MINUTE_MS);
  return { dayWord, minute };
}
