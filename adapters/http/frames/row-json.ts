/**
 * Row-shaped JSON (`[{"a":1,"b":"x"},…]`) written straight from columns: the
 * per-bar tables of the API (bars, indicator frames, equity curves) are
 * megabytes of it, and building row objects to stringify costs more than the
 * rest of such a request. Number and plain-string columns are written into the
 * buffer in one tight loop per row; numbers equal to the ones above them in
 * their columns (flat stretches of an equity curve, a closed position) are
 * copied with their keys from the previous row's bytes instead of being
 * formatted again. Non-finite numbers become `null`, never `NaN`.
 */
import { ISO_DATE_TIME_BYTES, isoDateTime, putIsoDateTime } from "../../../core/backtest/index.ts";
import { keyFragment, MAX_NUMBER_BYTES, putAscii, putCopy, putEarlier, putFragment, putShortNumberAt, type JsonWriter } from "./json-writer.ts";

const encoder = new TextEncoder();
const viewOf = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/**
 * Strings that need no JSON escaping, encoded once for copying: all of them
 * back to back in `bytes`, string i ending at `ends[i]`. They are joined
 * rather than read one by one because formatted times are freshly concatenated
 * strings (ropes): reading each flattens it, which costs more than writing it
 * and leaves a garbage string per row. A table set that shares a column (a
 * backtest's equity curve and positions share their times) encodes it once.
 */
export class PlainText {
  readonly view: DataView;

  private constructor(
    readonly bytes: Uint8Array,
    readonly ends: Int32Array,
    /** Bytes of the longest string. */
    readonly longest: number,
  ) {
    this.view = viewOf(bytes);
  }

  static of(values: ArrayLike<string>): PlainText {
    const n = values.length;
    const ends = new Int32Array(n);
    let at = 0;
    let longest = 0;
    for (let i = 0; i < n; i++) {
      const length = values[i]!.length;
      at += length;
      ends[i] = at;
      if (length > longest) longest = length;
    }
    const bytes = encoder.encode(Array.prototype.join.call(values, "") as string);
    if (bytes.length === at) return new PlainText(bytes, ends, longest);
    // Not all ASCII: each string's end by its UTF-8 length.
    const parts = Array.from(values, (s) => encoder.encode(s));
    const joined = new Uint8Array(bytes.length);
    at = 0;
    longest = 0;
    parts.forEach((b, i) => {
      joined.set(b, at);
      ends[i] = at += b.length;
      longest = Math.max(longest, b.length);
    });
    return new PlainText(joined, ends, longest);
  }

  /**
   * The first `n` bar times as `isoDateTime` writes them, written as bytes
   * straight from the numbers: no string per bar (formatting and joining
   * 10,000 of them was a sixth of a backtest response).
   */
  static ofIsoTimes(times: Float64Array, n: number): PlainText {
    const bytes = new Uint8Array(n * ISO_DATE_TIME_BYTES);
    const ends = new Int32Array(n);
    let at = 0;
    for (let i = 0; i < n; i++) {
      const end = putIsoDateTime(bytes, at, times, i);
      // a year without four digits: Date's text, of the same length
      at = end < 0 ? putAscii(bytes, at, isoDateTime(times[i]!)) : end;
      ends[i] = at;
    }
    return new PlainText(bytes, ends, n === 0 ? 0 : ISO_DATE_TIME_BYTES);
  }
}

/**
 * One column: numbers (NaN → null), strings, strings that need no JSON escaping
 * (dates, times: copied without a pass through the escaper), or any JSON values.
 */
export type Column =
  | { readonly name: string; readonly num: ArrayLike<number> }
  | { readonly name: string; readonly str: ArrayLike<string | null> }
  | { readonly name: string; readonly plain: ArrayLike<string> | PlainText }
  | { readonly name: string; readonly any: ArrayLike<unknown> };

