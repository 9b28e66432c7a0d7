/**
 * Strokes as lines against chan.py's CBi written again here (Vespa314/chan.py 429d6ed3: `Bi/Bi.py`:
 * `get_begin_val`/`get_end_val`, `_high`/`_low`, `get_begin_klu`/`get_end_klu` through the merged
 * bar's `get_peak_klu`, `is_sure`, `is_used_to_be_sure`), on random merged bars and stroke tables
 * with spare rows past their length.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { strokeLines } from "../../../core/chan/lines.ts";
import type { MergedBars } from "../../../core/chan/merged-bars.ts";

test("strokes as lines: chan.py's CBi values, extremes' bars, ranges and sure flags from the merged bars", () => {
  const mergedArb = fc.array(fc.record({ low: fc.integer({ min: 0, max: 9 }), h: fc.integer({ min: 0, max: 5 }), lowBar: fc.nat(99), highBar: fc.nat(99) }), { minLength: 2, maxLength: 12 });
  fc.assert(
    fc.property(
      mergedArb.chain((ms) =>
        fc.tuple(
          fc.constant(ms),
          fc.array(fc.record({ begin: fc.nat(ms.length - 1), end: fc.nat(ms.length - 1), up: fc.boolean(), sure: fc.boolean(), wasSure: fc.boolean() }), { maxLength: 6 }),
          fc.nat(3),
        ),
      ),
      ([ms, ss, spare]) => {
        const m = {
          length: ms.length,
          high: Float64Array.from(ms, (x) => x.low + x.h),
          low: Float64Array.from(ms, (x) => x.low),
          highBar: Int32Array.from(ms, (x) => x.highBar),
          lowBar: Int32Array.from(ms, (x) => x.lowBar),
        } as MergedBars;
        // a table with spare rows past its length, as the stroke builder's growable columns have
        const cap = ss.length + spare;
        const fill = <T extends Int32Array | Int8Array | Uint8Array>(a: T, f: (s: (typeof ss)[number]) => number): T => {
          ss.forEach((s, i) => {
            a[i] = f(s);
          });
          a.fill(7, ss.length);
          return a;
        };
        const strokes = {
          length: ss.length,
          begin: fill(new Int32Array(cap), (s) => s.begin),
          end: fill(new Int32Array(cap), (s) => s.end),
          dir: fill(new Int8Array(cap), (s) => (s.up ? 1 : -1)),
          sure: fill(new Uint8Array(cap), (s) => (s.sure ? 1 : 0)),
          wasSure: fill(new Uint8Array(cap), (s) => (s.wasSure ? 1 : 0)),
        };
        const l = strokeLines(m, strokes);
        assert.equal(l.length, ss.length, "one line per stroke");
        const want = ss.map((s) => {
          const b = ms[s.begin]!;
          const e = ms[s.end]!;
          // get_begin_val / get_end_val: an up stroke runs from its first merged bar's low to its last one's high;
          // _high / _low are the end's high and the begin's low (up), the begin's high and the end's low (down);
          // get_begin_klu / get_end_klu: the raw bar holding that extreme (get_peak_klu)
          return s.up
            ? { dir: 1, beginVal: b.low, endVal: e.low + e.h, high: e.low + e.h, low: b.low, beginBar: b.lowBar, endBar: e.highBar }
            : { dir: -1, beginVal: b.low + b.h, endVal: e.low, high: b.low + b.h, low: e.low, beginBar: b.highBar, endBar: e.lowBar };
        });
        assert.deepEqual(
          ss.map((_, i) => ({ dir: l.dir[i], beginVal: l.beginVal[i], endVal: l.endVal[i], high: l.high[i], low: l.low[i], beginBar: l.beginBar[i], endBar: l.endBar[i] })),
          want,
          "values, ranges and bars",
        );
        // is_used_to_be_sure: sure now, or sure before a provisional extension
        assert.deepEqual(
          [...l.isSure],
          ss.map((s) => (s.sure ? 1 : 0)),
          "isSure",
        );
        assert.deepEqual(
          [...l.wasSure],
          ss.map((s) => (s.sure || s.wasSure ? 1 : 0)),
          "wasSure",
        );
        assert.deepEqual(
          [...l.beginMerged],
          ss.map((s) => s.begin),
          "beginMerged",
        );
        assert.deepEqual(
          [...l.endMerged],
          ss.map((s) => s.end),
          "endMerged",
        );
        for (const col of [l.dir, l.isSure, l.wasSure, l.beginVal, l.endVal, l.high, l.low, l.beginBar, l.endBar, l.beginMerged, l.endMerged])
          assert.equal(col.length, ss.length, "every column holds exactly the strokes");
      },
    ),
    { seed: 2396, numRuns: 300 },
  );
});
