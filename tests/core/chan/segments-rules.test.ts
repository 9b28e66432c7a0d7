/**
 * Segments against chan.py's `seg_algo: "chan"` written again here the way chan.py states it
 * (Vespa314/chan.py: `CSegListChan.cal_seg_sure`, `treat_fx_eigen`; `CSegListComm.add_new_seg`,
 * `try_add_new_seg`, `collect_left_seg`, `collect_first_seg`, `collect_segs`,
 * `collect_left_seg_peak_method`, `collect_left_as_seg`, `FindPeakBi`; `CSeg`'s sure and end checks,
 * `update_bi_list`'s `parent_seg`; `KLine_List.cal_seg`'s `seg_idx`), on the characteristic
 * sequence of `eigen-fx-model.ts`, over random line tables and both `left_seg_method`s. Each
 * segment (lines, direction, sure, used-to-be-sure, reason, values and bars, raw high and low) and
 * each line's segment and `parent_seg` must be equal. Where chan.py raises (a later segment whose
 * end lies on the wrong side of its start) the table is skipped: the port skips that candidate.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { LeftSegMethod } from "../../../core/chan/options.ts";
import { buildSegments } from "../../../core/chan/segments.ts";
import { type Bi, chained, EigenFX, type Table, table, unchained } from "./eigen-fx-model.ts";

interface MSeg {
  readonly idx: number;
  readonly start: number;
  readonly end: number;
  readonly dir: number;
  readonly sure: boolean;
  readonly usedToBeSure: boolean;
  readonly reason: string;
}

/** chan.py raises where it meets these; the table is then left out. */
class ChanPyRaises extends Error {}
class SegEndValueErr extends Error {}

function findPeakBi(bis: readonly Bi[], all: readonly Bi[], isHigh: boolean): Bi | null {
  let peakVal = isHigh ? -Infinity : Infinity;
  let peak: Bi | null = null;
  for (const bi of bis) {
    if ((isHigh && bi.end >= peakVal && bi.dir === 1) || (!isHigh && bi.end <= peakVal && bi.dir === -1)) {
      // bi.pre.pre is the line two before in the whole list, whatever slice is walked
      const pp = bi.idx >= 2 ? all[bi.idx - 2]! : null;
      if (pp && ((isHigh && pp.end > bi.end) || (!isHigh && pp.end < bi.end))) continue;
      peakVal = bi.end;
      peak = bi;
    }
  }
  return peak;
}

class SegListChan {
  lst: MSeg[] = [];
  readonly parent: (MSeg | null)[];
  constructor(
    readonly bis: readonly Bi[],
    readonly left: LeftSegMethod,
  ) {
    this.parent = bis.map(() => null);
  }

  update(): void {
    this.calSegSure(0);
    this.collectLeftSeg();
  }

  calSegSure(begin: number): void {
    const up = new EigenFX(1, this.bis);
    const down = new EigenFX(-1, this.bis);
    let lastSegDir: number | null = this.lst.length === 0 ? null : this.lst[this.lst.length - 1]!.dir;
    for (const bi of this.bis.slice(begin)) {
      let fx: EigenFX | null = null;
      if (bi.dir === -1 && lastSegDir !== 1) {
        if (up.add(bi)) fx = up;
      } else if (bi.dir === 1 && lastSegDir !== -1) {
        if (down.add(bi)) fx = down;
      }
      if (this.lst.length === 0) {
        if (up.ele[1] !== null && bi.dir === -1) {
          lastSegDir = -1;
          down.clear();
        } else if (down.ele[1] !== null && bi.dir === 1) {
          up.clear();
          lastSegDir = 1;
        }
        if (up.ele[1] === null && lastSegDir === -1 && bi.dir === -1) lastSegDir = null;
        else if (down.ele[1] === null && lastSegDir === 1 && bi.dir === 1) lastSegDir = null;
      }
      if (fx) {
        this.treatFxEigen(fx);
        break;
      }
    }
  }

