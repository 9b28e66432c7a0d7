import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  decodeSecurityCountReply,
  decodeSecurityCountRequest,
  decodeSecurityListReply,
  decodeSecurityListRequest,
  encodeSecurityCountReply,
  encodeSecurityCountRequest,
  encodeSecurityListReply,
  encodeSecurityListRequest,
} from "../../../adapters/tdx/tdx-codec-security.ts";
import { encodeRequest } from "../../../adapters/tdx/tdx-frame.ts";
import type { SecurityInfo } from "../../../core/quotes/records.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { bin, fromHex, hex, json } from "./fixture-bytes.ts";

const COUNT = "tdx/protocol/044e_security_count_sz_20260902.body.bin";

test("security count: the recorded SZ and SH replies", { skip: skipUnless(COUNT) }, () => {
  assert.equal(decodeSecurityCountReply(bin(COUNT)), 24169);
  const expected = json<{ count: number }>("tdx-recorded/security_count.json");
  assert.equal(decodeSecurityCountReply(hex("tdx-recorded/security_count.hex")), expected.count);
  assert.deepEqual(encodeSecurityCountReply(24169), bin(COUNT));
});

test("security count request: pytdx's frame, and zeros in the tail are accepted", () => {
  const frame = encodeRequest(0x044e, encodeSecurityCountRequest({ market: 1 }), { seq: 0x6c180c0c });
  assert.deepEqual(frame, fromHex("0c 0c 0c 18 6c 01 08 00 08 00 4e 04 01 00 75 c7 33 01"));
  assert.deepEqual(decodeSecurityCountRequest(fromHex("0000 00000000")), { market: 0 });
});

test("security list: easy_tdx's recorded SH page, all 1000 records", { skip: skipUnless("tdx-recorded/security_list.hex") }, () => {
  const body = hex("tdx-recorded/security_list.hex");
  const expected = json<{ num_records: number; first: { code: string; name: string; pre_close: number } }>("tdx-recorded/security_list.json");
  const list = decodeSecurityListReply(body);
  assert.equal(list.length, expected.num_records);
  assert.deepEqual([list[0]!.code, list[0]!.name, list[0]!.preClose], [expected.first.code, expected.first.name, expected.first.pre_close]);
  assert.equal(list[0]!.volUnit, 100);
  assert.equal(list[0]!.decimals, 2);
  for (const s of list) assert.match(s.code, /^[0-9]{6}$/);
  // The server cut "ChatGPT概念" to 8 bytes, leaving half of 概; the decoder drops that half.
  const cut = list.findIndex((s) => s.code === "880654");
  assert.equal(list[cut]!.name, "ChatGPT");
  const again = encodeSecurityListReply(list);
  const cutByte = 2 + cut * 29 + 15;
  assert.equal(body[cutByte], 0xb8);
  assert.deepEqual(again.subarray(0, cutByte), body.subarray(0, cutByte), "re-encodes byte for byte");
  assert.deepEqual(again.subarray(cutByte + 1), body.subarray(cutByte + 1), "re-encodes byte for byte");
});

const arbInfo = fc
  .record({
    code: fc.stringMatching(/^[0-9]{6}$/),
    volUnit: fc.integer({ min: 0, max: 0xffff }),
    name: fc.array(fc.constantFrom("浦", "发", "银", "行", "Ａ", "B", "1"), { maxLength: 4 }).map((a) => a.join("")),
    decimals: fc.constantFrom(2, 3),
    preClose: fc.float({ noNaN: true, noDefaultInfinity: true }).map((v) => (Object.is(v, -0) ? 0 : v)),
    reserved1: fc.integer({ min: 0, max: 0xffffffff }),
    reserved2: fc.integer({ min: 0, max: 0xffffffff }),
  })
  .map((r): SecurityInfo => ({ ...r }));

test("security list replies and requests round-trip", () => {
  fc.assert(
    fc.property(fc.array(arbInfo, { maxLength: 30 }), (list) => {
      assert.deepEqual(decodeSecurityListReply(encodeSecurityListReply(list)), list);
    }),
  );
  fc.assert(
    fc.property(fc.constantFrom(0, 1, 2), fc.integer({ min: 0, max: 0xffff }), (market, start) => {
      assert.deepEqual(decodeSecurityListRequest(encodeSecurityListRequest({ market, start })), { market, start });
      assert.deepEqual(decodeSecurityCountRequest(encodeSecurityCountRequest({ market })), { market });
      assert.equal(decodeSecurityCountReply(encodeSecurityCountReply(start)), start);
    }),
  );
});

/** One 29-byte record written field by field with Node's Buffer writers (design doc 5.2). */
function record(code: string, volUnit: number, name: Buffer, r1: number, decimals: number, preClose: number, r2: number): Buffer {
  const b = Buffer.alloc(29);
  b.write(code, 0, "ascii");
  b.writeUInt16LE(volUnit, 6);
  name.copy(b, 8);
  b.writeUInt32LE(r1, 16);
  b.writeUInt8(decimals, 20);
  b.writeFloatLE(preClose, 21);
  b.writeUInt32LE(r2, 25);
  return b;
}

test("security list reply: records written with Node's Buffer writers", () => {
  const n = Buffer.alloc(2);
  n.writeUInt16LE(2);
  // 浦发银行 in GBK: c6d6 b7a2 d2f8 d0d0.
  const body = Buffer.concat([n, record("600000", 100, Buffer.from("c6d6b7a2d2f8d0d0", "hex"), 0x01020304, 2, 9.5, 0xfffffffe), record("159915", 1000, Buffer.from("4142", "hex"), 0, 3, 2.5, 7)]);
  assert.deepEqual(decodeSecurityListReply(new Uint8Array(body)), [
    { code: "600000", volUnit: 100, name: "浦发银行", decimals: 2, preClose: 9.5, reserved1: 0x01020304, reserved2: 0xfffffffe },
    { code: "159915", volUnit: 1000, name: "AB", decimals: 3, preClose: 2.5, reserved1: 0, reserved2: 7 },
  ]);
});

test("security list reply: n records of 29 bytes are needed at once, and no byte after them", () => {
  const one = record("600000", 100, Buffer.alloc(8), 0, 2, 1, 0);
  const two = new Uint8Array(Buffer.concat([Buffer.from([2, 0]), one]));
  assert.throws(() => decodeSecurityListReply(two), { message: "0x0450 reply: truncated at byte 2: needs 58 more byte(s), 29 left" });
  const trailing = new Uint8Array(Buffer.concat([Buffer.from([1, 0]), one, Buffer.from([0])]));
  assert.throws(() => decodeSecurityListReply(trailing), { message: "0x0450 reply: 1 unexpected trailing byte(s) at 31" });
});

test("security requests and count replies: errors name their command", () => {
  assert.throws(() => decodeSecurityCountRequest(fromHex("0100 000000")), { message: /^0x044e request: truncated/ });
  assert.throws(() => decodeSecurityCountReply(fromHex("01")), { message: /^0x044e reply: truncated/ });
  assert.throws(() => decodeSecurityListRequest(fromHex("0100 0000 00")), { message: /^0x0450 request: 1 unexpected trailing/ });
  assert.throws(() => decodeSecurityCountReply(fromHex("0100 00")), { message: /^0x044e reply: 1 unexpected trailing/ });
});
