import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  MAX_QUOTES_PER_REQUEST,
  decodeQuotesReply,
  decodeQuotesRequest,
  encodeQuoteServerTime,
  encodeQuotesReply,
  encodeQuotesRequest,
  quoteServerTimeMs,
  type QuotesReply,
} from "../../../adapters/tdx/tdx-codec-quotes.ts";
import { decodeResponse } from "../../../adapters/tdx/tdx-frame.ts";
import { fallbackPriceDecimals } from "../../../adapters/tdx/tdx-price-decimals.ts";
import type { Quote } from "../../../core/quotes/records.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { bin, hex, json } from "./fixture-bytes.ts";

const F16 = "tdx/protocol/053e_quotes_sz000001_sh600008_20241016.frame.bin";
const F11 = "tdx/protocol/053e_quotes_sz000001_sh600008_20241011.frame.bin";
const REC = "tdx-recorded/security_quotes";

const hms = (ms: number) => new Date(ms).toISOString().slice(11, 23);

test("quotes of 2024-10-16: every value the design doc lists", { skip: skipUnless(F16) }, () => {
  const body = decodeResponse(bin(F16)).body;
  const { quotes } = decodeQuotesReply(body);
  assert.equal(quotes.length, 2);
  const [a, b] = quotes as [Quote, Quote];
  assert.deepEqual(
    [a.market, a.code, a.price, a.preClose, a.open, a.high, a.low, a.serverTime, a.vol, a.curVol, a.amount, a.sVol, a.bVol],
    [0, "000001", 12.02, 11.9, 11.8, 12.18, 11.77, 13252999, 1377271, 110, 1654559872, 529867, 847404],
  );
  assert.equal(hms(quoteServerTimeMs(a.serverTime)), "13:25:17.994");
  assert.deepEqual([a.bids[0], a.bidVols[0], a.asks[0], a.askVols[0]], [12.02, 3503, 12.03, 826]);
  assert.deepEqual([a.bids[4], a.bidVols[4], a.asks[4], a.askVols[4]], [11.98, 2438, 12.07, 1029]);
  assert.equal(a.riseSpeed, -0.24);
  assert.equal(a.unknownNegPrice, -1202, "field 10 is minus the raw price");
  assert.equal(a.active1, a.active2);
  assert.deepEqual(
    [b.market, b.code, b.price, b.preClose, b.open, b.high, b.low, b.vol, b.amount, b.bids[0], b.bidVols[0], b.asks[0], b.askVols[0]],
    [1, "600008", 3.2, 3.14, 3.15, 3.22, 3.14, 840894, 268613568, 3.19, 22330, 3.2, 93],
  );
  assert.deepEqual(encodeQuotesReply(decodeQuotesReply(body)), body, "re-encodes byte for byte");
});

test("quotes of 2024-10-11 (after the close)", { skip: skipUnless(F11) }, () => {
  const body = decodeResponse(bin(F11)).body;
  const [a, b] = decodeQuotesReply(body).quotes as [Quote, Quote];
  assert.deepEqual(
    [a.price, a.preClose, a.open, a.high, a.low, a.serverTime, a.vol, a.amount, a.bids[0], a.bidVols[0], a.asks[0], a.askVols[0]],
    [11.72, 11.98, 12, 12.17, 11.58, 15330029, 2070890, 2455848192, 11.71, 6719, 11.72, 1671],
  );
  assert.equal(hms(quoteServerTimeMs(a.serverTime)), "15:33:00.174");
  assert.deepEqual([b.code, b.price, b.preClose, b.vol, b.amount], ["600008", 3.14, 3.2, 1001709, 316818304]);
  assert.deepEqual(encodeQuotesReply(decodeQuotesReply(body)), body);
});

test("easy_tdx's recorded quote: the values of its json", { skip: skipUnless(`${REC}.hex`) }, () => {
  const body = hex(`${REC}.hex`);
  const expected = json<{ num_records: number; first: { code: string; pre_close: number; unknown_2: number; unknown_3: number } }>(`${REC}.json`);
  const { quotes } = decodeQuotesReply(body);
  assert.equal(quotes.length, expected.num_records);
  const q = quotes[0]!;
  assert.deepEqual([q.code, q.preClose, q.unknown16, q.unknown17], [expected.first.code, expected.first.pre_close, expected.first.unknown_2, expected.first.unknown_3]);
  assert.equal(hms(quoteServerTimeMs(q.serverTime)), "14:59:57.163", "the millionths-of-an-hour form");
  assert.deepEqual(encodeQuotesReply(decodeQuotesReply(body)), body);
});

