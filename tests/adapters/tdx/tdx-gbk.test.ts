import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeGbk, decodeGbkText, encodeGbk } from "../../../adapters/tdx/tdx-gbk.ts";

test("known server strings encode to their recorded GBK bytes", () => {
  // Bytes from the 0x000d and 0x0450 recordings.
  assert.equal(Buffer.from(encodeGbk("上海双线主站14")).toString("hex"), "c9cfbaa3cbabcfdfd6f7d5be3134");
  assert.equal(Buffer.from(encodeGbk("上证指数")).toString("hex"), "c9cfd6a4d6b8cafd");
});

test("every two-byte GBK code decodes to one character that encodes back to it", () => {
  let codes = 0;
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const ch = decodeGbkText(Uint8Array.of(lead, trail));
      assert.equal(ch.length, 1);
      assert.equal(decodeGbkText(encodeGbk(ch)), ch);
      codes++;
    }
  }
  assert.equal(codes, 126 * 190);
});

test("text of GBK characters round-trips", () => {
  const chars = "ABCxyz019 ,.浦发银行平安上证指数☆◇：、“”【】港澳资讯灵通€".split("");
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 40 }), (cs) => {
      const s = cs.join("");
      assert.equal(decodeGbkText(encodeGbk(s)), s);
    }),
  );
});

test("fixed fields stop at the first NUL; unencodable characters throw", () => {
  assert.equal(decodeGbk(Uint8Array.of(0xc9, 0xcf, 0, 0x41)), "上");
  assert.equal(decodeGbk(Uint8Array.of(0x41, 0xc9, 0xcf, 0xb8)), "A上", "a lead byte cut off by the field width is dropped");
  assert.throws(() => encodeGbk("a😀"), /has no GBK encoding/);
});

test("field edges: a NUL at the start is an empty field; a lone 0x81 lead byte at the end is dropped; U+0080 has no GBK byte", () => {
  assert.equal(decodeGbk(Uint8Array.of(0, 0x41)), "");
  assert.equal(decodeGbk(Uint8Array.of(0x41, 0x81)), "A", "0x81 is the first lead byte");
  assert.equal(decodeGbk(Uint8Array.of(0x81, 0x40)), "丂");
  // WHATWG's gbk encoder writes U+20AC as the single byte 0x80; byte 0x80 is no encoding of U+0080
  assert.deepEqual(Array.from(encodeGbk("€")), [0x80]);
  assert.deepEqual(Array.from(encodeGbk("a\0\x7f")), [0x61, 0, 0x7f], "ASCII, NUL and DEL as their own bytes");
  assert.throws(() => encodeGbk("a\u0080"), new RangeError('character "\u0080" (U+0080) has no GBK encoding'));
  assert.throws(() => encodeGbk("Ā"), new RangeError('character "Ā" (U+0100) has no GBK encoding'));
});
