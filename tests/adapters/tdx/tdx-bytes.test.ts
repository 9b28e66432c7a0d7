import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ByteReader, ByteWriter } from "../../../adapters/tdx/tdx-bytes.ts";
import { TdxDecodeError } from "../../../adapters/tdx/tdx-errors.ts";
import { fromHex } from "./fixture-bytes.ts";

const varintOf = (hex: string) => new ByteReader(fromHex(hex), "test").varint();

test("varint: the design doc's worked examples", () => {
  assert.equal(varintOf("7f"), -63);
  assert.equal(varintOf("2f"), 47);
  assert.equal(varintOf("a208"), 546);
  assert.equal(varintOf("ce03"), -206);
  assert.equal(varintOf("868d01"), 9030);
  assert.ok(Object.is(varintOf("40"), 0), "negative zero reads as +0");
});

test("varint: the writer produces the doc's bytes", () => {
  const hex = (v: number) => Buffer.from(new ByteWriter().varint(v).finish()).toString("hex");
  assert.equal(hex(-63), "7f");
  assert.equal(hex(546), "a208");
  assert.equal(hex(-206), "ce03");
  assert.equal(hex(9030), "868d01");
  assert.equal(hex(0), "00");
});

test("varint: write then read returns every integer below 2^48", () => {
  fc.assert(
    fc.property(fc.integer({ min: -(2 ** 48) + 1, max: 2 ** 48 - 1 }), (v) => {
      const b = new ByteWriter().varint(v).finish();
      const r = new ByteReader(b, "t");
      assert.equal(r.varint(), v);
      assert.equal(r.remaining, 0);
    }),
  );
});

test("varint: truncated and overlong input fail with a clear message", () => {
  assert.throws(
    () => varintOf("a2"),
    (e: Error) => e instanceof TdxDecodeError && /truncated/.test(e.message),
  );
  assert.throws(() => varintOf("ffffffffffffff01"), /longer than 7 bytes/);
  assert.throws(() => new ByteWriter().varint(2 ** 48), RangeError);
  assert.throws(() => new ByteWriter().varint(1.5), RangeError);
});

test("fixed-width fields: ints, float32, ASCII and GBK round-trip", () => {
  const w = new ByteWriter(4).u8(0xfe).u16(0xbeef).i16(-2).u32(0xfedcba98).i32(-5).f32(9.5).ascii("000001", 8).gbk("上证指数", 8);
  const r = new ByteReader(w.finish(), "t");
  assert.deepEqual([r.u8(), r.u16(), r.i16(), r.u32(), r.i32(), r.f32(), r.ascii(8), r.gbk(8)], [0xfe, 0xbeef, -2, 0xfedcba98, -5, 9.5, "000001", "上证指数"]);
  r.expectEnd();
});

test("reader and writer reject what does not fit", () => {
  const r = new ByteReader(Uint8Array.of(1, 2, 3), "0x1234 reply");
  assert.throws(() => r.u32(), /0x1234 reply: truncated at byte 0: needs 4 more byte\(s\), 3 left/);
  r.u8();
  assert.throws(() => r.expectEnd(), /2 unexpected trailing byte\(s\) at 1/);
  assert.throws(() => new ByteWriter().u16(70000), RangeError);
  assert.throws(() => new ByteWriter().u8(-1), RangeError);
  assert.throws(() => new ByteWriter().ascii("1234567", 6), RangeError);
  assert.throws(() => new ByteWriter().gbk("浦发银行股份", 8), /needs 12 GBK bytes/);
});
