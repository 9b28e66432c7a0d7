/**
 * Buy/sell points against chan.py's `CBSPointList` written again here the way chan.py states it
 * (Vespa314/chan.py 429d6ed3: `BuySellPoint/BSPointList.py`: `cal` from a fresh list, `add_bs`,
 * `cal_single_bs1point`, `treat_bsp1`, `treat_pz_bsp1`, `treat_bsp2`, `treat_bsp2s`,
 * `cal_seg_bs3point`, `treat_bsp3_after`, `treat_bsp3_before`, `bsp2s_break_bsp1`, `bsp3_back2zs`,
 * `bsp3_break_zspeak`, `cal_bsp3_bi_end_idx`; `BS_Point.py`: `add_another_bsp_prop`, the common
 * `bsp_bi_amp` feature; `ZS/ZS.py`: `is_divergence`, `end_bi_break`, `out_bi_is_peak`,
 * `is_one_bi_zs`; `Seg/Seg.py`: the multi-line pivot lists; `KLine_List.update_zs_in_seg`: each
 * segment's pivots, `bi_in`, `bi_out`, `bi_lst`), over random line tables (`eigen-fx-model.ts`), their
 * segments and pivots under several `zs` settings, a random force per line and direction, and random
 * point options per side. Every point (line, bar, side, types in order, related type-1 bar,
 * features, sure) must be equal, and every type-1 test (the divergence records, our addition) must be
 * the one chan.py makes, with its numbers.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { buildPoints, type Divergence } from "../../../core/chan/buy-sell-points.ts";
import type { LineMetric } from "../../../core/chan/line-metrics.ts";
import { BSP_TYPES, type BspType, type ChanConfig, DEFAULT_POINT_OPTIONS, type MacdAlgo, type PointOptions, type PointSides } from "../../../core/chan/options.ts";
import { buildPivots, type Pivots } from "../../../core/chan/pivots.ts";
import { buildSegments, type Segments } from "../../../core/chan/segments.ts";
import { chained, chainedLong, chainedWide, type Table, table, unchained } from "./eigen-fx-model.ts";

/** chan.py's CBi as the point code reads it. */
interface Bi {
  readonly idx: number;
  readonly dir: number;
  readonly high: number;
  readonly low: number;
  readonly beginVal: number;
  readonly endVal: number;
  readonly endKlu: number;
  readonly sure: boolean;
  readonly segIdx: number;
  /** `parent_seg`: its index and `len(bi_list)`, null when none. */
  readonly parent: { readonly idx: number; readonly count: number } | null;
}
const isDown = (b: Bi) => b.dir === -1;
const isUp = (b: Bi) => b.dir === 1;
const amp = (b: Bi) => Math.abs(b.endVal - b.beginVal);

/** chan.py's CZS after `update_zs_in_seg`. */
interface Zs {
  /** Position in the pivot list (the divergence record names it). */
  readonly at: number;
  readonly low: number;
  readonly high: number;
  readonly peakLow: number;
  readonly peakHigh: number;
  readonly beginBi: Bi;
  readonly endBi: Bi;
  readonly biIn: Bi;
  readonly biOut: Bi | null;
  readonly biLst: readonly Bi[];
}
const isOneBiZs = (z: Zs) => z.beginBi.idx === z.endBi.idx;

interface Seg {
  readonly idx: number;
  readonly dir: number;
  readonly startBi: Bi;
  readonly endBi: Bi;
  readonly sure: boolean;
  zsLst: Zs[];
  next: Seg | null;
}
const multiBiZsLst = (s: Seg) => s.zsLst.filter((z) => !isOneBiZs(z));

interface Point {
  readonly bi: Bi;
  readonly isBuy: boolean;
  readonly type: BspType[];
  relate: Point | null;
  readonly features: Record<string, number | null>;
}

function model(t: Table, segs: Segments, pivots: Pivots) {
  const L = t.lines;
  const S = segs.lines;
  const biList: Bi[] = [];
  for (let i = 0; i < L.length; i++) {
    const p = segs.parentIndex[i]!;
    biList.push({
      idx: i,
      dir: L.dir[i]!,
      high: L.high[i]!,
      low: L.low[i]!,
      beginVal: L.beginVal[i]!,
      endVal: L.endVal[i]!,
      endKlu: L.endBar[i]!,
      sure: L.isSure[i] === 1,
      segIdx: segs.lineSegment[i]!,
      parent: p >= 0 ? { idx: p, count: segs.parentCount[i]! } : null,
    });
  }
  const segList: Seg[] = [];
  for (let k = 0; k < S.length; k++) {
    segList.push({ idx: k, dir: S.dir[k]!, startBi: biList[S.startLine[k]!]!, endBi: biList[S.endLine[k]!]!, sure: S.isSure[k] === 1, zsLst: [], next: null });
    if (k > 0) segList[k - 1]!.next = segList[k]!;
  }
  const zsList: Zs[] = pivots.list.map((z, at) => ({
    at,
    low: z.zd,
    high: z.zg,
    peakLow: z.dd,
    peakHigh: z.gg,
    beginBi: biList[z.begin]!,
    endBi: biList[z.end]!,
    biIn: biList[z.begin - 1]!,
    biOut: z.end + 1 < biList.length ? biList[z.end + 1]! : null,
    biLst: biList.slice(z.begin, z.end + 1),
  }));
  // update_zs_in_seg from scratch: segments backwards, each one's pivots backwards until one ends before it begins
  for (let si = segList.length - 1; si >= 0; si--) {
    const seg = segList[si]!;
    for (let zi = zsList.length - 1; zi >= 0; zi--) {
      const zs = zsList[zi]!;
      if (zs.endBi.endKlu < L.beginBar[seg.startBi.idx]!) break;
      if (seg.startBi.idx <= zs.beginBi.idx && zs.beginBi.idx <= seg.endBi.idx) seg.zsLst = [zs, ...seg.zsLst];
    }
  }
  return { biList, segList };
}

