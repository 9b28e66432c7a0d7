/**
 * The trading clock (core/bars/session-clock.ts) against the A-share sessions written as a list of
 * trading minutes, 09:30–11:29 and 13:00–14:59: a stamp's trading minute is how many of them begin
 * before it, a trading minute's wall minute is its place in that list; the anchors of the file's
 * header (09:30 → 0, 11:30 → 120, 13:00 → 120, 15:00 → 240); days and minutes against `Date`.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { dayStart, minuteOfDay, sessionHalf, tradingMinute, wallMinuteOfStart } from "../../../core/bars/session-clock.ts";

const hm = (h: number, m: number) => h * 60 + m;
/** Minutes after midnight at which a trading minute begins. */
const TRADING = [...Array.from({ length: 120 }, (_, j) => hm(9, 30) + j), ...Array.from({ length: 120 }, (_, j) => hm(13, 0) + j)];

test("tradingMinute: the trading minutes begun before a stamp, the lunch break squeezed out; outside the sessions the wall clock runs on", () => {
  for (let m = hm(9, 30); m <= hm(15, 0); m++) assert.equal(tradingMinute(m), TRADING.filter((t) => t < m).length, `minute ${m}`);
  const anchors: [number, number][] = [
    [hm(9, 30), 0],
    [hm(9, 30) + 0.5, 0.5],
    [hm(11, 29) + 0.25, 119.25],
    [hm(11, 30), 120],
    [hm(11, 30) + 0.5, 120],
    [hm(12, 0), 120],
    [hm(13, 0), 120],
    [hm(13, 0) + 0.5, 120.5],
    [hm(15, 0), 240],
    [hm(15, 30), 270],
    [hm(9, 0), -30],
    [0, -570],
  ];
  for (const [m, want] of anchors) assert.equal(tradingMinute(m), want, `minute ${m}`);
});

test("wallMinuteOfStart: where each trading minute begins (120 is 13:00, never 11:30); it inverts tradingMinute on trading minutes", () => {
  TRADING.forEach((t, o) => {
    assert.equal(wallMinuteOfStart(o), t, `trading minute ${o}`);
    assert.equal(wallMinuteOfStart(tradingMinute(t)), t, `wall minute ${t}`);
  });
  assert.equal(wallMinuteOfStart(119.5), hm(11, 29) + 0.5, "a fraction in the morning");
  assert.equal(wallMinuteOfStart(240), hm(15, 0), "the close");
});

test("sessionHalf: stamps up to 13:00 end a morning bar, later ones an afternoon bar", () => {
  for (let m = 0; m < 24 * 60; m += 0.5) assert.equal(sessionHalf(m), m <= hm(13, 0) ? 0 : 1, `minute ${m}`);
});

test("dayStart and minuteOfDay split a market time into its day and its wall-clock minutes (seconds as a fraction)", () => {
  fc.assert(
    fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (t) => {
      const d = new Date(t);
      assert.equal(dayStart(t), Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()), `day of ${d.toISOString()}`);
      const minutes = d.getUTCHours() * 60 + d.getUTCMinutes() + (d.getUTCSeconds() * 1000 + d.getUTCMilliseconds()) / 60_000;
      assert.ok(Math.abs(minuteOfDay(t) - minutes) < 1e-9, `minute of ${d.toISOString()}: ${minuteOfDay(t)} vs ${minutes}`);
    }),
    { numRuns: 300, seed: 137 },
  );
});
