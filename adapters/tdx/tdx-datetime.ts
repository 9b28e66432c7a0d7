/**
 * TDX date encodings (design doc 6.4) ↔ the market-time milliseconds of
 * `BarSeries.time`. Two encodings exist: a u32 holding the decimal YYYYMMDD, and
 * for intraday records a packed u16 day word + u16 minute of day, where
 * year = (D >> 11) + 2004, month = (D & 2047) div 100, day = (D & 2047) mod 100.
 *
 * Codecs convert hundreds of dates per reply and `Date.UTC` / `new Date` cost tens
 * of nanoseconds (a quarter of the whole 800-bar decode budget), so {@link DayClock}
 * (decoding) and {@link DayStamper} (encoding) remember the month, or packed day,
 * they saw last: consecutive records of one month cost a few arithmetic operations.
 */
import { marketTime } from "../../core/bars/index.ts";

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Converts TDX dates to market time, caching the last month and day word. One per decode call. */
export class DayClock {
  /** YYYYMM00 of the cached month (impossible value until the first call). */
  private monthBase = -100;
  /** Market time of the day before the cached month's first. */
  private origin = 0;
  private word = -1;
  private wordMs = 0;

  /** Market time of a u32 YYYYMMDD at 00:00. */
  yyyymmdd(n: number): number {
    const d = n - this.monthBase;
    if (d >= 1 && d <= 31) return this.origin + d * DAY_MS;
    const ym = Math.floor(n / 100);
    const y = Math.floor(ym / 100);
    this.monthBase = ym * 100;
    this.origin = marketTime(y, ym - y * 100, 1) - DAY_MS;
    return this.origin + (n - this.monthBase) * DAY_MS;
  }

  /** Market time of a packed day word plus minute of day. */
  packed(dayWord: number, minuteOfDay: number): number {
    if (dayWord !== this.word) {
      this.word = dayWord;
      const md = dayWord & 2047;
      const m = Math.floor(md / 100);
      this.wordMs = marketTime((dayWord >> 11) + 2004, m, md - m * 100);
    }
    return this.wordMs + minuteOfDay * MINUTE_MS;
  }
}

/** The inverse of {@link DayClock} for encoders, caching the month likewise. One per encode call. */
export class DayStamper {
  /** Market-time range [from, to) of the cached month (empty until the first call). */
  private from = 1;
  private to = 0;
  private year = 0;
  private month = 0;

  /** YYYYMMDD of a market time. */
  yyyymmdd(t: number): number {
    if (!(t >= this.from && t < this.to)) this.enter(t);
    return this.year * 10000 + this.month * 100 + this.dayOf(t);
  }

  /** Packed day word of a market time; years 2004..2035 fit the 16 bits. */
  dayWord(t: number): number {
    if (!(t >= this.from && t < this.to)) this.enter(t);
    if (this.year < 2004 || this.year > 2035) throw new RangeError(`year ${this.year} cannot be packed (2004..2035)`);
    return (this.year - 2004) * 2048 + this.month * 100 + this.dayOf(t);
  }

  /** Minute of day of a market time. */
  minuteOfDay(t: number): number {
    return Math.floor((t - Math.floor(t / DAY_MS) * DAY_MS) / MINUTE_MS);
  }

  private dayOf(t: number): number {
    return Math.floor((t - this.from) / DAY_MS) + 1;
  }

  private enter(t: number): void {
    const d = new Date(t);
    this.year = d.getUTCFullYear();
    this.month = d.getUTCMonth() + 1;
    this.from = marketTime(this.year, this.month, 1);
    this.to = marketTime(this.year, this.month + 1, 1);
  }
}
