/**
 * DATE, TIME, YEAR, MONTH, DAY, WEEKDAY, HOUR and MINUTE (core/formula/LANGUAGE.md §1.8, the forms in
 * core/formula/kernels/calendar.ts's header) against JavaScript's own calendar, `Date`'s UTC fields
 * (bar times are market wall-clock time encoded as UTC milliseconds): on random times from the
 * whole range `Date` covers (years before 1 and after 9999 included), bars sharing a day, invalid
 * times, and the days where the Gregorian rules change: century years that are not leap years, the
 * 400-year ones that are, and the first and last days of a 400-year cycle.
 */
import { test } from "node:test";
import fc from "fast-check";
import { calendar, type CalendarField } from "../../../../core/formula/kernels/calendar.ts";
import { assertSeries } from "../helpers.ts";
import { output } from "./arbitraries.ts";

const DAY = 86_400_000;
const FIELDS: readonly CalendarField[] = ["DATE", "TIME", "YEAR", "MONTH", "DAY", "WEEKDAY", "HOUR", "MINUTE"];

/** The field of time `t` by `Date`: DATE is (year − 1900)·10000 + month·100 + day, TIME HHMMSS, WEEKDAY 0 on Sunday. */
function field(t: number, f: CalendarField): number {
  if (Number.isNaN(t)) return NaN;
  const d = new Date(t);
  const [y, mo, day, h, mi, s] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
  const values: Record<CalendarField, number> = {
    DATE: (y - 1900) * 10000 + mo * 100 + day,
    TIME: h * 10000 + mi * 100 + s,
    YEAR: y,
    MONTH: mo,
    DAY: day,
    WEEKDAY: d.getUTCDay(),
    HOUR: h,
    MINUTE: mi,
  };
  return values[f];
}

function check(times: readonly number[]): void {
  const label = times.map((t) => (Number.isNaN(t) ? "NaN" : new Date(t).toISOString())).join(", ");
  for (const f of FIELDS) {
    assertSeries(
      output(times.length, (o) => calendar(o, Float64Array.from(times), f)),
      times.map((t) => field(t, f)),
      0,
      `${f} of [${label}]`,
    );
  }
}

/** Midnight (UTC) of a proleptic Gregorian date; `Date.UTC` would read years 0–99 as 1900–1999. */
const midnight = (y: number, m: number, d: number) => new Date(0).setUTCFullYear(y, m - 1, d);

/** Days from 1970-01-01: mostly market years, sometimes anywhere `Date` reaches (±100,000,000 days; the bars below add up to 4,800). */
const day = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 7_300, max: 25_600 }) },
  { weight: 2, arbitrary: fc.integer({ min: -800_000, max: 800_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: -99_990_000, max: 99_990_000 }) },
);
/** Bars in time order: each on the day before's day, or some days later, at a random time of day; now and then invalid. */
const bars = fc
  .tuple(
    day,
    fc.array(fc.record({ skip: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400 })), ms: fc.integer({ min: 0, max: DAY - 1 }), bad: fc.integer({ min: 0, max: 15 }) }), { maxLength: 12 }),
  )
  .map(([start, rows]) => {
    let d = start;
    return rows.map((r) => {
      d += r.skip;
      return r.bad === 0 ? NaN : d * DAY + r.ms;
    });
  });

test("calendar fields of random bar times agree with Date's UTC fields", () => {
  fc.assert(
    fc.property(bars, (times) => check(times)),
    { numRuns: 1000, seed: 73 },
  );
});

test("calendar fields on the days where the Gregorian rules change, and at the ends of a day", () => {
  const days: number[] = [];
  for (const y of [-400, -1, 0, 1, 4, 100, 1600, 1700, 1800, 1900, 1969, 1970, 2000, 2024, 2100, 2400]) {
    for (const [m, d] of [
      [1, 1],
      [2, 28],
      [2, 29],
      [3, 1],
      [12, 31],
    ] as const) {
      days.push(midnight(y, m, d));
    }
  }
  const times = days.flatMap((t) => [t, t + DAY - 1, t + 12 * 3_600_000 + 34 * 60_000 + 56_789]);
  check(times);
  check([...times].reverse());
});
