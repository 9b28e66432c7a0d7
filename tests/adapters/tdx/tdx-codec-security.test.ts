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
