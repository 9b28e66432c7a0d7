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
  /** Line entering (before `begin`: a pivot never starts at line 0) and leaving (after `end`; −1 when none). */
  readonly lineIn: number;
  readonly lineOut: number;
}

export interface Pivots {
  readonly list: readonly Pivot[];
  /** Per segment, its pivots (indices into `list`), in order: those whose first line lies in it. */
  readonly bySegment: readonly (readonly number[])[];
}

/** A pivot as built; filled by `init`, so a candidate that is at once combined into the pivot before it can be filled again. */
class Zs {
  zd = 0;
  zg = 0;
  mid = 0;
  dd = Infinity;
  gg = -Infinity;
  end = 0;
  endBar = 0;
  parts = 0;
  begin = 0;
  beginBar = 0;
  sure = false;

  constructor(private readonly L: Lines) {}

  /** The pivot of `lines[from..to)`, whose overlap is [`zd`, `zg`]. */
  init(lines: Int32Array, from: number, to: number, zd: number, zg: number, sure: boolean): this {
    this.dd = Infinity;
    this.gg = -Infinity;
    this.parts = 0;
    this.sure = sure;
    this.begin = lines[from]!;
    this.beginBar = this.L.beginBar[this.begin]!;
    this.setRange(zd, zg);
    for (let i = from; i < to; i++) this.setEnd(lines[i]!);
    return this;
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
  }
}

class PivotBuilder {
  readonly zs: Zs[] = [];
  /** The next candidate's record: a new one once the last was kept (a long history combines most candidates away). */
  private spare: Zs;
  /** Lines not yet in a pivot: the first `nFree` (a line is offered once, so L.length is room enough; emptied without reallocating). */
  private readonly free: Int32Array;
  private nFree = 0;

  constructor(
    private readonly L: Lines,
    private readonly segs: Segments,
    private readonly cfg: ChanConfig["zs"],
  ) {
    this.free = new Int32Array(L.length);
    this.spare = new Zs(L);
  }

  build(): void {
    const { segs, cfg, L } = this;
    const s = segs.lines;
    if (cfg.algo === "over_seg") {
      this.overSegFrom(0);
      return;
    }
    if (cfg.algo === "auto") {
      let sureSeen = false;
      const anySure = s.isSure.includes(1);
      for (let k = 0; k < s.length; k++) {
        const start = s.startLine[k]!;
        if (s.isSure[k]) sureSeen = true;
        if (s.isSure[k] || (!sureSeen && anySure)) {
          this.fromRange(start, s.endLine[k]!, s.dir[k]!, s.isSure[k] === 1);
        } else {
          this.overSegFrom(start);
          return;
        }
      }
      return;
    }
    for (let k = 0; k < s.length; k++) this.fromRange(s.startLine[k]!, s.endLine[k]!, s.dir[k]!, s.isSure[k] === 1);
    // with no segment the read before the first one is undefined, so the range is NaN and holds no line
    this.fromRange(s.endLine[s.length - 1]! + 1, L.length - 1, -s.dir[s.length - 1]!, false);
  }

  /**
   * chan.py `add_zs_from_bi_range` and `update`, the free lines emptied first: the range's first
   * counter-line goes to the free lines, so later no free line means a pivot was just made, which
   * the next line may extend.
   */
  private fromRange(from: number, to: number, segDir: number, sure: boolean): void {
    this.nFree = 0;
    let dealt = 0;
    for (let i = from; i <= to; i++) {
      if (this.L.dir[i] === segDir) continue;
      if (dealt < 1) {
        this.addFree(i, sure, false);
        dealt++;
      } else if (this.nFree === 0 && this.zs[this.zs.length - 1]!.tryExtend(i)) {
        this.tryCombine();
      } else {
        this.addFree(i, sure, false);
      }
    }
  }

  /** `over_seg` from line `from` to the last line, the free lines emptied first. */
  private overSegFrom(from: number): void {
    this.nFree = 0;
    for (let i = from; i < this.L.length; i++) this.overSeg(i);
  }