class BSPointList {
  readonly storeFlat = new Map<number, Point>();
  readonly bsp1 = new Map<number, Point>();
  /** Our addition: each type-1 test, with the type it would emit. */
  readonly tests: { d: Omit<Divergence, "emitted">; type: BspType }[] = [];

  constructor(
    readonly sides: PointSides,
    readonly metric: LineMetric,
  ) {}

  conf(isBuy: boolean): PointOptions {
    return isBuy ? this.sides.buy : this.sides.sell;
  }

  cal(biList: readonly Bi[], segList: readonly Seg[]): void {
    for (const seg of segList) this.calSingleBs1point(seg, biList);
    for (const seg of segList) {
      const config = this.conf(seg.dir === -1);
      if (!config.bs_type.includes("2") && !config.bs_type.includes("2s")) continue;
      this.treatBsp2(seg, segList, biList);
    }
    this.calSegBs3point(segList, biList);
  }

  addBs(bsType: BspType, bi: Bi, relate: Point | null, isTarget: boolean, features: Record<string, number | null>): void {
    const isBuy = isDown(bi);
    const exist = this.storeFlat.get(bi.idx);
    if (exist) {
      exist.type.push(bsType);
      if (exist.relate === null) exist.relate = relate;
      Object.assign(exist.features, features);
      return;
    }
    if (!this.conf(isBuy).bs_type.includes(bsType)) isTarget = false;
    const first = bsType === "1" || bsType === "1p";
    if (!isTarget && !first) return;
    const bsp: Point = { bi, isBuy, type: [bsType], relate, features: { ...features, bsp_bi_amp: amp(bi) } };
    if (isTarget) this.storeFlat.set(bi.idx, bsp);
    if (first) this.bsp1.set(bi.idx, bsp);
  }

  calSingleBs1point(seg: Seg, biList: readonly Bi[]): void {
    const conf = this.conf(seg.dir === -1);
    const zsCnt = conf.bsp1_only_multibi_zs ? multiBiZsLst(seg).length : seg.zsLst.length;
    const isTarget = conf.min_zs_cnt <= 0 || zsCnt >= conf.min_zs_cnt;
    const last = seg.zsLst.at(-1);
    if (last !== undefined && !isOneBiZs(last) && ((last.biOut !== null && last.biOut.idx >= seg.endBi.idx) || last.biLst.at(-1)!.idx >= seg.endBi.idx) && seg.endBi.idx - last.biIn.idx > 2)
      this.treatBsp1(seg, conf, isTarget);
    else this.treatPzBsp1(seg, conf, biList, isTarget);
  }

  treatBsp1(seg: Seg, conf: PointOptions, isTarget: boolean): void {
    const zs = seg.zsLst.at(-1)!;
    const outBi = seg.endBi;
    // out_bi_is_peak(end_bi.idx)
    let breakPeak = zs.biOut !== null;
    if (zs.biOut !== null) {
      for (const bi of zs.biLst) {
        if (bi.idx > outBi.idx) break;
        if ((isDown(zs.biOut) && bi.low < zs.biOut.low) || (isUp(zs.biOut) && bi.high > zs.biOut.high)) {
          breakPeak = false;
          break;
        }
      }
    }
    if (conf.bs1_peak && !breakPeak) isTarget = false;
    // is_divergence: the out line must break the pivot; the metrics are recorded either way (our addition)
    const broke = (isDown(outBi) && outBi.low < zs.low) || (isUp(outBi) && outBi.high > zs.high);
    const inMetric = this.metric(zs.biIn.idx, conf.macd_algo, false);
    const outMetric = this.metric(outBi.idx, conf.macd_algo, true);
    const isDiver = broke && (conf.divergence_rate > 100 ? true : outMetric <= conf.divergence_rate * inMetric);
    if (!isDiver) isTarget = false;
    this.tests.push({
      type: "1",
      d: {
        segment: seg.idx,
        kind: "pivot",
        pivot: zs.at,
        inLine: zs.biIn.idx,
        outLine: outBi.idx,
        algo: conf.macd_algo,
        inMetric,
        outMetric,
        ratio: outMetric / inMetric,
        threshold: conf.divergence_rate,
        brokePivot: broke,
        divergent: isDiver,
      },
    });
    this.addBs("1", outBi, null, isTarget, { divergence_rate: broke ? outMetric / inMetric : null, zs_cnt: seg.zsLst.length });
  }

