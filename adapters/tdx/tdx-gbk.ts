/**
 * GBK text, both directions. Node decodes GBK natively (WHATWG `gbk` label) but
 * cannot encode it, and the simulator must write names and F10 text. So the
 * encoder builds its reverse table once, lazily, by decoding the whole two-byte
 * GBK code space (lead 0x81..0xFE, trail 0x40..0xFE except 0x7F) with the same
 * decoder: encode and decode can never disagree. Only BMP characters that GBK
 * maps are encodable (no GB18030 four-byte sequences); others throw.
 */

const decoder = new TextDecoder("gbk");

/**
 * Decodes a fixed-width GBK field: stops at the first NUL, and drops a lead byte
 * left dangling where the server cut a name to the field width (the recorded SH
 * list has "ChatGPT" + the first byte of 概, which would otherwise decode as U+FFFD).
 */
export function decodeGbk(bytes: Uint8Array): string {
  const nul = bytes.indexOf(0);
  let end = nul < 0 ? bytes.length : nul;
  let i = 0;
  while (i < end) i += bytes[i]! < 0x81 ? 1 : 2;
  if (i > end) end--;
  return decoder.decode(bytes.subarray(0, end));
}

/** Decodes GBK bytes as they are, NULs included (free text such as F10 content). */
export function decodeGbkText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

const TRAILS: number[] = [];
for (let t = 0x40; t <= 0xfe; t++) if (t !== 0x7f) TRAILS.push(t);

/** UTF-16 code unit → GBK code (single byte below 0x100, else lead << 8 | trail); 0 = unmapped. */
let table: Uint16Array | undefined;

function buildTable(): Uint16Array {
  const map = new Uint16Array(0x10000);
  const row = new Uint8Array(TRAILS.length * 2);
  const pair = new Uint8Array(2);
  for (let lead = 0xfe; lead >= 0x81; lead--) {
    for (let i = 0; i < TRAILS.length; i++) {
      row[2 * i] = lead;
      row[2 * i + 1] = TRAILS[i]!;
    }
    const text = decoder.decode(row);
    const whole = text.length === TRAILS.length && !text.includes("\ufffd");
    for (let i = 0; i < TRAILS.length; i++) {
      let ch: number;
      if (whole) {
        ch = text.charCodeAt(i);
      } else {
        pair[0] = lead;
        pair[1] = TRAILS[i]!;
        const one = decoder.decode(pair);
        if (one.length !== 1 || one === "\ufffd") continue;
        ch = one.charCodeAt(0);
      }
      // Iterating leads downwards lets the lowest code win when two codes decode alike.
      map[ch] = (lead << 8) | TRAILS[i]!;
    }
  }
  for (let b = 0x80; b >= 0x01; b--) {
    const one = decoder.decode(Uint8Array.of(b));
    if (one.length === 1 && one !== "\ufffd") map[one.charCodeAt(0)] = b;
  }
  return map;
}

/** Encodes text as GBK; throws a RangeError naming the first character GBK cannot hold. */
export function encodeGbk(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  let n = 0;
  let map: Uint16Array | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    map ??= table ??= buildTable();
    const code = map[c]!;
    if (code === 0) {
      throw new RangeError(`character "${text[i]}" (U+${c.toString(16).padStart(4, "0")}) has no GBK encoding`);
    }
    if (code < 0x100) {
      out[n++] = code;
    } else {
      out[n++] = code >> 8;
      out[n++] = code & 0xff;
    }
  }
  return out.slice(0, n);
}