  /**
   * chan.py `update_overseg_zs`. Its checks also need no free line, which `i - last.end <= 1` implies (free lines lie after the last pivot's end, before i). At the
   * last line it stops when no line is free; reading line i + 1 there finds none (no overlap), and the last line alone makes no pivot, so no check is needed.
   */
  private overSeg(i: number): void {
    const last = this.zs[this.zs.length - 1];
    if (last) {
      if (i - last.end <= 1 && last.overlaps(i + 1) && last.tryExtend(i)) return;
      if (last.overlaps(i) && i - last.end <= 1) return;
    }
    this.addFree(i, this.L.isSure[i] === 1, true);
  }

  /** chan.py `add_to_free_lst`; built in one pass, a line is never offered twice, so none is replaced. */
  private addFree(i: number, sure: boolean, overSeg: boolean): void {
    this.free[this.nFree++] = i;
    const z = this.construct(sure, overSeg);
    if (z && z.begin > 0) {
      this.zs.push(z);
      this.nFree = 0;
      this.tryCombine();
      // still listed (not combined into the one before): the next candidate needs a record of its own
      if (this.zs[this.zs.length - 1] === z) this.spare = new Zs(this.L);
    }
  }

  /**
   * A pivot of the last free lines (three for `over_seg`, else two, or all with `one_bi_zs`) when they overlap. With fewer
   * free lines `from` is negative: `lst[from]` reads `undefined`, so the overlap is NaN and no pivot is made, as chan.py refuses.
   */
  private construct(sure: boolean, overSeg: boolean): Zs | null {
    const lst = this.free;
    const n = this.nFree;
    const from = overSeg ? n - 3 : this.cfg.oneBiZs ? 0 : n - 2;
    // over_seg: the first line must run against its segment (chan.py's `parent_seg`); a line
    // without one, which would crash chan.py, has direction 0 there, so it passes
    if (overSeg && this.L.dir[lst[from]!] === this.segs.parentDir[lst[from]!]) return null;
    let minHigh = Infinity;
    let maxLow = -Infinity;
    for (let i = from; i < n; i++) {
      minHigh = Math.min(minHigh, this.L.high[lst[i]!]!);
      maxLow = Math.max(maxLow, this.L.low[lst[i]!]!);
    }
    return minHigh > maxLow ? this.spare.init(lst, from, n, maxLow, minHigh, sure) : null;
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

/** The list of a segment without pivots, shared (frozen: the lists are read only). */
const NO_PIVOTS: number[] = [];
Object.freeze(NO_PIVOTS);

/** Pivots of `lines` inside `segs`, with entering/leaving lines and per-segment lists. */
export function buildPivots(lines: Lines, segs: Segments, cfg: ChanConfig["zs"]): Pivots {
  const b = new PivotBuilder(lines, segs, cfg);
  b.build();
  const zs = b.zs;
  const s = segs.lines;
  // chan.py `update_zs_in_seg` walks segments backwards and, for each, the pivots backwards until
  // one ends before the segment begins, listing a pivot under the segment holding its first line
  // and setting its entering and leaving lines. Pivots are built in line order, so their end bars
  // ascend; segments follow each other from line 0, so the first one's walk reaches every pivot
  // and each segment's reaches the pivots starting in it: every pivot gets its lines, and is
  // listed under the segment of its first line, if any.
  // each list made at its size (counted first), and one shared empty list: a long history has thousands of segments
  const counts = new Int32Array(s.length);
  for (let j = 0; j < zs.length; j++) {
    const k = segs.lineSegment[zs[j]!.begin]!;
    if (k < s.length) counts[k]!++;
  }
  const bySegment: number[][] = [];
  for (let k = 0; k < s.length; k++) bySegment.push(counts[k] === 0 ? NO_PIVOTS : new Array<number>(counts[k]!));
  counts.fill(0);
  for (let j = 0; j < zs.length; j++) {
    const k = segs.lineSegment[zs[j]!.begin]!;
    if (k < s.length) bySegment[k]![counts[k]!++] = j;
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
    lineIn: z.begin - 1,
    lineOut: z.end + 1 < lines.length ? z.end + 1 : -1,
  }));
  return { list, bySegment };
}