  treatFxEigen(fx: EigenFX): void {
    const t = fx.canBeEnd();
    const end = fx.ele[1]!.peakBiIdx();
    if (t === true || t === null) {
      const isTrue = t !== null;
      if (!this.addNewSeg(end, isTrue && fx.allBiIsSure())) {
        this.calSegSure(end + 1);
        return;
      }
      if (isTrue) this.calSegSure(end + 1);
    } else this.calSegSure(fx.lst[1]!.idx);
  }

  addNewSeg(end: number, isSure = true, segDir: number | null = null, splitFirst = true, reason = "normal"): boolean {
    try {
      this.tryAddNewSeg(end, isSure, segDir, splitFirst, reason);
    } catch (e) {
      if (e instanceof SegEndValueErr && this.lst.length === 0) return false;
      throw e instanceof SegEndValueErr ? new ChanPyRaises("SEG_END_VALUE_ERR") : e;
    }
    return true;
  }

  tryAddNewSeg(end: number, isSure: boolean, segDir: number | null, splitFirst: boolean, reason: string): void {
    const bis = this.bis;
    if (this.lst.length === 0 && splitFirst && end >= 3) {
      const peak = findPeakBi(bis.slice(0, end - 2).reverse(), bis, bis[end]!.dir === -1);
      if (peak && ((peak.dir === -1 && (peak.low < bis[0]!.low || peak.idx === 0)) || (peak.dir === 1 && (peak.high > bis[0]!.high || peak.idx === 0)))) {
        this.addNewSeg(peak.idx, false, peak.dir, true, "split_first_1st");
        this.addNewSeg(end, false, null, true, "split_first_2nd");
        return;
      }
    }
    const start = this.lst.length === 0 ? 0 : this.lst[this.lst.length - 1]!.end + 1;
    // CSeg.__init__: its assert, the dir, the sure flag dropped under 3 lines, then check()
    if (!(start === 0 || bis[start]!.dir === bis[end]!.dir || !isSure)) throw new ChanPyRaises("CSeg assert");
    const dir = segDir ?? bis[end]!.dir;
    const sure = isSure && end - start >= 2;
    if (sure && (dir === -1 ? bis[start]!.begin < bis[end]!.end : bis[start]!.begin > bis[end]!.end)) throw new SegEndValueErr();
    const seg: MSeg = { idx: this.lst.length, start, end, dir, sure, usedToBeSure: isSure, reason };
    this.lst.push(seg);
    for (let i = start; i <= end; i++) this.parent[i] = seg;
  }

  collectLeftSeg(): void {
    if (this.lst.length === 0) {
      this.collectFirstSeg();
      return;
    }
    this.collectSegs();
    const last = this.lst[this.lst.length - 1];
    if (this.bis.length > 0 && last && this.bis[this.bis.length - 1]!.idx - last.end > 2 && !last.sure) {
      this.lst = this.lst.slice(0, -1);
      this.collectLeftSeg();
    }
  }

  collectFirstSeg(): void {
    const bis = this.bis;
    if (bis.length < 3) return;
    if (this.left === "peak") {
      const high = Math.max(...bis.map((b) => b.high));
      const low = Math.min(...bis.map((b) => b.low));
      if (Math.abs(high - bis[0]!.begin) >= Math.abs(low - bis[0]!.begin)) {
        const peak = findPeakBi(bis, bis, true);
        if (!peak) throw new ChanPyRaises("no peak");
        this.addNewSeg(peak.idx, false, 1, false, "0seg_find_high");
      } else {
        const peak = findPeakBi(bis, bis, false);
        if (!peak) throw new ChanPyRaises("no peak");
        this.addNewSeg(peak.idx, false, -1, false, "0seg_find_low");
      }
      this.collectLeftAsSeg();
    } else {
      const dir = bis[bis.length - 1]!.end >= bis[0]!.begin ? 1 : -1;
      this.addNewSeg(bis.length - 1, false, dir, false, "0seg_collect_all");
    }
  }

