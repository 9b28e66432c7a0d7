/**
 * Extended-market codecs: the recorded HK trade body and the requests public
 * clients were seen to send decode to their documented values; every layout
 * written and read back.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { EX_LOGIN_BODY, ExCommand } from "../../../../adapters/tdx/ex/ex-commands.ts";
import {
  allocExBars,
  decodeExBarsReply,
  decodeExBarsRequest,
  decodeExMinuteReply,
  decodeExQuoteReply,
  decodeExRefRequest,
  decodeExTradesReply,
  decodeExTradesRequest,
  encodeExBarsReply,
  encodeExBarsRequest,
  encodeExMinuteReply,
  encodeExQuoteReply,
  encodeExRefRequest,
  encodeExTradesReply,
  encodeExTradesRequest,
} from "../../../../adapters/tdx/ex/ex-codec.ts";
import { exMarketId } from "../../../../adapters/tdx/ex/ex-markets.ts";
import { decodeRequest, encodeRequest } from "../../../../adapters/tdx/tdx-frame.ts";
import { marketTime } from "../../../../core/bars/market-time.ts";
import { readFixtureText, skipUnless } from "../../../support/fixtures.ts";
import { fromHex, hex, json } from "../fixture-bytes.ts";
import { defined } from "../../../support/defined.ts";

const HK = "tdx-ex/ex-0x2406-hist-transaction-hk00700-20260703.body.hex";
const FRAMES = "tdx-ex/ex-request-frames-observed.txt";
const f32 = Math.fround;

test("the recorded 0x2406 body: HK 00700, 10 trades, 15:59 431.800 × 300 … 16:08 431.200 × 934700", { skip: skipUnless(HK) }, () => {
  const meta = json<{ num_records: number; first: { hour: number; minute: number; price_int: number; vol: number }; last: { hour: number; minute: number; price_int: number; vol: number } }>(
    "tdx-ex/ex-0x2406-hist-transaction-hk00700-20260703.meta.json",
  );
  const t = decodeExTradesReply(hex(HK));
  assert.equal(t.length, meta.num_records);
  const at = (i: number) => {
    const minute = defined(t.minute[i], `minute[${i}]`);
    return { hour: Math.floor(minute / 60), minute: minute % 60, price_int: t.price[i], vol: t.volume[i] };
  };
  assert.deepEqual(at(0), { hour: meta.first.hour, minute: meta.first.minute, price_int: meta.first.price_int, vol: meta.first.vol });
  assert.deepEqual(at(9), { hour: meta.last.hour, minute: meta.last.minute, price_int: meta.last.price_int, vol: meta.last.vol });
  assert.ok(
    [...t.nature].every((n) => n === 512),
    "neutral (closing auction) prints",
  );
  assert.ok(
    [...t.zengcang].every((z) => z === 0),
    "[...t.zengcang].every((z) => z === 0)",
  );
});

test("observed requests: pytdx's 0x23ff bodies and full frames, the login", { skip: skipUnless(FRAMES) }, () => {
  const lines = readFixtureText(FRAMES)
    .split("\n")
    .filter((l) => l && !l.startsWith("#"));
  const body = (l: string) => fromHex(defined(l.split("|")[1], `the hex body of ${l}`));
  // [B] market 47 IFL0, daily, start 0, count 240 (garbage after the code's NUL is ignored).
  const ifl0 = decodeExBarsRequest(body(lines.find((l) => l.startsWith("ff23|2f49464c30"))!));
  assert.deepEqual(ifl0, { market: 47, code: "IFL0", category: 4, start: 0, count: 240 });
  const baba = decodeExBarsRequest(body(lines.find((l) => l.startsWith("ff23|2842414241"))!));
  assert.deepEqual(baba, { market: 40, code: "BABA", category: 4, start: 0, count: 240 });
  // [C] a whole frame: head 0x01, method 0x23ff, extended 1-minute bars, count 240.
  const frame = decodeRequest(fromHex(lines.find((l) => l.startsWith("01 01 08 6a"))!));
  assert.equal(frame.header.head, 0x01);
  assert.equal(frame.header.cmd, ExCommand.BARS);
  assert.deepEqual(decodeExBarsRequest(frame.payload), { market: 47, code: "IFL0", category: 7, start: 0, count: 240 });
  // Our own bars request has the same length and layout.
  assert.equal(encodeRequest(ExCommand.BARS, encodeExBarsRequest({ market: 47, code: "IFL0", category: 7, start: 0, count: 240 }), { head: 1 }).length, frame.payload.length + 12);
  // [A] the pytdx login frame: method 0x2454 with an 80-byte body (ours is opentdx's body of the same length).
  const login = decodeRequest(fromHex(lines.find((l) => l.startsWith("010148650001520052005424"))!.replace("|", "")));
  assert.equal(login.header.cmd, ExCommand.LOGIN);
  assert.equal(login.payload.length, EX_LOGIN_BODY.length);
});

test("bars round-trip: packed intraday dates, YYYYMMDD days, open interest or turnover in field 5", () => {
  const s = allocExBars(2);
  s.time.set([marketTime(2026, 11, 20, 9, 35), marketTime(2026, 11, 20, 9, 40)]);
  s.open.set([f32(3800.2), f32(3801)]);
  s.close.set([f32(3801), f32(3799.8)]);
  s.position.set([58159, 58200]);
  s.volume.set([100, 200]);
  const q = { market: 47, code: "IFL0", category: 0, start: 0, count: 2 };
  const back = decodeExBarsReply(encodeExBarsReply(q, s, true), 0);
  assert.deepEqual([...back.time], [...s.time]);
  assert.deepEqual([...back.position], [58159, 58200]);
  const day = allocExBars(1);
  day.time[0] = marketTime(2026, 11, 20);
  day.amount[0] = f32(8025026);
  const d = decodeExBarsReply(encodeExBarsReply({ ...q, category: 4 }, day, false), 4);
  assert.equal(d.time[0], marketTime(2026, 11, 20));
  assert.equal(d.amount[0], f32(8025026));
  assert.deepEqual(decodeExBarsRequest(encodeExBarsRequest(q)), q);
});

test("quote, minute and trade requests and replies round-trip", () => {
  const ref = { market: 31, code: "00700" };
  assert.deepEqual(decodeExRefRequest(encodeExRefRequest(ref), "x"), ref);
  const five = (x: number) => [x, x + 1, x + 2, x + 3, x + 4];
  const q = {
    ...ref,
    activity: 1,
    preClose: f32(431.8),
    open: f32(430),
    high: f32(433),
    low: f32(429),
    price: f32(431.2),
    kaicang: 1,
    zengcang: 2,
    zongliang: 3,
    xianliang: 4,
    amount: f32(5e8),
    neipan: 5,
    waipan: 6,
    unknown: 0,
    chicang: 7,
    bids: five(430).map(f32),
    bidVols: five(1),
    asks: five(432).map(f32),
    askVols: five(9),
  };
  const body = encodeExQuoteReply(q);
  assert.equal(body.length, 150);
  assert.deepEqual(decodeExQuoteReply(body), q);
  const m = { length: 1, minute: Float64Array.of(571), price: Float64Array.of(f32(431)), avgPrice: Float64Array.of(f32(430.5)), volume: Float64Array.of(1000), openInterest: Float64Array.of(0) };
  assert.deepEqual(decodeExMinuteReply(encodeExMinuteReply(ref, m)), m);
  const tq = { ...ref, date: 20260703, start: 0, count: 10 };
  assert.deepEqual(decodeExTradesRequest(encodeExTradesRequest(tq), true), tq);
  assert.deepEqual(decodeExTradesRequest(encodeExTradesRequest({ ...ref, start: 5, count: 1800 }), false), { ...ref, date: undefined, start: 5, count: 1800 });
  const t = { length: 1, minute: Float64Array.of(959), price: Float64Array.of(431800), volume: Float64Array.of(300), zengcang: Float64Array.of(-2), nature: Float64Array.of(512) };
  assert.deepEqual(decodeExTradesReply(encodeExTradesReply(ref, t)), t);
});

test("markets by name (case-insensitive) or number", () => {
  assert.equal(exMarketId("HK_MAIN_BOARD"), 31);
  assert.equal(exMarketId("cffex_futures"), 47);
  assert.equal(exMarketId("74"), 74);
  assert.equal(exMarketId("256"), undefined);
  assert.equal(exMarketId("NASDAQ"), undefined);
});
