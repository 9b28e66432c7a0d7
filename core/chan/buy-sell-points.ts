/**
 * Buy/sell points (买卖点) after chan.py's `CBSPointList`, at one level: on
 * strokes with segments, or on segments with segments of segments. Points sit
 * at line ends (a down line's end is a buy); several types on one line merge
 * into one point. Types 1 and 1p are tracked even when not emitted, because 2
 * and 3 refer to them; a type added to a line that already holds an emitted
 * point is kept even when not requested, as chan.py does.
 *
 * Every type-1 test (pivot divergence or the 1p comparison with the line two
 * back) is also returned as a {@link Divergence}.
 */
import type { Lines } from "./lines.ts";
import type { LineMetric } from "./line-metrics.ts";
import type { BspType, PointOptions, PointSides } from "./options.ts";
import type { Pivot, Pivots } from "./pivots.ts";
import type { Segments } from "./segments.ts";

export interface BuySellPoint {
  /** The line whose end is the point. */
  readonly line: number;
  /** The raw bar of that end. */
  readonly bar: number;
  readonly isBuy: boolean;
  readonly types: readonly BspType[];
  /** Raw bar of the related type-1 point, −1 when none. */
  readonly relatedBar: number;
  /** chan.py's numbers: `divergence_rate`, `bsp2_retrace_rate`, `bsp3_zs_height`, `bsp_bi_amp`, ... (null where chan.py has None). */
  readonly features: Readonly<Record<string, number | null>>;
  readonly sure: boolean;
}

export interface Divergence {
  /** The segment whose last line was tested. */
  readonly segment: number;
  /** `pivot`: leaving line against the pivot's entering line (type 1); `adjacent`: against the same-direction line two back (1p). */
  readonly kind: "pivot" | "adjacent";
  /** Pivot index for `pivot`, −1 otherwise. */
  readonly pivot: number;
  readonly inLine: number;
  readonly outLine: number;
  readonly algo: PointOptions["macd_algo"];
  readonly inMetric: number;
  readonly outMetric: number;
  /** out / in (chan.py adds 1e-7 to `in` for 1p). */
  readonly ratio: number;
  readonly threshold: number;
  /** `pivot` only: whether the leaving line broke out of [ZD, ZG] (required). */
  readonly brokePivot: boolean;
  readonly divergent: boolean;
  /** Whether a point of this type was emitted at the line. */
  readonly emitted: boolean;
}

export interface PointsResult {
  readonly points: readonly BuySellPoint[];
  readonly divergences: readonly Divergence[];
}

/** A point as built: the output record itself, its related bar set by the first type that brings one. */
type MutablePoint = Omit<BuySellPoint, "types" | "features" | "relatedBar"> & {
  readonly types: BspType[];
  relatedBar: number;
  readonly features: Record<string, number | null>;
};

type Features = Record<string, number | null>;

/** A divergence as built: `emitted` is set once every point is in. */
type PendingDivergence = Omit<Divergence, "emitted"> & { emitted: boolean };

class PointBuilder {
  /** Points kept (a line holds at most one), and each line's position among them (−1: none): read in line order, so no sort. */
  private readonly kept: MutablePoint[] = [];
  private readonly keptAt: Int32Array;
  /** Type-1 (and 1p) points, emitted or not, and each line's position among them: types 2 and 3 relate to them. */
  private readonly firstPoints: MutablePoint[] = [];
  private readonly firstAt: Int32Array;
  private readonly divergences: PendingDivergence[] = [];
  /** The point type each divergence tested, by position in `divergences`. */
  private readonly divergenceTypes: BspType[] = [];
  /**
   * Each segment's multi-line pivots (those that take part in types 1, 3a and 3b), in order: segment k's are
   * `list[multiIds[multiFrom[k] .. multiFrom[k + 1])]`, listed once rather than as a new array on each of the
   * three reads per segment.
   */
  private readonly multiFrom: Int32Array;
  private readonly multiIds: Int32Array;

