/**
 * Cursor reader and growable writer for the TDX wire primitives: little-endian
 * integers, IEEE float32, the TDX variable-length signed integer, and fixed-width
 * ASCII/GBK text fields. Every codec reads and writes through these two classes so
 * bounds checks and error messages live in one place.
 *
 * The varint (design doc 6.1): first byte = continuation bit 7, sign bit 6, low 6
 * bits of the magnitude; each follower = continuation bit 7 plus the next 7 bits.
 * It is sign-magnitude, not zig-zag: `7f` is -63, `a2 08` is 546.
 */
import { TdxDecodeError } from "./tdx-errors.ts";
import { decodeGbk, encodeGbk } from "./tdx-gbk.ts";

/** Largest multiplier a varint follower byte may carry (the 7th byte: bits 41..47). */
const VARINT_MAX_SCALE = 2 ** 41;

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
      throw new TdxDecodeError(
        `${this.what}: truncated at byte ${this.pos}: needs ${n} more byte(s), ${this.end - this.pos} left`,
      );
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

  /** The TDX sign-magnitude varint (see the module comment). */
  varint(): number {
    const b = this.bytes;
    const end = this.end;
    let p = this.pos;
    if (p >= end) this.need(1);
    let x = b[p++]!;
    let mag = x & 0x3f;
    const negative = (x & 0x40) !== 0;
    let scale = 64;
    while ((x & 0x80) !== 0) {
      if (p >= end) {
        this.pos = p;
        this.need(1);
      }
      if (scale > VARINT_MAX_SCALE) {
        this.pos = p;
        this.fail("varint longer than 7 bytes");
      }
      x = b[p++]!;
      mag += (x & 0x7f) * scale;
      scale *= 128;
    }
    this.pos = p;
    return negative ? 0 - mag : mag;
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
    this.buf[this.reserve(1)] = v;
    return this;
  }

  u16(v: number): this {
    checkInt(v, 0, 0xffff, "u16");
    this.view.setUint16(this.reserve(2), v, true);
    return this;
  }

  i16(v: number): this {
    checkInt(v, -0x8000, 0x7fff, "i16");
    this.view.setInt16(this.reserve(2), v, true);
    return this;
  }

  u32(v: number): this {
    checkInt(v, 0, 0xffffffff, "u32");
    this.view.setUint32(this.reserve(4), v, true);
    return this;
  }

  i32(v: number): this {
    checkInt(v, -0x80000000, 0x7fffffff, "i32");
    this.view.setInt32(this.reserve(4), v, true);
    return this;
  }

  /** Rounds to the nearest float32, as the wire format requires. */
  f32(v: number): this {
    this.view.setFloat32(this.reserve(4), v, true);
    return this;
  }

  /** The TDX sign-magnitude varint; `v` must be a safe integer below 2^48 in magnitude. */
  varint(v: number): this {
    if (!Number.isSafeInteger(v) || Math.abs(v) >= 2 ** 48) {
      throw new RangeError(`varint: ${v} is not an integer of magnitude below 2^48`);
    }
    let mag = Math.abs(v);
    let first = (mag % 64) | (v < 0 ? 0x40 : 0);
    mag = Math.floor(mag / 64);
    if (mag > 0) first |= 0x80;
    this.buf[this.reserve(1)] = first;
    while (mag > 0) {
      let byte = mag % 128;
      mag = Math.floor(mag / 128);
      if (mag > 0) byte |= 0x80;
      this.buf[this.reserve(1)] = byte;
    }
    return this;
  }

  bytes(b: Uint8Array): this {
    this.buf.set(b, this.reserve(b.length));
    return this;
  }

  zeros(n: number): this {
    this.buf.fill(0, this.reserve(n), this.len);
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
