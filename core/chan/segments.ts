/**
 * Segments (线段) by chan.py's `seg_algo: "chan"`: the characteristic-sequence
 * search run from the start and again after each confirmed end, then the tail
 * after the last confirmed end collected into unsure segments (`left_seg_method`).
 * The same function builds segments of segments from segment lines.
 *
 * chan.py quirks kept on purpose, because its later steps read them:
 * - the first segment may be split in two unsure ones when an earlier extreme
 *   lies beyond the first line's start;
 * - unsure tail segments can be dropped and rebuilt while collecting, and the
 *   lines they covered keep pointing at the dropped one (`parent_seg`), which
 *   type-3 points consult.
 * Where chan.py raises for a non-first segment whose end is on the wrong side
 * of its start, the candidate is skipped as chan.py does for the first one.
 */
import { CharacteristicSequence } from "./characteristic-sequence.ts";
import { allocLines, type Lines, type SegmentLines } from "./lines.ts";
import type { LeftSegMethod } from "./options.ts";
import type { RawRange } from "./stroke-rules.ts";

export interface Segments {
  readonly lines: SegmentLines;
  /** Per line below: its segment (chan.py `seg_idx`); lines after the last segment get `length`. */
  readonly lineSegment: Int32Array;
  /** Per line below, chan.py `parent_seg` as left by the build: index (−1 none), direction and line count. */
  readonly parentIndex: Int32Array;
  readonly parentDir: Int8Array;
  readonly parentCount: Int32Array;
}

interface Seg {
  readonly idx: number;
  readonly start: number;
  readonly end: number;
  readonly dir: number;
  readonly sure: boolean;
  readonly wasSure: boolean;
  readonly reason: string;
}

class SegmentBuilder {
  readonly segs: Seg[] = [];
  /** Per line, the last segment added over it (kept when that segment is dropped): index (−1 none), direction, line count. */
  readonly parentIndex: Int32Array;
  readonly parentDir: Int8Array;
  readonly parentCount: Int32Array;
  /** The segment lists at which collectLeft dropped its last segment (see there). */
  private readonly dropped = new Set<string>();
  /** The two searches, restarted for each segment rather than made anew. */
  private readonly up: CharacteristicSequence;
  private readonly down: CharacteristicSequence;

  constructor(
    private readonly L: Lines,
    private readonly leftMethod: LeftSegMethod,
  ) {
    this.up = new CharacteristicSequence(L, 1);
    this.down = new CharacteristicSequence(L, -1);
    this.parentIndex = new Int32Array(L.length).fill(-1);
    this.parentDir = new Int8Array(L.length);
    this.parentCount = new Int32Array(L.length);
  }

  build(): void {
    this.confirmFrom(0);
    this.collectLeft();
  }

  /** chan.py `cal_seg_sure` with its tail recursion unrolled. */
  private confirmFrom(begin: number): void {
    const L = this.L;
    for (;;) {
      const { up, down } = this;
      up.restart();
      down.restart();
      const first = this.segs.length === 0;
      let lastDir = first ? 0 : this.segs[this.segs.length - 1]!.dir;
      let found: CharacteristicSequence | null = null;
      for (let i = begin; i < L.length && !found; i++) {
        const d = L.dir[i]!;
        if (d === -1 && lastDir !== 1) {
          if (up.add(i)) found = up;
        } else if (d === 1 && lastDir !== -1) {
          if (down.add(i)) found = down;
        }
        if (first) {
          // The first segment's direction goes to the side that first has a second element, and the
          // other side restarts; losing it (on a reset) feeds both sides again. chan.py looks only on
          // the line that fed the side, the one line where its second element can appear or go.
          if (up.hasSecond) {
            lastDir = -1;
            down.clear();
          } else if (down.hasSecond) {
            up.clear();
            lastDir = 1;
          } else lastDir = 0;
        }
      }
      if (!found) return;
      const confirmed = found.canBeEnd() === true;
      const end = found.endLine();
      // a segment is refused only when sure, so confirmed: an unconfirmed end is always taken, and ends the search
      this.add(end, confirmed && found.allSure(), 0, true, "normal");
      if (!confirmed) return;
      begin = end + 1;
    }
  }

