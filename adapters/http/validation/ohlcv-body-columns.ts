/**
 * A JSON request body whose one large field is an array of OHLCV records
 * (`POST /backtest/run`'s `ohlcv`), read with that array going straight into
 * columns: JSON.parse of 10,000 records builds 10,000 objects and their date
 * strings only for parseOhlcvRecords to copy them into Float64Arrays, and
 * that parse and its garbage were most of the request (issue 22).
 *
 * Only the plainest body takes this path: strict JSON (RFC 8259) no deeper
 * than {@link MAX_JSON_DEPTH}, the field once at the top level, and every record
 * one the records parser takes on its own fast path (core/app/bars/ohlcv-records.ts):
 * one time key, the same in every record, as a "YYYY-MM-DD" string, strictly
 * ascending; `open`, `high`, `low`, `close` and optional `vol` and `amount` as
 * finite JSON numbers with high ≥ low; no other key, no key twice; between
 * `min` and `max` records. Anything else (a problem to report, an unusual but
 * valid record) gives `undefined`, and the caller parses the body as before,
 * so every answer but the time taken is the same; tests compare both on
 * random and hostile bodies.
 *
 * The body is read as the bytes it came in, never decoded whole: making a
 * string of a megabyte body cost more than reading its records. The records
 * are ASCII (keys, numbers and dates only), so decoding the text around them
 * gives what decoding the whole body gives there (UTF-8 decoding never joins
 * an ASCII byte to its neighbours).
 */
import { plainDayOfCodes } from "../../../core/app/bars/ohlcv-records.ts";
import { allocSeries, type BarSeries, DAY_MS, sliceSeries } from "../../../core/bars/index.ts";
import { MAX_JSON_DEPTH } from "./json-depth.ts";

export interface ColumnBody {
  /** The body's text with the field's array replaced by `[null,null]` (a stand-in that passes the same schema checks), to JSON.parse. */
  readonly rest: string;
  readonly series: BarSeries;
}

/** Where a field's records start in the body and how many it may hold. */
export interface ColumnField {
  readonly name: string;
  readonly min: number;
  readonly max: number;
}

/** The stand-in for the records in {@link ColumnBody.rest}. */
export const RECORDS_STAND_IN = "[null,null]";

// Characters.
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const ZERO = 48;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** Record keys, as bits. */
const OPEN = 1;
const HIGH = 2;
const LOW = 4;
const CLOSE = 8;
const VOL = 16;
const AMOUNT = 32;
/** `datetime`; `date`, `trade_date` and `time` (parseOhlcvRecords' time keys) are the bits above. */
const TIME = 64;
const PRICES = OPEN | HIGH | LOW | CLOSE;

/** The ASCII text `s` (up to four characters) as the little-endian integer its bytes read as. */
const asciiWord = (s: string) => [...s].reduceRight((w, c) => (w << 8) | c.charCodeAt(0), 0);
const LOW_3 = asciiWord("low");
const VOL_3 = asciiWord("vol");
const OPEN_4 = asciiWord("open");
const HIGH_4 = asciiWord("high");
const DATE_4 = asciiWord("date");
const TIME_4 = asciiWord("time");
const CLOS_4 = asciiWord("clos");
const AMOU_4 = asciiWord("amou");
const NT_2 = asciiWord("nt");
const TRAD_4 = asciiWord("trad");
const E_DA_4 = asciiWord("e_da");
const TE_2 = asciiWord("te");

/** The shortest record: `{"date":"2020-01-01","open":1,"high":1,"low":1,"close":1}` and a comma; bounds the row count by the text length. */
const MIN_RECORD_CHARS = 58;

/** 10^0 … 10^22: every one exact in binary64 (Clinger's fast path). */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