  treatPzBsp1(seg: Seg, conf: PointOptions, biList: readonly Bi[], isTarget: boolean): void {
    const lastBi = seg.endBi;
    const preBi = biList.at(lastBi.idx - 2)!; // Python's negative index counts from the end
    if (lastBi.segIdx !== preBi.segIdx) return;
    if (lastBi.dir !== seg.dir) return;
    if (isDown(lastBi) && lastBi.low > preBi.low) return;
    if (isUp(lastBi) && lastBi.high < preBi.high) return;
    const inMetric = this.metric(preBi.idx, conf.macd_algo, false);
    const outMetric = this.metric(lastBi.idx, conf.macd_algo, true);
    const isDiver = outMetric <= conf.divergence_rate * inMetric;
    const rate = outMetric / (inMetric + 1e-7);
    if (!isDiver) isTarget = false;
    this.tests.push({
      type: "1p",
      d: {
        segment: seg.idx,
        kind: "adjacent",
        pivot: -1,
        inLine: preBi.idx,
        outLine: lastBi.idx,
        algo: conf.macd_algo,
        inMetric,
        outMetric,
        ratio: rate,
        threshold: conf.divergence_rate,
        brokePivot: false,
        divergent: isDiver,
      },
    });
    this.addBs("1p", lastBi, null, isTarget, { divergence_rate: rate, bsp1_bi_amp: amp(lastBi) });
  }

  treatBsp2(seg: Seg, segList: readonly Seg[], biList: readonly Bi[]): void {
    let conf: PointOptions;
    let bsp1Bi: Bi | null;
    let realBsp1: Point | null;
    let breakBi: Bi;
    let bsp2Bi: Bi;
    if (segList.length > 1) {
      conf = this.conf(seg.dir === -1);
      bsp1Bi = seg.endBi;
      realBsp1 = this.bsp1.get(bsp1Bi.idx) ?? null;
      if (bsp1Bi.idx + 2 >= biList.length) return;
      breakBi = biList[bsp1Bi.idx + 1]!;
      bsp2Bi = biList[bsp1Bi.idx + 2]!;
    } else {
      conf = this.conf(seg.dir === 1);
      bsp1Bi = null;
      realBsp1 = null;
      if (biList.length === 1) return;
      bsp2Bi = biList[1]!;
      breakBi = biList[0]!;
    }
    if (conf.bsp2_follow_1 && (bsp1Bi === null || !this.storeFlat.has(bsp1Bi.idx))) return;
    const retraceRate = amp(bsp2Bi) / amp(breakBi);
    if (retraceRate <= conf.max_bs2_rate) {
      this.addBs("2", bsp2Bi, realBsp1, true, { bsp2_retrace_rate: retraceRate, bsp2_break_bi_amp: amp(breakBi), bsp2_bi_amp: amp(bsp2Bi) });
    } else if (conf.bsp2s_follow_2) return;
    if (!this.conf(seg.dir === -1).bs_type.includes("2s")) return;
    this.treatBsp2s(segList, biList, bsp2Bi, breakBi, realBsp1, conf);
  }

  treatBsp2s(segList: readonly Seg[], biList: readonly Bi[], bsp2Bi: Bi, breakBi: Bi, realBsp1: Point | null, conf: PointOptions): void {
    let bias = 2;
    let low = 0;
    let high = 0;
    const hasOverlap = (l1: number, h1: number, l2: number, h2: number) => h2 > l1 && h1 > l2;
    while (bsp2Bi.idx + bias < biList.length) {
      const bsp2sBi = biList[bsp2Bi.idx + bias]!;
      if (conf.max_bsp2s_lv !== null && bias / 2 > conf.max_bsp2s_lv) break;
      if (bsp2sBi.segIdx !== bsp2Bi.segIdx && (bsp2sBi.segIdx < segList.length - 1 || bsp2sBi.segIdx - bsp2Bi.segIdx >= 2 || segList[bsp2Bi.segIdx]!.sure)) break;
      if (bias === 2) {
        if (!hasOverlap(bsp2Bi.low, bsp2Bi.high, bsp2sBi.low, bsp2sBi.high)) break;
        low = Math.max(bsp2Bi.low, bsp2sBi.low);
        high = Math.min(bsp2Bi.high, bsp2sBi.high);
      } else if (!hasOverlap(low, high, bsp2sBi.low, bsp2sBi.high)) break;
      // bsp2s_break_bsp1
      if ((isDown(bsp2sBi) && bsp2sBi.low < breakBi.low) || (isUp(bsp2sBi) && bsp2sBi.high > breakBi.high)) break;
      const retraceRate = Math.abs(bsp2sBi.endVal - breakBi.endVal) / amp(breakBi);
      if (retraceRate > conf.max_bs2_rate) break;
      this.addBs("2s", bsp2sBi, realBsp1, true, { bsp2s_retrace_rate: retraceRate, bsp2s_break_bi_amp: amp(breakBi), bsp2s_bi_amp: amp(bsp2sBi), bsp2s_lv: bias / 2 });
      bias += 2;
    }
  }

