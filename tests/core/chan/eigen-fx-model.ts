/**
 * chan.py's characteristic sequence (`CEigenFX`, `CEigen`, `CKLine_Combiner` over lines) written
 * again the way chan.py states it (Vespa314/chan.py: `Seg/EigenFX.py`, `Seg/Eigen.py`,
 * `Combiner/KLine_Combiner.py`): lines as linked objects, elements as lists of them; and random
 * line tables for the property tests of the characteristic sequence and the segments. The tables
 * are chained walks with ties (the lines chan.py makes) and unchained ranges, one-price lines
 * included; `was_sure` is random, one line in six not sure.
 */
import fc from "fast-check";
import { allocLines, type Lines } from "../../../core/chan/lines.ts";

/** chan.py's CBi as segments read it: `_high()`, `_low()`, `get_begin_val()`, `get_end_val()`, `is_used_to_be_sure`, `next`. */
export interface Bi {
  readonly idx: number;
  readonly dir: number;
  readonly high: number;
  readonly low: number;
  readonly begin: number;
  readonly end: number;
  readonly sure: boolean;
  next: Bi | null;
}

type Dir = "combine" | "up" | "down" | "included";

/** chan.py's CEigen (a CKLine_Combiner of lines). */
export class Eigen {
  high: number;
  low: number;
  readonly lst: Bi[];
  fx = 0;
  gap = false;
  constructor(
    bi: Bi,
    readonly dir: "up" | "down",
  ) {
    this.high = bi.high;
    this.low = bi.low;
    this.lst = [bi];
  }

  testCombine(item: Bi, excludeIncluded: boolean, allowTopEqual: 1 | -1 | null): Dir {
    if (this.high >= item.high && this.low <= item.low) return "combine";
    if (this.high <= item.high && this.low >= item.low) {
      if (allowTopEqual === 1 && this.high === item.high && this.low > item.low) return "down";
      if (allowTopEqual === -1 && this.low === item.low && this.high < item.high) return "up";
      return excludeIncluded ? "included" : "combine";
    }
    if (this.high > item.high && this.low > item.low) return "down";
    if (this.high < item.high && this.low < item.low) return "up";
    throw new Error("combine type unknown");
  }

  tryAdd(item: Bi, excludeIncluded = false, allowTopEqual: 1 | -1 | null = null): Dir {
    const d = this.testCombine(item, excludeIncluded, allowTopEqual);
    if (d !== "combine") return d;
    this.lst.push(item);
    // a one-price line equal to the kept extreme leaves the element as it is (处理一字K线)
    if (this.dir === "up") {
      if (item.high !== item.low || item.high !== this.high) [this.high, this.low] = [Math.max(this.high, item.high), Math.max(this.low, item.low)];
    } else if (item.high !== item.low || item.low !== this.low) [this.high, this.low] = [Math.min(this.high, item.high), Math.min(this.low, item.low)];
    return d;
  }

  /** `update_fx` with exclude_included=True, then CEigen's gap. */
  updateFx(pre: Eigen, next: Eigen, allowTopEqual: 1 | -1): void {
    if (pre.high < this.high && next.high <= this.high && next.low < this.low) {
      if (allowTopEqual === 1 || next.high < this.high) this.fx = 1;
    } else if (next.high > this.high && pre.low > this.low && next.low >= this.low) {
      if (allowTopEqual === -1 || next.low > this.low) this.fx = -1;
    }
    if ((this.fx === 1 && pre.high < this.low) || (this.fx === -1 && pre.low > this.high)) this.gap = true;
  }

  /** `GetPeakBiIdx`: the line before the last member holding the low (members up) or the high (down). */
  peakBiIdx(): number {
    const isHigh = this.lst[0]!.dir !== 1;
    for (const bi of [...this.lst].reverse()) if ((isHigh ? bi.high : bi.low) === (isHigh ? this.high : this.low)) return bi.idx - 1;
    throw new Error("can't find peak");
  }
}