const isWs = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** UTF-8, with U+FFFD for bytes that are not (as the body's text is read on the ordinary path). */
const decoder = new TextDecoder();

/** Thrown inside the scan for "not the plain case": the caller takes the ordinary path. */
class NotPlain {}
const NOT_PLAIN = new NotPlain();

/** True when `bytes[a, b)` is the ASCII `word`. */
function same(bytes: Uint8Array, a: number, b: number, word: string): boolean {
  if (b - a !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[a + i] !== word.charCodeAt(i)) return false;
  return true;
}

/** The byte at `p`, or -1 past the end (a typed array read out of bounds is `undefined`, which would not stay a number). */
const at = (b: Uint8Array, p: number) => (p < b.length ? b[p]! : -1);

class Scanner {
  pos = 0;
  /** The value of the last {@link number} read. */
  value = 0;
  readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  ws(): number {
    const t = this.bytes;
    let p = this.pos;
    while (p < t.length && isWs(t[p]!)) p++;
    this.pos = p;
    return p < t.length ? t[p]! : -1;
  }

  expect(c: number): void {
    if (this.ws() !== c) throw NOT_PLAIN;
    this.pos++;
  }

  /** A key without escapes: its bounds (the text between the quotes). */
  plainKey(): number {
    if (this.ws() !== QUOTE) throw NOT_PLAIN;
    const t = this.bytes;
    const start = ++this.pos;
    for (let p = start; p < t.length; p++) {
      const c = t[p]!;
      if (c === QUOTE) {
        this.pos = p + 1;
        return start;
      }
      if (c === BACKSLASH || c < 32) throw NOT_PLAIN;
    }
    throw NOT_PLAIN;
  }

  /** Any JSON string, checked (escapes, no raw control characters), skipped. */
  skipString(): void {
    const t = this.bytes;
    let p = this.pos + 1;
    for (;;) {
      if (p >= t.length) throw NOT_PLAIN;
      const c = t[p++]!;
      if (c === QUOTE) break;
      if (c < 32) throw NOT_PLAIN;
      if (c === BACKSLASH) {
        const e = at(t, p++);
        if (e === 117) {
          // \uXXXX
          for (let k = 0; k < 4; k++) if (!isHex(at(t, p++))) throw NOT_PLAIN;
        } else if (e !== QUOTE && e !== BACKSLASH && e !== 47 && e !== 98 && e !== 102 && e !== 110 && e !== 114 && e !== 116) throw NOT_PLAIN;
      }
    }
    this.pos = p;
  }

  /**
   * A JSON number, strictly by the grammar, into {@link value}: up to 15
   * significant digits and a power of ten up to 22 are one exact product or
   * quotient, so correctly rounded as JSON.parse rounds; longer ones go to
   * `Number` (the same rounding, as JSON's number grammar is a subset of its).
   */
  number(): void {
    const t = this.bytes;
    const start = this.pos;
    let p = start;
    let c = at(t, p);
    const negative = c === MINUS;
    if (negative) c = at(t, ++p);
    if (!isDigit(c)) throw NOT_PLAIN;
    let m = 0;
    let digits = 0; // significant digits taken into m
    let exp = 0;
    let exact = true;
    if (c === ZERO) c = at(t, ++p);
    else
      while (isDigit(c)) {
        if (digits < 15) {
          m = m * 10 + (c - ZERO);
          digits++;
        } else exact = false;
        c = at(t, ++p);
      }
    if (c === DOT) {
      c = at(t, ++p);
      if (!isDigit(c)) throw NOT_PLAIN;
      while (isDigit(c)) {
        if (m === 0 && c === ZERO) exp--;
        else if (digits < 15) {
          m = m * 10 + (c - ZERO);
          digits++;
          exp--;
        } else exact = false;
        c = at(t, ++p);
      }
    }
    if (c === 101 || c === 69) {
      c = at(t, ++p);
      const minus = c === MINUS;
      if (minus || c === PLUS) c = at(t, ++p);
      if (!isDigit(c)) throw NOT_PLAIN;
      let e = 0;
      while (isDigit(c)) {
        if (e < 100_000) e = e * 10 + (c - ZERO);
        c = at(t, ++p);
      }
      exp += minus ? -e : e;
    }
    this.pos = p;
    if (exact && m === 0) this.value = negative ? -0 : 0;
    else if (exact && exp >= -22 && exp <= 22) {
      const v = exp >= 0 ? m * POW10[exp]! : m / POW10[-exp]!;
      this.value = negative ? -v : v;
    } else this.value = Number(decoder.decode(t.subarray(start, p)));
  }

  /** Any JSON value, checked and skipped; `depth` is the nesting it sits in. */
  skipValue(depth: number): void {
    const c = this.ws();
    if (c === QUOTE) return this.skipString();
    if (c === MINUS || isDigit(c)) return this.number();
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth + 1 > MAX_JSON_DEPTH) throw NOT_PLAIN;
      this.pos++;
      const object = c === OPEN_BRACE;
      const end = object ? CLOSE_BRACE : CLOSE_BRACKET;
      if (this.ws() === end) {
        this.pos++;
        return;
      }
      for (;;) {
        if (object) {
          if (this.ws() !== QUOTE) throw NOT_PLAIN;
          this.skipString();
          this.expect(COLON);
        }
        this.skipValue(depth + 1);
        const next = this.ws();
        this.pos++;
        if (next === end) return;
        if (next !== COMMA) throw NOT_PLAIN;
      }
    }
    for (const word of ["true", "false", "null"]) {
      if (same(this.bytes, this.pos, Math.min(this.pos + word.length, this.bytes.length), word)) {
        this.pos += word.length;
        return;
      }
    }
    throw NOT_PLAIN;
  }

  /**
   * The bit of the record key `bytes[a, b)`, or 0 for a key the plain case
   * does not have: compared four bytes at a time (see {@link asciiWord}), as this
   * runs for every key of every record.
   */
  keyBit(a: number, b: number): number {
    const v = this.view;
    switch (b - a) {
      case 3: {
        const w = v.getUint16(a, true) | (this.bytes[a + 2]! << 16);
        return w === LOW_3 ? LOW : w === VOL_3 ? VOL : 0;
      }
      case 4: {
        const w = v.getInt32(a, true);
        return w === OPEN_4 ? OPEN : w === HIGH_4 ? HIGH : w === DATE_4 ? TIME << 1 : w === TIME_4 ? TIME << 3 : 0;
      }
      case 5:
        return v.getInt32(a, true) === CLOS_4 && this.bytes[a + 4] === 101 ? CLOSE : 0;
      case 6:
        return v.getInt32(a, true) === AMOU_4 && v.getUint16(a + 4, true) === NT_2 ? AMOUNT : 0;
      case 8:
        return v.getInt32(a, true) === DATE_4 && v.getInt32(a + 4, true) === TIME_4 ? TIME : 0;
      case 10:
        return v.getInt32(a, true) === TRAD_4 && v.getInt32(a + 4, true) === E_DA_4 && v.getUint16(a + 8, true) === TE_2 ? TIME << 2 : 0;
      default:
        return 0;
    }
  }

  /**
   * The records array (at `[`) into the columns of `s` (`s.length` at most);
   * returns their count. Nothing follows the loop: code first reached after a
   * loop optimised on stack has no type feedback, and deoptimised it on every
   * request, so the caller checks the count.
   */
  records(s: BarSeries): number {
    const t = this.bytes;
    this.pos++;
    const cap = s.length;
    const { time, open, high, low, close, vol, amount } = s;
    let timeBit = 0;
    let n = 0;
    if (this.ws() === CLOSE_BRACKET) throw NOT_PLAIN;
    for (;;) {
      if (n >= cap) throw NOT_PLAIN;
      this.expect(OPEN_BRACE);
      let seen = 0;
      let o = 0;
      let h = 0;
      let l = 0;
      let c = 0;
      let v = NaN;
      let a = NaN;
      let tm = 0;
      for (;;) {
        const k0 = this.plainKey();
        const bit = this.keyBit(k0, this.pos - 1);
        if (bit === 0 || (seen & bit) !== 0) throw NOT_PLAIN;
        seen |= bit;
        this.expect(COLON);
        if (bit >= TIME) {
          if (timeBit === 0) timeBit = bit;
          else if (bit !== timeBit) throw NOT_PLAIN;
          // "YYYY-MM-DD" exactly: ten characters between quotes (the date check rejects quotes and backslashes)
          const q = this.ws();
          const p = this.pos;
          if (q !== QUOTE || at(t, p + 11) !== QUOTE) throw NOT_PLAIN;
          const day = plainDayOfCodes(t[p + 1]!, t[p + 2]!, t[p + 3]!, t[p + 4]!, t[p + 5]!, t[p + 6]!, t[p + 7]!, t[p + 8]!, t[p + 9]!, t[p + 10]!);
          if (day === undefined) throw NOT_PLAIN;
          const ms = day * DAY_MS;
          if (n > 0 && ms <= time[n - 1]!) throw NOT_PLAIN;
          tm = ms;
          this.pos = p + 12;
        } else {
          this.ws();
          this.number();
          const x = this.value;
          if (!Number.isFinite(x)) throw NOT_PLAIN;
          if (bit === OPEN) o = x;
          else if (bit === HIGH) h = x;
          else if (bit === LOW) l = x;
          else if (bit === CLOSE) c = x;
          else if (bit === VOL) v = x;
          else a = x;
        }
        const next = this.ws();
        this.pos++;
        if (next === CLOSE_BRACE) break;
        if (next !== COMMA) throw NOT_PLAIN;
      }
      if ((seen & PRICES) !== PRICES || (seen & timeBit) === 0 || !(h >= l)) throw NOT_PLAIN;
      time[n] = tm;
      open[n] = o;
      high[n] = h;
      low[n] = l;
      close[n] = c;
      vol[n] = v;
      amount[n] = a;
      n++;
      const next = this.ws();
      this.pos++;
      if (next === CLOSE_BRACKET) return n;
      if (next !== COMMA) throw NOT_PLAIN;
    }
  }
}

