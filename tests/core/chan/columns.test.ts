/**
 * The growable columns under the stream (`AppendOnlyColumn`, `MergedColumns`) against plain arrays
 * holding the same values: from any starting capacity (0 included) they keep every value through
 * growth; a view or a frozen copy taken earlier keeps its length and values while more is
 * appended; a frozen copy does not change when the newest merged bar grows or its fractal is set.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { AppendOnlyColumn } from "../../../core/chan/append-only.ts";
import { MergedColumns, type MergedBars } from "../../../core/chan/merged-bars.ts";

test("an append-only column keeps every value from any capacity, and earlier views stay as they were", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 40 }), fc.array(fc.double({ noNaN: true }), { maxLength: 200 }), fc.nat(), (capacity, values, cut) => {
      const c = new AppendOnlyColumn(capacity);
      const at = values.length === 0 ? 0 : cut % values.length;
      let early: Float64Array | null = null;
      values.forEach((v, i) => {
        if (i === at) early = c.view();
        c.push(v);
      });
      assert.equal(c.length, values.length, "length");
      assert.deepEqual(Array.from(c.view()), values, "view");
      assert.deepEqual(Array.from(c.data.subarray(0, c.length)), values, "data below length");
      if (early) assert.deepEqual(Array.from(early as Float64Array), values.slice(0, at), "a view taken earlier");
    }),
    { seed: 2325, numRuns: 200 },
  );
  assert.deepEqual(Array.from(new AppendOnlyColumn().view()), [], "empty");
});

interface Bar {
  high: number;
  low: number;
  dir: number;
  fx: number;
  first: number;
  last: number;
  highBar: number;
  lowBar: number;
}

const rowsOf = (m: MergedBars) =>
  Array.from(
    { length: m.length },
    (_, k): Bar => ({ high: m.high[k]!, low: m.low[k]!, dir: m.dir[k]!, fx: m.fx[k]!, first: m.first[k]!, last: m.last[k]!, highBar: m.highBar[k]!, lowBar: m.lowBar[k]! }),
  );

const lengths = (m: MergedBars) => [m.high, m.low, m.dir, m.fx, m.first, m.last, m.highBar, m.lowBar].map((c) => c.length);

/** Each step opens a bar, absorbs the next raw bar into the newest (its new range given), or sets the newest bar's fractal mark. */
const STEP = fc.record({ kind: fc.integer({ min: 0, max: 2 }), a: fc.integer({ min: 0, max: 9 }), b: fc.integer({ min: 0, max: 9 }), c: fc.integer({ min: 0, max: 9 }) });

test("merged-bar columns keep every bar from any capacity; frozen copies keep theirs; an absorbed raw bar reaching an extreme becomes its bar", () => {
  // lengths drawn up to 150 (fast-check's default size keeps arrays near 10): the columns start at
  // 16 bars or more, so only longer runs make them grow
  let grown = 0;
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 40 }), fc.array(STEP, { maxLength: 150, size: "max" }), fc.nat(), (capacity, steps, cut) => {
      const m = new MergedColumns(capacity);
      const want: Bar[] = [];
      let raw = 0;
      const at = steps.length === 0 ? 0 : cut % steps.length;
      let frozen: [MergedBars, Bar[]] | null = null;
      steps.forEach((s, i) => {
        if (i === at) frozen = [m.freeze(), want.map((b) => ({ ...b }))];
        const k = want.length - 1;
        if (s.kind === 0 || k < 0) {
          const [high, low] = [10 + s.a, s.b];
          m.open(raw, high, low, s.a % 2 === 0 ? 1 : -1);
          want.push({ high, low, dir: s.a % 2 === 0 ? 1 : -1, fx: 0, first: raw, last: raw, highBar: raw, lowBar: raw });
        } else if (s.kind === 1) {
          // the raw bar's own range and the bar's new range: the raw bar reaches the high (low) when they are equal
          const [barHigh, barLow, high, low] = [10 + s.a, s.b, 10 + Math.max(s.a, s.c), Math.min(s.b, s.c)];
          m.absorb(raw, barHigh, barLow, high, low);
          const b = want[k]!;
          Object.assign(b, { high, low, last: raw, highBar: barHigh === high ? raw : b.highBar, lowBar: barLow === low ? raw : b.lowBar });
        } else {
          m.fx[k] = (s.a % 3) - 1;
          want[k]!.fx = (s.a % 3) - 1;
        }
        raw++;
      });
      if (want.length > Math.max(16, capacity)) grown++;
      assert.deepEqual(rowsOf(m), want, "the columns");
      assert.deepEqual(rowsOf(m.view()), want, "a view");
      assert.deepEqual(lengths(m.view()), Array(8).fill(want.length), "a view's columns end at the length");
      const copy = m.freeze();
      assert.deepEqual(rowsOf(copy), want, "a frozen copy");
      if (frozen) {
        const [early, then] = frozen as [MergedBars, Bar[]];
        assert.deepEqual(lengths(early), Array(8).fill(then.length), "an earlier copy's columns end at its length");
        assert.deepEqual(rowsOf(early), then, "an earlier copy is unchanged");
      }
    }),
    { seed: 2326, numRuns: 200 },
  );
  assert.ok(grown > 20, `runs past the first capacity: ${grown}`);
});
