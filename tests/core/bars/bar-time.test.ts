import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { barTimes, minuteBarStart } from "../../../core/bars/bar-time.ts";
import { BAR_CATEGORIES, BAR_CATEGORY_NAMES, isIntraday } from "../../../core/bars/categories.ts";
import { formatDateTime, marketTime } from "../../../core/bars/market-time.ts";
import { defined } from "../../support/defined.ts";

const at = (h: number, m: number) => marketTime(2024, 10, 16, h, m);
const start = (h: number, m: number, minutes: number) => formatDateTime(minuteBarStart(at(h, m), minutes)).slice(11);

test("bar_time=start table at the session boundaries", () => {
  const table: [number, number, number, string][] = [
    [9, 31, 1, "09:30"],
    [11, 30, 1, "11:29"],
    [13, 1, 1, "13:00"],
    [15, 0, 1, "14:59"],
    [9, 35, 5, "09:30"],
    [13, 5, 5, "13:00"],
    [9, 45, 15, "09:30"],
    [13, 15, 15, "13:00"],
    [10, 0, 30, "09:30"],
    [13, 30, 30, "13:00"],
    [10, 30, 60, "09:30"],
    [11, 30, 60, "10:30"],
    [14, 0, 60, "13:00"],
    [15, 0, 60, "14:00"],
    [11, 30, 120, "09:30"],
    [15, 0, 120, "13:00"],
    // stamped 13:00 during the lunch break: it is the 11:30 bar
    [13, 0, 1, "11:29"],
    [13, 0, 5, "11:25"],
    // a stamp inside the first period of the morning (a running bar): it starts at the open, never before
    [9, 32, 5, "09:30"],
    [10, 29, 60, "09:30"],
    // outside the sessions: plain wall clock (at 09:30 no trading minute has passed yet)
    [9, 25, 1, "09:24"],
    [9, 30, 5, "09:25"],
  ];
  for (const [h, m, minutes, want] of table) assert.equal(start(h, m, minutes), want, `${h}:${m} ${minutes}`);
});

test("end mode and daily-or-longer bars keep the TDX stamps", () => {
  const t = new Float64Array([at(9, 31), at(15, 0)]);
  assert.equal(barTimes(t, "MIN_1", "end"), t);
  const d = new Float64Array([marketTime(2026, 9, 2)]);
  for (const c of BAR_CATEGORY_NAMES) if (!isIntraday(c)) assert.equal(barTimes(d, c, "start"), d);
  assert.deepEqual([...barTimes(t, "MIN_1", "start")], [at(9, 30), at(14, 59)]);
});

/** End stamps of one full trading day of `p`-minute bars. */
function dayStamps(p: number): number[] {
  const out: number[] = [];
  for (let m = 570 + p; m <= 690; m += p) out.push(m);
  for (let m = 780 + p; m <= 900; m += p) out.push(m);
  return out.map((m) => at(Math.floor(m / 60), m % 60));
}

test("property: a full day's bars tile the sessions (each starts where the last ended, or at an open)", () => {
  fc.assert(
    fc.property(fc.constantFrom(...BAR_CATEGORY_NAMES.filter(isIntraday)), (c) => {
      const minutes = BAR_CATEGORIES[c].minutes!;
      const ends = dayStamps(minutes);
      const starts = barTimes(new Float64Array(ends), c, "start");
      for (let i = 0; i < ends.length; i++) {
        const expected = i === 0 ? at(9, 30) : ends[i - 1] === at(11, 30) ? at(13, 0) : ends[i - 1];
        assert.equal(starts[i], expected);
        const hm = formatDateTime(defined(starts[i], `start ${i}`)).slice(11);
        assert.ok((hm >= "09:30" && hm < "11:30") || (hm >= "13:00" && hm < "15:00"), hm);
      }
    }),
  );
});
