/**
 * The characteristic sequence (特征序列) against chan.py's `CEigenFX` written again the way chan.py
 * states it, in `eigen-fx-model.ts` (Vespa314/chan.py: `Seg/EigenFX.py`, `Seg/Eigen.py`,
 * `Combiner/KLine_Combiner.py`: `test_combine`, `try_add`, `update_fx` with `exclude_included`,
 * `get_peak_klu`, `actual_break`, `find_revert_fx`). Every start line and both directions of random
 * line tables are fed one counter-direction line at a time; each step's answer, whether a second
 * element is held, and at a fractal the end line, `can_be_end` and `all_bi_is_sure` must be equal.
 * The tables are chained walks with ties (the lines chan.py makes) and unchained ranges, one-price
 * lines included, that reach the one-price merging branch; one line in six is not sure.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { CharacteristicSequence } from "../../../core/chan/characteristic-sequence.ts";
import { chained, EigenFX, type Table, unchained } from "./eigen-fx-model.ts";

/** Feeds every counter-direction line from `start` to both; the steps must agree, and the answers at a fractal. */
function compare(t: Table, dir: number, start: number): void {
  const ours = new CharacteristicSequence(t.lines, dir);
  const ref = new EigenFX(dir, t.bis);
  for (let i = start; i < t.bis.length; i++) {
    if (t.bis[i]!.dir !== -dir) continue;
    const got = ours.add(i);
    const want = ref.add(t.bis[i]!);
    const at = `segment dir ${dir}, from line ${start}, line ${i}`;
    assert.equal(got, want, `${at}: fractal found`);
    assert.equal(ours.hasSecond, ref.ele[1] !== null, `${at}: second element held`);
    if (!want) continue;
    assert.equal(ours.endLine(), ref.ele[1]!.peakBiIdx(), `${at}: end line`);
    assert.equal(ours.canBeEnd(), ref.canBeEnd(), `${at}: can_be_end`);
    assert.equal(ours.allSure(), ref.allBiIsSure(), `${at}: all lines sure`);
    return;
  }
}

function compareAll(t: Table): void {
  for (let s = 0; s < t.bis.length; s++) for (const dir of [1, -1]) compare(t, dir, s);
}

test("characteristic sequence equals chan.py's CEigenFX on chained walks with ties (every start, both directions)", () => {
  fc.assert(fc.property(chained, compareAll), { seed: 2361, numRuns: 1500 });
});

test("characteristic sequence equals chan.py's CEigenFX on unchained ranges with one-price lines", () => {
  fc.assert(fc.property(unchained, compareAll), { seed: 2362, numRuns: 1500 });
});

test("the random tables reach every outcome: a confirmed end, a provisional one, a gap resolved both ways", () => {
  const seen = new Set<string>();
  for (const arb of [chained, unchained])
    for (const t of fc.sample(arb, { seed: 2363, numRuns: 400 }))
      for (let s = 0; s < t.bis.length; s++)
        for (const dir of [1, -1]) {
          const ref = new EigenFX(dir, t.bis);
          for (let i = s; i < t.bis.length; i++) {
            if (t.bis[i]!.dir !== -dir || !ref.add(t.bis[i]!)) continue;
            seen.add(`${ref.ele[1]!.gap ? "gap" : "plain"} ${ref.canBeEnd()}`);
            break;
          }
        }
  for (const k of ["plain true", "plain null", "gap true", "gap null"]) assert.ok(seen.has(k), `no case of ${k} among ${[...seen].join(", ")}`);
});