  calSegBs3point(segList: readonly Seg[], biList: readonly Bi[]): void {
    for (const seg of segList) {
      const config = this.conf(seg.dir === -1);
      if (!config.bs_type.includes("3a") && !config.bs_type.includes("3b")) continue;
      let bsp1Bi: Bi | null;
      let bsp1BiIdx: number;
      let conf: PointOptions;
      let realBsp1: Point | null;
      let nextSegIdx: number;
      let nextSeg: Seg | null;
      if (segList.length > 1) {
        bsp1Bi = seg.endBi;
        bsp1BiIdx = bsp1Bi.idx;
        conf = this.conf(seg.dir === -1);
        realBsp1 = this.bsp1.get(bsp1Bi.idx) ?? null;
        nextSegIdx = seg.idx + 1;
        nextSeg = seg.next;
      } else {
        nextSeg = seg;
        nextSegIdx = seg.idx;
        bsp1Bi = null;
        realBsp1 = null;
        bsp1BiIdx = -1;
        conf = this.conf(seg.dir === 1);
      }
      if (conf.bsp3_follow_1 && (bsp1Bi === null || !this.storeFlat.has(bsp1Bi.idx))) continue;
      if (nextSeg) this.treatBsp3After(segList, nextSeg, conf, biList, realBsp1, bsp1BiIdx, nextSegIdx);
      this.treatBsp3Before(segList, seg, nextSeg, bsp1Bi, conf, biList, realBsp1, nextSegIdx);
    }
  }

  treatBsp3After(segList: readonly Seg[], nextSeg: Seg, conf: PointOptions, biList: readonly Bi[], realBsp1: Point | null, bsp1BiIdx: number, nextSegIdx: number): void {
    const firstZs = multiBiZsLst(nextSeg)[0];
    if (firstZs === undefined) return;
    if (conf.strict_bsp3 && firstZs.biIn.idx !== bsp1BiIdx + 1) return;
    const maxCnt = this.conf(nextSeg.dir === -1).bsp3a_max_zs_cnt;
    const lst = multiBiZsLst(nextSeg);
    for (let zsIdx = 0; zsIdx < lst.length; zsIdx++) {
      const zs = lst[zsIdx]!;
      if (zsIdx >= maxCnt) break;
      if (zs.biOut === null || zs.biOut.idx + 1 >= biList.length) break;
      const bsp3Bi = biList[zs.biOut.idx + 1]!;
      if (bsp3Bi.parent === null) {
        if (nextSeg.idx !== segList.length - 1) break;
      } else if (bsp3Bi.parent.idx !== nextSeg.idx) {
        if (bsp3Bi.parent.count >= 3) break;
      }
      if (bsp3Bi.dir === nextSeg.dir) break;
      if (bsp3Bi.segIdx !== nextSegIdx && nextSegIdx < segList.length - 2) break;
      if (back2zs(bsp3Bi, zs)) continue;
      const peak = (isDown(bsp3Bi) && bsp3Bi.high >= zs.peakHigh) || (isUp(bsp3Bi) && bsp3Bi.low <= zs.peakLow);
      if (conf.bsp3_peak && !peak) continue;
      this.addBs("3a", bsp3Bi, realBsp1, true, { bsp3_zs_height: (zs.high - zs.low) / zs.low, bsp3_bi_amp: amp(bsp3Bi) });
    }
  }

  treatBsp3Before(segList: readonly Seg[], seg: Seg, nextSeg: Seg | null, bsp1Bi: Bi | null, conf: PointOptions, biList: readonly Bi[], realBsp1: Point | null, nextSegIdx: number): void {
    const cmpZs = multiBiZsLst(seg).at(-1);
    if (cmpZs === undefined) return;
    if (bsp1Bi === null) return;
    if (conf.strict_bsp3 && (cmpZs.biOut === null || cmpZs.biOut.idx !== bsp1Bi.idx)) return;
    const endBiIdx = calBsp3BiEndIdx(nextSeg);
    for (let i = bsp1Bi.idx + 2; i < biList.length; i += 2) {
      const bsp3Bi = biList[i]!;
      if (bsp3Bi.idx > endBiIdx) break;
      if (bsp3Bi.segIdx !== nextSegIdx && bsp3Bi.segIdx < segList.length - 1) break;
      if (back2zs(bsp3Bi, cmpZs)) continue;
      this.addBs("3b", bsp3Bi, realBsp1, true, { bsp3_zs_height: (cmpZs.high - cmpZs.low) / cmpZs.low, bsp3_bi_amp: amp(bsp3Bi) });
      break;
    }
  }
}

function back2zs(bi: Bi, zs: Zs): boolean {
  return (isDown(bi) && bi.low < zs.high) || (isUp(bi) && bi.high > zs.low);
}

