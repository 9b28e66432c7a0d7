/**
 * Pivot building and combining on hand-made strokes inside one up segment:
 * down strokes 1 and 3 make pivot A ([14, 19]), 5 and 7 make pivot B whose
 * ZD equals A's ZG. chan.py's default `zs` mode counts touching as overlap.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { allocLines, type SegmentLines } from "../../../core/chan/lines.ts";
import { DEFAULT_CHAN_CONFIG, type ChanConfig } from "../../../core/chan/options.ts";
import { buildPivots } from "../../../core/chan/pivots.ts";
import type { Segments } from "../../../core/chan/segments.ts";

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
