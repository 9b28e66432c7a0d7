/**
 * Pivot building and combining on hand-made strokes inside one up segment:
 * down strokes 1 and 3 make pivot A ([14, 19]), 5 and 7 make pivot B whose
 * ZD equals A's ZG. chan.py's default `zs` mode counts touching as overlap.
 * Then the per-segment pivot lists and entering/leaving lines, against a
 * literal transcription of chan.py's backward walk (`update_zs_in_seg`), on the
 * fixture and on random walks under several pivot modes.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { BarSeries } from "../../../core/bars/series.ts";
import { analyzeChan, type Level } from "../../../core/chan/analyze.ts";
import type { Lines } from "../../../core/chan/lines.ts";
import { allocLines, type SegmentLines } from "../../../core/chan/lines.ts";
import { DEFAULT_CHAN_CONFIG, type ChanConfig } from "../../../core/chan/options.ts";
import { buildPivots } from "../../../core/chan/pivots.ts";
import type { Segments } from "../../../core/chan/segments.ts";
import { parseChanOptions } from "../../../core/chan/validate-options.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { step, walk } from "./random-walk.ts";
import { loadSseDaily, SSE_CSV } from "./sse-fixture.ts";

/** Strokes between consecutive turning points, the first one up; bars numbered by turning point. */
function strokes(points: readonly number[]) {
  const n = points.length - 1;
  const l = allocLines(n);
  for (let i = 0; i < n; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    l.dir[i] = b > a ? 1 : -1;
    l.isSure[i] = l.wasSure[i] = 1;
    l.beginVal[i] = a;
    l.endVal[i] = b;
    l.high[i] = Math.max(a, b);
    l.low[i] = Math.min(a, b);
    l.beginBar[i] = i;
    l.endBar[i] = i + 1;
  }
  return l;
}

function oneUpSegment(n: number): Segments {
  const s = allocLines(1);
  s.dir[0] = 1;
  s.isSure[0] = s.wasSure[0] = 1;
  const lines: SegmentLines = { ...s, startLine: Int32Array.of(0), endLine: Int32Array.of(n - 1), reason: ["normal"] };
  return {
    lines,
    lineSegment: new Int32Array(n),
    parentIndex: new Int32Array(n),
    parentDir: new Int8Array(n).fill(1),
    parentCount: new Int32Array(n).fill(n),
  };
}

const L = strokes([10, 20, 14, 19, 13, 25, 19, 26, 18, 30]);
const segs = oneUpSegment(L.length);
const zs = (c: Partial<ChanConfig["zs"]>) => buildPivots(L, segs, { ...DEFAULT_CHAN_CONFIG.zs, ...c });
const brief = (p: ReturnType<typeof zs>) => p.list.map((z) => [z.begin, z.end, z.zd, z.zg, z.dd, z.gg, z.mid, z.parts, z.lineIn, z.lineOut]);

test("touching pivots combine in zs mode, keeping the first part's mid", () => {
  const p = zs({});
  assert.deepEqual(brief(p), [[1, 7, 14, 25, 13, 26, 16.5, 2, 0, 8]]);
  assert.deepEqual(p.bySegment, [[0]]);
});

test("without combining there are two pivots; peak mode combines them as their [DD, GG] overlap", () => {
  assert.deepEqual(brief(zs({ combine: false })), [
    [1, 3, 14, 19, 13, 20, 16.5, 0, 0, 4],
    [5, 7, 19, 25, 18, 26, 22, 0, 4, 8],
  ]);
  assert.deepEqual(brief(zs({ combineMode: "peak" })), [[1, 7, 14, 25, 13, 26, 16.5, 2, 0, 8]]);
});

test("a counter stroke overlapping the pivot extends it without moving ZD/ZG", () => {
  const ext = strokes([10, 20, 14, 19, 13, 18, 15, 30]);
  const p = buildPivots(ext, oneUpSegment(ext.length), DEFAULT_CHAN_CONFIG.zs);
  assert.deepEqual(
    p.list.map((z) => [z.begin, z.end, z.zd, z.zg, z.dd, z.gg]),
    [[1, 5, 14, 19, 13, 20]],
  );
});

/** chan.py `update_zs_in_seg` as written: every segment backwards, its pivots backwards until one ends before it. */
function chanPyWalk(lines: Lines, level: Level): { bySegment: number[][]; lineIn: number[]; lineOut: number[] } {
  const s = level.segments.lines;
  const zs = level.pivots.list;
  const bySegment: number[][] = Array.from({ length: s.length }, () => []);
  const lineIn = zs.map(() => -1);
  const lineOut = zs.map(() => -1);
  for (let k = s.length - 1; k >= 0; k--) {
    for (let j = zs.length - 1; j >= 0; j--) {
      const z = zs[j]!;
      if (z.endBar < lines.beginBar[s.startLine[k]!]!) break;
      if (s.startLine[k]! <= z.begin && z.begin <= s.endLine[k]!) bySegment[k]!.unshift(j);
      lineIn[j] = z.begin - 1;
      if (z.end + 1 < lines.length) lineOut[j] = z.end + 1;
    }
  }
  return { bySegment, lineIn, lineOut };
}

const PIVOT_MODES = [{}, { zs_algo: "over_seg" }, { zs_algo: "auto" }, { one_bi_zs: true, zs_combine_mode: "peak" }, { zs_combine: false }];

function checkWalk(bars: BarSeries, options: Record<string, unknown>): void {
  const p = parseChanOptions(options);
  assert.ok(p.ok, "valid options");
  const a = analyzeChan(bars, p.config);
  for (const [lines, level] of [
    [a.strokes, a.strokeLevel],
    [a.strokeLevel.segments.lines, a.segmentLevel],
  ] as const) {
    const got = {
      bySegment: level.pivots.bySegment,
      lineIn: level.pivots.list.map((z) => z.lineIn),
      lineOut: level.pivots.list.map((z) => z.lineOut),
    };
    assert.deepEqual(got, chanPyWalk(lines, level), JSON.stringify(options));
  }
}

test("per-segment pivots and entering/leaving lines equal chan.py's backward walk on the fixture", { skip: skipUnless(SSE_CSV) }, () => {
  const bars = loadSseDaily()!;
  for (const options of PIVOT_MODES) checkWalk(bars, options);
});

test("per-segment pivots and entering/leaving lines equal chan.py's backward walk on random walks", () => {
  fc.assert(
    fc.property(fc.array(step, { minLength: 0, maxLength: 900 }), fc.constantFrom(...PIVOT_MODES), (steps, options) => checkWalk(walk(steps), options)),
    { seed: 20261126, numRuns: 120 },
  );
});
