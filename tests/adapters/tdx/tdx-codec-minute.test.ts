import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  decodeHistoryMinuteReply,
  decodeHistoryMinuteRequest,
  decodeMinuteReply,
  decodeMinuteRequest,
  encodeHistoryMinuteReply,
  encodeHistoryMinuteRequest,
  encodeMinuteReply,
  encodeMinuteRequest,
} from "../../../adapters/tdx/tdx-codec-minute.ts";
import { decodeQuotesReply } from "../../../adapters/tdx/tdx-codec-quotes.ts";
import type { MinuteSeries } from "../../../core/quotes/records.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { fromHex, hex, json } from "./fixture-bytes.ts";

const TODAY = "tdx-recorded/minute_time";
const HISTORY = "tdx-recorded/history_minute_time";

test("today's minute line with the newer quote block: 240 points ending at the quote's price", { skip: skipUnless(`${TODAY}.hex`) }, () => {
  const body = hex(`${TODAY}.hex`);
  const expected = json<{ num_records: number; first: { price: number; vol: number; _unknown_1: number } }>(`${TODAY}.json`);
  const s = decodeMinuteReply(body);
  assert.equal(s.length, expected.num_records);
  assert.equal(s.price[0], 9.92);
  assert.equal(s.vol[0], 9390);
  assert.equal(s.price[239], 9.89);
  // The block is a quote for SH 600000 at 9.89 (the same bytes open easy_tdx's recorded quote reply).
  const quote = decodeQuotesReply(hex("tdx-recorded/security_quotes.hex")).quotes[0]!;
  assert.deepEqual(body.subarray(4, 4 + 60), hex("tdx-recorded/security_quotes.hex").subarray(4, 4 + 60));
  assert.equal(s.price[239], quote.price);
  // easy_tdx's json reads the block as points: its first "point" is the bytes 01 '6' '0'.
  assert.deepEqual(Array.from(body.subarray(4, 7)), [1, 0x36, 0x30]);
  assert.deepEqual([expected.first.price * 100, expected.first._unknown_1, expected.first.vol], [1, 0x36, 0x30]);
});

test("a past day's minute line: easy_tdx's json values, previous close, re-encoding", { skip: skipUnless(`${HISTORY}.hex`) }, () => {
  const body = hex(`${HISTORY}.hex`);
  const expected = json<{ num_records: number; first: { price: number; vol: number } }>(`${HISTORY}.json`);
  const { preClose, series } = decodeHistoryMinuteReply(body);
  assert.equal(series.length, expected.num_records);
  assert.deepEqual([series.price[0], series.vol[0]], [expected.first.price, expected.first.vol]);
  assert.equal(preClose, Math.fround(10.27));
  // The server writes some zero deltas as "negative zero" (0x40); the encoder writes 0x00.
  const again = encodeHistoryMinuteReply({ preClose, series });
  assert.equal(again.length, body.length);
  const diffs = body.reduce((n, b, i) => (b === again[i] ? n : (assert.deepEqual([b, again[i]], [0x40, 0x00]), n + 1)), 0);
  assert.equal(diffs, 27);
});

test("the classic layout (pytdx 2017: points right after the 4-byte head)", () => {
  // Head and first three points of pytdx's docstring capture: 546, -206, 2829 / 2, 131, 3031 / -1, 36, 1713.
  const body = fromHex("0300 0000 a208 ce03 8d2c 02 8302 972f 41 24 b11a");
  const s = decodeMinuteReply(body);
  assert.deepEqual(Array.from(s.price), [5.46, 5.48, 5.47]);
  assert.deepEqual(Array.from(s.unknown), [-206, 131, 36]);
  assert.deepEqual(Array.from(s.vol), [2829, 3031, 1713]);
  assert.deepEqual(encodeMinuteReply(s), body);
});

test("a newer-layout reply re-encodes to the classic layout with the same points", { skip: skipUnless(`${TODAY}.hex`) }, () => {
  const s = decodeMinuteReply(hex(`${TODAY}.hex`));
  assert.deepEqual(decodeMinuteReply(encodeMinuteReply(s)), s);
});

function arbSeries(decimals: number) {
  return fc.array(fc.tuple(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: 0, max: 2 ** 40 })), { maxLength: 240 }).map(
    (pts): MinuteSeries => ({
      length: pts.length,
      price: Float64Array.from(pts, (p) => p[0] / 10 ** decimals),
      unknown: Float64Array.from(pts, (p) => p[1]),
      vol: Float64Array.from(pts, (p) => p[2]),
    }),
  );
}

test("minute replies round-trip with 2 and 3 decimals", () => {
  for (const decimals of [2, 3]) {
    fc.assert(
      fc.property(arbSeries(decimals), fc.float({ noNaN: true, noDefaultInfinity: true }), (series, pc) => {
        assert.deepEqual(decodeMinuteReply(encodeMinuteReply(series, { decimals }), { decimals }), series);
        const preClose = Object.is(pc, -0) ? 0 : pc;
        assert.deepEqual(decodeHistoryMinuteReply(encodeHistoryMinuteReply({ preClose, series }, { decimals }), { decimals }), { preClose, series });
      }),
      { numRuns: 50 },
    );
  }
});

test("minute requests round-trip and have the documented sizes", () => {
  fc.assert(
    fc.property(fc.constantFrom(0, 1, 2), fc.stringMatching(/^[0-9]{6}$/), fc.integer({ min: 19900101, max: 20991231 }), (market, code, date) => {
      const today = encodeMinuteRequest({ market, code });
      assert.equal(today.length + 2, 0x0e);
      assert.deepEqual(decodeMinuteRequest(today), { market, code });
      const past = encodeHistoryMinuteRequest({ date, market, code });
      assert.equal(past.length + 2, 0x0d);
      assert.deepEqual(decodeHistoryMinuteRequest(past), { date, market, code });
    }),
  );
});
