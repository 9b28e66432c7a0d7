/**
 * czsc's inclusion processing and fractals (czsc `remove_include`, `check_fx`), written again in
 * `czsc-model.ts` as czsc states them, against `CzscMerge` on random bars in integer ticks. Unlike chan.py's, czsc's
 * merged bars can be in inclusion with their neighbour (nothing merges after two equal highs, and
 * the first two bars never merge), so the fractal test's every comparison counts here.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { CzscMerge } from "../../../core/chan/czsc-merge.ts";
import { checkFx, czscAddBar, type NewBar } from "./czsc-model.ts";
import { tickRows } from "./random-walk.ts";

function referenceMerge(rows: readonly (readonly [number, number])[]): NewBar[] {
  const bars: NewBar[] = [];
  rows.forEach(([high, low], i) => czscAddBar(bars, high, low, i, bars.length));
  return bars;
}

test("czsc merged bars and fractal marks equal czsc's remove_include and check_fx (marks final once a bar has two successors)", () => {
  let marks = 0;
  let nested = 0;
  fc.assert(
    fc.property(tickRows(80, 6, 5), (rows) => {
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