/** chan.py's CEigenFX with exclude_included=True (what the segment and the reverse search use). */
export class EigenFX {
  ele: [Eigen | null, Eigen | null, Eigen | null] = [null, null, null];
  lst: Bi[] = [];
  lastEvidenceSure = false;
  actualBreakFlag = true;
  constructor(
    readonly dir: number,
    readonly bis: readonly Bi[],
  ) {}

  add(bi: Bi): boolean {
    this.lst.push(bi);
    if (!this.ele[0]) {
      this.ele[0] = new Eigen(bi, this.dir === 1 ? "up" : "down");
      return false;
    }
    if (!this.ele[1]) {
      if (this.ele[0].tryAdd(bi, true) !== "combine") {
        this.ele[1] = new Eigen(bi, this.dir === 1 ? "up" : "down");
        if ((this.dir === 1 && this.ele[1].high < this.ele[0].high) || (this.dir === -1 && this.ele[1].low > this.ele[0].low)) return this.reset();
      }
      return false;
    }
    this.lastEvidenceSure = bi.sure;
    const allowTopEqual = bi.dir === -1 ? 1 : -1;
    const d = this.ele[1].tryAdd(bi, false, allowTopEqual);
    if (d === "combine") return false;
    this.ele[2] = new Eigen(bi, d === "up" ? "up" : "down");
    if (!this.actualBreak()) return this.reset();
    this.ele[1].updateFx(this.ele[0], this.ele[2], allowTopEqual);
    const fx = this.ele[1].fx;
    return (this.dir === 1 && fx === 1) || (this.dir === -1 && fx === -1) ? true : this.reset();
  }

  clear(): void {
    this.ele = [null, null, null];
    this.lst = [];
  }

  reset(): boolean {
    const tmp = this.lst.slice(1);
    this.clear();
    for (const bi of tmp) if (this.add(bi)) return true;
    return false;
  }

  canBeEnd(): boolean | null {
    if (this.ele[1]!.gap) return this.findRevertFx(this.ele[1]!.peakBiIdx() + 2);
    return this.actualBreakFlag ? true : null;
  }

  allBiIsSure(): boolean {
    return this.lst.every((b) => b.sure) && this.lastEvidenceSure;
  }

  actualBreak(): boolean {
    const e1 = this.ele[1]!;
    const e2 = this.ele[2]!;
    const last = e1.lst[e1.lst.length - 1]!;
    if ((this.dir === 1 && e2.low < last.low) || (this.dir === -1 && e2.high > last.high)) return true;
    const b = e2.lst[0]!;
    const nn = b.next?.next;
    if (b.next && nn) {
      if (b.dir === -1 ? nn.low < b.low : nn.high > b.high) {
        this.lastEvidenceSure = nn.sure;
        return true;
      }
      if (!nn.sure || !nn.next) {
        this.actualBreakFlag = false;
        return true;
      }
      return false;
    }
    if (b.next && ((this.dir === 1 && b.next.high > e1.high) || (this.dir === -1 && b.next.low < e1.low))) return false;
    this.actualBreakFlag = false;
    return true;
  }

  findRevertFx(begin: number): boolean | null {
    const first = this.bis[begin]!;
    const rev = new EigenFX(-first.dir, this.bis);
    for (let i = begin; i < this.bis.length; i += 2) {
      if (!rev.add(this.bis[i]!)) continue;
      for (;;) {
        let t = rev.canBeEnd();
        if (!rev.actualBreakFlag) t = null;
        if (t === true || t === null) {
          const evidence = rev.ele[2]!.lst[rev.ele[2]!.lst.length - 1]!;
          if (t === true) this.lastEvidenceSure = evidence.sure && rev.lastEvidenceSure;
          return t;
        }
        if (!rev.reset()) break;
      }
    }
    return null;
  }
}

