/**
 * An append-only Float64 column. Values never change once pushed, so a
 * `view()` taken now stays valid and unchanged however much is appended later
 * (growth copies into a new buffer); streaming snapshots share storage instead
 * of copying every bar each time.
 */
export class AppendOnlyColumn {
  private buf: Float64Array;
  private n = 0;

  constructor(capacity = 256) {
    this.buf = new Float64Array(Math.max(16, capacity));
  }

  get length(): number {
    return this.n;
  }

  push(x: number): void {
    if (this.n === this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.n++] = x;
  }

  /** The current backing buffer: only indices below `length` are meaningful, and it is replaced on growth. */
  get data(): Float64Array {
    return this.buf;
  }

  /** The values so far, without copying. */
  view(): Float64Array {
    return this.buf.subarray(0, this.n);
  }
}
