/**
 * Pivots (中枢) after chan.py's `CZSList`. `normal` (default): inside each
 * segment only the lines against its direction count; two consecutive ones
 * that overlap strictly start a pivot (ZG = lower high, ZD = higher low,
 * which is the three-line overlap), later counter-lines overlapping [ZD, ZG]
 * extend it, and the first counter-line of a segment always starts afresh, so
 * a pivot never crosses a segment boundary; lines after the last segment are
 * treated as a segment the other way. No pivot may start at line 0.
 * `over_seg` takes three overlapping lines (first one counter to its segment)
 * anywhere; `auto` uses `normal` in sure segments and `over_seg` from the first
 * unsure one. Pivots of one segment are combined when their [ZD, ZG] touch
 * (`zs`) or [DD, GG] overlap (`peak`), taking the union; chan.py leaves `mid`
 * at the first part's value then, and so do we.
 */
import type { Lines } from "./lines.ts";
import type { ChanConfig } from "./options.ts";
import type { Segments } from "./segments.ts";

export interface Pivot {
  /** First and last line inside. */
  readonly begin: number;
  readonly end: number;
  readonly zd: number;
  readonly zg: number;
  readonly mid: number;
  readonly dd: number;
  readonly gg: number;
  /** Raw bars where the first line starts and the last one ends. */
  readonly beginBar: number;
  readonly endBar: number;
  readonly sure: boolean;
  /** Pivots combined into this one (0 when never combined). */
  readonly parts: number;
  /** Line entering (before `begin`) and leaving (after `end`); −1 when none. */
  readonly lineIn: number;
  readonly lineOut: number;
}

export interface Pivots {
  readonly list: readonly Pivot[];
  /** Per segment, its pivots (indices into `list`), in order: those whose first line lies in it. */
  readonly bySegment: readonly (readonly number[])[];
}

class Zs {
  zd = 0;
  zg = 0;
  mid = 0;
  dd = Infinity;
  gg = -Infinity;
  end = 0;
  endBar = 0;
  parts = 0;
  lineIn = -1;
  lineOut = -1;
  readonly begin: number;
  readonly beginBar: number;

  /** From `lines[from..]`, whose overlap is [`zd`, `zg`]. */
  constructor(
    private readonly L: Lines,
    lines: readonly number[],
    from: number,
    zd: number,
    zg: number,
    readonly sure: boolean,
  ) {
    this.begin = lines[from]!;
    this.beginBar = L.beginBar[this.begin]!;
    this.setRange(zd, zg);
    for (let i = from; i < lines.length; i++) this.setEnd(lines[i]!);
  }

  get oneLine(): boolean {
    return this.begin === this.end;
  }

  setRange(zd: number, zg: number): void {
    this.zd = zd;
    this.zg = zg;
    this.mid = (zd + zg) / 2;
  }

  setEnd(l: number): void {
    this.end = l;
    this.endBar = this.L.endBar[l]!;
    this.dd = Math.min(this.dd, this.L.low[l]!);
    this.gg = Math.max(this.gg, this.L.high[l]!);
  }

  overlaps(l: number): boolean {
    return this.L.high[l]! > this.zd && this.zg > this.L.low[l]!;
  }

  tryExtend(l: number): boolean {
    if (!this.overlaps(l)) return false;
    const L = this.L;
    if (this.oneLine) this.setRange(Math.max(L.low[this.begin]!, L.low[l]!), Math.min(L.high[this.begin]!, L.high[l]!));
    this.setEnd(l);
    return true;
  }

  absorb(z: Zs): void {
    this.parts += this.parts === 0 ? 2 : 1;
    this.zd = Math.min(this.zd, z.zd);
    this.zg = Math.max(this.zg, z.zg);
    this.dd = Math.min(this.dd, z.dd);
    this.gg = Math.max(this.gg, z.gg);
    this.end = z.end;
    this.endBar = z.endBar;
    this.lineOut = z.lineOut;
  }
}

class PivotBuilder {
  readonly zs: Zs[] = [];
  /** Lines not yet in a pivot; emptied in place (`length = 0`), never replaced. */
  private readonly free: number[] = [];

  constructor(
    private readonly L: Lines,
    private readonly segs: Segments,
    private readonly cfg: ChanConfig["zs"],
  ) {}

  build(): void {
    const { segs, cfg, L } = this;
    const s = segs.lines;
    if (cfg.algo === "over_seg") {
      this.free.length = 0;
      for (let i = 0; i < L.length; i++) this.overSeg(i);
      return;
    }
    if (cfg.algo === "auto") {
      let sureSeen = false;
      const anySure = s.isSure.some((x) => x === 1);
      for (let k = 0; k < s.length; k++) {
        if (s.isSure[k]) sureSeen = true;
        this.free.length = 0;
        if (s.isSure[k] || (!sureSeen && anySure)) {
          this.fromRange(s.startLine[k]!, s.endLine[k]!, s.dir[k]!, s.isSure[k] === 1);
        } else {
          for (let i = s.startLine[k]!; i < L.length; i++) this.overSeg(i);
          return;
        }
      }
      return;
    }
    for (let k = 0; k < s.length; k++) {
      this.free.length = 0;
      this.fromRange(s.startLine[k]!, s.endLine[k]!, s.dir[k]!, s.isSure[k] === 1);
    }
    if (s.length > 0) {
      this.free.length = 0;
      this.fromRange(s.endLine[s.length - 1]! + 1, L.length - 1, -s.dir[s.length - 1]!, false);
    }
  }

