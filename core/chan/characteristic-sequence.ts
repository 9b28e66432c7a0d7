/**
 * The characteristic sequence (特征序列) that ends a segment, after chan.py's
 * `CEigenFX`. An up segment's sequence is its down lines (a down segment's,
 * its up lines), standardised by inclusion and searched for a top (bottom)
 * fractal of three elements:
 * - element 2 is never merged into element 1 when it contains it;
 * - element 3 merges into element 2 when either contains the other, except a
 *   candidate with an equal high and a lower low (up) stays separate;
 * - element 3 counts only after an "actual break": it breaks the low of the
 *   last line merged into element 2, or the next same-direction line does, or
 *   no sure line says otherwise (then the end is only provisional);
 * - a gap between elements 1 and 2 needs the reverse sequence, started two
 *   lines after the end, to form its own fractal (chan.py no longer cancels
 *   the end when the old extreme is exceeded first, issue #272).
 * On any failure the first line is dropped and the rest replayed.
 *
 * Allocation-free once warm: an element is a run of positions in the list of
 * fed lines (its members are always consecutive feeds), the three elements are
 * reused, and a replay re-reads that list in place, since segment searches run
 * over every line of a long history.
 */
import type { Lines } from "./lines.ts";

/** One standardised element: the fed lines at positions `from..to`, merged by inclusion. */
class Element {
  high = 0;
  low = 0;
  from = 0;
  to = 0;
  fx = 0;
  gap = false;
  /** +1 keeps higher highs and lows when merging, −1 lower ones. */
  private dir = 0;

  constructor(
    private readonly lines: Lines,
    private readonly fed: readonly number[],
  ) {}

  /** Starts the element with the line fed at position `pos`. */
  start(pos: number, dir: number): this {
    const line = this.fed[pos]!;
    this.high = this.lines.high[line]!;
    this.low = this.lines.low[line]!;
    this.from = this.to = pos;
    this.fx = 0;
    this.gap = false;
    this.dir = dir;
    return this;
  }

  get first(): number {
    return this.fed[this.from]!;
  }

  get last(): number {
    return this.fed[this.to]!;
  }

  /**
   * chan.py `try_add`: merges the line fed at `pos` (the next position) when in inclusion. Whether
   * it merged is all that is read of chan.py's answer (which way a separate line lies only becomes
   * element 3's merge direction, and element 3 never merges).
   */
  tryAdd(pos: number, excludeIncluded: boolean, allowTopEqual: number): boolean {
    const line = this.fed[pos]!;
    const ih = this.lines.high[line]!;
    const il = this.lines.low[line]!;
    if (!this.merges(ih, il, excludeIncluded, allowTopEqual)) return false;
    this.to = pos;
    if (this.dir === 1) {
      if (ih !== il || ih !== this.high) {
        this.high = Math.max(this.high, ih);
        this.low = Math.max(this.low, il);
      }
    } else if (ih !== il || il !== this.low) {
      this.high = Math.min(this.high, ih);
      this.low = Math.min(this.low, il);
    }
    return true;
  }

  /** chan.py `test_combine`: whether the range `[il, ih]` is in inclusion with this element and merges. */
  private merges(ih: number, il: number, excludeIncluded: boolean, allowTopEqual: number): boolean {
    if (this.high >= ih && this.low <= il) return true;
    if (this.high <= ih && this.low >= il) {
      // a line with an equal high (low) stays apart: its low is then lower (its high higher), the identical range having merged above
      if (allowTopEqual === 1 && this.high === ih) return false;
      if (allowTopEqual === -1 && this.low === il) return false;
      return !excludeIncluded;
    }
    return false;
  }

  /** Fractal of this element between `pre` and `next` (chan.py's exclude-included rule). */
  markFractal(pre: Element, next: Element, allowTopEqual: number): void {
    if (pre.high < this.high && next.high <= this.high && next.low < this.low) {
      if (allowTopEqual === 1 || next.high < this.high) this.fx = 1;
    } else if (next.high > this.high && pre.low > this.low && next.low >= this.low) {
      if (allowTopEqual === -1 || next.low > this.low) this.fx = -1;
    }
    if ((this.fx === 1 && pre.high < this.low) || (this.fx === -1 && pre.low > this.high)) this.gap = true;
  }

  /** The last member reaching the element's high (`isHigh`) or low. */
  peakItem(isHigh: boolean): number {
    const v = isHigh ? this.lines.high : this.lines.low;
    const target = isHigh ? this.high : this.low;
    for (let j = this.to; j >= this.from; j--) if (v[this.fed[j]!] === target) return this.fed[j]!;
    throw new Error("characteristic element without its extreme");
  }
}

/** Search state for one segment direction; feed it the counter-direction lines in order. */
export class CharacteristicSequence {
  /** Every line fed; those since the last clear start at `base`. */
  private readonly fed: number[] = [];
  private base = 0;
  private readonly ele: [Element, Element, Element];
  /** How many of `ele` are formed (0–3). */
  private formed = 0;
  /** Whether the line that confirmed element 3 was sure. */
  private lastEvidenceSure = false;
  /** False once an element 3 was accepted without a confirmed break; chan.py never resets it. */
  private actualBreak = true;