export interface Table {
  readonly lines: Lines;
  readonly bis: readonly Bi[];
  /** Raw bars: line i begins at bar 2i and ends at bar 2i + 1, each a bar one tick either side of the line's value there. */
  readonly raw: { readonly high: Float64Array; readonly low: Float64Array };
}

export function table(dirs: readonly number[], highs: readonly number[], lows: readonly number[], sure: readonly boolean[]): Table {
  const n = dirs.length;
  const l = allocLines(n);
  const bis: Bi[] = [];
  const raw = { high: new Float64Array(2 * n), low: new Float64Array(2 * n) };
  for (let i = 0; i < n; i++) {
    const [begin, end] = dirs[i] === 1 ? [lows[i]!, highs[i]!] : [highs[i]!, lows[i]!];
    l.dir[i] = dirs[i]!;
    l.high[i] = highs[i]!;
    l.low[i] = lows[i]!;
    l.beginVal[i] = begin;
    l.endVal[i] = end;
    l.beginBar[i] = 2 * i;
    l.endBar[i] = 2 * i + 1;
    [raw.high[2 * i], raw.low[2 * i], raw.high[2 * i + 1], raw.low[2 * i + 1]] = [begin + 1, begin - 1, end + 1, end - 1];
    l.wasSure[i] = l.isSure[i] = sure[i] ? 1 : 0;
    bis.push({ idx: i, dir: dirs[i]!, high: highs[i]!, low: lows[i]!, begin, end, sure: sure[i]!, next: null });
    if (i > 0) bis[i - 1]!.next = bis[i]!;
  }
  return { lines: l, bis, raw };
}

/** One line in six not sure: `all_bi_is_sure` needs every fed line sure, which a fair coin would hardly give. */
const mostlySure = (n: number) =>
  fc.array(
    fc.integer({ min: 0, max: 5 }).map((v) => v !== 0),
    { minLength: n, maxLength: n },
  );

/** A chained walk: each line runs from the last turning point by 1 to `maxStep`. */
const walk = (maxStep: number, maxLines: number, size: fc.SizeForArbitrary = "small") =>
  fc
    .record({
      up: fc.boolean(),
      start: fc.integer({ min: 0, max: 12 }),
      steps: fc.array(fc.integer({ min: 1, max: maxStep }), { minLength: 3, maxLength: maxLines, size }),
      sure: mostlySure(maxLines),
    })
    .map(({ up, start, steps, sure }) => {
      const dirs: number[] = [];
      const highs: number[] = [];
      const lows: number[] = [];
      let p = start;
      steps.forEach((s, i) => {
        const d = (i % 2 === 0) === up ? 1 : -1;
        const q = d === 1 ? p + s : p - s;
        dirs.push(d);
        highs.push(Math.max(p, q));
        lows.push(Math.min(p, q));
        p = q;
      });
      return table(dirs, highs, lows, sure);
    });

/** Chained walks with steps of 1–3: small steps give equal highs and lows. */
export const chained = walk(3, 28);

/**
 * Chained walks with steps of 1–5 over up to 40 lines: elements 1 and 2 apart more often, so the
 * reverse sequence decides, and meets gaps of its own.
 */
export const chainedWide = walk(5, 40);

/** Chained walks with steps of 1–3 over up to 70 lines, long ones as likely as short ones: several segments, for what spans segments (buy/sell points). */
export const chainedLong = walk(3, 70, "max");

/** Unchained ranges on a small grid: one-price lines and equal highs or lows with any neighbour. */
export const unchained = fc
  .record({ up: fc.boolean(), ranges: fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2 })), { minLength: 3, maxLength: 24 }), sure: mostlySure(24) })
  .map(({ up, ranges, sure }) =>
    table(
      ranges.map((_, i) => ((i % 2 === 0) === up ? 1 : -1)),
      ranges.map(([lo, h]) => lo + h),
      ranges.map(([lo]) => lo),
      sure,
    ),
  );
