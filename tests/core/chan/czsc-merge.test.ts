/**
 * czsc's inclusion processing and fractals (czsc `remove_include`, `check_fx`), written again here
 * as czsc states them, against `CzscMerge` on random bars in integer ticks. Unlike chan.py's, czsc's
 * merged bars can be in inclusion with their neighbour (nothing merges after two equal highs, and
 * the first two bars never merge), so the fractal test's every comparison counts here.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { CzscMerge } from "../../../core/chan/czsc-merge.ts";

interface NewBar {
  high: number;
  low: number;
  readonly first: number;
  last: number;
}

function referenceMerge(rows: readonly (readonly [number, number])[]): NewBar[] {
  const bars: NewBar[] = [];
  rows.forEach(([high, low], i) => {
    if (bars.length < 2) {
      bars.push({ high, low, first: i, last: i });
      return;
    }
    const k1 = bars[bars.length - 2]!;
    const k2 = bars[bars.length - 1]!;
    const included = (k2.high <= high && k2.low >= low) || (k2.high >= high && k2.low <= low);
    if (k1.high === k2.high || !included) {
      bars.push({ high, low, first: i, last: i });
      return;
    }
    const up = k1.high < k2.high;
    [k2.high, k2.low] = up ? [Math.max(k2.high, high), Math.max(k2.low, low)] : [Math.min(k2.high, high), Math.min(k2.low, low)];
    k2.last = i;
  });
  return bars;
}

/** czsc `check_fx`: +1 top, −1 bottom, 0 neither. */
function checkFx(k1: NewBar, k2: NewBar, k3: NewBar): number {
  if (k1.high < k2.high && k2.high > k3.high && k1.low < k2.low && k2.low > k3.low) return 1;
  if (k1.low > k2.low && k2.low < k3.low && k1.high > k2.high && k2.high < k3.high) return -1;
  return 0;
}

const ROWS = fc.array(fc.record({ move: fc.integer({ min: -6, max: 6 }), up: fc.integer({ min: 0, max: 5 }), down: fc.integer({ min: 0, max: 5 }) }), { minLength: 1, maxLength: 80 }).map((steps) => {
  let mid = 100;
  return steps.map((s) => ((mid += s.move), [mid + s.up, mid - s.down] as const));
});

test("czsc merged bars and fractal marks equal czsc's remove_include and check_fx (marks final once a bar has two successors)", () => {
  let marks = 0;
  let nested = 0;
  fc.assert(
    fc.property(ROWS, (rows) => {
      const b = new CzscMerge();
      rows.forEach(([h, l], i) => b.push(i, h, l));
      const m = b.bars.freeze();
      const want = referenceMerge(rows);
      assert.deepEqual(
        Array.from({ length: m.length }, (_, j) => [m.high[j], m.low[j], m.first[j], m.last[j], m.dir[j]]),
        want.map((k, j) => [k.high, k.low, k.first, k.last, j === 0 || k.high > want[j - 1]!.high ? 1 : -1]),
        "merged bars",
      );
      for (let k = 1; k < m.length - 2; k++) {
        const fx = checkFx(want[k - 1]!, want[k]!, want[k + 1]!);
        if (fx !== 0) marks++;
        const [a, c] = [want[k - 1]!, want[k]!];
        if ((a.high >= c.high && a.low <= c.low) || (a.high <= c.high && a.low >= c.low)) nested++;
        assert.equal(m.fx[k], fx, `merged bar ${k}`);
      }
    }),
    { seed: 2328, numRuns: 400 },
  );
  assert.ok(marks > 300 && nested > 30, `fractals (${marks}) and neighbours in inclusion (${nested}) occur`);
});