  /** chan.py `add_new_seg`: a sure segment whose end lies on the wrong side of its start is refused. */
  private add(end: number, sure: boolean, segDir: number, splitFirst: boolean, reason: string): void {
    const L = this.L;
    if (this.segs.length === 0 && splitFirst) {
      // lines end - 3 back to 0 (none before line 3); no peak is −1, whose direction reads undefined
      const peak = findPeak(L, end - 3, -1, L.dir[end] === -1);
      if ((L.dir[peak] === -1 && (L.low[peak]! < L.low[0]! || peak === 0)) || (L.dir[peak] === 1 && (L.high[peak]! > L.high[0]! || peak === 0))) {
        this.add(peak, false, L.dir[peak]!, true, "split_first_1st");
        this.add(end, false, 0, true, "split_first_2nd");
        return;
      }
    }
    const start = this.segs.length === 0 ? 0 : this.segs[this.segs.length - 1]!.end + 1;
    const dir = segDir !== 0 ? segDir : L.dir[end]!;
    const isSure = sure && end - start >= 2;
    if (isSure && (dir === -1 ? L.beginVal[start]! < L.endVal[end]! : L.beginVal[start]! > L.endVal[end]!)) return;
    const seg: Seg = { idx: this.segs.length, start, end, dir, sure: isSure, wasSure: sure, reason };
    this.segs.push(seg);
    this.parentIndex.fill(seg.idx, start, end + 1);
    this.parentDir.fill(dir, start, end + 1);
    this.parentCount.fill(end - start + 1, start, end + 1);
  }

  /**
   * chan.py `collect_left_seg`. Dropping an unsure last segment and collecting
   * again can come back to the same list of segments (on lines of equal
   * values, where the forced search adds the segment that was dropped and then
   * finds nothing after it): chan.py then recurses until Python's stack runs
   * out. Everything here is decided by the list alone, so a list seen twice
   * would repeat for ever; the second time it is kept as it is.
   */
  private collectLeft(): void {
    if (this.segs.length === 0) {
      this.collectFirst();
      return;
    }
    this.collectTail();
    // collecting only adds segments, so there is a last one (and so lines)
    const last = this.segs[this.segs.length - 1]!;
    if (this.L.length - 1 - last.end > 2 && !last.sure) {
      const list = this.segs.map((g) => `${g.end}${g.dir}${g.sure ? "s" : "u"}`).join();
      if (this.dropped.has(list)) return;
      this.dropped.add(list);
      this.segs.pop();
      this.collectLeft();
    }
  }

  private collectFirst(): void {
    const L = this.L;
    const n = L.length;
    if (n < 3) return;
    if (this.leftMethod === "peak") {
      let hi = -Infinity;
      let lo = Infinity;
      for (let i = 0; i < n; i++) {
        hi = Math.max(hi, L.high[i]!);
        lo = Math.min(lo, L.low[i]!);
      }
      const b0 = L.beginVal[0]!;
      if (Math.abs(hi - b0) >= Math.abs(lo - b0)) this.add(findPeak(L, 0, 1, true), false, 1, false, "0seg_find_high");
      else this.add(findPeak(L, 0, 1, false), false, -1, false, "0seg_find_low");
      this.collectAsOne();
    } else {
      this.add(n - 1, false, L.endVal[n - 1]! >= L.beginVal[0]! ? 1 : -1, false, "0seg_collect_all");
    }
  }

  /** chan.py `collect_segs`. */
  private collectTail(): void {
    const L = this.L;
    const lastLine = L.length - 1;
    const e = this.segs[this.segs.length - 1]!.end;
    if (lastLine - e < 3) return;
    if (L.dir[e] === -1 && L.endVal[lastLine]! <= L.endVal[e]!) {
      const peak = findPeak(L, e + 3, 1, true);
      if (peak >= 0) {
        this.add(peak, false, 1, true, "collectleft_find_high_force");
        this.collectLeft();
      }
    } else if (L.dir[e] === 1 && L.endVal[lastLine]! >= L.endVal[e]!) {
      const peak = findPeak(L, e + 3, 1, false);
      if (peak >= 0) {
        this.add(peak, false, -1, true, "collectleft_find_low_force");
        this.collectLeft();
      }
    } else if (this.leftMethod === "all") {
      this.collectAsOne();
    } else {
      this.collectByPeaks(e);
    }
  }

