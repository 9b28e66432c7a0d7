/**
 * czsc's legacy Python engine (waditu/czsc at c87ff254, `czsc/py/analyze.py`: `remove_include`,
 * `check_fx`, `check_fxs`, `check_bi`, `CZSC.update`, `CZSC.__update_bi`, `CZSC.finished_bis`)
 * written again here as czsc states it, with lists of bar objects, for the czsc tests to compare
 * with the columnar engine. A merged bar carries the number of its opening (`id`), which is its
 * index among all merged bars ever opened; czsc compares bars by their time, which orders them the
 * same way. czsc's `max_bi_num` trimming is left out, as in the engine.
 */
export interface NewBar {
  readonly id: number;
  readonly high: number;
  readonly low: number;
  /** First and last raw bar inside. */
  readonly first: number;
  readonly last: number;
}

/**
 * `CZSC.update`'s inclusion step on the list `bars` (czsc's `bars_ubi`): with fewer than two bars
 * the raw bar is appended; otherwise `remove_include(k1, k2, bar)` with the last two, where equal
 * highs of k1 and k2 never merge. A merge replaces the last bar by a new object, as czsc's `k4`.
 * Returns true when a bar was opened (it gets number `id`).
 */
export function czscAddBar(bars: NewBar[], high: number, low: number, raw: number, id: number): boolean {
  const k1 = bars[bars.length - 2];
  const k2 = bars[bars.length - 1];
  const included = k2 !== undefined && ((k2.high <= high && k2.low >= low) || (k2.high >= high && k2.low <= low));
  if (k1 === undefined || k2 === undefined || k1.high === k2.high || !included) {
    bars.push({ id, high, low, first: raw, last: raw });
    return true;
  }
  const up = k1.high < k2.high;
  bars[bars.length - 1] = up ? { ...k2, high: Math.max(k2.high, high), low: Math.max(k2.low, low), last: raw } : { ...k2, high: Math.min(k2.high, high), low: Math.min(k2.low, low), last: raw };
  return false;
}

/** czsc `check_fx`: +1 top, −1 bottom, 0 neither. */
export function checkFx(k1: NewBar, k2: NewBar, k3: NewBar): number {
  if (k1.high < k2.high && k2.high > k3.high && k1.low < k2.low && k2.low > k3.low) return 1;
  if (k1.low > k2.low && k2.low < k3.low && k1.high > k2.high && k2.high < k3.high) return -1;
  return 0;
}

interface Fx {
  /** +1 top (czsc `Mark.G`), −1 bottom (`Mark.D`). */
  readonly mark: number;
  readonly elements: readonly [NewBar, NewBar, NewBar];
  /** czsc `fx`: the middle bar's high for a top, its low for a bottom. */
  readonly fx: number;
}

/** czsc `check_fxs`: every fractal of `bars`, a repeat of the last mark skipped once two are known. */
function checkFxs(bars: readonly NewBar[]): Fx[] {
  const fxs: Fx[] = [];
  for (let i = 1; i < bars.length - 1; i++) {
    const elements = [bars[i - 1]!, bars[i]!, bars[i + 1]!] as const;
    const mark = checkFx(...elements);
    if (mark === 0) continue;
    if (fxs.length >= 2 && mark === fxs[fxs.length - 1]!.mark) continue;
    fxs.push({ mark, elements, fx: mark === 1 ? bars[i]!.high : bars[i]!.low });
  }
  return fxs;
}

export interface Bi {
  readonly fxA: Fx;
  readonly fxB: Fx;
  readonly up: boolean;
  /** czsc `BI.bars`: the merged bars from fx_a's first to fx_b's last. */
  readonly bars: readonly NewBar[];
}

const mid = (f: Fx) => f.elements[1];

/** How often the rules' edge cases occurred (for the tests to check that they were exercised). */
export interface CzscStats {
  /** A stroke made with exactly `min_bi_len` bars. */
  exactLength: number;
  /** A pair refused for nested middle bars. */
  nested: number;
  /** A stroke broken by the newest bar and dropped. */
  drops: number;
  /** The first stroke's start moved past the first fractal to a more extreme one. */
  firstMoved: number;
}

