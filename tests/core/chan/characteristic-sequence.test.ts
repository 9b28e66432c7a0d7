/**
 * The characteristic sequence (特征序列) against chan.py's `CEigenFX` written again the way chan.py
 * states it, in `eigen-fx-model.ts` (Vespa314/chan.py: `Seg/EigenFX.py`, `Seg/Eigen.py`,
 * `Combiner/KLine_Combiner.py`: `test_combine`, `try_add`, `update_fx` with `exclude_included`,
 * `get_peak_klu`, `actual_break`, `find_revert_fx`). Every start line and both directions of random
 * line tables are fed one counter-direction line at a time; each step's answer, whether a second
 * element is held, and at a fractal the end line, `can_be_end` and `all_bi_is_sure` must be equal.
 * The tables are chained walks with ties (the lines chan.py makes; wider steps for gaps) and unchained ranges, one-price
 * lines included, that reach the one-price merging branch; one line in six is not sure.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { CharacteristicSequence } from "../../../core/chan/characteristic-sequence.ts";
import { chained, chainedWide, EigenFX, type Table, table, unchained } from "./eigen-fx-model.ts";

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

test("characteristic sequence equals chan.py's CEigenFX on wider chained walks, where gaps send the reverse sequence to gaps of its own", () => {
  fc.assert(fc.property(chainedWide, compareAll), { seed: 2364, numRuns: 400 });
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

/**
 * Hand-worked: an up segment's down lines 1, 3, 5, 7 from the walk 0 10 5 12 8 14 6 11 7 p9 …
 * Element 1 is line 1 [5, 10]; line 3 [8, 12] opens element 2; line 5 [6, 14] contains it and
 * merges (element 2 becomes [8, 14], its last line's low 6); line 7 [7, 11] opens element 3 without
 * breaking 6. With no line after line 9 chan.py's `actual_break` asks whether line 8 (7 → p9)
 * rises above element 2's high 14: if so there is no fractal (the first line is dropped, and the
 * replay merges line 7 into line 5), else the top is provisional (end line 4, where 14 is reached).
 * When line 9 exists and breaks line 7's low, line 9's flag is the evidence for `all_bi_is_sure`.
 */
function handTable(points: readonly number[], sure: readonly number[] = []): Table {
  const n = points.length - 1;
  const dirs = Array.from({ length: n }, (_, i) => (points[i + 1]! > points[i]! ? 1 : -1));
  const highs = dirs.map((_, i) => Math.max(points[i]!, points[i + 1]!));
  const lows = dirs.map((_, i) => Math.min(points[i]!, points[i + 1]!));
  return table(
    dirs,
    highs,
    lows,
    dirs.map((_, i) => sure[i] !== 0),
  );
}

/** The answers of the sequence fed every line against `dir` from line 0: the line where a fractal formed, its end line, can_be_end, all sure. */
function run(t: Table, dir: number): [number, number, true | null, boolean] | null {
  const seq = new CharacteristicSequence(t.lines, dir);
  for (let i = 0; i < t.lines.length; i++) if (t.lines.dir[i] === -dir && seq.add(i)) return [i, seq.endLine(), seq.canBeEnd(), seq.allSure()];
  return null;
}

test("actual break at the end of the table: the next line above element 2's high cancels the top, equal or below leaves it provisional", () => {
  const walk = [0, 10, 5, 12, 8, 14, 6, 11, 7];
  const neg = (p: readonly number[]) => p.map((x) => -x);
  assert.equal(run(handTable([...walk, 15]), 1), null, "line 8 rises to 15 > 14: no fractal");
  assert.deepEqual(run(handTable([...walk, 14]), 1), [7, 4, null, true], "line 8 reaches 14, not above: provisional top at line 7, end line 4");
  assert.deepEqual(run(handTable([...walk, 13]), 1), [7, 4, null, true], "line 8 stops at 13: provisional top");
  // the mirror image: a down segment, its up lines, element 2's low −14
  assert.equal(run(handTable(neg([...walk, 15])), -1), null, "mirror: line 8 falls to −15 < −14: no fractal");
  assert.deepEqual(run(handTable(neg([...walk, 14])), -1), [7, 4, null, true], "mirror: line 8 reaches −14: provisional bottom");
});

