/**
 * Pivots against chan.py's `CZSList` and `CZS` written again here the way chan.py states them
 * (Vespa314/chan.py: `ZS/ZSList.py`: `cal_bi_zs` for every `zs_algo`, `add_zs_from_bi_range`,
 * `update`, `update_overseg_zs`, `add_to_free_lst`, `try_construct_zs`, `try_combine`; `ZS/ZS.py`:
 * `update_zs_range`, `update_zs_end`, `try_add_to_end`, `in_range`, `combine` in both modes,
 * `do_combine`; `has_overlap`), built once from no pivots, over random line tables
 * (`eigen-fx-model.ts`) and their segments, under every `zs_algo`, `one_bi_zs` (normal only, as
 * chan.py asserts), `zs_combine` and `zs_combine_mode`. Each pivot's lines, ZD, ZG, mid, DD, GG,
 * bars, sure flag and number of combined parts must be equal.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { ChanConfig } from "../../../core/chan/options.ts";
import { buildPivots } from "../../../core/chan/pivots.ts";
import { buildSegments, type Segments } from "../../../core/chan/segments.ts";
import { chained, type Table, unchained } from "./eigen-fx-model.ts";

type ZsCfg = ChanConfig["zs"];

/** The line as CZSList reads it, with its segment (`seg_idx`) and `parent_seg`'s direction (0 none). */
interface Item {
  readonly idx: number;
  readonly dir: number;
  readonly high: number;
  readonly low: number;
  readonly sure: boolean;
  readonly beginKlu: number;
  readonly endKlu: number;
  readonly segIdx: number;
  readonly parentDir: number;
  readonly hasNext: boolean;
}

const hasOverlap = (l1: number, h1: number, l2: number, h2: number, equal = false) => (equal ? h2 >= l1 && h1 >= l2 : h2 > l1 && h1 > l2);

class Zs {
  low = 0;
  high = 0;
  mid = 0;
  peakLow = Infinity;
  peakHigh = -Infinity;
  endBi!: Item;
  end = 0;
  sub = 0;
  readonly beginBi: Item;
  readonly begin: number;
  constructor(
    lst: readonly Item[],
    readonly sure: boolean,
  ) {
    this.begin = lst[0]!.beginKlu;
    this.beginBi = lst[0]!;
    this.updateRange(lst);
    for (const it of lst) this.updateEnd(it);
  }
  updateRange(lst: readonly Item[]): void {
    this.low = Math.max(...lst.map((b) => b.low));
    this.high = Math.min(...lst.map((b) => b.high));
    this.mid = (this.low + this.high) / 2;
  }
  updateEnd(it: Item): void {
    this.end = it.endKlu;
    this.endBi = it;
    if (it.low < this.peakLow) this.peakLow = it.low;
    if (it.high > this.peakHigh) this.peakHigh = it.high;
  }
  isOneBi(): boolean {
    return this.beginBi.idx === this.endBi.idx;
  }
  inRange(it: Item): boolean {
    return hasOverlap(this.low, this.high, it.low, it.high);
  }
  tryAddToEnd(it: Item): boolean {
    if (!this.inRange(it)) return false;
    if (this.isOneBi()) this.updateRange([this.beginBi, it]);
    this.updateEnd(it);
    return true;
  }
  combine(z: Zs, mode: ZsCfg["combineMode"]): boolean {
    if (z.isOneBi()) return false;
    if (this.beginBi.segIdx !== z.beginBi.segIdx) return false;
    const ok = mode === "zs" ? hasOverlap(this.low, this.high, z.low, z.high, true) : hasOverlap(this.peakLow, this.peakHigh, z.peakLow, z.peakHigh);
    if (!ok) return false;
    // do_combine: the first part is kept as a copy, then each absorbed one is listed
    this.sub += this.sub === 0 ? 2 : 1;
    [this.low, this.high] = [Math.min(this.low, z.low), Math.max(this.high, z.high)];
    [this.peakLow, this.peakHigh] = [Math.min(this.peakLow, z.peakLow), Math.max(this.peakHigh, z.peakHigh)];
    this.end = z.end;
    this.endBi = z.endBi;
    return true;
  }
}

class ZsList {
  zs: Zs[] = [];
  free: Item[] = [];
  constructor(readonly cfg: ZsCfg) {}

  addToFree(it: Item, sure: boolean, algo: "normal" | "over_seg"): void {
    if (this.free.length !== 0 && it.idx === this.free[this.free.length - 1]!.idx) this.free = this.free.slice(0, -1);
    this.free.push(it);
    const res = this.tryConstruct(this.free, sure, algo);
    if (res !== null && res.beginBi.idx > 0) {
      this.zs.push(res);
      this.free = [];
      this.tryCombine();
    }
  }

  update(it: Item, sure: boolean): void {
    if (this.free.length === 0 && this.zs.length > 0 && this.zs[this.zs.length - 1]!.tryAddToEnd(it)) {
      this.tryCombine();
      return;
    }
    this.addToFree(it, sure, "normal");
  }

  fromRange(items: readonly Item[], segDir: number, sure: boolean): void {
    let dealt = 0;
    for (const it of items) {
      if (it.dir === segDir) continue;
      if (dealt < 1) {
        this.addToFree(it, sure, "normal");
        dealt++;
      } else this.update(it, sure);
    }
  }

