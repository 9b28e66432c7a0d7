/**
 * The store's freshness rules against a second, plain implementation written
 * here: walk the calendar minute by minute and look for a session opening
 * (weekday 09:15) between the fetch and now, or for the close (15:05) of the
 * bar's own day; and the schedule against a minute-by-minute search.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { barIsFinal, nextWeekdayAt, noCloseSince, parseClockTime, stillComplete } from "../../../core/market/store-freshness.ts";

const MIN = 60_000;
const DAY = 86_400_000;
const weekday = (t: number) => [1, 2, 3, 4, 5].includes(new Date(t).getUTCDay());
const minuteOf = (t: number) => Math.floor((t % DAY) / MIN);
/** Market time: any minute of November–December 2026. */
const instant = fc.integer({ min: 0, max: 61 * 24 * 60 }).map((m) => Date.UTC(2026, 10, 1) + m * MIN);

/** Plain: the copy is complete unless a session opened after it was made, or it was made during a session. */
function plainComplete(fetchedAt: number, now: number): boolean {
  const inSession = (t: number) => weekday(t) && minuteOf(t) >= 555 && minuteOf(t) < 905;
  if (inSession(now)) return false;
  // the session before `now` must have closed before the fetch
  let t = Math.floor(now / MIN) * MIN;
  while (!(weekday(t) && minuteOf(t) === 905)) t -= MIN;
  return fetchedAt >= t;
}

test("stillComplete: no session opened since the copy was made after the last close", () => {
  fc.assert(
    fc.property(instant, fc.integer({ min: 0, max: 10 * 24 * 60 }), (now, back) => {
      const fetchedAt = now - back * MIN;
      assert.equal(stillComplete(fetchedAt, now), plainComplete(fetchedAt, now), `fetched ${new Date(fetchedAt).toISOString()} now ${new Date(now).toISOString()}`);
    }),
    { numRuns: 2000 },
  );
});

test("noCloseSince: no weekday 15:05 falls after the fetch and at or before now", () => {
  fc.assert(
    fc.property(instant, fc.integer({ min: 0, max: 10 * 24 * 60 }), (now, back) => {
      const fetchedAt = now - back * MIN;
      let closed = false;
      for (let t = Math.floor(now / MIN) * MIN; t > fetchedAt && !closed; t -= MIN) closed = weekday(t) && minuteOf(t) === 905;
      assert.equal(noCloseSince(fetchedAt, now), !closed, `fetched ${new Date(fetchedAt).toISOString()} now ${new Date(now).toISOString()}`);
    }),
    { numRuns: 2000 },
  );
});

test("barIsFinal: at and after 15:05 of the bar's day", () => {
  fc.assert(
    fc.property(instant, fc.integer({ min: 0, max: 3 * 24 * 60 }), (bar, later) => {
      const now = bar + later * MIN;
      const close = Math.floor(bar / DAY) * DAY + 905 * MIN;
      assert.equal(barIsFinal(bar, now), now >= close, "final from the close on");
    }),
  );
});

test("nextWeekdayAt: the first weekday minute at that clock time after now; HH:MM parsing", () => {
  fc.assert(
    fc.property(instant, fc.integer({ min: 0, max: 1439 }), (now, at) => {
      let t = Math.floor(now / MIN) * MIN + MIN;
      while (!(weekday(t) && minuteOf(t) === at)) t += MIN;
      assert.equal(nextWeekdayAt(now, at), t, "the next matching minute");
    }),
    { numRuns: 300 },
  );
  assert.equal(parseClockTime("15:30"), 930, "15:30");
  assert.equal(parseClockTime("9:05"), 545, "9:05");
  for (const bad of ["24:00", "15:60", "1530", "", "15:3"]) assert.equal(parseClockTime(bad), undefined, `${bad} refused`);
});