test("a later line that breaks element 3's low confirms the top, and its own flag decides all_bi_is_sure", () => {
  const walk = [0, 10, 5, 12, 8, 14, 6, 11, 7, 13, 4, 9];
  assert.deepEqual(run(handTable(walk), 1), [7, 4, true, true], "line 9 falls to 4 < 7: confirmed, every line sure");
  assert.deepEqual(run(handTable(walk, [1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1]), 1), [7, 4, true, false], "line 9 not sure: not all sure");
  assert.deepEqual(run(handTable(walk, [1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1]), 1), [7, 4, true, true], "line 8 is not evidence: all sure");
});

/**
 * Hand-worked: chan.py's `actual_break` flag is kept by the sequence for good (it is never reset),
 * so a reverse sequence that once accepted an element 3 without a confirmed break answers "not
 * confirmed" even when a later fractal of its own is confirmed. Walk 1 0 5 4 5 3 4 2 3 0 p1 0 2 1 2 0
 * (line 9, 0 → 1, not sure). The up segment's down lines 0 [0, 1], 2 [4, 5], 4 [3, 5]: line 4 has
 * element 2's high and a lower low, so stays apart; a top with a gap (1 < 4), end line 1. The
 * reverse sequence from line 3 (up lines 3 [4, 5], 5 [3, 4], 7 [2, 3], 9 [0, 1], 11 [0, 2], 13 …):
 * element 3 = line 7 does not break line 5's high 4, nor does line 9 rise above line 7's high 3, and
 * line 9 is not sure, so element 3 is accepted without a break (the flag drops) but [4, 5] [3, 4]
 * [2, 3] is no bottom: replayed. Later [2, 3] [0, 1] [0, 2] is a bottom (element 3 breaks line 9's
 * high 1), with its own gap (2 > 1) whose reverse from line 10 ([0, 1] [1, 2] [0, 2], a top
 * breaking line 12's low 1) is confirmed; yet the flag dropped before, so the reverse answers None
 * and the segment's end stays provisional.
 */
test("a reverse sequence that once accepted element 3 without a break leaves the gap's end provisional", () => {
  const t = handTable([1, 0, 5, 4, 5, 3, 4, 2, 3, 0, 1, 0, 2, 1, 2, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1]);
  const got = run(t, 1);
  assert.deepEqual(got?.slice(0, 3), [4, 1, null], "top at line 4 with a gap, end line 1, provisional");
  const ref = new EigenFX(1, t.bis);
  for (const i of [0, 2]) assert.equal(ref.add(t.bis[i]!), false, `chan.py's sequence: no fractal at line ${i}`);
  assert.equal(ref.add(t.bis[4]!), true, "chan.py's sequence: top at line 4");
  assert.equal(ref.canBeEnd(), null, "chan.py's can_be_end: provisional");
});

/**
 * Found by a wider search and kept as is: an up segment fed the down lines from line 0. Element 2
 * (line 2, [4, 7]) lies above line 0 ([2, 3]) with a gap, and line 4 opens element 3: a top, end
 * line 1. The reverse sequence from line 3 (up lines 3, 5, … as a down segment's) forms its bottom
 * at lines 7 and 9 merged ([−5, −1]), itself over a gap, which its own reverse sequence confirms,
 * while its third element (line 11) was accepted without an actual break.
 * chan.py then answers `None` (find_revert_fx drops a reverse fractal without an actual break), not
 * True: compared with the model, not pinned.
 */
test("a reverse sequence confirmed only through its own gap, without an actual break, leaves the end provisional", () => {
  const dirs = [-1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1];
  const highs = [3, 7, 7, 5, 5, 1, 1, -1, -1, -1, -1, 1, 1, -3, -3];
  const lows = [2, 2, 4, 4, 0, 0, -4, -4, -5, -5, -4, -4, -4, -4, -6];
  const sure = [1, 0, 0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1].map((v) => v === 1);
  const t = table(dirs, highs, lows, sure);
  const ref = new EigenFX(1, t.bis);
  const fed = [0, 2, 4].map((i) => ref.add(t.bis[i]!));
  assert.deepEqual([fed, ref.ele[1]!.gap, ref.canBeEnd()], [[false, false, true], true, null], "the model: a top at line 4 over a gap, left provisional");
  compareAll(t);
});
