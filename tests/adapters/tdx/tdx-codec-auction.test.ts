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
