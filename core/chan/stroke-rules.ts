/**
 * chan.py's stroke test (`can_make_bi`): span, fractal validity and
 * end-is-peak, over merged bars that may still be growing (the stroke builder
 * runs while bars arrive). "Virtual" tests are the relaxed ones chan.py uses
 * for the unfinished last stroke, whose end bar needs no fractal yet.
 */
import type { ChanConfig } from "./options.ts";

/** What the rules read of the merged bars: satisfied by growing columns and frozen tables alike. */
export interface MergedView {
  readonly length: number;
  readonly high: ArrayLike<number>;
  readonly low: ArrayLike<number>;
  readonly dir: ArrayLike<number>;
  readonly fx: ArrayLike<number>;
  readonly first: ArrayLike<number>;
  readonly last: ArrayLike<number>;
}

export interface RawRange {
  readonly high: ArrayLike<number>;
  readonly low: ArrayLike<number>;
}

export class StrokeRules {
  constructor(
    private readonly m: MergedView,
    private readonly raw: RawRange,
    private readonly cfg: ChanConfig["bi"],
  ) {}

  /** Can a stroke run from fractal bar `from` to bar `to`? */
  canMake(to: number, from: number, virtual: boolean): boolean {
    if (this.cfg.algo !== "fx" && !this.spanOk(to, from)) return false;
    if (!this.fractalsOk(from, to, virtual)) return false;
    return !this.cfg.endIsPeak || this.endIsPeak(from, to);
  }

  /** No bar strictly inside goes beyond the end (equality allowed). */
  endIsPeak(from: number, to: number): boolean {
    const m = this.m;
    if (m.fx[from] === -1) {
      const top = m.high[to]!;
      for (let k = from + 1; k < to; k++) if (m.high[k]! > top) return false;
    } else if (m.fx[from] === 1) {
      const bottom = m.low[to]!;
      for (let k = from + 1; k < to; k++) if (m.low[k]! < bottom) return false;
    }
    return true;
  }

  /** chan.py `can_update_peak`: may bar `k` replace the last of the first `n` strokes (`begin`, `end`) by extending the one before? */
  subPeak(begin: ArrayLike<number>, end: ArrayLike<number>, n: number, k: number): boolean {
    if (n < 2) return false;
    const m = this.m;
    const lastBegin = begin[n - 1]!;
    const lastEnd = end[n - 1]!;
    const prevBegin = begin[n - 2]!;
    const lastUp = m.fx[lastBegin] === -1;
    if (!lastUp && m.high[k]! < m.high[lastBegin]!) return false;
    if (lastUp && m.low[k]! > m.low[lastBegin]!) return false;
    if (!this.endIsPeak(prevBegin, k)) return false;
    if (!lastUp && m.low[lastEnd]! < m.low[prevBegin]!) return false;
    if (lastUp && m.high[lastEnd]! > m.high[prevBegin]!) return false;
    return true;
  }

  private spanOk(to: number, from: number): boolean {
    let span = to - from;
    if (this.cfg.gapAsKl && span < 4) {
      for (let k = from; k < to; k++) if (this.gapAfter(k)) span++;
    }
    if (this.cfg.strict) return span >= 4;
    // new stroke: ≥ 3 raw bars in the merged bars strictly between the two
    return span >= 3 && this.m.first[to]! - this.m.first[from + 1]! >= 3;
  }

  /** Raw ranges of merged bars k and k+1 do not touch. */
  private gapAfter(k: number): boolean {
    const [l1, h1] = this.rawRange(k);
    const [l2, h2] = this.rawRange(k + 1);
    return !(h2 >= l1 && h1 >= l2);
  }

  private rawRange(k: number): [number, number] {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = this.m.first[k]!; i <= this.m.last[k]!; i++) {
      if (this.raw.low[i]! < lo) lo = this.raw.low[i]!;
      if (this.raw.high[i]! > hi) hi = this.raw.high[i]!;
    }
    return [lo, hi];
  }

  /**
   * chan.py decides a stroke the moment the bar after its end fractal opens,
   * so it sees that bar as its first raw bar only, whatever merges into it later.
   */
  private openingHigh(k: number): number {
    return this.raw.high[this.m.first[k]!]!;
  }

  private openingLow(k: number): number {
    return this.raw.low[this.m.first[k]!]!;
  }

  /** chan.py `check_fx_valid` of the stroke's start fractal `a` against its end bar `b`. */
  private fractalsOk(a: number, b: number, virtual: boolean): boolean {
    const { high, low, dir, fx } = this.m;
    const method = this.cfg.fxCheck;
    if (fx[a] === 1) {
      if (virtual && dir[b] !== -1) return false;
      let bHigh: number;
      let aLow: number;
      if (method === "half") {
        bHigh = Math.max(high[b - 1]!, high[b]!);
        aLow = Math.min(low[a]!, low[a + 1]!);
      } else if (method === "loss") {
        bHigh = high[b]!;
        aLow = low[a]!;
      } else {
        bHigh = virtual ? Math.max(high[b - 1]!, high[b]!) : Math.max(high[b - 1]!, high[b]!, this.openingHigh(b + 1));
        aLow = Math.min(low[a - 1]!, low[a]!, low[a + 1]!);
      }
      if (method === "totally") return low[a]! > bHigh;
      return high[a]! > bHigh && low[b]! < aLow;
    }
    if (virtual && dir[b] !== 1) return false;
    let bLow: number;
    let aHigh: number;
    if (method === "half") {
      bLow = Math.min(low[b - 1]!, low[b]!);
      aHigh = Math.max(high[a]!, high[a + 1]!);
    } else if (method === "loss") {
      bLow = low[b]!;
      aHigh = high[a]!;
    } else {
      bLow = virtual ? Math.min(low[b - 1]!, low[b]!) : Math.min(low[b - 1]!, low[b]!, this.openingLow(b + 1));
      aHigh = Math.max(high[a - 1]!, high[a]!, high[a + 1]!);
    }
    if (method === "totally") return high[a]! < bLow;
    return low[a]! < bLow && high[b]! > aHigh;
  }
}