  private fromRange(from: number, to: number, segDir: number, sure: boolean): void {
    let dealt = 0;
    for (let i = from; i <= to; i++) {
      if (this.L.dir[i] === segDir) continue;
      if (dealt < 1) {
        this.addFree(i, sure, false);
        dealt++;
      } else if (this.free.length === 0 && this.zs.length > 0 && this.zs[this.zs.length - 1]!.tryExtend(i)) {
        this.tryCombine();
      } else {
        this.addFree(i, sure, false);
      }
    }
  }

  private overSeg(i: number): void {
    const last = this.zs[this.zs.length - 1];
    if (last && this.free.length === 0) {
      if (i + 1 >= this.L.length) return;
      if (i - last.end <= 1 && last.overlaps(i + 1) && last.tryExtend(i)) return;
      if (last.overlaps(i) && i - last.end <= 1) return;
    }
    this.addFree(i, this.L.isSure[i] === 1, true);
  }

  /** chan.py `add_to_free_lst`; built in one pass, a line is never offered twice, so none is replaced. */
  private addFree(i: number, sure: boolean, overSeg: boolean): void {
    this.free.push(i);
    const z = this.construct(sure, overSeg);
    if (z && z.begin > 0) {
      this.zs.push(z);
      this.free.length = 0;
      this.tryCombine();
    }
  }

  /** A pivot of the last free lines (three for `over_seg`, else two, or all with `one_bi_zs`) when they overlap. */
  private construct(sure: boolean, overSeg: boolean): Zs | null {
    const lst = this.free;
    let from = 0;
    if (overSeg) {
      if (lst.length < 3) return null;
      from = lst.length - 3;
      const first = lst[from]!;
      // chan.py reads the first line's segment here; a line without one would crash it, we go on
      if (this.segs.parentIndex[first]! >= 0 && this.L.dir[first] === this.segs.parentDir[first]) return null;
    } else if (!this.cfg.oneBiZs) {
      if (lst.length === 1) return null;
      from = lst.length - 2;
    }
    let minHigh = Infinity;
    let maxLow = -Infinity;
    for (let i = from; i < lst.length; i++) {
      minHigh = Math.min(minHigh, this.L.high[lst[i]!]!);
      maxLow = Math.max(maxLow, this.L.low[lst[i]!]!);
    }
    return minHigh > maxLow ? new Zs(this.L, lst, from, maxLow, minHigh, sure) : null;
  }

  private tryCombine(): void {
    if (!this.cfg.combine) return;
    const zs = this.zs;
    while (zs.length >= 2 && this.combine(zs[zs.length - 2]!, zs[zs.length - 1]!)) zs.pop();
  }

  private combine(a: Zs, b: Zs): boolean {
    if (b.oneLine) return false;
    if (this.segs.lineSegment[a.begin] !== this.segs.lineSegment[b.begin]) return false;
    const touch = this.cfg.combineMode === "zs" ? b.zg >= a.zd && a.zg >= b.zd : b.gg > a.dd && a.gg > b.dd;
    if (touch) a.absorb(b);
    return touch;
  }
}

/** The first segment whose last line is at or after `line` (segments are in line order). */
function firstEndingFrom(endLine: Int32Array, line: number): number {
  let lo = 0;
  let hi = endLine.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (endLine[mid]! < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Pivots of `lines` inside `segs`, with entering/leaving lines and per-segment lists. */
export function buildPivots(lines: Lines, segs: Segments, cfg: ChanConfig["zs"]): Pivots {
  const b = new PivotBuilder(lines, segs, cfg);
  b.build();
  const zs = b.zs;
  const s = segs.lines;
  const bySegment: number[][] = [];
  for (let k = 0; k < s.length; k++) bySegment.push([]);
  // chan.py `update_zs_in_seg` walks segments backwards and, for each, the pivots
  // backwards until one ends before the segment begins (bar `segBegin`). So
  // segment k visits exactly the pivots j whose suffix minimum of end bars is at
  // least its `segBegin`; computed directly, that is O(segments + pivots) rather
  // than their product (with a binary search per pivot). Segments are in line
  // order, so the ones holding a pivot's first line are one run.
  const sufMin = new Float64Array(zs.length);
  for (let j = zs.length - 1, m = Infinity; j >= 0; j--) sufMin[j] = m = Math.min(m, zs[j]!.endBar);
  let lowestBegin = Infinity;
  for (let k = 0; k < s.length; k++) lowestBegin = Math.min(lowestBegin, lines.beginBar[s.startLine[k]!]!);
  for (let j = 0; j < zs.length; j++) {
    const z = zs[j]!;
    if (sufMin[j]! < lowestBegin) continue;
    z.lineIn = z.begin - 1;
    if (z.end + 1 < lines.length) z.lineOut = z.end + 1;
    for (let k = firstEndingFrom(s.endLine, z.begin); k < s.length && s.startLine[k]! <= z.begin; k++) {
      if (sufMin[j]! >= lines.beginBar[s.startLine[k]!]!) bySegment[k]!.push(j);
    }
  }
  const list: Pivot[] = zs.map((z) => ({
    begin: z.begin,
    end: z.end,
    zd: z.zd,
    zg: z.zg,
    mid: z.mid,
    dd: z.dd,
    gg: z.gg,
    beginBar: z.beginBar,
    endBar: z.endBar,
    sure: z.sure,
    parts: z.parts,
    lineIn: z.lineIn,
    lineOut: z.lineOut,
  }));
  return { list, bySegment };
}
