/**
 * The merged-bar table shared by both inclusion rules (chan.py's in
 * `merge-bars.ts`, czsc's in `czsc-merge.ts`) and read by every later step.
 * Columnar, indexed by merged-bar number.
 */
export interface MergedBars {
  readonly length: number;
  readonly high: Float64Array;
  readonly low: Float64Array;
  /** +1 up, −1 down: the merge direction the bar was created with. */
  readonly dir: Int8Array;
  /** +1 top fractal, −1 bottom fractal, 0 none (always 0 for the newest bar). */
  readonly fx: Int8Array;
  /** First and last raw bar inside. */
  readonly first: Int32Array;
  readonly last: Int32Array;
  /** The last raw bar inside reaching `high` / `low`: where end-points and points are reported. */
  readonly highBar: Int32Array;
  readonly lowBar: Int32Array;
}

/** Growable columns behind {@link MergedBars}, filled by the inclusion builders. */
export class MergedColumns {
  readonly high: number[] = [];
  readonly low: number[] = [];
  readonly dir: number[] = [];
  readonly fx: number[] = [];
  readonly first: number[] = [];
  readonly last: number[] = [];
  readonly highBar: number[] = [];
  readonly lowBar: number[] = [];

  get length(): number {
    return this.high.length;
  }

  open(bar: number, high: number, low: number, dir: number): void {
    this.high.push(high);
    this.low.push(low);
    this.dir.push(dir);
    this.fx.push(0);
    this.first.push(bar);
    this.last.push(bar);
    this.highBar.push(bar);
    this.lowBar.push(bar);
  }

  /** Sets the newest bar's range after raw bar `bar` joined it, keeping the extreme attribution. */
  absorb(bar: number, barHigh: number, barLow: number, high: number, low: number): void {
    const k = this.high.length - 1;
    this.high[k] = high;
    this.low[k] = low;
    this.last[k] = bar;
    if (barHigh === high) this.highBar[k] = bar;
    if (barLow === low) this.lowBar[k] = bar;
  }

  /** An immutable copy. */
  freeze(): MergedBars {
    return {
      length: this.length,
      high: Float64Array.from(this.high),
      low: Float64Array.from(this.low),
      dir: Int8Array.from(this.dir),
      fx: Int8Array.from(this.fx),
      first: Int32Array.from(this.first),
      last: Int32Array.from(this.last),
      highBar: Int32Array.from(this.highBar),
      lowBar: Int32Array.from(this.lowBar),
    };
  }
}