  constructor(
    private readonly L: Lines,
    private readonly segs: Segments,
    private readonly pivots: Pivots,
    private readonly sides: PointSides,
    private readonly metric: LineMetric,
  ) {
    this.keptAt = new Int32Array(L.length).fill(-1);
    this.firstAt = new Int32Array(L.length).fill(-1);
    const { list, bySegment } = pivots;
    this.multiFrom = new Int32Array(bySegment.length + 1);
    this.multiIds = new Int32Array(list.length);
    let n = 0;
    for (let k = 0; k < bySegment.length; k++) {
      const ids = bySegment[k]!;
      for (let i = 0; i < ids.length; i++) if (list[ids[i]!]!.begin !== list[ids[i]!]!.end) this.multiIds[n++] = ids[i]!;
      this.multiFrom[k + 1] = n;
    }
  }

  build(): PointsResult {
    const S = this.segs.lines;
    // chan.py's order: every type 1 first (2 and 3 refer to them), then 2, then 3
    for (let k = 0; k < S.length; k++) this.type1(k);
    for (let k = 0; k < S.length; k++) {
      const c = this.side(S.dir[k] === -1);
      if (c.bs_type.includes("2") || c.bs_type.includes("2s")) this.type2(k);
    }
    for (let k = 0; k < S.length; k++) this.type3(k);
    // the builder's records go out as they are: nothing else holds them
    const points: BuySellPoint[] = [];
    // index loops: for-of over a typed array allocates a result object per element
    const keptAt = this.keptAt;
    for (let line = 0; line < keptAt.length; line++) if (keptAt[line]! >= 0) points.push(this.kept[keptAt[line]!]!);
    const divergences = this.divergences;
    for (let i = 0; i < divergences.length; i++) {
      const d = divergences[i]!;
      d.emitted = this.stored(d.outLine)?.types.includes(this.divergenceTypes[i]!) ?? false;
    }
    return { points, divergences };
  }

  /** The point kept at `line` (none at line −1: no type-1 line; a typed array reads undefined there). */
  private stored(line: number): MutablePoint | undefined {
    const k = this.keptAt[line];
    return k !== undefined && k >= 0 ? this.kept[k] : undefined;
  }

  /** The type-1 point at `line`, emitted or not. */
  private first(line: number): MutablePoint | null {
    const k = this.firstAt[line];
    return k !== undefined && k >= 0 ? this.firstPoints[k]! : null;
  }

  private side(isBuy: boolean): PointOptions {
    return isBuy ? this.sides.buy : this.sides.sell;
  }

  private amp(i: number): number {
    return Math.abs(this.L.endVal[i]! - this.L.beginVal[i]!);
  }

  /** How many multi-line pivots segment `k` has. */
  private multiCount(k: number): number {
    return this.multiFrom[k + 1]! - this.multiFrom[k]!;
  }

  /** Segment `k`'s multi-line pivot number `i`. */
  private multiAt(k: number, i: number): Pivot {
    return this.pivots.list[this.multiIds[this.multiFrom[k]! + i]!]!;
  }

  /** chan.py `add_bs`; `features` is the caller's fresh record, kept by a new point. */
  private add(type: BspType, line: number, related: MutablePoint | null, target: boolean, features: Features): void {
    const isBuy = this.L.dir[line] === -1;
    const existing = this.stored(line);
    if (existing) {
      existing.types.push(type);
      // the first related type-1 point stays (chan.py asserts that a later one is the same)
      if (existing.relatedBar === -1 && related) existing.relatedBar = related.bar;
      Object.assign(existing.features, features);
      return;
    }
    const isTarget = target && this.side(isBuy).bs_type.includes(type);
    const isFirst = type === "1" || type === "1p";
    // a point neither emitted nor of type 1 is kept by nothing
    if (!isTarget && !isFirst) return;
    features.bsp_bi_amp = this.amp(line);
    const L = this.L;
    const p: MutablePoint = { line, bar: L.endBar[line]!, isBuy, types: [type], relatedBar: related ? related.bar : -1, features, sure: L.isSure[line] === 1 };
    if (isTarget) this.keptAt[line] = this.kept.push(p) - 1;
    if (isFirst) this.firstAt[line] = this.firstPoints.push(p) - 1;
  }