  constructor(
    private readonly lines: Lines,
    /** Direction of the segment being ended: +1 up (feed down lines), −1 down. */
    readonly dir: number,
  ) {
    this.ele = [new Element(lines, this.fed), new Element(lines, this.fed), new Element(lines, this.fed)];
  }

  get hasSecond(): boolean {
    return this.formed >= 2;
  }

  clear(): void {
    this.formed = 0;
    this.fed.length = 0;
    this.base = 0;
  }

  /** As new: cleared, and the actual-break flag back to its start (the evidence flag is set by every third element, before any fractal). */
  restart(): void {
    this.clear();
    this.actualBreak = true;
  }

  /** Feeds a line; true when a fractal of the right type formed. */
  add(line: number): boolean {
    this.fed.push(line);
    return this.step(this.fed.length - 1);
  }

  /** The line ending the segment: the one before the element-2 line holding the extreme. */
  endLine(): number {
    const e1 = this.ele[1];
    return e1.peakItem(this.lines.dir[e1.first] !== 1) - 1;
  }

  /** chan.py `can_be_end`: true when confirmed, null when it can only be provisional. */
  canBeEnd(): true | null {
    if (this.ele[1].gap) return this.reverseFractal(this.endLine() + 2);
    return this.actualBreak ? true : null;
  }

  /** Every fed line (and the evidence line) was sure. */
  allSure(): boolean {
    for (let i = this.base; i < this.fed.length; i++) if (!this.lines.wasSure[this.fed[i]!]) return false;
    return this.lastEvidenceSure;
  }

  /** Takes the line fed at `pos` (every position from `base` before it already taken). */
  private step(pos: number): boolean {
    if (this.formed === 0) {
      this.ele[0].start(pos, this.dir);
      this.formed = 1;
      return false;
    }
    if (this.formed === 1) return this.second(pos);
    return this.third(pos);
  }

  private second(pos: number): boolean {
    // indexed, not destructured: destructuring goes through the iterator protocol, objects on every line fed
    const e0 = this.ele[0];
    const e1 = this.ele[1];
    if (e0.tryAdd(pos, true, 0)) return false;
    e1.start(pos, this.dir);
    this.formed = 2;
    if ((this.dir === 1 && e1.high < e0.high) || (this.dir === -1 && e1.low > e0.low)) return this.reset(pos);
    return false;
  }

  private third(pos: number): boolean {
    const e0 = this.ele[0];
    const e1 = this.ele[1];
    const e2 = this.ele[2];
    const line = this.fed[pos]!;
    this.lastEvidenceSure = this.lines.wasSure[line] === 1;
    const allowTopEqual = this.lines.dir[line] === -1 ? 1 : -1;
    if (e1.tryAdd(pos, false, allowTopEqual)) return false;
    // chan.py gives element 3 the way it lies as its merge direction, which nothing reads: it never merges
    e2.start(pos, this.dir);
    this.formed = 3;
    if (!this.confirmBreak(e1, e2)) return this.reset(pos);
    e1.markFractal(e0, e2, allowTopEqual);
    if ((this.dir === 1 && e1.fx === 1) || (this.dir === -1 && e1.fx === -1)) return true;
    return this.reset(pos);
  }

  /**
   * Drops the first line since the clear and replays the others up to `pos`.
   * When the replay finds a fractal, the lines after it are forgotten (as fed).
   */
  private reset(pos: number): boolean {
    this.base++;
    this.formed = 0;
    for (let p = this.base; p <= pos; p++) {
      if (this.step(p)) {
        // a nested replay may already have cut the list shorter
        this.fed.length = Math.min(this.fed.length, p + 1);
        return true;
      }
    }
    return false;
  }

  /** chan.py `actual_break`. */
  private confirmBreak(e1: Element, e2: Element): boolean {
    const L = this.lines;
    const lastIn2 = e1.last;
    if ((this.dir === 1 && e2.low < L.low[lastIn2]!) || (this.dir === -1 && e2.high > L.high[lastIn2]!)) return true;
    const b = e2.first;
    const n = L.length;
    if (b + 2 < n) {
      const nn = b + 2;
      const broke = L.dir[b] === -1 ? L.low[nn]! < L.low[b]! : L.high[nn]! > L.high[b]!;
      if (broke) {
        this.lastEvidenceSure = L.wasSure[nn] === 1;
        return true;
      }
      if (!L.wasSure[nn] || nn + 1 >= n) {
        this.actualBreak = false;
        return true;
      }
      return false;
    }
    if (b + 1 < n && ((this.dir === 1 && L.high[b + 1]! > e1.high) || (this.dir === -1 && L.low[b + 1]! < e1.low))) return false;
    this.actualBreak = false;
    return true;
  }

  /**
   * chan.py `find_revert_fx`: the reverse sequence from line `begin` must form its fractal. `begin`
   * (the line after element 2's peak line) is at most element 3's first line, so it exists.
   */
  private reverseFractal(begin: number): true | null {
    const L = this.lines;
    const rev = new CharacteristicSequence(L, -L.dir[begin]!);
    for (let l = begin; l < L.length; l += 2) {
      if (!rev.add(l)) continue;
      let test = rev.canBeEnd();
      if (!rev.actualBreak) test = null;
      const evidence = rev.ele[2].first;
      if (test === true) this.lastEvidenceSure = L.wasSure[evidence] === 1 && rev.lastEvidenceSure;
      return test;
    }
    return null;
  }
}
