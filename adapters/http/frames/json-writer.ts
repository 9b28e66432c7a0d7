/**
 * A growable UTF-8 byte buffer for writing JSON text without building strings:
 * digits are written two at a time from a table, constant fragments are copied
 * pre-encoded, four bytes at a time. Numbers with at most eight decimals
 * (prices, fractions, volumes, money) take the fast path; anything else falls
 * back to the engine's shortest round-trip form, so the text is always what
 * `JSON.stringify` would write. Tight loops (see row-json.ts) write into the
 * buffer directly with the `put*` functions between `reserve` and `commit`.
 * A finished writer leaves its buffer to the next one (see `spare`).
 */
import { Buffer } from "node:buffer";

const encoder = new TextEncoder();

/**
 * Uninitialised memory for the buffer (only bytes written are ever read or
 * exposed): zeroed memory for megabytes of JSON is fresh pages from the system,
 * one page fault per 4 KiB on first write (about 1 ms per response of a few
 * megabytes); uninitialised memory is recycled from earlier responses.
 */
const allocate = (size: number): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.allocUnsafeSlow(size).buffer, 0, size);

/**
 * The buffer of the last finished writer, written into again by the next one;
 * a response takes a copy of its exact bytes. A fresh buffer per response, with
 * room for the worst case (512 KiB for 800 bars of 184 KiB), was most of the
 * ArrayBuffer bytes a request allocated, and V8 collects garbage by those bytes
 * as well as by its heap: a scavenge per 32 MB of young ArrayBuffers, whose
 * bytes also count towards the old generation's limit until then (so they
 * start full mark-compacts when little room is left, as after the start-up
 * warm-up). Buffers above `SPARE_MAX` (multi-megabyte results) are not kept.
 */
let spare: Uint8Array<ArrayBuffer> | undefined;
const SPARE_MAX = 1 << 22;
const FINISHED = new Uint8Array(0);

/**
 * A buffer past `SPARE_MAX` given back by {@link recycle} once its text was
 * sent, for the next writer that needs one that large (a 10,000-bar backtest
 * answer takes 4.8 MB). Such answers are handed over uncopied, so without it
 * every one was a fresh multi-megabyte ArrayBuffer: V8 runs a scavenge per 32
 * MB of them and, per so many more, a full mark-compact of the whole heap,
 * which the service's other requests wait for too, and its pages are fresh
 * memory (12 µs a page fault on this machine: 15 ms for a 4.8 MB buffer). One
 * buffer of at most `RECYCLED_MAX` (64 MiB, the size all 30 indicators on
 * 10,000 bars need) is kept.
 */
let recycled: Uint8Array<ArrayBuffer> | undefined;
const RECYCLED_MAX = 1 << 26;

/** The recycled buffer, taken, when `size` is past the spare's sizes and the buffer holds it. */
function takeRecycled(size: number): Uint8Array<ArrayBuffer> | undefined {
  const b = recycled;
  if (size <= SPARE_MAX || !b || b.length < size) return undefined;
  recycled = undefined;
  return b;
}

/** Buffers of texts {@link JsonWriter.finish} handed over uncopied, until recycled: recycling one twice is a no-op. */
const handedOver = new WeakSet<ArrayBuffer>();

/** Keeps `buf` (a whole buffer no one else reads) for a later large writer, if it is larger than the one kept. */
function offer(buf: Uint8Array<ArrayBuffer>): void {
  if (buf.length > SPARE_MAX && buf.length <= RECYCLED_MAX && buf.length > (recycled?.length ?? 0)) recycled = buf;
}

/**
 * Gives the buffer of a finished text back for later writers: call it only as
 * the text's sole owner, once nothing reads it any more (a response when its
 * socket has taken the last byte), as later writers write over it.
 */
export function recycle(text: Uint8Array<ArrayBuffer>): void {
  if (handedOver.delete(text.buffer)) offer(new Uint8Array(text.buffer));
}

/** The longest text {@link putNumber} writes (e.g. "-0.0000012345678901234567"). */
export const MAX_NUMBER_BYTES = 25;

/** "00" … "99" as byte pairs. */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  PAIRS[2 * i] = 48 + Math.floor(i / 10);
  PAIRS[2 * i + 1] = 48 + (i % 10);
}

const TWO_32 = 4_294_967_296;

/** Writes the integer 0 ≤ n < 10^d as exactly `d` digits (zero-padded) ending before `end`. */
function putDigits(buf: Uint8Array, end: number, n: number, d: number): void {
  let i = end;
  while (n >= TWO_32) {
    const q = Math.floor(n / 100);
    const r = 2 * (n - q * 100);
    buf[--i] = PAIRS[r + 1]!;
    buf[--i] = PAIRS[r]!;
    n = q;
  }
  let m = n >>> 0;
  while (m >= 100) {
    const q = (m / 100) >>> 0;
    const r = 2 * (m - q * 100);
    buf[--i] = PAIRS[r + 1]!;
    buf[--i] = PAIRS[r]!;
    m = q;
  }
  if (m >= 10) {
    buf[--i] = PAIRS[2 * m + 1]!;
    buf[--i] = PAIRS[2 * m]!;
  } else buf[--i] = 48 + m;
  const start = end - d;
  while (i > start) buf[--i] = 48;
}