  private type1(k: number): void {
    const S = this.segs.lines;
    const end = S.endLine[k]!;
    const c = this.side(S.dir[k] === -1);
    const ids = this.pivots.bySegment[k]!;
    let count = ids.length;
    if (c.bsp1_only_multibi_zs) {
      for (let i = 0; i < ids.length; i++) if (this.pivots.list[ids[i]!]!.begin === this.pivots.list[ids[i]!]!.end) count--;
    }
    const target = count >= c.min_zs_cnt; // chan.py's `min_zs_cnt <= 0 or` first: no count is negative
    const lastIndex = ids.at(-1) ?? -1;
    // undefined when none; no leaving line (−1) is at or after `end`. chan.py also requires a
    // multi-line pivot: a one-line pivot (lineIn = end − 1, lineOut = end + 1) that reaches `end` is
    // at most two lines from it, so the distance test already refuses it
    const last: Pivot | undefined = this.pivots.list[lastIndex];
    if (last && (last.lineOut >= end || last.end >= end) && end - last.lineIn > 2) {
      this.pivotDivergence(k, ids.length, lastIndex, c, target);
    } else {
      this.adjacentDivergence(k, c, target);
    }
  }

  /** Type 1 at segment `k` against its last pivot, number `pivot` in the list. */
  private pivotDivergence(k: number, zsCount: number, pivot: number, c: PointOptions, target: boolean): void {
    const L = this.L;
    const z = this.pivots.list[pivot]!;
    const out = this.segs.lines.endLine[k]!;
    if (c.bs1_peak && !outIsPeak(L, z, out)) target = false;
    const broke = (L.dir[out] === -1 && L.low[out]! < z.zd) || (L.dir[out] === 1 && L.high[out]! > z.zg);
    const inMetric = this.metric(z.lineIn, c.macd_algo, false);
    const outMetric = this.metric(out, c.macd_algo, true);
    const ratio = outMetric / inMetric;
    const divergent = broke && (c.divergence_rate > 100 || outMetric <= c.divergence_rate * inMetric);
    if (!divergent) target = false;
    this.divergenceTypes.push("1");
    this.divergences.push({
      segment: k,
      kind: "pivot",
      pivot,
      inLine: z.lineIn,
      outLine: out,
      algo: c.macd_algo,
      inMetric,
      outMetric,
      ratio,
      threshold: c.divergence_rate,
      brokePivot: broke,
      divergent,
      emitted: false,
    });
    this.add("1", out, null, target, { divergence_rate: broke ? ratio : null, zs_cnt: zsCount });
  }

  /** chan.py `treat_pz_bsp1`. */
  private adjacentDivergence(k: number, c: PointOptions, target: boolean): void {
    const L = this.L;
    const seg = this.segs;
    const last = seg.lines.endLine[k]!;
    // only a first segment split off as line 0 alone ends before line 2: its last−2 is −2, whose
    // segment reads undefined; chan.py's bi_list[-2] is line n−2 ≥ 1, outside that segment too
    const pre = last - 2;
    if (seg.lineSegment[last] !== seg.lineSegment[pre]) return;
    if (L.dir[last] !== seg.lines.dir[k]) return;
    if (L.dir[last] === -1 && L.low[last]! > L.low[pre]!) return;
    if (L.dir[last] === 1 && L.high[last]! < L.high[pre]!) return;
    const inMetric = this.metric(pre, c.macd_algo, false);
    const outMetric = this.metric(last, c.macd_algo, true);
    const divergent = outMetric <= c.divergence_rate * inMetric;
    const ratio = outMetric / (inMetric + 1e-7);
    this.divergenceTypes.push("1p");
    this.divergences.push({
      segment: k,
      kind: "adjacent",
      pivot: -1,
      inLine: pre,
      outLine: last,
      algo: c.macd_algo,
      inMetric,
      outMetric,
      ratio,
      threshold: c.divergence_rate,
      brokePivot: false,
      divergent,
      emitted: false,
    });
    this.add("1p", last, null, divergent && target, { divergence_rate: ratio, bsp1_bi_amp: this.amp(last) });
  }