test("fund prices use three decimals where pytdx's /100 is ten times too large", () => {
  const reply: QuotesReply = { unknownHead: 0x3601, quotes: [quote(1, "510300", 3.912), quote(0, "159915", 2.105), quote(0, "000001", 11.72)] };
  const body = encodeQuotesReply(reply);
  const back = decodeQuotesReply(body).quotes;
  assert.deepEqual(
    back.map((q) => q.price),
    [3.912, 2.105, 11.72],
  );
  const pytdxStyle = decodeQuotesReply(body, () => 2).quotes;
  assert.deepEqual(
    pytdxStyle.map((q) => q.price),
    [39.12, 21.05, 11.72],
  );
});

function quote(market: number, code: string, price: number): Quote {
  return {
    market,
    code,
    active1: 7,
    price,
    preClose: price,
    open: price,
    high: price,
    low: price,
    serverTime: 9300000,
    unknownNegPrice: 0,
    vol: 1,
    curVol: 1,
    amount: 100,
    sVol: 0,
    bVol: 1,
    unknown16: 0,
    unknown17: 0,
    bids: [price, price, price, price, price],
    asks: [price, price, price, price, price],
    bidVols: [1, 2, 3, 4, 5],
    askVols: [5, 4, 3, 2, 1],
    unknownStatus: 0,
    unknownTail: [0, 0, 0, 0],
    riseSpeed: 0,
    active2: 7,
  };
}

const arbRaw = (max: number) => fc.integer({ min: -max, max });
const arbQuote = fc
  .record({
    market: fc.constantFrom(0, 1, 2),
    code: fc.stringMatching(/^[0-9]{6}$/),
    active: fc.integer({ min: 0, max: 0xffff }),
    price: fc.integer({ min: 0, max: 5_000_000 }),
    deltas: fc.array(arbRaw(100_000), { minLength: 14, maxLength: 14 }),
    counts: fc.array(fc.integer({ min: 0, max: 2 ** 40 }), { minLength: 16, maxLength: 16 }),
    signed: fc.array(arbRaw(2 ** 30), { minLength: 7, maxLength: 7 }),
    amount: fc.integer({ min: 0, max: 2 ** 24 }).map((v) => Math.fround(v * 1024)),
    status: fc.integer({ min: 0, max: 0xffff }),
    speed: fc.integer({ min: -0x8000, max: 0x7fff }),
  })
  .map((r): Quote => {
    const div = 10 ** fallbackPriceDecimals(r.market, r.code);
    const px = (d: number) => (r.price + d) / div;
    const [d0, d1, d2, d3, ...lv] = r.deltas as [number, number, number, number, ...number[]];
    return {
      market: r.market,
      code: r.code,
      active1: r.active,
      price: r.price / div,
      preClose: px(d0),
      open: px(d1),
      high: px(d2),
      low: px(d3),
      serverTime: r.counts[0]!,
      unknownNegPrice: r.signed[0]!,
      vol: r.counts[1]!,
      curVol: r.counts[2]!,
      amount: r.amount,
      sVol: r.counts[3]!,
      bVol: r.counts[4]!,
      unknown16: r.signed[1]!,
      unknown17: r.signed[2]!,
      bids: lv.slice(0, 5).map(px),
      asks: lv.slice(5, 10).map(px),
      bidVols: r.counts.slice(5, 10),
      askVols: r.counts.slice(10, 15),
      unknownStatus: r.status,
      unknownTail: r.signed.slice(3, 7),
      riseSpeed: r.speed / 100,
      active2: r.active,
    };
  });

test("quote replies round-trip", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffff }), fc.array(arbQuote, { maxLength: 8 }), (unknownHead, quotes) => {
      const reply = { unknownHead, quotes };
      assert.deepEqual(decodeQuotesReply(encodeQuotesReply(reply)), reply);
    }),
  );
});

test("quote requests round-trip and enforce the 80-security limit", () => {
  const ref = fc.tuple(fc.constantFrom(0, 1, 2), fc.stringMatching(/^[0-9]{6}$/)).map(([market, code]) => ({ market, code }));
  fc.assert(
    fc.property(fc.array(ref, { minLength: 1, maxLength: 80 }), (refs) => {
      const payload = encodeQuotesRequest(refs);
      assert.equal(payload.length + 2, 12 + 7 * refs.length, "header length L = 12 + 7n");
      assert.deepEqual(decodeQuotesRequest(payload), refs);
    }),
  );
  const many = Array.from({ length: MAX_QUOTES_PER_REQUEST + 1 }, () => ({ market: 0, code: "000001" }));
  assert.throws(() => encodeQuotesRequest(many), /1\.\.80/);
  assert.throws(() => decodeQuotesRequest(encodeQuotesRequest([{ market: 0, code: "000001" }]).subarray(0, 15)), /1 securities need 7 bytes, 5 present/);
});

