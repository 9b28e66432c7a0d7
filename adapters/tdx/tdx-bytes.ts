/**
 * Cursor reader and growable writer for the TDX wire primitives: little-endian
 * integers, IEEE float32, the TDX variable-length signed integer (tdx-varint.ts),
 * and fixed-width ASCII/GBK text fields. Every codec reads and writes through these
 * two classes so bounds checks and error messages live in one place; only the
 * 800-bar decode loop reads bytes directly, for speed.
 */
import { TdxDecodeError } from "./tdx-errors.ts";
import { decodeGbk, encodeGbk } from "./tdx-gbk.ts";
import { VARINT_OVERLONG, readVarint, varintEnd } from "./tdx-varint.ts";

export class ByteReader {
  readonly bytes: Uint8Array;
  readonly end: number;
  pos: number;
  private readonly view: DataView;
  private readonly what: string;

  /** `what` names the structure in error messages, e.g. "0x052d reply". */
  constructor(bytes: Uint8Array, what: string, pos = 0) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.end = bytes.length;
    this.pos = pos;
    this.what = what;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  /** Throws unless `n` more bytes are available. */
  need(n: number): void {
    if (this.pos + n > this.end) {
      throw new TdxDecodeError(`${this.what}: truncated at byte ${this.pos}: needs ${n} more byte(s), ${this.end - this.pos} left`);
    }
  }

  /** Throws unless every byte has been consumed. */
  expectEnd(): void {
    if (this.pos !== this.end) {
      throw new TdxDecodeError(`${this.what}: ${this.end - this.pos} unexpected trailing byte(s) at ${this.pos}`);
    }
  }

  fail(message: string): never {
    throw new TdxDecodeError(`${this.what}: ${message} (at byte ${this.pos})`);
  }

  skip(n: number): void {
    this.need(n);
    this.pos += n;
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.pos++]!;
  }

  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return v;
  }

  i16(): number {
    this.need(2);
    const v = this.view.getInt16(this.pos, true);
    this.pos += 2;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  i32(): number {
    this.need(4);
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }

  f32(): number {
    this.need(4);
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }

  /** The TDX sign-magnitude varint (see tdx-varint.ts). */
  varint(): number {
    const v = readVarint(this.bytes, this.pos);
    if (varintEnd === VARINT_OVERLONG) this.fail("varint longer than 7 bytes");
    this.need(varintEnd - this.pos);
    this.pos = varintEnd;
    return v;
  }

  /** A view (not a copy) of the next `n` bytes. */
  take(n: number): Uint8Array {
    this.need(n);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** Fixed-width ASCII field, cut at the first NUL. */
  ascii(n: number): string {
    this.need(n);
    const b = this.bytes;
    const start = this.pos;
    let stop = start;
    const limit = start + n;
    while (stop < limit && b[stop] !== 0) stop++;
    this.pos = limit;
    return String.fromCharCode(...b.subarray(start, stop));
  }

  /** Fixed-width GBK field, cut at the first NUL. */
  gbk(n: number): string {
    return decodeGbk(this.take(n));
  }
}

/** Little-endian writer that grows as needed; `finish()` returns exactly the bytes written. */
export class ByteWriter {
  private buf: Uint8Array;
  private view: DataView;
  private len = 0;

  constructor(capacity = 256) {
    this.buf = new Uint8Array(Math.max(16, capacity));
    this.view = new DataView(this.buf.buffer);
  }

  get length(): number {
    return this.len;
  }

  /** Grows the buffer for `n` more bytes and returns where they go; read `buf`/`view` after calling. */
  private reserve(n: number): number {
    const at = this.len;
    if (at + n > this.buf.length) {
      let cap = this.buf.length * 2;
      while (cap < at + n) cap *= 2;
      const next = new Uint8Array(cap);
      next.set(this.buf.subarray(0, at));
      this.buf = next;
      this.view = new DataView(next.buffer);
    }
    this.len = at + n;
    return at;
  }

  u8(v: number): this {
    checkInt(v, 0, 0xff, "u8");
    const at = this.reserve(1);
    this.buf[at] = v;
    return this;
  }

  u16(v: number): this {
    checkInt(v, 0, 0xffff, "u16");
    const at = this.reserve(2);
    this.view.setUint16(at, v, true);
    return this;
  }

  i16(v: number): this {
    checkInt(v, -0x8000, 0x7fff, "i16");
    const at = this.reserve(2);
    this.view.setInt16(at, v, true);
    return this;
  }

  u32(v: number): this {
    checkInt(v, 0, 0xffffffff, "u32");
    const at = this.reserve(4);
    this.view.setUint32(at, v, true);
    return this;
  }

  i32(v: number): this {
    checkInt(v, -0x80000000, 0x7fffffff, "i32");
    const at = this.reserve(4);
    this.view.setInt32(at, v, true);
    return this;
  }

  /** Rounds to the nearest float32, as the wire format requires. */
  f32(v: number): this {
    const at = this.reserve(4);
    this.view.setFloat32(at, v, true);
    return this;
  }

  /** The TDX sign-magnitude varint; `v` must be an integer of magnitude below 2^48. */
  varint(v: number): this {
    const mag0 = Math.abs(v);
    if (!Number.isInteger(v) || mag0 >= 2 ** 48) {
      throw new RangeError(`varint: ${v} is not an integer of magnitude below 2^48`);
    }
    let at = this.reserve(7);
    const buf = this.buf;
    let mag = mag0;
    let byte = (mag % 64) | (v < 0 ? 0x40 : 0);
    mag = Math.floor(mag / 64);
    while (mag > 0) {
      buf[at++] = byte | 0x80;
      byte = mag % 128;
      mag = Math.floor(mag / 128);
    }
    buf[at++] = byte;
    this.len = at;
    return this;
  }

  bytes(b: Uint8Array): this {
    const at = this.reserve(b.length);
    this.buf.set(b, at);
    return this;
  }

  zeros(n: number): this {
    const at = this.reserve(n);
    this.buf.fill(0, at, this.len);
    return this;
  }

  /** Fixed-width ASCII field, NUL padded; throws if `s` is longer or not ASCII. */
  ascii(s: string, width: number): this {
    if (s.length > width) throw new RangeError(`"${s}" is longer than its ${width}-byte field`);
    const at = this.reserve(width);
    for (let i = 0; i < width; i++) {
      const c = i < s.length ? s.charCodeAt(i) : 0;
      if (c > 0x7f) throw new RangeError(`"${s}" is not ASCII`);
      this.buf[at + i] = c;
    }
    return this;
  }

  /** Fixed-width GBK field, NUL padded; throws if the encoding does not fit. */
  gbk(s: string, width: number): this {
    const b = encodeGbk(s);
    if (b.length > width) throw new RangeError(`"${s}" needs ${b.length} GBK bytes, field holds ${width}`);
    this.bytes(b);
    return this.zeros(width - b.length);
  }

  /** A copy of the bytes written so far. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

function checkInt(v: number, min: number, max: number, kind: string): void {
  if (!Number.isInteger(v) || v < min || v > max) throw new RangeError(`${kind}: ${v} out of range ${min}..${max}`);
}