function calBsp3BiEndIdx(seg: Seg | null): number {
  if (seg === null) return Infinity;
  if (multiBiZsLst(seg).length === 0 && seg.next === null) return Infinity;
  let end = seg.endBi.idx - 1;
  for (const zs of seg.zsLst) {
    if (isOneBiZs(zs)) continue;
    if (zs.biOut !== null) {
      end = zs.biOut.idx;
      break;
    }
  }
  return end;
}

const zsConfigs: ChanConfig["zs"][] = [
  { algo: "normal", oneBiZs: false, combine: true, combineMode: "zs" },
  { algo: "normal", oneBiZs: true, combine: true, combineMode: "zs" },
  { algo: "normal", oneBiZs: true, combine: false, combineMode: "peak" },
  { algo: "over_seg", oneBiZs: false, combine: true, combineMode: "peak" },
  { algo: "auto", oneBiZs: false, combine: false, combineMode: "zs" },
];

/** Forces on a small set with ties, one far above the rest (for `divergence_rate` 100, which is not "above 100"). */
const FORCES = [0.5, 1, 2, 3, 500];

const pointOptions: fc.Arbitrary<PointOptions> = fc.record({
  divergence_rate: fc.constantFrom(Infinity, 150, 100, 2, 1, 0.5, 0),
  min_zs_cnt: fc.integer({ min: -1, max: 3 }),
  bsp1_only_multibi_zs: fc.boolean(),
  max_bs2_rate: fc.constantFrom(0.9999, 1, 0.618, 0.5, 0.25),
  macd_algo: fc.constantFrom<MacdAlgo>("peak", "area", "slope"),
  bs1_peak: fc.boolean(),
  bs_type: fc.oneof(fc.constant(BSP_TYPES), fc.subarray([...BSP_TYPES])),
  bsp2_follow_1: fc.boolean(),
  bsp3_follow_1: fc.boolean(),
  bsp3_peak: fc.boolean(),
  bsp2s_follow_2: fc.boolean(),
  max_bsp2s_lv: fc.constantFrom(null, 0, 1, 2),
  strict_bsp3: fc.boolean(),
  bsp3a_max_zs_cnt: fc.integer({ min: 0, max: 3 }),
});

const sides: fc.Arbitrary<PointSides> = fc.oneof(
  pointOptions.map((o) => ({ buy: o, sell: o })),
  fc.record({ buy: pointOptions, sell: pointOptions }),
);

/** Force of line i: a random value per line and direction of measure, scaled per algorithm. */
const forces = fc.array(fc.constantFrom(...FORCES), { minLength: 2 * 70, maxLength: 2 * 70 });
const metricOf =
  (n: number, f: readonly number[]): LineMetric =>
  (i, algo, reverse) => {
    assert.ok(Number.isInteger(i) && i >= 0 && i < n, `force asked of line ${i} of ${n}`);
    return f[2 * i + (reverse ? 1 : 0)]! * (algo === "peak" ? 1 : algo === "area" ? 7 : 0.01);
  };

const seen = new Map<string, number>();
const count = (key: string, by = 1) => seen.set(key, (seen.get(key) ?? 0) + by);

function compare(t: Table, zsIndex: number, left: "peak" | "all", sideOptions: PointSides, f: readonly number[]): void {
  const segs = buildSegments(t.lines, t.raw, left);
  const pivots = buildPivots(t.lines, segs, zsConfigs[zsIndex]!);
  const metric = metricOf(t.lines.length, f);
  const { biList, segList } = model(t, segs, pivots);
  const ref = new BSPointList(sideOptions, metric);
  ref.cal(biList, segList);
  const got = buildPoints(t.lines, segs, pivots, sideOptions, metric);

  const want = [...ref.storeFlat.values()]
    .sort((a, b) => a.bi.idx - b.bi.idx)
    .map((p) => ({ line: p.bi.idx, bar: p.bi.endKlu, isBuy: p.isBuy, types: p.type, relatedBar: p.relate ? p.relate.bi.endKlu : -1, features: p.features, sure: p.bi.sure }));
  const at = `${t.lines.length} lines, ${segs.lines.length} segments, ${pivots.list.length} pivots, zs ${zsIndex}, ${left}`;
  assert.deepEqual(
    got.points.map((p) => ({ ...p })),
    want,
    `${at}: points`,
  );
  assert.deepEqual(
    got.divergences.map((d) => ({ ...d })),
    ref.tests.map(({ d, type }) => ({ ...d, emitted: ref.storeFlat.get(d.outLine)?.type.includes(type) ?? false })),
    `${at}: type-1 tests`,
  );
  for (const p of want) for (const ty of p.types) count(ty);
  count("related", want.filter((p) => p.relatedBar >= 0).length);
  count("multi-type", want.filter((p) => p.types.length > 1).length);
  for (const d of got.divergences) count(`${d.kind} ${d.divergent}`);
}

