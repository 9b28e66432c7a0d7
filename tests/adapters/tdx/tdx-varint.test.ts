import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { VARINT_OVERLONG, readVarint, varintEnd } from "../../../adapters/tdx/tdx-varint.ts";

/**
 * The design doc's rule (6.1) written again with BigInt bit shifts: first byte = continuation
 * bit 7, sign bit 6, the magnitude's bits 0-5; each follower = continuation bit 7 plus the next 7
 * bits. A byte past the end reads as none (no continuation); an 8th byte is refused.
 */
function plainVarint(bytes: Uint8Array, pos: number): { value: number; end: number } | "overlong" {
  let i = pos;
  let mag = 0n;
  let negative = false;
  for (;;) {
    if (i - pos === 7) return "overlong";
    const b = i < bytes.length ? bytes[i]! : 0;
    if (i === pos) {
      negative = (b & 0x40) !== 0;
      mag = BigInt(b & 0x3f);
    } else mag |= BigInt(b & 0x7f) << BigInt(6 + 7 * (i - pos - 1));
    i++;
    if ((b & 0x80) === 0) break;
  }
  return { value: negative && mag !== 0n ? -Number(mag) : Number(mag), end: i };
}

/** Bytes that often carry the continuation bit, so numbers of every length (and overlong ones) appear. */
const stream = fc.array(fc.oneof(fc.integer({ min: 0x80, max: 0xff }), fc.integer({ min: 0, max: 0xff })), { minLength: 1, maxLength: 24 }).map((a) => Uint8Array.from(a));

test("readVarint agrees with the doc's rule at any offset: value and end, overlong past 7 bytes", () => {
  fc.assert(
    fc.property(stream, fc.nat(), (bytes, at) => {
      const pos = at % bytes.length;
      const want = plainVarint(bytes, pos);
      const got = readVarint(bytes, pos);
      if (want === "overlong") {
        assert.ok(Number.isNaN(got), `overlong at ${pos} reads NaN`);
        assert.equal(varintEnd, VARINT_OVERLONG);
      } else {
        assert.equal(got, want.value);
        assert.equal(varintEnd, want.end);
      }
    }),
    { numRuns: 2000 },
  );
});

test("hand-worked edges: 7 bytes is the longest number, 48 bits; a number cut by the end stops there", () => {
  // ff·6 then 7f: sign set, magnitude 0x3f + 0x7f·(2^6 + 2^13 + … + 2^41) + 0x7f·2^41 = 2^48 − 1
  assert.equal(readVarint(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f), 0), -(2 ** 48 - 1));
  assert.equal(varintEnd, 7);
  // the 7th byte asking for an 8th: refused before reading it
  assert.ok(Number.isNaN(readVarint(Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00), 0)), "8 bytes: NaN");
  assert.equal(varintEnd, VARINT_OVERLONG);
  // `a2` alone at offset 1: its follower is past the end (reads nothing), so the number ends at 3
  assert.equal(readVarint(Uint8Array.of(0x00, 0xa2), 1), 34);
  assert.equal(varintEnd, 3);
  // "negative zero" reads as +0
  assert.ok(Object.is(readVarint(Uint8Array.of(0x40), 0), 0), "40 is +0");
});
