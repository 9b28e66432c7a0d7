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

/** One write, applied to the ByteWriter and to a plain Buffer-built reference (Node's own little-endian writers). */
type Op = { kind: "u8" | "u16" | "i16" | "u32" | "i32" | "f32" | "varint"; v: number } | { kind: "bytes"; b: Uint8Array } | { kind: "zeros"; n: number } | { kind: "ascii"; s: string; width: number };

function reference(op: Op): Buffer {
  const b = Buffer.alloc(8);
  switch (op.kind) {
    case "u8":
      return Buffer.of(op.v);
    case "u16":
      return b.subarray(0, b.writeUInt16LE(op.v));
    case "i16":
      return b.subarray(0, b.writeInt16LE(op.v));
    case "u32":
      return b.subarray(0, b.writeUInt32LE(op.v));
    case "i32":
      return b.subarray(0, b.writeInt32LE(op.v));
    case "f32":
      return b.subarray(0, b.writeFloatLE(op.v));
    case "varint": {
      // design doc 6.1: 6 bits and the sign in the first byte, then 7 bits a byte, bit 7 = more follow
      let mag = BigInt(Math.abs(op.v));
      const out = [Number(mag & 0x3fn) | (op.v < 0 ? 0x40 : 0)];
      mag >>= 6n;
      while (mag > 0n) {
        out[out.length - 1]! |= 0x80;
        out.push(Number(mag & 0x7fn));
        mag >>= 7n;
      }
      return Buffer.from(out);
    }
    case "bytes":
      return Buffer.from(op.b);
    case "zeros":
      return Buffer.alloc(op.n);
    case "ascii":
      return Buffer.concat([Buffer.from(op.s, "latin1"), Buffer.alloc(op.width - op.s.length)]);
  }
}

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("u8" as const), v: fc.integer({ min: 0, max: 0xff }) }),
  fc.record({ kind: fc.constant("u16" as const), v: fc.integer({ min: 0, max: 0xffff }) }),
  fc.record({ kind: fc.constant("i16" as const), v: fc.integer({ min: -0x8000, max: 0x7fff }) }),
  fc.record({ kind: fc.constant("u32" as const), v: fc.integer({ min: 0, max: 0xffffffff }) }),
  fc.record({ kind: fc.constant("i32" as const), v: fc.integer({ min: -0x80000000, max: 0x7fffffff }) }),
  fc.record({ kind: fc.constant("f32" as const), v: fc.float() }),
  fc.record({ kind: fc.constant("varint" as const), v: fc.integer({ min: -(2 ** 48) + 1, max: 2 ** 48 - 1 }) }),
  fc.record({ kind: fc.constant("bytes" as const), b: fc.uint8Array({ maxLength: 300 }) }),
  fc.record({ kind: fc.constant("zeros" as const), n: fc.integer({ min: 0, max: 300 }) }),
  fc
    .string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 8 })
    .chain((s) => fc.record({ kind: fc.constant("ascii" as const), s: fc.constant(s), width: fc.integer({ min: s.length, max: 12 }) })),
);

test("ByteWriter of any starting capacity, 0 included, returns exactly the bytes Node's own writers give", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 40 }), fc.array(op, { maxLength: 40 }), (capacity, ops) => {
      const w = new ByteWriter(capacity);
      for (const o of ops) {
        if (o.kind === "bytes") w.bytes(o.b);
        else if (o.kind === "zeros") w.zeros(o.n);
        else if (o.kind === "ascii") w.ascii(o.s, o.width);
        else w[o.kind](o.v);
      }
      const want = Buffer.concat(ops.map(reference));
      assert.equal(w.length, want.length);
      assert.deepEqual(Buffer.from(w.finish()), want);
    }),
    { numRuns: 300 },
  );
});

test("integer writers accept exactly their bit width's range and name the field when refusing", () => {
  const widths = [
    ["u8", 0, 2 ** 8 - 1],
    ["u16", 0, 2 ** 16 - 1],
    ["i16", -(2 ** 15), 2 ** 15 - 1],
    ["u32", 0, 2 ** 32 - 1],
    ["i32", -(2 ** 31), 2 ** 31 - 1],
  ] as const;
  for (const [kind, min, max] of widths) {
    assert.equal(new ByteWriter()[kind](min)[kind](max).length, kind === "u8" ? 2 : kind.endsWith("16") ? 4 : 8, `${kind} takes ${min} and ${max}`);
    for (const bad of [min - 1, max + 1, 1.5]) {
      assert.throws(() => new ByteWriter()[kind](bad), new RangeError(`${kind}: ${bad} out of range ${min}..${max}`));
    }
  }
  assert.throws(() => new ByteWriter().varint(-(2 ** 48)), /varint: -281474976710656 is not an integer of magnitude below 2\^48/);
});

test("ASCII fields: a full field stops at its width, DEL is ASCII and 0x80 is not, refusals say why", () => {
  // "600000" fills its 6 bytes; the next field's byte (0x09) is not part of it
  const r = new ByteReader(Uint8Array.of(0x36, 0x30, 0x30, 0x30, 0x30, 0x30, 0x09, 0x00), "t");
  assert.equal(r.ascii(6), "600000");
  assert.equal(r.u16(), 9);
  assert.deepEqual(Array.from(new ByteWriter().ascii("\x7f", 2).finish()), [0x7f, 0]);
  assert.throws(() => new ByteWriter().ascii("\x80", 2), new RangeError('"\x80" is not ASCII'));
  assert.throws(() => new ByteWriter().ascii("1234567", 6), new RangeError('"1234567" is longer than its 6-byte field'));
  assert.throws(() => new ByteWriter().gbk("浦发银行股份", 8), new RangeError('"浦发银行股份" needs 12 GBK bytes, field holds 8'));
});

test("varints read from inside a body end where they end, and one cut by the body's end is truncated there", () => {
  // 00 then 86 8d 01 (9030, design doc 6.1) reaches the end exactly
  const r = new ByteReader(Uint8Array.of(0x00, 0x86, 0x8d, 0x01), "t");
  r.u8();
  assert.equal(r.varint(), 9030);
  r.expectEnd();
  const cut = new ByteReader(Uint8Array.of(0x00, 0x86, 0x8d), "0x0fc5 reply", 1);
  assert.throws(() => cut.varint(), /0x0fc5 reply: truncated at byte 1: needs 3 more byte\(s\), 2 left/);
});