  private type2(k: number): void {
    const S = this.segs.lines;
    let c: PointOptions;
    let first = -1;
    let breakLine: number;
    let line2: number;
    // chan.py returns when line2 does not exist (or, with one segment, line 1, which a segment's
    // three lines always give): past the last line `amp` reads NaN, so no 2 is added, and 2s looks
    // at no line
    if (S.length > 1) {
      c = this.side(S.dir[k] === -1);
      first = S.endLine[k]!;
      breakLine = first + 1;
      line2 = first + 2;
    } else {
      c = this.side(S.dir[k] === 1);
      breakLine = 0;
      line2 = 1;
    }
    // with one segment there is no type-1 line (first = −1), and no point sits at line −1
    if (c.bsp2_follow_1 && !this.stored(first)) return;
    const related = this.first(first);
    const retrace = this.amp(line2) / this.amp(breakLine);
    if (retrace <= c.max_bs2_rate) {
      this.add("2", line2, related, true, {
        bsp2_retrace_rate: retrace,
        bsp2_break_bi_amp: this.amp(breakLine),
        bsp2_bi_amp: this.amp(line2),
      });
    } else if (c.bsp2s_follow_2) {
      return;
    }
    if (!this.side(S.dir[k] === -1).bs_type.includes("2s")) return;
    this.type2s(line2, breakLine, related, c);
  }

  private type2s(line2: number, breakLine: number, related: MutablePoint | null, c: PointOptions): void {
    const L = this.L;
    const seg = this.segs;
    const segCount = seg.lines.length;
    let lo = 0;
    let hi = 0;
    for (let bias = 2; line2 + bias < L.length; bias += 2) {
      const s = line2 + bias;
      if (c.max_bsp2s_lv !== null && bias / 2 > c.max_bsp2s_lv) break;
      const s2 = seg.lineSegment[line2]!;
      const ss = seg.lineSegment[s]!;
      if (ss !== s2 && (ss < segCount - 1 || ss - s2 >= 2 || seg.lines.isSure[s2] === 1)) break;
      if (bias === 2) {
        if (!(L.high[s]! > L.low[line2]! && L.high[line2]! > L.low[s]!)) break;
        lo = Math.max(L.low[line2]!, L.low[s]!);
        hi = Math.min(L.high[line2]!, L.high[s]!);
      } else if (!(L.high[s]! > lo && hi > L.low[s]!)) {
        break;
      }
      // chan.py first stops at a line beyond the break line's start (`bsp2s_break_bsp1`); the retrace
      // test below already does: such a line ends farther from the break line's end than the break
      // line's whole amplitude, a retrace above 1, and `max_bs2_rate` is at most 1 (chan.py asserts it)
      const retrace = Math.abs(L.endVal[s]! - L.endVal[breakLine]!) / this.amp(breakLine);
      if (retrace > c.max_bs2_rate) break;
      this.add("2s", s, related, true, {
        bsp2s_retrace_rate: retrace,
        bsp2s_break_bi_amp: this.amp(breakLine),
        bsp2s_bi_amp: this.amp(s),
        bsp2s_lv: bias / 2,
      });
    }
  }

  private type3(k: number): void {
    const S = this.segs.lines;
    const c0 = this.side(S.dir[k] === -1);
    if (!c0.bs_type.includes("3a") && !c0.bs_type.includes("3b")) return;
    let first = -1;
    let next: number;
    let c: PointOptions;
    if (S.length > 1) {
      first = S.endLine[k]!;
      c = c0;
      next = k + 1 < S.length ? k + 1 : -1;
    } else {
      next = k;
      c = this.side(S.dir[k] === 1);
    }
    // chan.py's next_seg_idx, k itself with one segment, where it never decides: 3a compares it only
    // while it is below S.length − 2 (−1 then) and 3b needs a type-1 line
    const nextIdx = k + 1;
    // as in type 2, no point sits at line −1
    if (c.bsp3_follow_1 && !this.stored(first)) return;
    const related = this.first(first);
    if (next >= 0) this.type3After(next, c, related, first, nextIdx);
    // 3b starts from the type-1 line, which one segment does not have
    if (S.length > 1) this.type3Before(k, next, first, c, related, nextIdx);
  }