/**
 * The body (its bytes as sent, UTF-8) with `field`'s records read into
 * columns, or `undefined` when the body is not the plain case (see the header):
 * then parse its text as any other body.
 */
export function readColumnBody(body: Uint8Array, field: ColumnField): ColumnBody | undefined {
  const sc = new Scanner(body);
  try {
    sc.expect(OPEN_BRACE);
    let series: BarSeries | undefined;
    let from = 0;
    let to = 0;
    if (sc.ws() !== CLOSE_BRACE)
      for (;;) {
        const k0 = sc.plainKey();
        const isField = same(body, k0, sc.pos - 1, field.name);
        sc.expect(COLON);
        if (isField) {
          if (series !== undefined || sc.ws() !== OPEN_BRACKET) throw NOT_PLAIN;
          from = sc.pos;
          const s = allocSeries(Math.min(field.max, Math.floor((body.length - from) / MIN_RECORD_CHARS) + 1));
          const n = sc.records(s);
          if (n < field.min) throw NOT_PLAIN;
          series = n === s.length ? s : sliceSeries(s, 0, n);
          to = sc.pos;
        } else sc.skipValue(1);
        const next = sc.ws();
        sc.pos++;
        if (next === CLOSE_BRACE) break;
        if (next !== COMMA) throw NOT_PLAIN;
      }
    else sc.pos++;
    if (sc.ws() !== -1 || series === undefined) return undefined;
    return { rest: decoder.decode(body.subarray(0, from)) + RECORDS_STAND_IN + decoder.decode(body.subarray(to)), series };
  } catch (e) {
    if (e === NOT_PLAIN) return undefined;
    throw e;
  }
}
