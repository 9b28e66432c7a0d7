/**
 * chan.py's confirmed strokes (笔), built as merged bars close. A closing
 * fractal of the same type as the last stroke's end extends the stroke when it
 * is at least as extreme; an opposite one starts a new stroke when the stroke
 * test passes; before the first stroke, fractals are cached and the first
 * cached one that can pair with a newcomer becomes the start (no search for the
 * global extreme). With `bi_allow_sub_peak: false` a failed opposite fractal may
 * instead drop the last stroke and extend the one before (sub-peak re-anchoring).
 */
import type { ChanConfig } from "./options.ts";
import { StrokeRules, type MergedView, type RawRange } from "./stroke-rules.ts";
import { withVirtualStroke } from "./virtual-stroke.ts";

/** Strokes by their merged bars, as columns. */
export interface StrokeTable {
  readonly length: number;
  readonly begin: Int32Array;
  readonly end: Int32Array;
  /** +1 up, −1 down. */
  readonly dir: Int8Array;
  readonly sure: Uint8Array;
  /** chan.py `is_used_to_be_sure`: confirmed before a provisional extension moved its end. */
  readonly wasSure: Uint8Array;
}

/** A table of `length` strokes holding the first ones of `from` (as many as fit). */
export function copyStrokes(from: StrokeTable, length: number): StrokeTable {
  const n = Math.min(length, from.length);
  const t: StrokeTable = {
    length,
    begin: new Int32Array(length),
    end: new Int32Array(length),
    dir: new Int8Array(length),
    sure: new Uint8Array(length),
    wasSure: new Uint8Array(length),
  };
  t.begin.set(from.begin.subarray(0, n));
  t.end.set(from.end.subarray(0, n));
  t.dir.set(from.dir.subarray(0, n));
  t.sure.set(from.sure.subarray(0, n));
  t.wasSure.set(from.wasSure.subarray(0, n));
  return t;
}

/** Columns rather than a record per stroke: a long history has tens of thousands of strokes. */
export class StrokeBuilder {
  /**
   * The confirmed strokes' first and last merged bars, the first `n` of each: typed and doubled on growth, as
   * tens of thousands of strokes pushed onto plain arrays made about 1.5 MB of garbage per analysis.
   */
  private begin = new Int32Array(64);
  private end = new Int32Array(64);
  private n = 0;
  private readonly free: number[] = [];
  private readonly rules: StrokeRules;

  constructor(
    private readonly m: MergedView,
    raw: RawRange,
    private readonly cfg: ChanConfig["bi"],
  ) {
    this.rules = new StrokeRules(m, raw, cfg);
  }

  /** Merged bar `k` now has a successor, so its fractal mark is final. */
  close(k: number): void {
    const fx = this.m.fx[k]!;
    if (fx === 0) return;
    const n = this.n;
    if (n === 0) {
      this.first(k);
      return;
    }
    const lastEnd = this.end[n - 1]!;
    if (fx === this.m.fx[lastEnd]) this.extend(k);
    else if (this.rules.canMake(k, lastEnd, false)) this.add(lastEnd, k);
    else if (!this.cfg.allowSubPeak) this.reanchor(k);
  }

  /** The confirmed strokes as they stand: each runs away from its start fractal, whose mark is final. */
  strokes(): StrokeTable {
    const n = this.n;
    // a loop, not Int8Array.from with a map: that goes through the iterator protocol, an object per stroke
    const dir = new Int8Array(n);
    for (let k = 0; k < n; k++) dir[k] = -this.m.fx[this.begin[k]!]!;
    return {
      length: n,
      begin: this.begin.slice(0, n),
      end: this.end.slice(0, n),
      dir,
      sure: new Uint8Array(n).fill(1),
      wasSure: new Uint8Array(n).fill(1),
    };
  }

  private add(begin: number, end: number): void {
    const n = this.n;
    if (n === this.begin.length) {
      const grown = (a: Int32Array) => {
        const b = new Int32Array(2 * n);
        b.set(a);
        return b;
      };
      this.begin = grown(this.begin);
      this.end = grown(this.end);
    }
    this.begin[n] = begin;
    this.end[n] = end;
    this.n = n + 1;
  }

  private first(k: number): void {
    for (const f of this.free) {
      if (this.m.fx[f] === this.m.fx[k]) continue;
      if (this.rules.canMake(k, f, false)) {
        this.add(f, k);
        return;
      }
    }
    this.free.push(k);
  }

  /** Moves the last stroke's end to bar `k` when that is as far or further. */
  private extend(k: number): boolean {
    const i = this.n - 1;
    const up = this.m.fx[this.begin[i]!] === -1;
    const e = this.end[i]!;
    if (up ? this.m.fx[k] === 1 && this.m.high[k]! >= this.m.high[e]! : this.m.fx[k] === -1 && this.m.low[k]! <= this.m.low[e]!) {
      this.end[i] = k;
      return true;
    }
    return false;
  }

  private reanchor(k: number): void {
    const n = this.n;
    if (!this.rules.subPeak(this.begin, this.end, n, k)) return;
    const begin = this.begin[n - 1]!;
    const end = this.end[n - 1]!;
    this.n = n - 1;
    if (!this.extend(k)) this.add(begin, end);
  }
}

/** Strokes of finished merged bars, the unfinished last one included. */
export function buildStrokes(m: MergedView, raw: RawRange, cfg: ChanConfig["bi"]): StrokeTable {
  const b = new StrokeBuilder(m, raw, cfg);
  for (let k = 1; k < m.length - 1; k++) b.close(k);
  return withVirtualStroke(m, raw, cfg, b.strokes());
}