test("server time: pytdx's two forms, and the encoder stays within 6 ms", () => {
  assert.equal(hms(quoteServerTimeMs(9300000)), "09:30:00.000");
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 86_399_999 }), (ms) => {
      assert.ok(Math.abs(quoteServerTimeMs(encodeQuoteServerTime(ms)) - ms) <= 6, "Math.abs(quoteServerTimeMs(encodeQuoteServerTime(ms)) - ms) <= 6");
    }),
  );
});

test("server time by hand (design doc 5.3): minutes 59 and 60 take the two forms; the encoder's ticks stop at 9999", () => {
  // 09 59 5999: minute 59 < 60, 5999 ticks of 6 ms = 35.994 s
  assert.equal(hms(quoteServerTimeMs(9595999)), "09:59:35.994");
  // 09 600000: 60 is no minute, so 0.600000 h = 36 min
  assert.equal(hms(quoteServerTimeMs(9600000)), "09:36:00.000");
  assert.equal(quoteServerTimeMs(0), 0);
  // 09:30:59.997 is 9999.5 ticks: rounded up it would be 10000 and spill into the minute digits
  assert.equal(encodeQuoteServerTime((9 * 3600 + 30 * 60 + 59) * 1000 + 997), 9309999);
  assert.equal(encodeQuoteServerTime((9 * 3600 + 59 * 60 + 59) * 1000 + 999), 9599999);
  assert.equal(encodeQuoteServerTime((13 * 3600 + 25 * 60 + 17) * 1000 + 994), 13252999);
  assert.equal(encodeQuoteServerTime((15 * 3600 + 33 * 60) * 1000 + 3), 15330001);
});

test("quote requests by hand: 05 00, six zero bytes, u16 n, then market and code; 1 to 80 securities", () => {
  const payload = encodeQuotesRequest([
    { market: 0, code: "000001" },
    { market: 1, code: "600008" },
  ]);
  assert.deepEqual(Buffer.from(payload).toString("hex"), "050000000000000002000030303030303101363030303038"); // 0500 | 00000000 | 0000 | 0200 | 00 "000001" | 01 "600008"
  const eighty = Array.from({ length: 80 }, (_, i) => ({ market: i % 2, code: String(i).padStart(6, "0") }));
  assert.deepEqual(decodeQuotesRequest(encodeQuotesRequest(eighty)), eighty);
  assert.throws(() => encodeQuotesRequest([]), new RangeError("quotes take 1..80 securities, got 0"));
  assert.throws(() => decodeQuotesRequest(payload.subarray(0, 9)), /^TdxDecodeError: 0x053e request/);
  assert.throws(() => decodeQuotesRequest(Uint8Array.from([...payload, 0])), /^TdxDecodeError: 0x053e request: 2 securities need 14 bytes, 15 present/);
});

test("quote replies: levels and the unknown tail as written, errors named by the command", () => {
  const q = quote(0, "000001", 11.72);
  assert.throws(() => encodeQuotesReply({ unknownHead: 0, quotes: [{ ...q, bids: [1, 2, 3, 4] }] }), new RangeError("quote needs 5 levels, has 4"));
  assert.throws(() => encodeQuotesReply({ unknownHead: 0, quotes: [{ ...q, askVols: [] }] }), new RangeError("quote needs 5 levels, has 0"));
  const short = decodeQuotesReply(encodeQuotesReply({ unknownHead: 0, quotes: [{ ...q, unknownTail: [7] }] })).quotes[0]!;
  assert.deepEqual(short.unknownTail, [7, 0, 0, 0], "a shorter tail is written with zeros");
  const body = encodeQuotesReply({ unknownHead: 0x0201, quotes: [q] });
  assert.deepEqual(Array.from(body.subarray(0, 4)), [0x01, 0x02, 0x01, 0x00], "head bytes then n = 1");
  assert.throws(() => decodeQuotesReply(Uint8Array.from([...body, 0])), /^TdxDecodeError: 0x053e reply: 1 unexpected trailing byte/);
  assert.throws(() => decodeQuotesReply(body.subarray(0, body.length - 1)), /^TdxDecodeError: 0x053e reply/);
});