  /** chan.py `collect_left_seg_peak_method`: unsure segments to each later opposite extreme. */
  private collectByPeaks(e: number): void {
    for (;;) {
      const isHigh = this.L.dir[e] === -1;
      // the search starts 3 lines after the end, so a peak is always that far (chan.py checks it again)
      const peak = findPeak(this.L, e + 3, 1, isHigh);
      if (peak < 0) {
        this.collectAsOne();
        return;
      }
      // an unsure segment after the first is never refused: it ends at the peak
      this.add(peak, false, isHigh ? 1 : -1, true, isHigh ? "collectleft_find_high" : "collectleft_find_low");
      e = peak;
    }
  }

  /** chan.py `collect_left_as_seg`: what remains becomes one unsure segment. */
  private collectAsOne(): void {
    const L = this.L;
    const last = L.length - 1;
    const e = this.segs[this.segs.length - 1]!.end;
    if (e + 1 > last) return;
    if (L.dir[e] === L.dir[last]) this.add(last - 1, false, 0, true, "collect_left_1");
    else this.add(last, false, 0, true, "collect_left_0");
  }
}

/**
 * chan.py `FindPeakBi` over lines from `from` by `step` (1 forwards, −1 backwards) to the end of the
 * table: the most extreme up-line end (`isHigh`) or down-line end, skipping a line whose
 * same-direction predecessor went further; on ties the later one in walking order. −1 when none.
 */
function findPeak(L: Lines, from: number, step: 1 | -1, isHigh: boolean): number {
  let peakVal = isHigh ? -Infinity : Infinity;
  let peak = -1;
  for (let i = from; i >= 0 && i < L.length; i += step) {
    const v = L.endVal[i]!;
    if (isHigh ? L.dir[i] === 1 && v >= peakVal : L.dir[i] === -1 && v <= peakVal) {
      // lines 0 and 1 have no predecessor: the read before line 0 is undefined, never further
      if (isHigh ? L.endVal[i - 2]! > v : L.endVal[i - 2]! < v) continue;
      peakVal = v;
      peak = i;
    }
  }
  return peak;
}

/** Segments of `lines` (strokes, or segments for segments of segments). */
export function buildSegments(lines: Lines, raw: RawRange, leftMethod: LeftSegMethod): Segments {
  const b = new SegmentBuilder(lines, leftMethod);
  b.build();
  const segs = b.segs;
  const n = segs.length;
  const out = allocLines(n);
  const startLine = new Int32Array(n);
  const endLine = new Int32Array(n);
  const reason: string[] = [];
  // segments follow each other from line 0: the lines after the last one belong to none (`n`)
  const lineSegment = new Int32Array(lines.length).fill(n);
  for (let i = 0; i < n; i++) {
    const s = segs[i]!;
    lineSegment.fill(i, s.start, s.end + 1);
    const bb = lines.beginBar[s.start]!;
    const eb = lines.endBar[s.end]!;
    startLine[i] = s.start;
    endLine[i] = s.end;
    reason.push(s.reason);
    out.dir[i] = s.dir;
    out.isSure[i] = s.sure ? 1 : 0;
    out.wasSure[i] = s.wasSure ? 1 : 0; // a sure segment always had `sure` given
    out.beginVal[i] = lines.beginVal[s.start]!;
    out.endVal[i] = lines.endVal[s.end]!;
    out.high[i] = s.dir === 1 ? raw.high[eb]! : raw.high[bb]!;
    out.low[i] = s.dir === -1 ? raw.low[eb]! : raw.low[bb]!;
    out.beginBar[i] = bb;
    out.endBar[i] = eb;
  }
  return { lines: { ...out, startLine, endLine, reason }, lineSegment, parentIndex: b.parentIndex, parentDir: b.parentDir, parentCount: b.parentCount };
}
