/**
 * The merged-bar table shared by both inclusion rules (chan.py's in
 * `merge-bars.ts`, czsc's in `czsc-merge.ts`) and read by every later step.
 * Columnar, indexed by merged-bar number.
 */
import { type ColumnSource, freshColumns } from "./workspace.ts";

/** The bytes a bar takes in the columns below (two doubles, two bytes, four 32-bit integers). */
export const MERGED_BYTES_PER_BAR = 34;
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

/**
 * Growable columns behind {@link MergedBars}, filled by the inclusion builders.
 * Typed buffers doubled on growth (amortised O(1) per bar, no boxed arrays);
 * read through the getters, which return the current buffers: only indices
 * below `length` are meaningful, and a buffer is replaced when it grows.
 */
export class MergedColumns {
  private n = 0;
  private cap: number;
  private h: Float64Array;
  private l: Float64Array;
  private d: Int8Array;
  private f: Int8Array;
  private fb: Int32Array;
  private lb: Int32Array;
  private hb: Int32Array;
  private wb: Int32Array;

  /**
   * `capacity`: the expected bar count (a batch knows an upper bound; the columns grow anyway, in fresh memory);
   * `columns`: where the first columns come from (a batch's workspace, see workspace.ts).
   */
  constructor(capacity = 256, columns: ColumnSource = freshColumns) {
    this.cap = capacity = Math.max(16, capacity);
    this.h = columns.f64(capacity);
    this.l = columns.f64(capacity);
    this.d = columns.i8(capacity);
    this.f = columns.i8(capacity);
    this.fb = columns.i32(capacity);
    this.lb = columns.i32(capacity);
    this.hb = columns.i32(capacity);
    this.wb = columns.i32(capacity);
  }

  get length(): number {
    return this.n;
  }
  get high(): Float64Array {
    return this.h;
  }
  get low(): Float64Array {
    return this.l;
  }
  get dir(): Int8Array {
    return this.d;
  }
  get fx(): Int8Array {
    return this.f;
  }
  get first(): Int32Array {
    return this.fb;
  }
  get last(): Int32Array {
    return this.lb;
  }
  get highBar(): Int32Array {
    return this.hb;
  }
  get lowBar(): Int32Array {
    return this.wb;
  }

  open(bar: number, high: number, low: number, dir: number): void {
    if (this.n === this.cap) this.grow();
    const k = this.n++;
    this.h[k] = high;
    this.l[k] = low;
    this.d[k] = dir;
    this.f[k] = 0;
    this.fb[k] = bar;
    this.lb[k] = bar;
    this.hb[k] = bar;
    this.wb[k] = bar;
  }

  /** Sets the newest bar's range after raw bar `bar` joined it, keeping the extreme attribution. */
  absorb(bar: number, barHigh: number, barLow: number, high: number, low: number): void {
    const k = this.n - 1;
    this.h[k] = high;
    this.l[k] = low;
    this.lb[k] = bar;
    if (barHigh === high) this.hb[k] = bar;
    if (barLow === low) this.wb[k] = bar;
  }

  /** An immutable copy. */
  freeze(): MergedBars {
    const n = this.n;
    return {
      length: n,
      high: this.h.slice(0, n),
      low: this.l.slice(0, n),
      dir: this.d.slice(0, n),
      fx: this.f.slice(0, n),
      first: this.fb.slice(0, n),
      last: this.lb.slice(0, n),
      highBar: this.hb.slice(0, n),
      lowBar: this.wb.slice(0, n),
    };
  }

  /** The columns as they stand, without copying: for a batch, whose builder adds nothing afterwards. */
  view(): MergedBars {
    const n = this.n;
    return {
      length: n,
      high: this.h.subarray(0, n),
      low: this.l.subarray(0, n),
      dir: this.d.subarray(0, n),
      fx: this.f.subarray(0, n),
      first: this.fb.subarray(0, n),
      last: this.lb.subarray(0, n),
      highBar: this.hb.subarray(0, n),
      lowBar: this.wb.subarray(0, n),
    };
  }

  private grow(): void {
    this.cap *= 2;
    const widen = <T extends Float64Array | Int32Array | Int8Array>(a: T, next: T): T => (next.set(a), next);
    this.h = widen(this.h, new Float64Array(this.cap));
    this.l = widen(this.l, new Float64Array(this.cap));
    this.d = widen(this.d, new Int8Array(this.cap));
    this.f = widen(this.f, new Int8Array(this.cap));
    this.fb = widen(this.fb, new Int32Array(this.cap));
    this.lb = widen(this.lb, new Int32Array(this.cap));
    this.hb = widen(this.hb, new Int32Array(this.cap));
    this.wb = widen(this.wb, new Int32Array(this.cap));
  }
}