  collectLeftSegPeakMethod(lastEnd: Bi): void {
    let found = false;
    const rest = this.bis.slice(lastEnd.idx + 3);
    if (lastEnd.dir === -1) {
      const peak = findPeakBi(rest, this.bis, true);
      if (peak && peak.idx - lastEnd.idx >= 3) {
        this.addNewSeg(peak.idx, false, 1, true, "collectleft_find_high");
        found = true;
      }
    } else {
      const peak = findPeakBi(rest, this.bis, false);
      if (peak && peak.idx - lastEnd.idx >= 3) {
        this.addNewSeg(peak.idx, false, -1, true, "collectleft_find_low");
        found = true;
      }
    }
    const newEnd = this.bis[this.lst[this.lst.length - 1]!.end]!;
    if (!found) this.collectLeftAsSeg();
    else this.collectLeftSegPeakMethod(newEnd);
  }

  collectSegs(): void {
    const bis = this.bis;
    const lastBi = bis[bis.length - 1]!;
    const lastEnd = bis[this.lst[this.lst.length - 1]!.end]!;
    if (lastBi.idx - lastEnd.idx < 3) return;
    if (lastEnd.dir === -1 && lastBi.end <= lastEnd.end) {
      const peak = findPeakBi(bis.slice(lastEnd.idx + 3), bis, true);
      if (peak) {
        this.addNewSeg(peak.idx, false, 1, true, "collectleft_find_high_force");
        this.collectLeftSeg();
      }
    } else if (lastEnd.dir === 1 && lastBi.end >= lastEnd.end) {
      const peak = findPeakBi(bis.slice(lastEnd.idx + 3), bis, false);
      if (peak) {
        this.addNewSeg(peak.idx, false, -1, true, "collectleft_find_low_force");
        this.collectLeftSeg();
      }
    } else if (this.left === "all") this.collectLeftAsSeg();
    else this.collectLeftSegPeakMethod(lastEnd);
  }

  collectLeftAsSeg(): void {
    const lastBi = this.bis[this.bis.length - 1]!;
    const lastEnd = this.bis[this.lst[this.lst.length - 1]!.end]!;
    if (lastEnd.idx + 1 >= this.bis.length) return;
    if (lastEnd.dir === lastBi.dir) this.addNewSeg(lastBi.idx - 1, false, null, true, "collect_left_1");
    else this.addNewSeg(lastBi.idx, false, null, true, "collect_left_0");
  }

  /** `cal_seg`'s `seg_idx`: walking back from the last line, past the last segment its index + 1. */
  segIdx(): number[] {
    const out = this.bis.map(() => 0);
    if (this.lst.length === 0) return out;
    let cur = this.lst.length - 1;
    for (let i = this.bis.length - 1; i >= 0; i--) {
      if (i > this.lst[cur]!.end) {
        out[i] = this.lst[cur]!.idx + 1;
        continue;
      }
      if (i < this.lst[cur]!.start) cur--;
      out[i] = this.lst[cur]!.idx;
    }
    return out;
  }
}

let compared = 0;
let skipped = 0;

