/** easy_tdx's multi-level query rules on hand-made strokes: the span (a date as its midnight), trend, overlap, divergence. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { lowLevelStructure, type LevelStroke } from "../../../core/chan/multi-level.ts";

const stroke = (start_date: string, end_date: string, low: number, high: number, start_close = low, end_close = high): LevelStroke => ({ start_date, end_date, high, low, start_close, end_close });
const span = { start_date: "2024-01-02", end_date: "2024-01-05" };

test("inside the span: from the first day's midnight up to the last day's midnight (a stroke ending during the last day is out)", () => {
  const a = stroke("2024-01-02 09:30", "2024-01-03 10:00", 1, 2);
  const b = stroke("2024-01-03 10:00", "2024-01-04 14:00", 1.5, 2);
  const c = stroke("2024-01-04 14:00", "2024-01-05 10:00", 1.2, 2);
  const before = stroke("2023-12-29 14:00", "2024-01-02 10:00", 1, 3);
  const r = lowLevelStructure(
    span,
    [before, a, b, c],
    [
      { start_date: "2024-01-02 10:00", end_date: "2024-01-04 11:00" },
      { start_date: null, end_date: "2024-01-04 11:00" },
      { start_date: "2024-01-03 10:00", end_date: "2024-01-05 09:30" },
    ],
  );
  assert.deepEqual(r.strokes, [a, b]);
  assert.equal(r.pivots.length, 1, "a pivot without a start, or ending on the last day, is out");
  assert.deepEqual([r.qs.bi_count, r.qs.zs_count, r.qs.has_trend, r.qs.has_consolidation], [2, 1, false, true]);
  assert.equal(r.qs.trend_direction, null, "fewer than 3 strokes");
  assert.equal(r.qs.bi_overlap, true, "neighbours share an end point");
});

test("trend direction by easy_tdx's even/odd positions; divergence needs 2 pivots, 5 strokes and a weaker last stroke", () => {
  const all = { start_date: "2024-01-01", end_date: "2024-12-31" };
  const up = [stroke("2024-02-01", "2024-02-02", 1, 2), stroke("2024-02-02", "2024-02-03", 1.5, 2), stroke("2024-02-03", "2024-02-04", 1.5, 3)];
  assert.equal(lowLevelStructure(all, up, []).qs.trend_direction, "up");
  const down = [stroke("2024-02-01", "2024-02-02", 2, 5), stroke("2024-02-02", "2024-02-03", 1, 5), stroke("2024-02-03", "2024-02-04", 1, 4), stroke("2024-02-04", "2024-02-05", 0.5, 4)];
  assert.equal(lowLevelStructure(all, down, []).qs.trend_direction, "down");
  const flat = [stroke("2024-02-01", "2024-02-02", 1, 3), stroke("2024-02-02", "2024-02-03", 1, 3), stroke("2024-02-03", "2024-02-04", 1, 3)];
  assert.equal(lowLevelStructure(all, flat, []).qs.trend_direction, null);

  const five = (lastAmp: number) => [
    stroke("2024-03-01", "2024-03-02", 1, 2, 1, 2),
    stroke("2024-03-02", "2024-03-03", 1, 2, 2, 1),
    stroke("2024-03-03", "2024-03-04", 1, 3, 1, 3),
    stroke("2024-03-04", "2024-03-05", 2, 3, 3, 2),
    stroke("2024-03-05", "2024-03-06", 2, 4, 2, 2 + lastAmp),
  ];
  const pivots = [
    { start_date: "2024-03-01", end_date: "2024-03-03" },
    { start_date: "2024-03-03", end_date: "2024-03-05" },
  ];
  assert.equal(lowLevelStructure(all, five(1), pivots).qs.divergence_possible, true, "|1| < |3 − 1|");
  assert.equal(lowLevelStructure(all, five(2), pivots).qs.divergence_possible, false, "as strong as the stroke two before");
  assert.equal(lowLevelStructure(all, five(1), pivots.slice(1)).qs.divergence_possible, false, "one pivot");
  assert.equal(lowLevelStructure(all, five(1).slice(1), pivots).qs.divergence_possible, false, "four strokes");
});

test("a stroke or pivot from the span's first day to its last day is inside (dates equal at both ends); a day earlier or a missing end is out", () => {
  const exact = stroke("2024-01-02", "2024-01-05", 1, 2);
  const early = stroke("2024-01-01", "2024-01-05", 1, 2);
  const late = stroke("2024-01-02", "2024-01-06", 1, 2);
  const pivots = [
    { start_date: "2024-01-02", end_date: "2024-01-05" },
    { start_date: "2024-01-02", end_date: null },
    { start_date: "2024-01-01", end_date: "2024-01-04" },
    { start_date: "2024-01-03", end_date: "2024-01-05" },
  ];
  const r = lowLevelStructure(span, [early, exact, late], pivots);
  assert.deepEqual(r.strokes, [exact]);
  assert.deepEqual(r.pivots, [pivots[0], pivots[3]]);
  assert.deepEqual([r.qs.zs_count, r.qs.has_trend, r.qs.has_consolidation], [2, true, true], "two pivots make a trend");
  const none = lowLevelStructure(span, [early], []);
  assert.deepEqual([none.qs.bi_count, none.qs.has_consolidation, none.qs.bi_overlap, none.qs.divergence_possible], [0, false, false, false]);
});

test("trend direction needs both lists to move: rising highs with falling lows, or the reverse, is no direction", () => {
  const all = { start_date: "2024-01-01", end_date: "2024-12-31" };
  // even positions are easy_tdx's up strokes (their highs), odd ones its down strokes (their lows)
  const of = (highs: number[], lows: number[]) => highs.flatMap((h, i) => [stroke("2024-02-01", "2024-02-02", 0, h), ...(i < lows.length ? [stroke("2024-02-02", "2024-02-03", lows[i]!, 9)] : [])]);
  const cases: [number[], number[], "up" | "down" | null][] = [
    [[5, 6, 7], [2, 3], "up"],
    [[5, 6, 7], [3, 2], null],
    [[5, 6, 7], [2, 2], null],
    [[7, 6, 5], [3, 2], "down"],
    [[7, 6, 5], [2, 3], null],
    [[7, 6, 5], [3, 3], null],
    [[7, 6], [3], "down"],
    [[6, 7], [3], "up"],
    [[6, 6], [3], null],
  ];
  for (const [highs, lows, want] of cases) assert.equal(lowLevelStructure(all, of(highs, lows), []).qs.trend_direction, want, `highs ${highs}, lows ${lows}`);
});

test("neighbouring strokes overlap when each one's low is at or below the other's high", () => {
  const all = { start_date: "2024-01-01", end_date: "2024-12-31" };
  const pair = (a: [number, number], b: [number, number]) => lowLevelStructure(all, [stroke("2024-02-01", "2024-02-02", ...a), stroke("2024-02-02", "2024-02-03", ...b)], []).qs.bi_overlap;
  assert.equal(pair([1, 2], [3, 4]), false, "apart, the second above");
  assert.equal(pair([3, 4], [1, 2]), false, "apart, the second below");
  assert.equal(pair([2, 3], [1, 2]), true, "the first's low is the second's high");
  assert.equal(pair([1, 2], [2, 3]), true, "the second's low is the first's high");
  assert.equal(lowLevelStructure(all, [stroke("2024-02-01", "2024-02-02", 1, 2)], []).qs.bi_overlap, false, "one stroke");
});