  tryConstruct(lst: readonly Item[], sure: boolean, algo: "normal" | "over_seg"): Zs | null {
    if (algo === "normal") {
      if (!this.cfg.oneBiZs) {
        if (lst.length === 1) return null;
        lst = lst.slice(-2);
      }
    } else {
      if (lst.length < 3) return null;
      lst = lst.slice(-3);
      if (lst[0]!.dir === lst[0]!.parentDir) return null;
    }
    const minHigh = Math.min(...lst.map((b) => b.high));
    const maxLow = Math.max(...lst.map((b) => b.low));
    return minHigh > maxLow ? new Zs(lst, sure) : null;
  }

  overSeg(it: Item): void {
    const last = this.zs[this.zs.length - 1];
    if (last && this.free.length === 0) {
      if (!it.hasNext) return;
      if (it.idx - last.endBi.idx <= 1 && last.inRange(this.items[it.idx + 1]!) && last.tryAddToEnd(it)) return;
    }
    if (last && this.free.length === 0 && last.inRange(it) && it.idx - last.endBi.idx <= 1) return;
    this.addToFree(it, it.sure, "over_seg");
  }

  items: readonly Item[] = [];

  calBiZs(items: readonly Item[], segs: Segments): void {
    this.items = items;
    const s = segs.lines;
    const seg = (k: number) => ({ start: s.startLine[k]!, end: s.endLine[k]!, dir: s.dir[k]!, sure: s.isSure[k] === 1 });
    if (this.cfg.algo === "normal") {
      for (let k = 0; k < s.length; k++) {
        this.free = [];
        this.fromRange(items.slice(seg(k).start, seg(k).end + 1), seg(k).dir, seg(k).sure);
      }
      if (s.length) {
        this.free = [];
        this.fromRange(items.slice(seg(s.length - 1).end + 1), -seg(s.length - 1).dir, false);
      }
    } else if (this.cfg.algo === "over_seg") {
      this.free = [];
      for (const it of items) this.overSeg(it);
    } else {
      let sureAppeared = false;
      const existSure = [...s.isSure].some((x) => x === 1);
      for (let k = 0; k < s.length; k++) {
        if (seg(k).sure) sureAppeared = true;
        this.free = [];
        if (seg(k).sure || (!sureAppeared && existSure)) this.fromRange(items.slice(seg(k).start, seg(k).end + 1), seg(k).dir, seg(k).sure);
        else {
          for (const it of items.slice(seg(k).start)) this.overSeg(it);
          break;
        }
      }
    }
  }

  tryCombine(): void {
    if (!this.cfg.combine) return;
    while (this.zs.length >= 2 && this.zs[this.zs.length - 2]!.combine(this.zs[this.zs.length - 1]!, this.cfg.combineMode)) this.zs = this.zs.slice(0, -1);
  }
}

function items(t: Table, segs: Segments): Item[] {
  const L = t.lines;
  return t.bis.map((b, i) => ({
    idx: i,
    dir: b.dir,
    high: b.high,
    low: b.low,
    sure: L.isSure[i] === 1,
    beginKlu: L.beginBar[i]!,
    endKlu: L.endBar[i]!,
    segIdx: segs.lineSegment[i]!,
    parentDir: segs.parentIndex[i]! >= 0 ? segs.parentDir[i]! : 0,
    hasNext: i + 1 < t.bis.length,
  }));
}

const configs: ZsCfg[] = [];
for (const algo of ["normal", "over_seg", "auto"] as const)
  for (const oneBiZs of algo === "normal" ? [false, true] : [false])
    for (const combine of [true, false]) for (const combineMode of ["zs", "peak"] as const) configs.push({ algo, oneBiZs, combine, combineMode });

let pivotsSeen = 0;

function compare(t: Table): void {
  for (const left of ["peak", "all"] as const) {
    const segs = buildSegments(t.lines, t.raw, left);
    const its = items(t, segs);
    for (const cfg of configs) {
      const ref = new ZsList(cfg);
      ref.calBiZs(its, segs);
      const got = buildPivots(t.lines, segs, cfg).list;
      const at = `${left}, ${JSON.stringify(cfg)}`;
      assert.deepEqual(
        got.map((p) => [p.begin, p.end, p.zd, p.zg, p.mid, p.dd, p.gg, p.beginBar, p.endBar, p.sure, p.parts]),
        ref.zs.map((z) => [z.beginBi.idx, z.endBi.idx, z.low, z.high, z.mid, z.peakLow, z.peakHigh, z.begin, z.end, z.sure, z.sub]),
        `${at}: pivots`,
      );
      pivotsSeen += got.length;
    }
  }
}

test("pivots equal chan.py's CZSList on chained walks with ties, every zs option", () => {
  fc.assert(fc.property(chained, compare), { seed: 2381, numRuns: 600 });
});

test("pivots equal chan.py's CZSList on unchained ranges with one-price lines, every zs option", () => {
  fc.assert(fc.property(unchained, compare), { seed: 2382, numRuns: 600 });
  assert.ok(pivotsSeen > 1000, `only ${pivotsSeen} pivots compared`);
});
