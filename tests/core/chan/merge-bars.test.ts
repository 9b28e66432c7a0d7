/**
 * chan.py's inclusion processing (Vespa314/chan.py `CKLine_Combiner.test_combine` / `try_add`
 * without `exclude_included`, `get_high_peak_klu` / `get_low_peak_klu`) written again here as
 * chan.py states it, raw unit by raw unit, and compared with `mergeBars` on random bars in integer
 * ticks, where equal edges and one-price bars are common.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { mergeBars } from "../../../core/chan/merge-bars.ts";
import { series } from "./crafted-bars.ts";
import { tickRows } from "./random-walk.ts";

interface Klc {
  high: number;
  low: number;
  readonly dir: 1 | -1;
  readonly units: number[];
}

function referenceMerge(rows: readonly (readonly [number, number])[]): Klc[] {
  const out: Klc[] = [];
  rows.forEach(([high, low], i) => {
    const k = out[out.length - 1];
    if (!k) {
      out.push({ high, low, dir: 1, units: [i] });
      return;
    }
    const combine = (k.high >= high && k.low <= low) || (k.high <= high && k.low >= low);
    if (!combine) {
      out.push({ high, low, dir: k.high > high && k.low > low ? -1 : 1, units: [i] });
      return;
    }
    k.units.push(i);
    // a one-price bar on the merged extreme (处理一字K线) leaves the range alone
    if (k.dir === 1 && (high !== low || high !== k.high)) [k.high, k.low] = [Math.max(k.high, high), Math.max(k.low, low)];
    if (k.dir === -1 && (high !== low || low !== k.low)) [k.high, k.low] = [Math.min(k.high, high), Math.min(k.low, low)];
  });
  return out;
}

test("merged bars equal chan.py's inclusion processing: ranges, directions, raw bars inside and the bars reaching each extreme", () => {
  let merges = 0;
  fc.assert(
    fc.property(tickRows(80, 8, 6), (rows) => {
      const m = mergeBars(series(rows));
      const want = referenceMerge(rows);
      merges += rows.length - want.length;
      assert.equal(m.length, want.length, "merged bar count");
      want.forEach((k, j) => {
        const lastReaching = (side: 0 | 1, v: number) => k.units.findLast((i) => rows[i]![side] === v);
        assert.deepEqual(
          [m.high[j], m.low[j], m.dir[j], m.first[j], m.last[j], m.highBar[j], m.lowBar[j]],
          [k.high, k.low, k.dir, k.units[0], k.units[k.units.length - 1], lastReaching(0, k.high), lastReaching(1, k.low)],
          `merged bar ${j}`,
        );
      });
    }),
    { seed: 2327, numRuns: 400 },
  );
  assert.ok(merges > 300, `bars merge often (${merges})`);
});