function compare(t: Table, left: LeftSegMethod): void {
  const ref = new SegListChan(t.bis, left);
  try {
    ref.update();
  } catch (e) {
    if (!(e instanceof ChanPyRaises)) throw e;
    skipped++;
    return;
  }
  compared++;
  const got = buildSegments(t.lines, t.raw, left);
  const L = got.lines;
  const want = ref.lst;
  assert.equal(L.length, want.length, `${left}: segment count`);
  want.forEach((s, i) => {
    const at = `${left}: segment ${i}`;
    assert.deepEqual(
      [L.startLine[i], L.endLine[i], L.dir[i], L.isSure[i], L.wasSure[i], L.reason[i]],
      [s.start, s.end, s.dir, s.sure ? 1 : 0, s.sure || s.usedToBeSure ? 1 : 0, s.reason],
      `${at}: lines, dir, sure, reason`,
    );
    const [bb, eb] = [2 * s.start, 2 * s.end + 1];
    // CSeg._high/_low: the end bar's high (low) on the segment's side, the begin bar's on the other
    assert.deepEqual(
      [L.beginVal[i], L.endVal[i], L.beginBar[i], L.endBar[i], L.high[i], L.low[i]],
      [t.bis[s.start]!.begin, t.bis[s.end]!.end, bb, eb, s.dir === 1 ? t.raw.high[eb] : t.raw.high[bb], s.dir === -1 ? t.raw.low[eb] : t.raw.low[bb]],
      `${at}: values and bars`,
    );
  });
  assert.deepEqual([...got.lineSegment], ref.segIdx(), `${left}: seg_idx per line`);
  assert.deepEqual(
    [...got.parentIndex].map((p, i) => [p, got.parentDir[i], got.parentCount[i]]),
    ref.parent.map((p) => (p ? [p.idx, p.dir, p.end - p.start + 1] : [-1, 0, 0])),
    `${left}: parent_seg per line`,
  );
}

test("segments equal chan.py's seg_algo chan on chained walks with ties, both left_seg_methods", () => {
  fc.assert(
    fc.property(chained, (t) => {
      compare(t, "peak");
      compare(t, "all");
    }),
    { seed: 2371, numRuns: 1500 },
  );
});

test("segments equal chan.py's on unchained ranges with one-price lines, both left_seg_methods", () => {
  fc.assert(
    fc.property(unchained, (t) => {
      compare(t, "peak");
      compare(t, "all");
    }),
    { seed: 2372, numRuns: 1500 },
  );
  assert.ok(compared > 10 * skipped, `compared ${compared} tables, skipped ${skipped} where chan.py raises`);
});

test("a drop that comes back to the same segments keeps them (chan.py's collect_left_seg recurses for ever there)", () => {
  // Eight unsure lines, down first, of values 0 and 1 (highs 0 0 1 0 0 1 1 0, lows 0 0 1 0 0 0 1 0): no
  // segment is confirmed, so collecting makes lines 0–1 an unsure up segment and forces a low search
  // from line 4 (the segment's end, line 1, plus 3): lines 2–4 down. Three lines are left after it and it
  // is unsure, so chan.py drops it and collects again from line 1: the same forced search adds lines
  // 2–4 again, and so on until Python's stack runs out. The second time the list is kept.
  const t = table([-1, 1, -1, 1, -1, 1, -1, 1], [0, 0, 1, 0, 0, 1, 1, 0], [0, 0, 1, 0, 0, 0, 1, 0], Array(8).fill(false));
  for (const left of ["peak", "all"] as const) {
    const L = buildSegments(t.lines, t.raw, left).lines;
    const got = Array.from({ length: L.length }, (_, i) => [L.startLine[i], L.endLine[i], L.dir[i], L.isSure[i], L.reason[i]]);
    assert.deepEqual(
      got,
      [
        [0, 1, 1, 0, "normal"],
        [2, 4, -1, 0, "collectleft_find_low_force"],
      ],
      left,
    );
  }
  // and every random table of that kind is built, its segments one after another
  fc.assert(
    fc.property(unchained, (u) => {
      for (const left of ["peak", "all"] as const) {
        const L = buildSegments(u.lines, u.raw, left).lines;
        for (let i = 0; i < L.length; i++) assert.ok(L.startLine[i] === (i === 0 ? 0 : L.endLine[i - 1]! + 1) && L.endLine[i]! >= L.startLine[i]!, `${left}: segment ${i} follows the one before`);
      }
    }),
    { seed: 7, numRuns: 3000 },
  );
});