export const num = (name: string, values: ArrayLike<number>): Column => ({ name, num: values });
export const str = (name: string, values: ArrayLike<string | null>): Column => ({ name, str: values });
/** Strings known to hold no quote, backslash, control character or lone surrogate (e.g. "2024-01-02 09:31"). */
export const plain = (name: string, values: ArrayLike<string> | PlainText): Column => ({ name, plain: values });
export const any = (name: string, values: ArrayLike<unknown>): Column => ({ name, any: values });

const NUM = 0;
const PLAIN = 1;
const OTHER = 2;

const keyOf = (c: Column, k: number) => keyFragment(c.name, k);

/** Bytes of the longest plain string of a column: exact when encoded, else a bound (three UTF-8 bytes per UTF-16 unit). */
function longestPlain(values: ArrayLike<string> | PlainText, n: number): number {
  if (values instanceof PlainText) return values.longest;
  let longest = 0;
  for (let i = 0; i < n; i++) longest = Math.max(longest, values[i]!.length);
  return 3 * longest;
}

/** The most bytes a row takes besides its str and any cells: keys, numbers at their longest, plain strings, braces and the comma. */
function rowBound(columns: readonly Column[], n: number, texts: readonly (PlainText | undefined)[] = []): number {
  let room = 3;
  columns.forEach((c, k) => {
    room += keyOf(c, k).length;
    if ("num" in c) room += MAX_NUMBER_BYTES;
    else if ("plain" in c) room += 2 + longestPlain(texts[k] ?? c.plain, n);
  });
  return room;
}

/** A bound of the bytes {@link writeRows} writes for a table of numbers and plain strings, to size a writer up front. */
export const rowsBound = (columns: readonly Column[], n: number): number => 2 + n * rowBound(columns, n);

/** Whether row `i`'s cell of a number column is written (not copied with the cells before it from the row above). */
const formatted = (col: Float64Array, i: number) => i === 0 || col[i] !== col[i - 1];

/**
 * A number column as doubles: the row loop then reads every number column
 * through one kind of array (an ArrayLike site that sees typed and plain
 * arrays is slower). A plain array's holes and nulls become NaN: null, as
 * they were written before.
 */
const doubles = (values: ArrayLike<number>): Float64Array => (values instanceof Float64Array ? values : Float64Array.from(values, (v) => (typeof v === "number" ? v : Number.NaN)));

/** Slow-path numbers formatted per JSON.stringify call: its text stays small (young, already-touched memory). */
const BATCH = 512;

/**
 * The texts of a number column's written cells that the writer's fast path
 * does not take (numbers needing the engine's shortest round-trip form, such
 * as most indicator values), made by JSON.stringify a batch at a time, in row
 * order: per number, it costs a third of `String(x)`, which allocates a string
 * and files it in the engine's number-string cache each time (130 against 350
 * ns here; 730,000 such numbers are all 30 indicators on 10,000 bars).
 */
class SlowNumbers {
  private readonly xs: number[] = [];
  private readonly bytes = new Uint8Array(BATCH * (MAX_NUMBER_BYTES + 1) + 2);
  private readonly view = viewOf(this.bytes);
  private readonly starts = new Int32Array(BATCH);
  private readonly ends = new Int32Array(BATCH);
  private readonly scratch = new Uint8Array(MAX_NUMBER_BYTES);
  private count = 0;
  private next = 0;

  /** `row`: the row of the first such cell; the batches are read from it on. */
  constructor(
    private readonly col: Float64Array,
    private row: number,
    private readonly n: number,
  ) {}

  /** Copies the next such cell's text to `pos` of `buf`; returns the end. */
  put(view: DataView, buf: Uint8Array, pos: number): number {
    if (this.next === this.count) this.refill();
    const k = this.next++;
    return putCopy(view, buf, pos, this.view, this.bytes, this.starts[k]!, this.ends[k]!);
  }

