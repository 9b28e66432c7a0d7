/**
 * A growable UTF-8 byte buffer for writing JSON text without building strings:
 * digits are written byte by byte, constant fragments are copied pre-encoded.
 * Numbers with at most six decimals (prices, percentages, volumes, money) take
 * the fast path; anything else falls back to the engine's shortest round-trip
 * form, so the text is always what `JSON.stringify` would write.
 */
const encoder = new TextEncoder();

export class JsonWriter {
  #buf: Uint8Array<ArrayBuffer> = new Uint8Array(1 << 16);
  #pos = 0;

  get length(): number {
    return this.#pos;
  }

  #room(n: number): void {
    if (this.#pos + n <= this.#buf.length) return;
    let cap = this.#buf.length * 2;
    while (cap < this.#pos + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.#buf.subarray(0, this.#pos));
    this.#buf = next;
  }

  /** Bytes prepared with {@link encodeFragment}. */
  bytes(b: Uint8Array): this {
    this.#room(b.length);
    this.#buf.set(b, this.#pos);
    this.#pos += b.length;
    return this;
  }

  byte(c: number): this {
    this.#room(1);
    this.#buf[this.#pos++] = c;
    return this;
  }

  /** ASCII text that needs no escaping (digits, dates, keys already quoted). */
  ascii(s: string): this {
    this.#room(s.length);
    for (let i = 0; i < s.length; i++) this.#buf[this.#pos++] = s.charCodeAt(i);
    return this;
  }

  /** Any string as a JSON string literal (escaped, UTF-8). */
  string(s: string): this {
    const lit = JSON.stringify(s);
    this.#room(lit.length * 3);
    this.#pos += encoder.encodeInto(lit, this.#buf.subarray(this.#pos)).written;
    return this;
  }

  /** Any JSON value. */
  value(v: unknown): this {
    const text = JSON.stringify(v) ?? "null";
    this.#room(text.length * 3);
    this.#pos += encoder.encodeInto(text, this.#buf.subarray(this.#pos)).written;
    return this;
  }

  #uint(n: number): void {
    // n is a non-negative integer below 2^53.
    if (n < 10) {
      this.#buf[this.#pos++] = 48 + n;
      return;
    }
    let digits = 1;
    for (let p = 10; p <= n; p *= 10) digits++;
    let end = this.#pos + digits;
    for (let i = end - 1; i >= this.#pos; i--) {
      const q = Math.floor(n / 10);
      this.#buf[i] = 48 + (n - q * 10);
      n = q;
    }
    this.#pos = end;
  }

  /** A number as JSON writes it; NaN and ±Infinity become null. */
  number(x: number): this {
    this.#room(32);
    if (!Number.isFinite(x)) return this.ascii("null");
    // At most 15 significant digits (|k| < 1e15): then the written decimal is also the shortest one, as JSON writes it.
    const k = Math.round(x * 1_000_000);
    if (k / 1_000_000 !== x || k >= 1e15 || k <= -1e15) return this.ascii(String(x));
    let a = k;
    if (k < 0) {
      this.#buf[this.#pos++] = 45; // "-"
      a = -k;
    }
    const ip = Math.floor(a / 1_000_000);
    let fp = a - ip * 1_000_000;
    this.#uint(ip);
    if (fp !== 0) {
      this.#buf[this.#pos++] = 46; // "."
      let div = 100_000;
      while (fp !== 0) {
        const d = Math.floor(fp / div);
        this.#buf[this.#pos++] = 48 + d;
        fp -= d * div;
        div /= 10;
      }
    }
    return this;
  }

  /** The bytes written so far (a view, valid until the next write). */
  finish(): Uint8Array<ArrayBuffer> {
    return this.#buf.subarray(0, this.#pos);
  }
}

export const encodeFragment = (s: string): Uint8Array => encoder.encode(s);
