/**
 * The per-bar columns of a batch analysis (the merged bars and the MACD
 * histogram, about 42 bytes a bar) carved out of one reused buffer. On a long
 * history these are megabytes of fresh memory per analysis, and V8 answers
 * that much new ArrayBuffer memory with a scavenge ("external memory
 * pressure") in the middle of the analysis, which copies every object it has
 * made so far: on 333,200 bars that was a scavenge of about 4 ms per analysis
 * and a mark-compact every few, so the cost per bar grew with the length. A
 * caller that turns each analysis into its answer at once (the chan route)
 * keeps one workspace; an analysis made in a workspace must not be read after
 * the next analysis in it begins.
 */
/** Where the batch pipeline gets a per-bar column; its contents are stale until written. */
export interface ColumnSource {
  f64(n: number): Float64Array;
  i32(n: number): Int32Array;
  i8(n: number): Int8Array;
}

export const freshColumns: ColumnSource = {
  f64: (n) => new Float64Array(n),
  i32: (n) => new Int32Array(n),
  i8: (n) => new Int8Array(n),
};

export class ChanWorkspace implements ColumnSource {
  #buffer = new ArrayBuffer(0);
  #used = 0;

  /** @param keep  Bytes kept between analyses; a bigger buffer made for one analysis is dropped after it. */
  constructor(private readonly keep = 64 << 20) {}

  /** Starts an analysis that will take at most `bytes`: the earlier one's columns are given back. */
  begin(bytes: number): void {
    this.#used = 0;
    if (this.#buffer.byteLength < bytes || this.#buffer.byteLength > this.keep) this.#buffer = new ArrayBuffer(bytes);
  }

  f64(n: number): Float64Array {
    const at = this.#carve(n * 8);
    return at < 0 ? new Float64Array(n) : new Float64Array(this.#buffer, at, n);
  }

  i32(n: number): Int32Array {
    const at = this.#carve(n * 4);
    return at < 0 ? new Int32Array(n) : new Int32Array(this.#buffer, at, n);
  }

  i8(n: number): Int8Array {
    const at = this.#carve(n);
    return at < 0 ? new Int8Array(n) : new Int8Array(this.#buffer, at, n);
  }

  /** The offset of `bytes` more on an 8-byte boundary (as a Float64Array must start), or −1 once the buffer is used up. */
  #carve(bytes: number): number {
    const at = Math.ceil(this.#used / 8) * 8;
    if (at + bytes > this.#buffer.byteLength) return -1;
    this.#used = at + bytes;
    return at;
  }
}