  /** The next batch: the written cells (see `formatted`) that are finite and off the fast path, as writeRows meets them. */
  private refill(): void {
    const { col, xs, n } = this;
    xs.length = 0;
    let i = this.row;
    for (; i < n && xs.length < BATCH; i++) {
      const x = col[i]!;
      if (x - x === 0 && formatted(col, i) && putShortNumberAt(this.scratch, 0, col, i) < 0) xs.push(x);
    }
    this.row = i;
    // "[a,b,…]": ASCII, and no number's text holds a comma
    const written = encoder.encodeInto(JSON.stringify(xs), this.bytes).written;
    let start = 1;
    let k = 0;
    for (let p = 1; p < written; p++) {
      const c = this.bytes[p]!;
      if (c === 44 || c === 93) {
        this.starts[k] = start;
        this.ends[k++] = p;
        start = p + 1;
      }
    }
    this.count = k;
    this.next = 0;
  }
}

/** Writes the first `n` rows of `columns` as a JSON array of objects (keys in column order). */
export function writeRows(w: JsonWriter, columns: readonly Column[], n: number): void {
  const width = columns.length;
  const keys = columns.map(keyOf);
  const kinds = columns.map((c) => ("num" in c ? NUM : "plain" in c ? PLAIN : OTHER));
  const nums = columns.map((c) => ("num" in c ? doubles(c.num) : new Float64Array(0)));
  const texts = columns.map((c) => ("plain" in c ? (c.plain instanceof PlainText ? c.plain : PlainText.of(c.plain)) : undefined));
  const room = rowBound(columns, n, texts);
  // per number column: the texts of its numbers off the fast path, made when the first is met
  const slow: (SlowNumbers | undefined)[] = columns.map(() => undefined);
  // Where each cell (key and value) of the previous row starts, and where that row's cells end.
  let prev = new Int32Array(width + 1);
  let cur = new Int32Array(width + 1);
  let buf = w.reserve(2 + n * room);
  let view = viewOf(buf);
  let pos = w.length;
  buf[pos++] = 91;
  for (let i = 0; i < n; i++) {
    if (pos + room > buf.length) {
      buf = w.commit(pos).reserve(room);
      view = viewOf(buf);
    }
    if (i > 0) buf[pos++] = 44;
    if (width === 0) buf[pos++] = 123;
    // Number cells equal to the ones above them are copied from the previous row, a run of them at once.
    let run = -1;
    for (let k = 0; k < width; k++) {
      const kind = kinds[k]!;
      if (kind === NUM && i > 0) {
        const col = nums[k]!;
        if (!formatted(col, i)) {
          if (run < 0) run = k;
          continue;
        }
      }
      if (run >= 0) {
        for (let j = run; j < k; j++) cur[j] = pos + prev[j]! - prev[run]!;
        pos = putEarlier(view, buf, pos, prev[run]!, prev[k]!);
        run = -1;
      }
      cur[k] = pos;
      pos = putFragment(view, buf, pos, keys[k]!);
      if (kind === NUM) {
        const col = nums[k]!;
        const end = putShortNumberAt(buf, pos, col, i);
        if (end >= 0) pos = end;
        else if (col[i]! - col[i]! !== 0) pos = putAscii(buf, pos, "null");
        else pos = (slow[k] ??= new SlowNumbers(col, i, n)).put(view, buf, pos);
      } else if (kind === PLAIN) {
        const text = texts[k]!;
        buf[pos++] = 34;
        pos = putCopy(view, buf, pos, text.view, text.bytes, i === 0 ? 0 : text.ends[i - 1]!, text.ends[i]!);
        buf[pos++] = 34;
      } else {
        w.commit(pos);
        const c = columns[k]!;
        if ("str" in c) {
          const v = c.str[i]!;
          if (v === null) w.ascii("null");
          else w.string(v);
        } else w.value((c as { any: ArrayLike<unknown> }).any[i] ?? null);
        const next = w.reserve(room); // the str or any cell may have grown the buffer
        if (next !== buf) {
          buf = next;
          view = viewOf(buf);
        }
        pos = w.length;
      }
    }
    if (run >= 0) {
      for (let j = run; j < width; j++) cur[j] = pos + prev[j]! - prev[run]!;
      pos = putEarlier(view, buf, pos, prev[run]!, prev[width]!);
    }
    cur[width] = pos;
    buf[pos++] = 125;
    const swap = prev;
    prev = cur;
    cur = swap;
  }
  w.commit(pos).byte(93);
}
