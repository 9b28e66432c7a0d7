/**
 * Bar tables for the HTTP edge and the CLI: labels plus numeric columns, in the
 * column order easy_tdx clients know (time, open, close, high, low, vol, amount,
 * then the derived fields). Daily and longer bars carry `date`, minute bars
 * `datetime` (adapters/http/README.md 4.2.1 rule 4), both written as easy_tdx writes
 * them, Python's `isoformat()` of the bar's timestamp (its web/schemas.py
 * DataFrameResponse): "YYYY-MM-DDT00:00:00" and "YYYY-MM-DDTHH:MM:SS" (market
 * time, no offset). Writers turn NaN into null.
 */
import { BAR_CATEGORIES, type BarCategory } from "./categories.ts";
import type { DerivedFields } from "./derived.ts";
import { formatDate, formatDateTime } from "./market-time.ts";
import type { BarSeries } from "./series.ts";
import { DAY_MS, MINUTE_MS, minuteOfDay } from "./session-clock.ts";

export interface BarTable {
  readonly timeKey: "date" | "datetime";
  /** One time label per bar. */
  readonly labels: readonly string[];
  /** Numeric columns after the time column, in order. */
  readonly values: readonly (readonly [string, Float64Array])[];
}

/** Column names in order, for `DataFrameResponse.columns`. */
export function barColumns(category: BarCategory): readonly string[] {
  return [BAR_CATEGORIES[category].timeKey, "open", "close", "high", "low", "vol", "amount", "pre_close", "change", "change_pct", "amplitude_pct"];
}

/**
 * Time labels are the costliest part of a row (a `Date` plus string building,
 * about 100 ns); bars of one request share days and requests share history, so
 * "YYYY-MM-DD" is memoized per day (bounded, so odd inputs cannot grow it without
 * limit) and "THH:MM:00" comes from a table of the day's 1440 minutes.
 */
const dayLabels = new Map<number, string>();
const MAX_DAY_LABELS = 50_000;
const minuteLabels = Array.from({ length: 1440 }, (_, m) => `T${formatDateTime(m * MINUTE_MS).slice(11)}:00`);

function dayLabel(day: number): string {
  let label = dayLabels.get(day);
  if (label === undefined) {
    if (dayLabels.size >= MAX_DAY_LABELS) dayLabels.clear();
    label = formatDate(day * DAY_MS);
    dayLabels.set(day, label);
  }
  return label;
}

const dayOf = (t: number) => dayLabel(Math.floor(t / DAY_MS));

const dateLabel = (t: number) => `${dayOf(t)}T00:00:00`;

const dateTimeLabel = (t: number) => dayOf(t) + minuteLabels[Math.floor(minuteOfDay(t))];

/** One bar's time label: `daily` bars at midnight ("YYYY-MM-DDT00:00:00"), others to the minute ("YYYY-MM-DDTHH:MM:00"). */
export const barTimeLabel = (t: number, daily: boolean): string => (daily ? dateLabel(t) : dateTimeLabel(t));

/** Time labels of `time` (already in the requested `bar_time` mode). */
export function timeLabels(time: Float64Array, category: BarCategory): string[] {
  const label = BAR_CATEGORIES[category].timeKey === "date" ? dateLabel : dateTimeLabel;
  const out = new Array<string>(time.length);
  for (let i = 0; i < time.length; i++) out[i] = label(time[i]!);
  return out;
}

/** The table of a bar series and its derived fields. */
export function barTable(s: BarSeries, d: DerivedFields, category: BarCategory): BarTable {
  return {
    timeKey: BAR_CATEGORIES[category].timeKey,
    labels: timeLabels(s.time, category),
    values: [
      ["open", s.open],
      ["close", s.close],
      ["high", s.high],
      ["low", s.low],
      ["vol", s.vol],
      ["amount", s.amount],
      ["pre_close", d.preClose],
      ["change", d.change],
      ["change_pct", d.changePct],
      ["amplitude_pct", d.amplitudePct],
    ],
  };
}