/** czsc `check_bi`: the stroke found in `bars`, and the bars left for the next search. */
function checkBi(bars: readonly NewBar[], minLen: number, stats: CzscStats): [Bi | null, readonly NewBar[]] {
  const fxs = checkFxs(bars);
  if (fxs.length < 2) return [null, bars];
  const fxA = fxs[0]!;
  const up = fxA.mark === -1;
  // Python's max/min by key: the first of equal extremes wins
  let fxB: Fx | null = null;
  for (const x of fxs) {
    if (x.mark === fxA.mark || mid(x).id <= mid(fxA).id) continue;
    if (up ? x.fx > fxA.fx && (fxB === null || mid(x).high > mid(fxB).high) : x.fx < fxA.fx && (fxB === null || mid(x).low < mid(fxB).low)) fxB = x;
  }
  if (fxB === null) return [null, bars];
  const a = mid(fxA);
  const b = mid(fxB);
  const barsA = bars.filter((x) => fxA.elements[0].id <= x.id && x.id <= fxB.elements[2].id);
  const barsB = bars.filter((x) => x.id >= fxB.elements[0].id);
  const abInclude = (a.high > b.high && a.low < b.low) || (a.high < b.high && a.low > b.low);
  if (abInclude) stats.nested++;
  if (!abInclude && barsA.length >= minLen) {
    if (barsA.length === minLen) stats.exactLength++;
    return [{ fxA, fxB, up, bars: barsA }, barsB];
  }
  return [null, bars];
}

/** czsc's `CZSC` fed raw bars one by one: merged bars, strokes and the unfinished bars. */
export class CzscModel {
  /** Every merged bar opened so far, with its current values (for the columnar comparison). */
  readonly merged: NewBar[] = [];
  ubi: NewBar[] = [];
  readonly biList: Bi[] = [];
  readonly stats: CzscStats = { exactLength: 0, nested: 0, drops: 0, firstMoved: 0 };

  constructor(private readonly minLen: number) {}

  /** `CZSC.update` with raw bar number `raw`. */
  update(high: number, low: number, raw: number): void {
    if (czscAddBar(this.ubi, high, low, raw, this.merged.length)) this.merged.push(this.ubi[this.ubi.length - 1]!);
    else this.merged[this.merged.length - 1] = this.ubi[this.ubi.length - 1]!;
    this.updateBi();
  }

  /** `CZSC.__update_bi`. */
  private updateBi(): void {
    let barsUbi = this.ubi;
    if (barsUbi.length < 3) return;
    if (this.biList.length === 0) {
      const fxs = checkFxs(barsUbi);
      if (fxs.length === 0) return;
      let fxA = fxs[0]!;
      for (const fx of fxs.filter((x) => x.mark === fxA.mark)) {
        if ((fxA.mark === -1 && mid(fx).low <= mid(fxA).low) || (fxA.mark === 1 && mid(fx).high >= mid(fxA).high)) fxA = fx;
      }
      if (fxA !== fxs[0]) this.stats.firstMoved++;
      barsUbi = barsUbi.filter((x) => x.id >= fxA.elements[0].id);
      const [bi, rest] = checkBi(barsUbi, this.minLen, this.stats);
      if (bi) this.biList.push(bi);
      this.ubi = [...rest];
      return;
    }
    const [bi, rest] = checkBi(barsUbi, this.minLen, this.stats);
    this.ubi = [...rest];
    if (bi) this.biList.push(bi);
    const last = this.biList[this.biList.length - 1]!;
    const newest = this.ubi[this.ubi.length - 1]!;
    // czsc `BI.high` / `BI.low`: the higher high and lower low of its two fractals' middle bars
    const biHigh = Math.max(mid(last.fxA).high, mid(last.fxB).high);
    const biLow = Math.min(mid(last.fxA).low, mid(last.fxB).low);
    if ((last.up && newest.high > biHigh) || (!last.up && newest.low < biLow)) {
      const keep = last.bars[last.bars.length - 2]!.id;
      this.ubi = [...last.bars.slice(0, -2), ...this.ubi.filter((x) => x.id >= keep)];
      this.biList.pop();
      this.stats.drops++;
    }
  }

  /** The strokes as [begin merged, end merged, up, sure]: all sure once 5 unfinished bars follow (`finished_bis`). */
  strokes(): [number, number, boolean, boolean][] {
    const finished = this.ubi.length >= 5;
    return this.biList.map((s, i) => [mid(s.fxA).id, mid(s.fxB).id, s.up, finished || i < this.biList.length - 1]);
  }
}
