import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeAuctionReply, decodeAuctionRequest, encodeAuctionReply, encodeAuctionRequest } from "../../../adapters/tdx/tdx-codec-auction.ts";
import { decodeRequest, encodeRequest } from "../../../adapters/tdx/tdx-frame.ts";
import type { AuctionSeries } from "../../../core/quotes/records.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { bin, hex } from "./fixture-bytes.ts";

const BODY = "tdx/protocol/056a_call_auction_sz000001.body.bin";
const EX_BODY = "tdx-ex/std-0x056a-call-auction.response-body.hex";
const EX_REQUEST = "tdx-ex/std-0x056a-call-auction-sz000001.request.hex";

const clock = (s: number) => `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;

test("call auction of SZ 000001: 84 records, opening and closing auctions", { skip: skipUnless(BODY) }, () => {
  const body = bin(BODY);
  const a = decodeAuctionReply(body);
  assert.equal(a.length, 84);
  const row = (i: number) => [clock(a.second[i]!), a.price[i], a.matched[i], a.unmatched[i]];
  assert.deepEqual(row(0), ["9:15:00", 11.55, 308, 27]);
  assert.deepEqual(row(1), ["9:15:09", 11.58, 2259, 1932]);
  assert.deepEqual(row(83), ["14:59:51", 11.69, 11019, -297]);
  for (let i = 0; i < a.length; i++) {
    const s = a.second[i]!;
    assert.ok((s >= 9 * 3600 + 15 * 60 && s < 9 * 3600 + 25 * 60) || (s >= 14 * 3600 + 57 * 60 && s < 15 * 3600), clock(s));
  }
  assert.deepEqual(encodeAuctionReply(a), body, "re-encodes byte for byte");
});

test("the tdx-ex copy of the reply is the same body", { skip: skipUnless(EX_BODY) }, () => {
  assert.deepEqual(hex(EX_BODY), bin(BODY));
});

test("injoyai's request frame decodes to SZ 000001, count 500, and re-encodes", { skip: skipUnless(EX_REQUEST) }, () => {
  const frame = hex(EX_REQUEST);
  const { header, payload } = decodeRequest(frame);
  const r = decodeAuctionRequest(payload);
  assert.deepEqual(r, { market: 0, code: "000001", count: 500 });
  assert.deepEqual(encodeRequest(header.cmd, encodeAuctionRequest(r), { seq: header.seq, control: header.control }), frame);
});

test("call-auction replies and requests round-trip", () => {
  const row = fc.tuple(fc.integer({ min: 0, max: 86399 }), fc.integer({ min: 1, max: 8_000_000 }), fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: -0x80000000, max: 0x7fffffff }));
  fc.assert(
    fc.property(fc.array(row, { maxLength: 100 }), fc.integer({ min: 0, max: 0xffffffff }), (rows, count) => {
      const s: AuctionSeries = {
        length: rows.length,
        second: Float64Array.from(rows, (r) => r[0]),
        price: Float64Array.from(rows, (r) => r[1] / 1000),
        matched: Float64Array.from(rows, (r) => r[2]),
        unmatched: Float64Array.from(rows, (r) => r[3]),
      };
      assert.deepEqual(decodeAuctionReply(encodeAuctionReply(s)), s);
      const req = { market: 1, code: "600000", count };
      assert.deepEqual(decodeAuctionRequest(encodeAuctionRequest(req)), req);
    }),
  );
});

/** One 16-byte record written field by field with Node's Buffer writers (design doc 5.14). */
function auctionRecord(minute: number, price: number, matched: number, unmatched: number, second: number): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt16LE(minute, 0);
  b.writeFloatLE(price, 2);
  b.writeUInt32LE(matched, 6);
  b.writeInt32LE(unmatched, 10);
  b.writeUInt8(0xee, 14); // the padding byte, ignored
  b.writeUInt8(second, 15);
  return b;
}

test("call-auction reply: records written with Node's Buffer writers", () => {
  // 09:15:03 and 14:59:59; an unmatched volume past 16 bits on the sell side; float32 10.01 rounded to 10.01.
  const body = Buffer.concat([Buffer.from([2, 0]), auctionRecord(555, 10.01, 123456, -70000, 3), auctionRecord(899, 9.5, 0, 70000, 59)]);
  const s = decodeAuctionReply(new Uint8Array(body));
  assert.equal(s.length, 2);
  assert.deepEqual([...s.second], [9 * 3600 + 15 * 60 + 3, 14 * 3600 + 59 * 60 + 59]);
  assert.deepEqual([...s.price], [10.01, 9.5]);
  assert.deepEqual([...s.matched], [123456, 0]);
  assert.deepEqual([...s.unmatched], [-70000, 70000]);
  const again = Buffer.from(encodeAuctionReply(s));
  body[2 + 14] = 0;
  body[18 + 14] = 0;
  assert.deepEqual(again, body, "re-encodes with a zero padding byte");
});

test("call-auction request: the bytes written out by hand", () => {
  const expected = Buffer.alloc(28);
  expected.writeUInt16LE(0, 0);
  expected.write("000001", 2, "ascii");
  expected.writeUInt32LE(3, 12);
  expected.writeUInt32LE(500, 24);
  assert.deepEqual(Buffer.from(encodeAuctionRequest({ market: 0, code: "000001", count: 500 })), expected);
});

test("call-auction reply: n records of 16 bytes needed at once, no byte after them; errors name the command", () => {
  const one = auctionRecord(555, 1, 0, 0, 0);
  assert.throws(() => decodeAuctionReply(new Uint8Array(Buffer.concat([Buffer.from([2, 0]), one]))), { message: "0x056a reply: truncated at byte 2: needs 32 more byte(s), 16 left" });
  assert.throws(() => decodeAuctionReply(new Uint8Array(Buffer.concat([Buffer.from([1, 0]), one, Buffer.from([0])]))), { message: "0x056a reply: 1 unexpected trailing byte(s) at 18" });
  assert.throws(() => decodeAuctionRequest(new Uint8Array(27)), { message: /^0x056a request: truncated/ });
});