test("the random tables reach every segment reason, sure normal segments and split first ones", () => {
  const seen = new Set<string>();
  for (const arb of [chained, unchained])
    for (const t of fc.sample(arb, { seed: 2373, numRuns: 400 }))
      for (const left of ["peak", "all"] as const) {
        const L = buildSegments(t.lines, t.raw, left).lines;
        for (let i = 0; i < L.length; i++) seen.add(`${L.reason[i]}${L.isSure[i] ? " sure" : ""}`);
      }
  const reasons = ["normal sure", "normal", "split_first_1st", "split_first_2nd", "0seg_find_high", "0seg_find_low", "0seg_collect_all"];
  reasons.push(...["collectleft_find_high", "collectleft_find_low", "collectleft_find_high_force", "collectleft_find_low_force", "collect_left_0", "collect_left_1"]);
  for (const r of reasons) assert.ok(seen.has(r), `no segment with reason ${r} among ${[...seen].join(", ")}`);
});

test("fewer than three lines make no segment (chan.py's collect_first_seg returns), whatever their values", () => {
  const tables: Table[] = [
    table([], [], [], []),
    table([1], [5], [1], [true]),
    table([-1], [5], [5], [false]),
    table([1, -1], [5, 5], [1, 2], [true, true]),
    table([-1, 1], [9, 4], [1, 1], [true, false]),
  ];
  for (const t of tables)
    for (const left of ["peak", "all"] as const) {
      const got = buildSegments(t.lines, t.raw, left);
      assert.equal(got.lines.length, 0, `${t.lines.length} lines, ${left}: no segment`);
      assert.deepEqual([...got.lineSegment, ...got.parentIndex], [...t.bis.map(() => 0), ...t.bis.map(() => -1)], `${t.lines.length} lines, ${left}: segment 0, no parent`);
      compare(t, left);
    }
});

/** Lines of a walk through `points` (each line from one point to the next), every line sure. */
function walk(points: readonly number[]): Table {
  const n = points.length - 1;
  const dirs = Array.from({ length: n }, (_, i) => (points[i + 1]! > points[i]! ? 1 : -1));
  const ends = (f: (a: number, b: number) => number) => dirs.map((_, i) => f(points[i]!, points[i + 1]!));
  return table(
    dirs,
    ends(Math.max),
    ends(Math.min),
    dirs.map(() => true),
  );
}

/** [start line, end line, direction, reason] of each segment. */
function summary(t: Table, left: LeftSegMethod): [number, number, number, string][] {
  const L = buildSegments(t.lines, t.raw, left).lines;
  return Array.from({ length: L.length }, (_, i) => [L.startLine[i]!, L.endLine[i]!, L.dir[i]!, L.reason[i]!]);
}

test("no segment confirmed: ties in collect_first_seg go up (|high − begin| ≥ |low − begin|, last end ≥ first begin)", () => {
  // 0 → 2 → −2 → 1: three lines make no fractal. peak: high 2 and low −2 lie as far from the begin 0, so the
  // high side is taken: the highest up line is line 0 (line 2's end 1 is below line 0's 2), an unsure up
  // segment 0–0; the rest (lines 1, 2; the last line up like line 0) ends one line early, at line 1.
  const tie = walk([0, 2, -2, 1]);
  assert.deepEqual(
    summary(tie, "peak"),
    [
      [0, 0, 1, "0seg_find_high"],
      [1, 1, -1, "collect_left_1"],
    ],
    "peak: equal distances take the high",
  );
  // all: one segment over every line, up when the last end 0 is at or above the first begin 0
  const flat = walk([0, 2, -1, 0]);
  assert.deepEqual(summary(flat, "all"), [[0, 2, 1, "0seg_collect_all"]], "all: last end equal to the first begin is up");
  assert.deepEqual(summary(walk([0, 2, -1, -0.5]), "all"), [[0, 2, -1, "0seg_collect_all"]], "all: last end below the first begin is down");
  for (const t of [tie, flat]) for (const left of ["peak", "all"] as const) compare(t, left);
});

