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
import { TdxDecodeError } from "../../../adapters/tdx/tdx-errors.ts";
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

// Hand-built bodies (design doc 5.5): u16 n, u16 0, then either the points (price delta, unknown, volume, each a
// one-byte varint here) or a quote block: u8 market, 6 ASCII digits, u16 counter, varint price, more block bytes.
const head = (n: number) => [n, 0, 0, 0];
const block = (market: number, code: string, price: number) => [market, ...Buffer.from(code, "latin1"), 5, 0, price];
const decode = (bytes: number[]) => {
  const s = decodeMinuteReply(Uint8Array.from(bytes));
  return { price: Array.from(s.price), unknown: Array.from(s.unknown), vol: Array.from(s.vol) };
};

test("quote block by hand: the points start where n points consume the body and end at the block's price", () => {
  // price 10; a block byte 07; then (10, 0, 3) and (0, 0, 5). From the 07, two points end at 7 + 3 = 10 but leave a byte.
  const points = [0x07, 0x0a, 0x00, 0x03, 0x00, 0x00, 0x05];
  const want = { price: [0.1, 0.1], unknown: [0, 0], vol: [3, 5] };
  assert.deepEqual(decode([...head(2), ...block(1, "600000", 10), ...points]), want);
  // market 2 (BJ) and a code with 9s are a block too
  assert.deepEqual(decode([...head(2), ...block(2, "830799", 10), ...points]), want);
  assert.deepEqual(decode([...head(2), ...block(0, "000009", 10), ...points]), want);
  // no point: the body ends with the block, of 14 bytes or more
  assert.deepEqual(decode([...head(0), ...block(1, "600000", 10)]), { price: [], unknown: [], vol: [] });
  assert.deepEqual(decode([...head(0), ...block(1, "600000", 10), 7, 7]), { price: [], unknown: [], vol: [] });
  assert.throws(() => decode([...head(2), ...block(1, "600000", 10), 7, 7, 7, 7, 7, 7]), new TdxDecodeError("0x051d reply: cannot locate 2 minute points after the quote block (at byte 14)"));
  // nor where the bytes run out inside a point whose running price is the block's (3 + 7 = 10, then no unknown)
  assert.throws(() => decode([...head(2), ...block(1, "600000", 10), 3, 7, 7, 7]), new TdxDecodeError("0x051d reply: cannot locate 2 minute points after the quote block (at byte 14)"));
});

test("classic bodies whose first bytes only partly look like a quote block are read as points", () => {
  // byte 4 = 5 is no market, though bytes 5-10 are the digits 1-6
  assert.deepEqual(decode([...head(4), 0x05, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 1, 1, 1, 1, 1]), {
    price: [0.05, 0.56, 1.1, 1.11],
    unknown: [0x31, 0x34, 1, 1],
    vol: [0x32, 0x35, 1, 1],
  });
  // byte 4 = 1 is a market, but bytes 5-10 are below '0'
  assert.deepEqual(decode([...head(4), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), { price: [0.01, 0.05, 0.12, 0.22], unknown: [2, 5, 8, 11], vol: [3, 6, 9, 12] });
  // ... or above '9' (0x3a = 58)
  assert.deepEqual(decode([...head(4), 1, 0x3a, 0x3a, 0x3a, 0x3a, 0x3a, 0x3a, 1, 1, 1, 1, 1]), { price: [0.01, 0.59, 1.17, 1.18], unknown: [58, 58, 1, 1], vol: [58, 58, 1, 1] });
});

test("minute request and reply errors are named by their command", () => {
  assert.throws(() => decodeMinuteRequest(encodeMinuteRequest({ market: 1, code: "600000" }).subarray(0, 11)), /^TdxDecodeError: 0x051d request/);
  assert.throws(() => decodeHistoryMinuteRequest(encodeHistoryMinuteRequest({ market: 1, code: "600000", date: 20260902 }).subarray(0, 10)), /^TdxDecodeError: 0x0fb4 request/);
  assert.throws(() => decodeMinuteReply(Uint8Array.of(1, 0, 0, 0, 1)), /^TdxDecodeError: 0x051d reply/);
  assert.throws(() => decodeHistoryMinuteReply(Uint8Array.of(1, 0, 0, 0, 0, 0, 1)), /^TdxDecodeError: 0x0fb4 reply/);
});
