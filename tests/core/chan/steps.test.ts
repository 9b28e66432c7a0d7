/**
 * Single steps on hand-made bars, with the expectations chan.py (429d6ed3)
 * and czsc (c87ff254) gave on the same bars: inclusion with equal edges and
 * flat bars, czsc's different inclusion, the stroke decided on the bar that
 * opens after its end fractal, and the unfinished last stroke.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeChan, ChanStream } from "../../../core/chan/analyze.ts";
import { CzscMerge } from "../../../core/chan/czsc-merge.ts";
import { mergeBars } from "../../../core/chan/merge-bars.ts";
import { parseChanOptions } from "../../../core/chan/validate-options.ts";
import { OPENING_BAR_ROWS, series } from "./crafted-bars.ts";

test("chan.py inclusion: equal edges merge, flat bars on the extreme leave the range, extremes go to the last bar reaching them", () => {
  const m = mergeBars(
    series([
      [10, 5],
      [12, 6],
      [12, 7],
      [12, 12],
      [11, 8],
      [9, 4],
      [9, 4.5],
      [4, 4],
      [6, 6],
      [7, 5],
    ]),
  );
  const rows = Array.from({ length: m.length }, (_, k) => [m.high[k], m.low[k], m.dir[k], m.fx[k], m.first[k], m.last[k], m.highBar[k], m.lowBar[k]]);
  assert.deepEqual(rows, [
    [10, 5, 1, 0, 0, 0, 0, 0],
    [12, 8, 1, 1, 1, 4, 3, 4],
    [6, 4, -1, -1, 5, 8, 8, 7],
    [7, 5, 1, 0, 9, 9, 9, 9],
  ]);
});

test("czsc inclusion: the first two bars never merge, nor a bar after two equal highs", () => {
  const b = new CzscMerge();
  [
    [12, 5],
    [12, 6],
    [11, 7],
  ].forEach(([h, l], i) => b.push(i, h!, l!));
  const m = b.bars.freeze();
  assert.deepEqual(
    [Array.from(m.high), Array.from(m.low)],
    [
      [12, 12, 11],
      [5, 6, 7],
    ],
  );
  assert.equal(
    mergeBars(
      series([
        [12, 5],
        [12, 6],
        [11, 7],
      ]),
    ).length,
    1,
  );
});

/** chan.py's strokes after n bars: [begin merged, end merged, up, sure]. */
const EXPECTED: Record<number, [number, number, boolean, boolean][]> = {
  10: [[2, 6, true, true]],
  11: [
    [2, 6, true, true],
    [6, 10, false, false],
  ],
  14: [
    [2, 6, true, true],
    [6, 13, false, false],
  ],
  15: [
    [2, 6, true, true],
    [6, 13, false, true],
  ],
  21: [
    [2, 6, true, true],
    [6, 13, false, true],
  ],
  22: [
    [2, 6, true, true],
    [6, 13, false, true],
    [13, 19, true, false],
  ],
  24: [
    [2, 6, true, true],
    [6, 13, false, true],
    [13, 21, true, false],
  ],
  26: [
    [2, 6, true, true],
    [6, 13, false, true],
    [13, 21, true, true],
  ],
};

test("strokes, provisional last stroke and the opening-bar rule, bar by bar as chan.py", () => {
  const p = parseChanOptions({});
  assert.ok(p.ok, "p.ok");
  const bars = series(OPENING_BAR_ROWS);
  const s = new ChanStream(p.config);
  for (let i = 0; i < bars.length; i++) {
    s.push(bars.time[i]!, bars.open[i]!, bars.high[i]!, bars.low[i]!, bars.close[i]!);
    const want = EXPECTED[i + 1];
    if (!want) continue;
    const S = s.snapshot().strokes;
    const got = Array.from({ length: S.length }, (_, j) => [S.beginMerged[j], S.endMerged[j], S.dir[j] === 1, S.isSure[j] === 1]);
    assert.deepEqual(got, want, `after ${i + 1} bars`);
  }
});

/**
 * The "new stroke" span rule (chan.py `satisfy_bi_span` with `bi_strict: false`):
 * 3 merged bars apart suffice when the merged bars strictly between hold at
 * least 3 raw bars. A top at merged 1, a bottom at 5, a top at 8: merged 6 and 7
 * lie between the bottom and the top; with raw bar 7 included in merged 6 they
 * hold 3 raw bars, without it only 2.
 */
const NEW_STROKE_ROWS: readonly (readonly [number, number])[] = [
  [30, 28],
  [32, 29],
  [31, 27],
  [29, 25],
  [27, 23],
  [25, 21],
  [26, 22],
  [25.5, 22.5],
  [28, 24],
  [30, 26],
  [29, 24],
  [27, 22],
];

function sureStrokes(rows: readonly (readonly [number, number])[], options: Record<string, unknown>): [number, number, boolean][] {
  const p = parseChanOptions(options);
  assert.ok(p.ok, "valid options");
  const S = analyzeChan(series(rows), p.config).strokes;
  return Array.from({ length: S.length }, (_, j) => j).flatMap((j) => (S.isSure[j] === 1 ? [[S.beginMerged[j]!, S.endMerged[j]!, S.dir[j] === 1] as [number, number, boolean]] : []));
}

test("new stroke (bi_strict false): 3 merged bars apart make a stroke when ≥ 3 raw bars lie between", () => {
  const m = mergeBars(series(NEW_STROKE_ROWS));
  assert.deepEqual([m.first[6], m.last[6], m.fx[1], m.fx[5], m.fx[8]], [6, 7, 1, -1, 1], "raw 6–7 form merged 6; top, bottom, top at merged 1, 5, 8");
  assert.deepEqual(
    sureStrokes(NEW_STROKE_ROWS, { bi_strict: false }),
    [
      [1, 5, false],
      [5, 8, true],
    ],
    "3 raw bars between bottom and top",
  );
  const twoBetween = NEW_STROKE_ROWS.filter((_, i) => i !== 7);
  assert.deepEqual(sureStrokes(twoBetween, { bi_strict: false }), [[1, 5, false]], "only 2 raw bars between: no stroke");
  assert.deepEqual(sureStrokes(NEW_STROKE_ROWS, { bi_strict: true }), [[1, 5, false]], "the strict rule needs 4 merged bars apart");
});