const cases = (tables: fc.Arbitrary<Table>) => fc.tuple(tables, fc.integer({ min: 0, max: zsConfigs.length - 1 }), fc.constantFrom<"peak" | "all">("peak", "all"), sides, forces);

test("points equal chan.py's CBSPointList on chained walks with ties, random point options per side", () => {
  fc.assert(
    fc.property(cases(chained), (c) => compare(...c)),
    { seed: 2391, numRuns: 700 },
  );
});

test("points equal chan.py's CBSPointList on wider chained walks (more segments), random point options per side", () => {
  fc.assert(
    fc.property(cases(chainedWide), (c) => compare(...c)),
    { seed: 2392, numRuns: 700 },
  );
});

test("points equal chan.py's CBSPointList on long chained walks (several segments), random point options per side", () => {
  fc.assert(
    fc.property(cases(chainedLong), (c) => compare(...c)),
    { seed: 2394, numRuns: 500 },
  );
});

test("points equal chan.py's CBSPointList on unchained ranges with one-price lines, random point options per side", () => {
  fc.assert(
    fc.property(cases(unchained), (c) => compare(...c)),
    { seed: 2393, numRuns: 500 },
  );
});

test("a point first added without a related type-1 point takes the one a later type brings (chan.py add_another_bsp_prop), worked by hand", () => {
  // Lines 0→1, 1→0, 0→2, 2→0, 0→1, 1→−2, −2→2, 2→−1, −1→2, all unsure: segments 0–2 up, 3–5 down,
  // 6–8 up (the last two collected), no pivot. Segment 0 ends at line 2 with a 1p (a higher high than
  // line 0; every force 0.5, divergence_rate ∞). Its type 2 is line 4 (retrace 1/2 of line 3), related
  // to line 2's 1p; its 2s lines are 6 and 8 (each overlapping line 4's [0, 1], none above line 3's
  // high 2, retrace |2 − 0| / 2 = 1 ≤ max_bs2_rate 1; segment 1 is unsure, so the walk may enter the
  // last segment). Line 8 already holds segment 2's 1p (its high 2 is not below line 6's), built with no
  // related point: chan.py sets `relate_bsp1` when it is None, so the point at line 8 is [1p, 2s]
  // related to line 2's end bar, 5.
  const t = table([1, -1, 1, -1, 1, -1, 1, -1, 1], [1, 1, 2, 2, 1, 1, 2, 2, 2], [0, 0, 0, 0, 0, -2, -2, -1, -1], Array<boolean>(9).fill(false));
  const o: PointOptions = { ...DEFAULT_POINT_OPTIONS, min_zs_cnt: 0, bsp1_only_multibi_zs: false, max_bs2_rate: 1, bs1_peak: false, bsp2_follow_1: false, bsp3_follow_1: false, bsp3a_max_zs_cnt: 0 };
  const f = Array<number>(2 * 70).fill(0.5);
  compare(t, 0, "peak", { buy: o, sell: o }, f);
  const segs = buildSegments(t.lines, t.raw, "peak");
  const got = buildPoints(t.lines, segs, buildPivots(t.lines, segs, zsConfigs[0]!), { buy: o, sell: o }, metricOf(t.lines.length, f));
  assert.deepEqual([...segs.lines.endLine.subarray(0, segs.lines.length)], [2, 5, 8], "the segments worked out above");
  const p8 = got.points.find((p) => p.line === 8);
  assert.deepEqual(p8 && { types: p8.types, relatedBar: p8.relatedBar }, { types: ["1p", "2s"], relatedBar: 5 }, "line 8: 1p, then 2s with line 2's 1p as related point");
});