/** Decimal digits of the integer 0 ≤ n < 10^16. */
function digitCount(n: number): number {
  if (n < 100_000_000) {
    if (n < 10_000) return n < 100 ? (n < 10 ? 1 : 2) : n < 1000 ? 3 : 4;
    return n < 1_000_000 ? (n < 100_000 ? 5 : 6) : n < 10_000_000 ? 7 : 8;
  }
  let d = 9;
  for (let p = 1e9; p <= n; p *= 10) d++;
  return d;
}

/** Writes ASCII text (no escaping) at `pos`; returns the end. */
export function putAscii(buf: Uint8Array, pos: number, s: string): number {
  for (let i = 0; i < s.length; i++) buf[pos++] = s.charCodeAt(i);
  return pos;
}

/**
 * Constant text (keys, separators) prepared for copying four bytes at a time:
 * byte loops are the main cost of writing row-shaped JSON.
 */
export interface Fragment {
  readonly length: number;
  /** The text's bytes by four, little-endian. */
  readonly words: Int32Array;
  /** The last `length % 4` bytes. */
  readonly tail: Uint8Array;
}

export function encodeFragment(s: string): Fragment {
  const b = encoder.encode(s);
  const words = new Int32Array(b.length >> 2);
  for (let i = 0; i < words.length; i++) words[i] = b[4 * i]! | (b[4 * i + 1]! << 8) | (b[4 * i + 2]! << 16) | (b[4 * i + 3]! << 24);
  return { length: b.length, words, tail: b.slice(4 * words.length) };
}

/** The fragment that opens the `k`th cell of an object row: `{"name":` for the first, `,"name":` after it. */
export const keyFragment = (name: string, k: number): Fragment => encodeFragment(`${(k === 0 ? "{" : ",") + JSON.stringify(name)}:`);

/** Copies a fragment to `pos` of `buf` (`view` over the same bytes); returns the end. */
export function putFragment(view: DataView, buf: Uint8Array, pos: number, f: Fragment): number {
  const words = f.words;
  for (let i = 0; i < words.length; i++, pos += 4) view.setInt32(pos, words[i]!, true);
  const tail = f.tail;
  for (let i = 0; i < tail.length; i++) buf[pos++] = tail[i]!;
  return pos;
}

/** Copies the earlier bytes `from` … `to` − 1 (ending at or before `pos`) to `pos`; returns the end. */
export function putEarlier(view: DataView, buf: Uint8Array, pos: number, from: number, to: number): number {
  if (to - from > 32) {
    buf.copyWithin(pos, from, to);
    return pos + to - from;
  }
  for (; from + 4 <= to; from += 4, pos += 4) view.setInt32(pos, view.getInt32(from, true), true);
  while (from < to) buf[pos++] = buf[from++]!;
  return pos;
}

/** Copies the short run `src[from, to)` (`srcView` over the same bytes) to `pos`; returns the end. */
export function putCopy(view: DataView, buf: Uint8Array, pos: number, srcView: DataView, src: Uint8Array, from: number, to: number): number {
  for (; from + 4 <= to; from += 4, pos += 4) view.setInt32(pos, srcView.getInt32(from, true), true);
  while (from < to) buf[pos++] = src[from++]!;
  return pos;
}

/**
 * Writes `x` as JSON writes it (NaN and ±Infinity as null) at `pos`, with room
 * for {@link MAX_NUMBER_BYTES}; returns the end. Numbers the fast path of
 * {@link putShortNumber} does not take go through `String`.
 */
export function putNumber(buf: Uint8Array, pos: number, x: number): number {
  const end = putShortNumber(buf, pos, x);
  return end >= 0 ? end : putAscii(buf, pos, x - x === 0 ? String(x) : "null");
}

/**
 * The fast path of {@link putNumber}: integers below 1e15 and decimals of at
 * most 8 places (6 from 1e7 up) with at most 15 significant digits and no
 * exponent form (|x| ≥ 1e-6): such a decimal is the only one of ≤ 15 digits
 * that rounds to `x`, so it is also the shortest round-trip form JSON writes.
 * Returns the end, or −1 having written nothing for any other number (NaN and
 * ±Infinity included).
 */
export function putShortNumber(buf: Uint8Array, pos: number, x: number): number {
  ONE[0] = x;
  return putShortNumberAt(buf, pos, ONE, 0);
}

const ONE = new Float64Array(1);

/**
 * {@link putShortNumber} of `col[i]`, read here: a double passed to a call
 * that is not inlined goes in as a new heap number, one per cell of a table.
 */