  /** 3a: the first pullback after the next segment's first multi-line pivot that stays out of it. */
  private type3After(next: number, c: PointOptions, related: MutablePoint | null, first: number, nextIdx: number): void {
    const L = this.L;
    const seg = this.segs;
    const S = seg.lines;
    const count = this.multiCount(next);
    if (count === 0) return;
    if (c.strict_bsp3 && this.multiAt(next, 0).lineIn !== first + 1) return;
    const maxCount = this.side(S.dir[next] === -1).bsp3a_max_zs_cnt;
    for (let zi = 0; zi < count && zi < maxCount; zi++) {
      const z = this.multiAt(next, zi);
      // the line after the leaving line (end + 1); chan.py stops where there is no leaving line or it
      // is the last line, that is where this line would lie past the table
      const b = z.end + 2;
      if (b >= L.length) break;
      if (seg.parentIndex[b]! < 0) {
        if (next !== S.length - 1) break;
      } else if (seg.parentIndex[b] !== next && seg.parentCount[b]! >= 3) {
        break;
      }
      if (L.dir[b] === S.dir[next]) break;
      if (seg.lineSegment[b] !== nextIdx && nextIdx < S.length - 2) break;
      if (backIntoPivot(L, b, z)) continue;
      // chan.py `bsp3_break_zspeak` tests a down line's high against GG and an up line's low against DD;
      // the other test never holds for a line out of the pivot (an up line's high is at most ZD, below
      // ZG, so below GG; a down line's low at least ZG, above ZD, so above DD: a pivot has ZD < ZG)
      const pastPeak = L.high[b]! >= z.gg || L.low[b]! <= z.dd;
      if (c.bsp3_peak && !pastPeak) continue;
      this.add("3a", b, related, true, { bsp3_zs_height: (z.zg - z.zd) / z.zd, bsp3_bi_amp: this.amp(b) });
    }
  }

  /** 3b: the first pullback after the type-1 line that stays out of the segment's last multi-line pivot. */
  private type3Before(k: number, next: number, first: number, c: PointOptions, related: MutablePoint | null, nextIdx: number): void {
    const L = this.L;
    const seg = this.segs;
    const count = this.multiCount(k);
    if (count === 0) return;
    const z = this.multiAt(k, count - 1);
    // a missing leaving line (−1) is never the type-1 line
    if (c.strict_bsp3 && z.lineOut !== first) return;
    const end = this.type3bEnd(next);
    for (let b = first + 2; b < L.length; b += 2) {
      if (b > end) break;
      if (seg.lineSegment[b] !== nextIdx && seg.lineSegment[b]! < seg.lines.length - 1) break;
      if (backIntoPivot(L, b, z)) continue;
      this.add("3b", b, related, true, { bsp3_zs_height: (z.zg - z.zd) / z.zd, bsp3_bi_amp: this.amp(b) });
      break;
    }
  }

  /** chan.py `cal_bsp3_bi_end_idx`: 3b is searched up to the next segment's first pivot's leaving line. */
  private type3bEnd(next: number): number {
    if (next === -1) return Infinity;
    const count = this.multiCount(next);
    if (count === 0 && next === this.segs.lines.length - 1) return Infinity;
    for (let i = 0; i < count; i++) if (this.multiAt(next, i).lineOut !== -1) return this.multiAt(next, i).lineOut;
    return this.segs.lines.endLine[next]! - 1;
  }
}

/**
 * No line of the pivot, up to line `end`, goes beyond the pivot's leaving line (chan.py `out_bi_is_peak`).
 * `end` is the segment's end, which the type-1 test reaches with the pivot or with its leaving line:
 * the walk to `end` then reads at most the leaving line itself past the pivot, which never goes beyond itself.
 */
function outIsPeak(L: Lines, z: Pivot, end: number): boolean {
  const out = z.lineOut;
  if (out === -1) return false;
  for (let b = z.begin; b <= end; b++) {
    if ((L.dir[out] === -1 && L.low[b]! < L.low[out]!) || (L.dir[out] === 1 && L.high[b]! > L.high[out]!)) return false;
  }
  return true;
}

/** The line returns into [ZD, ZG]. */
function backIntoPivot(L: Lines, b: number, z: Pivot): boolean {
  return (L.dir[b] === -1 && L.low[b]! < z.zg) || (L.dir[b] === 1 && L.high[b]! > z.zd);
}

/** Buy/sell points of `lines` at one level, with the type-1 divergence tests behind them. */
export function buildPoints(lines: Lines, segs: Segments, pivots: Pivots, sides: PointSides, metric: LineMetric): PointsResult {
  return new PointBuilder(lines, segs, pivots, sides, metric).build();
}