test("a 2s walk that entered the last segment from an unsure one stops at the first line after it (chan.py's seg_idx difference of 2), worked by hand", () => {
  // Turning points 0, 14, 5, 20, 8, 15, 9, 16, 12, 17, 11, 14, 13, 18, 10, 11 (lines 0–14), line 10
  // not sure. Segment 0 is lines 0–2 (up, sure): its down lines [5,14], [8,20], then [9,15] and
  // [12,16] merged into [8,20] (contained: [12,20]), [11,17] not contained, below 12 and under 20, no
  // gap (14 ≥ 12). Segment 1 is lines 3–9 (down): its up lines [8,15], [9,16] (a higher low: dropped),
  // [12,17] (again: dropped), [11,14], [13,18] give a bottom at [11,14], so it ends at line 9 at 11;
  // line 10 is one of its fed lines, so it is not sure. Nothing follows from line 10 (two down
  // lines), and the last line ends at 11, not above line 9's end: chan.py's forced high search from
  // line 12 makes segment 2 of lines 10–12, leaving lines 13 and 14 after every segment
  // (`seg_idx` 3). Segment 0's type 2 is line 4 (retrace 7/12); its 2s walk runs over the up lines
  // 6, 8, 10, 12, 14: each overlaps [9, 15] (lines 4 and 6) and ends within 12 of line 3's end 8.
  // It enters segment 2 at line 10 (the last segment, after an unsure one), and stops at line 14:
  // its segment is 2 after line 4's. So line 14 holds only segment 2's own type 2.
  const pts = [0, 14, 5, 20, 8, 15, 9, 16, 12, 17, 11, 14, 13, 18, 10, 11];
  const n = pts.length - 1;
  const at = (i: number) => [pts[i]!, pts[i + 1]!] as const;
  const t = table(
    Array.from({ length: n }, (_, i) => (at(i)[1] > at(i)[0] ? 1 : -1)),
    Array.from({ length: n }, (_, i) => Math.max(...at(i))),
    Array.from({ length: n }, (_, i) => Math.min(...at(i))),
    Array.from({ length: n }, (_, i) => i !== 10),
  );
  const o: PointOptions = { ...DEFAULT_POINT_OPTIONS, max_bs2_rate: 1, bsp2_follow_1: false, bsp3_follow_1: false };
  const f = Array<number>(2 * 70).fill(1);
  for (const left of ["peak", "all"] as const) {
    compare(t, 0, left, { buy: o, sell: o }, f);
    const segs = buildSegments(t.lines, t.raw, left);
    const S = segs.lines;
    assert.deepEqual(
      { ends: [...S.endLine.subarray(0, S.length)], sure: [...S.isSure.subarray(0, S.length)], after: [...segs.lineSegment.subarray(13)] },
      { ends: [2, 9, 12], sure: [1, 0, 0], after: [3, 3] },
      `${left}: the segments worked out above`,
    );
    const got = buildPoints(t.lines, segs, buildPivots(t.lines, segs, zsConfigs[0]!), { buy: o, sell: o }, metricOf(t.lines.length, f));
    const types = (line: number) => got.points.find((p) => p.line === line)?.types;
    assert.deepEqual([6, 8, 10, 12, 14].map(types), [["2s"], ["2s"], ["2s"], ["2s"], ["2"]], `${left}: 2s up to line 12, line 14 only its own type 2`);
  }
});

/** A chained table from its turning points (line i runs from `pts[i]` to `pts[i + 1]`), lines in `unsure` not sure. */
function fromTurns(pts: readonly number[], unsure: readonly number[] = []): Table {
  const n = pts.length - 1;
  const at = (i: number) => [pts[i]!, pts[i + 1]!] as const;
  return table(
    Array.from({ length: n }, (_, i) => (at(i)[1] > at(i)[0] ? 1 : -1)),
    Array.from({ length: n }, (_, i) => Math.max(...at(i))),
    Array.from({ length: n }, (_, i) => Math.min(...at(i))),
    Array.from({ length: n }, (_, i) => !unsure.includes(i)),
  );
}

/** Segments (end lines) and pivots (lines, ZD, ZG, segment) of a hand-worked table (over_seg pivots and chan.py's peak collection unless given), then its points. */
function overSegCase(t: Table, o: PointOptions, zsIndex = 3, left: "peak" | "all" = "peak") {
  const segs = buildSegments(t.lines, t.raw, left);
  const pivots = buildPivots(t.lines, segs, zsConfigs[zsIndex]!);
  const got = buildPoints(t.lines, segs, pivots, { buy: o, sell: o }, metricOf(t.lines.length, Array<number>(2 * 70).fill(1)));
  return {
    ends: [...segs.lines.endLine.subarray(0, segs.lines.length)],
    pivots: pivots.list.map((z) => [z.begin, z.end, z.zd, z.zg, segs.lineSegment[z.begin]!]),
    types: (line: number) => got.points.find((p) => p.line === line)?.types,
  };
}

test("3a stops at a line of a segment other than the next one while that one is before the last two (chan.py treat_bsp3_after), worked by hand", () => {
  // Turning points 3, 0, 5, 1, 5, 2, 3, 0, 4, 3, 7, 6 (lines 0–10, all sure). chan.py's peak
  // collection gives segments: line 0 alone (the first split at its peak), 1–3 up, 4–6 down, 7–9 up,
  // line 10 alone (asserted below; segments-rules.test.ts checks them against chan.py). over_seg
  // pivots: one, lines 2–8, [ZD, ZG] = [2, 5], listed under segment 1 (its first line's). Segment 0's
  // 3a reads segment 1's pivots: the line after the leaving line 9 is line 10 (down, 7 → 6). Its
  // parent segment 4 has one line, so the parent test (a later segment of 3 lines or more stops)
  // lets it pass; it runs against segment 1 (up) and stays out of the pivot (low 6 ≥ ZG 5); but it
  // lies in segment 4, not segment 1, while next_seg_idx 1 is below len(seg_list) − 2 = 3: chan.py
  // stops there, so line 10 holds no point.
  const t = fromTurns([3, 0, 5, 1, 5, 2, 3, 0, 4, 3, 7, 6]);
  const o: PointOptions = { ...DEFAULT_POINT_OPTIONS, bsp3_follow_1: false };
  compare(t, 3, "peak", { buy: o, sell: o }, Array<number>(2 * 70).fill(1));
  const c = overSegCase(t, o);
  assert.deepEqual({ ends: c.ends, pivots: c.pivots }, { ends: [0, 3, 6, 9, 10], pivots: [[2, 8, 2, 5, 1]] }, "the segments and pivot worked out above");
  assert.equal(c.types(10), undefined, "line 10: no 3a (a segment two or more after segment 1, before the last two)");
});