test("an unsure last segment with more than two lines after it that collecting left alone is dropped and the lines collected again", () => {
  // 2 → 3 → 1 → 2 → 0 → 4 → 0 → 3 → 0, every line sure. The down sequence (up lines 0, 2, 4, 6): [2, 3],
  // [1, 2], line 4 [0, 4] contains it and merges ([0, 2]), line 6 [0, 3] stays apart (equal low, higher
  // high); line 7 does not go below 0, so a provisional bottom, end line 3. Line 0 (up to 3) is the high
  // before it: split into 0–0 up and 1–3 down, both unsure. After line 3 the last line ends at 0, not
  // above line 3's 0, so collect_segs looks for a high from line 6: line 6 (to 3) lies below line 4 (to 4),
  // none. Four lines follow the unsure 1–3: it is dropped, and from line 0's end the lowest down line, the
  // last of the three ending at 0 (line 7), ends the second segment (peak); all collects lines 1–7.
  const t = walk([2, 3, 1, 2, 0, 4, 0, 3, 0]);
  assert.deepEqual(
    summary(t, "peak"),
    [
      [0, 0, 1, "split_first_1st"],
      [1, 7, -1, "collectleft_find_low"],
    ],
    "peak",
  );
  assert.deepEqual(
    summary(t, "all"),
    [
      [0, 0, 1, "split_first_1st"],
      [1, 7, -1, "collect_left_0"],
    ],
    "all",
  );
  for (const left of ["peak", "all"] as const) compare(t, left);
});

test("a first confirmed segment ending on the wrong side of its start is dropped, as chan.py drops it (unchained lines)", () => {
  // found by searching random unchained tables: chan.py's CSeg check raises for it, which collect drops for the first segment
  const hi = [4, 3, 2, 2, 6, 1, 5, 4, 7, 7, 1, 6, 1, 0, 2, 1];
  const lo = [2, 2, 0, 1, 5, 0, 5, 4, 5, 5, 0, 4, 0, 0, 0, 1];
  const t = table(
    hi.map((_, i) => (i % 2 === 0 ? -1 : 1)),
    hi,
    lo,
    hi.map((_, i) => i !== 4),
  );
  // and its mirror image (prices negated, directions flipped): an up segment ending below its start
  const m = table(
    hi.map((_, i) => (i % 2 === 0 ? 1 : -1)),
    lo.map((x) => -x),
    hi.map((x) => -x),
    hi.map((_, i) => i !== 4),
  );
  for (const u of [t, m]) for (const left of ["peak", "all"] as const) compare(u, left);
});

test("collect_segs finding no low after an up segment's end adds nothing there (a chained walk, both left_seg_methods)", () => {
  // found by searching random chained walks (steps up to 5): 11 → 12 → 10 → 15 → 12 → 16 → 15 → 17 → 13 → 17 →
  // 14 → 19 → 17, the last line not sure. The search leaves an unsure down segment 0–1 and an unsure up one 2–6,
  // ending at 17; the last line ends at 17 too (at or above), so collect_segs looks for a low from line 9: line 9
  // (to 14) has line 7 (to 13) lower before it, line 11 (to 17) has line 9 lower, so FindPeakBi finds none and
  // chan.py adds nothing there (adding a segment at line −1 would make the next collection start from there).
  // Then 2–6, unsure with five lines after it, is dropped and lines 2–11 collected again from line 1's end:
  // peak: a high at line 10 (19), then line 11 alone; all: lines 2–10, as the last line runs like line 1.
  // The mirror case, no high after a down end, the random tables meet.
  const points = [11, 12, 10, 15, 12, 16, 15, 17, 13, 17, 14, 19, 17];
  const t = table(
    points.slice(1).map((p, i) => (p > points[i]! ? 1 : -1)),
    points.slice(1).map((p, i) => Math.max(p, points[i]!)),
    points.slice(1).map((p, i) => Math.min(p, points[i]!)),
    points.slice(1).map((_, i) => i < points.length - 2),
  );
  for (const left of ["peak", "all"] as const) compare(t, left);
});