export function putShortNumberAt(buf: Uint8Array, pos: number, col: Float64Array, i: number): number {
  const x = col[i]!;
  const a = x < 0 ? -x : x;
  if (a < 1e15 && a === Math.floor(a)) {
    if (x < 0) buf[pos++] = 45; // "-"
    const d = digitCount(a);
    putDigits(buf, pos + d, a, d);
    return pos + d;
  }
  const small = a < 1e7;
  const scale = small ? 1e8 : 1e6;
  const k = Math.round(a * scale);
  if (k / scale !== a || k >= 1e15 || k < 100) return -1;
  if (x < 0) buf[pos++] = 45;
  const ip = Math.floor(a); // = ⌊k / scale⌋, as k / scale is a
  let fp = (k - ip * scale) | 0; // 0 < fp < 1e8
  let places = small ? 8 : 6;
  while (fp % 100 === 0) {
    fp = (fp / 100) | 0;
    places -= 2;
  }
  if (fp % 10 === 0) {
    fp = (fp / 10) | 0;
    places--;
  }
  const d = digitCount(ip);
  putDigits(buf, pos + d, ip, d);
  pos += d;
  buf[pos] = 46; // "."
  putDigits(buf, pos + 1 + places, fp, places);
  return pos + 1 + places;
}

export class JsonWriter {
  #buf: Uint8Array<ArrayBuffer>;
  #pos = 0;
  /** A view of `#viewOf`, the buffer as {@link fragment} last saw it. */
  #view: DataView | undefined;
  #viewOf: Uint8Array | undefined;

  /**
   * `capacity`: a bound of the size, when known, saves the copies of growing (a
   * generous one costs little: pages never written are never touched).
   */
  constructor(capacity = 1 << 16) {
    const size = Math.max(capacity, 64);
    if (spare && spare.length >= size) {
      this.#buf = spare;
      spare = undefined;
    } else this.#buf = takeRecycled(size) ?? allocate(size);
  }

  get length(): number {
    return this.#pos;
  }

  /**
   * Room for `n` more bytes: the buffer to write into from `length` on (valid
   * until the next call of any other method), followed by {@link commit}.
   */
  reserve(n: number): Uint8Array<ArrayBuffer> {
    if (this.#pos + n <= this.#buf.length) return this.#buf;
    if (this.#buf === FINISHED) throw new Error("JsonWriter: written after finish()");
    let cap = this.#buf.length * 2;
    while (cap < this.#pos + n) cap *= 2;
    const next = takeRecycled(this.#pos + n) ?? allocate(cap);
    next.set(this.#buf.subarray(0, this.#pos));
    return (this.#buf = next);
  }

  /** Ends the text at `end` after writing into the buffer {@link reserve} returned. */
  commit(end: number): this {
    this.#pos = end;
    return this;
  }

  byte(c: number): this {
    this.reserve(1)[this.#pos++] = c;
    return this;
  }

  /** ASCII text that needs no escaping (digits, dates, keys already quoted). */
  ascii(s: string): this {
    return this.commit(putAscii(this.reserve(s.length), this.#pos, s));
  }

  /** Any string as a JSON string literal (escaped, UTF-8). ASCII needing no escape is copied as it is. */
  string(s: string): this {
    const n = s.length;
    const buf = this.reserve(n + 2);
    let pos = this.#pos;
    buf[pos++] = 34;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 32 || c > 127 || c === 34 || c === 92) return this.raw(JSON.stringify(s));
      buf[pos++] = c;
    }
    buf[pos++] = 34;
    return this.commit(pos);
  }

  /** A constant fragment (a key with its punctuation), copied four bytes at a time. */
  fragment(f: Fragment): this {
    const buf = this.reserve(f.length);
    if (this.#viewOf !== buf) {
      this.#view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
      this.#viewOf = buf;
    }
    return this.commit(putFragment(this.#view!, buf, this.#pos, f));
  }

  /** Any JSON value. */
  value(v: unknown): this {
    return this.raw(JSON.stringify(v) ?? "null");
  }

  /** Text that is JSON already (e.g. from `JSON.stringify`), UTF-8 encoded. */
  raw(json: string): this {
    const buf = this.reserve(json.length * 3);
    this.#pos += encoder.encodeInto(json, buf.subarray(this.#pos)).written;
    return this;
  }

  /** A number as JSON writes it; NaN and ±Infinity become null. */
  number(x: number): this {
    return this.commit(putNumber(this.reserve(MAX_NUMBER_BYTES), this.#pos, x));
  }

  /**
   * The bytes written (write nothing after this), in a buffer of their own. A
   * buffer kept for the next writer is copied out; one that is not kept (past
   * `SPARE_MAX`, or no larger than the spare) is the answer itself when the
   * text fills at least half of it: copying a multi-megabyte answer (2.7 MB
   * for a 10,000-bar backtest, 19 MB for all indicators) cost a fresh
   * allocation, its page faults and a pass. A large buffer left less than half
   * full is kept as if {@link recycle}d.
   */
  finish(): Uint8Array<ArrayBuffer> {
    const buf = this.#buf;
    const n = this.#pos;
    this.#buf = FINISHED;
    this.#pos = 0;
    const keep = buf.length <= SPARE_MAX && buf.length > (spare?.length ?? 0);
    if (!keep && 2 * n >= buf.length) {
      handedOver.add(buf.buffer);
      return buf.subarray(0, n);
    }
    const out = allocate(n);
    out.set(buf.subarray(0, n));
    if (keep) spare = buf;
    else offer(buf);
    return out;
  }
}