test("3a stops at a line after every segment when the next segment is not the last (chan.py treat_bsp3_after: no parent segment), worked by hand", () => {
  // Turning points 5, 3, 6, 3, 4, 1, 3, 1, 2, 1, 3, 0, 1 (lines 0–11, lines 1 and 4 not sure).
  // Segments under chan.py's peak collection: lines 0–1 up, 2–6 down, 7–9 up (the forced high
  // search), lines 10 and 11 after every segment, never under one (no parent segment; asserted
  // below). over_seg pivots: one, lines 5–9, [ZD, ZG] = [1, 2], listed under segment 1. Segment 0's
  // 3a reads it: the line after the leaving line 10 is line 11 (up, 0 → 1): against segment 1
  // (down), out of the pivot (high 1 ≤ ZD 1), and the segment-index stop does not apply (next_seg_idx
  // 1 is not below len(seg_list) − 2 = 1); but it has no parent segment while segment 1 is not the
  // last: chan.py stops there, so line 11 holds no point.
  const t = fromTurns([5, 3, 6, 3, 4, 1, 3, 1, 2, 1, 3, 0, 1], [1, 4]);
  const o: PointOptions = { ...DEFAULT_POINT_OPTIONS, bsp3_follow_1: false };
  compare(t, 3, "peak", { buy: o, sell: o }, Array<number>(2 * 70).fill(1));
  const c = overSegCase(t, o);
  assert.deepEqual({ ends: c.ends, pivots: c.pivots }, { ends: [1, 6, 9], pivots: [[5, 9, 1, 2, 1]] }, "the segments and pivot worked out above");
  assert.deepEqual([...buildSegments(t.lines, t.raw, "peak").parentIndex.subarray(10)], [-1, -1], "lines 10 and 11: no parent segment");
  assert.equal(c.types(11), undefined, "line 11: no 3a (no parent segment, segment 1 not the last)");
});

test("3b's walk stops at a line of a segment other than the next one, unless that segment is the last (chan.py treat_bsp3_before), found by search and worked by hand", () => {
  // Turning points below (lines 0–39; lines 5, 7, 15, 18, 31, 32, 33 not sure), auto pivots (no
  // one-line pivots, no combining). Both collections give segments ending at lines 1, 10, 15, 22, 27
  // (segment 3, lines 16–22, down; segment 4, lines 23–27, up); then the peak collection ends
  // segments at 36 and 39 (7 segments), `all` one at 38 (6). Segment 3's last multi-line pivot is
  // lines 17–19, [ZD, ZG] = [8, 9]; segment 4's first, lines 26–29, reaches past its segment, so its
  // leaving line 30 bounds the 3b walk (cal_bsp3_bi_end_idx). Segment 3's 3b walks the down lines after
  // its type-1 line 22: 24 (8 → 7) and 26 (10 → 8) return into the pivot (low below ZG 9); line 28
  // (10 → 9) stays out, but lies in segment 5, not segment 4: chan.py stops there when segment 5 is
  // not the last (peak collection: no point at line 28) and takes it when it is (`all`: a 3b at 28).
  const pts = [11, 10, 13, 10, 11, 9, 10, 7, 10, 8, 10, 7, 10, 8, 10, 9, 11, 8, 9, 8, 9, 7, 8, 6, 8, 7, 10, 8, 10, 9, 10, 7, 8, 7, 10, 7, 9, 7, 10, 8, 9];
  const t = fromTurns(pts, [5, 7, 15, 18, 31, 32, 33]);
  const o: PointOptions = { ...DEFAULT_POINT_OPTIONS, bsp3_follow_1: false };
  for (const [left, ends, want] of [
    ["peak", [1, 10, 15, 22, 27, 36, 39], undefined],
    ["all", [1, 10, 15, 22, 27, 38], ["3b"]],
  ] as const) {
    compare(t, 4, left, { buy: o, sell: o }, Array<number>(2 * 70).fill(1));
    const c = overSegCase(t, o, 4, left);
    assert.deepEqual(c.ends, ends, `${left}: the segments worked out above`);
    assert.deepEqual(
      c.pivots.slice(2, 4),
      [
        [17, 19, 8, 9, 3],
        [26, 29, 9, 10, 4],
      ],
      `${left}: the pivots worked out above`,
    );
    assert.deepEqual(c.types(28), want, `${left}: line 28`);
  }
});

test("the random cases reach every point type, related type-1 points, merged types and both divergence outcomes", () => {
  for (const key of [...BSP_TYPES, "related", "multi-type", "pivot true", "pivot false", "adjacent true", "adjacent false"]) {
    assert.ok((seen.get(key) ?? 0) >= 20, `${key}: only ${seen.get(key) ?? 0} seen (${JSON.stringify([...seen])})`);
  }
});
