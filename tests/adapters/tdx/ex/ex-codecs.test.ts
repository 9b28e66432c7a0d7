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

/**
 * A 0x23ff reply body laid out byte by byte from the documented layout (the design notes on the extended
 * markets, summarised in adapters/tdx/ex/ex-codec.ts's header): 18-byte head, u16 n at 18, then 32-byte rows of date (u16 packed day + u16 minute for the
 * intraday categories 0–3, 7, 8; u32 YYYYMMDD otherwise), f32 open, high, low, close, 4 bytes of open
 * interest (u32) or amount (f32), u32 volume, f32 settlement. Written with a DataView, not the encoder.
 */
function exBarsBody(
  category: number,
  rows: readonly { date: [number, number]; ohlc: [number, number, number, number]; field5: (v: DataView, o: number) => void; volume: number; settlement: number }[],
): Uint8Array {
  const b = new Uint8Array(20 + 32 * rows.length);
  const v = new DataView(b.buffer);
  v.setUint8(0, 47);
  b.set(new TextEncoder().encode("IFL0"), 1);
  v.setUint16(10, category, true);
  v.setUint16(12, 1, true);
  v.setUint16(18, rows.length, true);
  rows.forEach((r, i) => {
    const o = 20 + 32 * i;
    if (r.date[1] >= 0) {
      v.setUint16(o, r.date[0], true);
      v.setUint16(o + 2, r.date[1], true);
    } else v.setUint32(o, r.date[0], true);
    r.ohlc.forEach((x, k) => v.setFloat32(o + 4 + 4 * k, x, true));
    r.field5(v, o + 20);
    v.setUint32(o + 24, r.volume, true);
    v.setFloat32(o + 28, r.settlement, true);
  });
  return b;
}

test("0x23ff rows read in the documented order: open, high, low, close, open interest, volume, f32 settlement; category 7 dates are packed", () => {
  // 2026-11-20 packed: (2026 − 2004)·2048 + 11·100 + 20; 09:31 is minute 571
  const packed = (2026 - 2004) * 2048 + 1120;
  for (const category of [0, 3, 7, 8]) {
    const body = exBarsBody(category, [
      { date: [packed, 571], ohlc: [3800.2, 3802.4, 3799.6, 3801], field5: (v, o) => v.setUint32(o, 58159, true), volume: 123, settlement: 3795.4 },
      { date: [packed, 572], ohlc: [3801, 3801.8, 3798.2, 3799.8], field5: (v, o) => v.setUint32(o, 58200, true), volume: 77, settlement: 3795.4 },
    ]);
    const s = decodeExBarsReply(body, category);
    assert.deepEqual([...s.time], [marketTime(2026, 11, 20, 9, 31), marketTime(2026, 11, 20, 9, 32)], `category ${category}`);
    assert.deepEqual([s.open[0], s.high[0], s.low[0], s.close[0]], [f32(3800.2), f32(3802.4), f32(3799.6), f32(3801)], `category ${category}`);
    assert.deepEqual([...s.position], [58159, 58200]);
    assert.deepEqual([...s.volume], [123, 77]);
    assert.deepEqual([...s.settlement], [f32(3795.4), f32(3795.4)], "settlement is a float32 price");
  }
  const daily = exBarsBody(9, [{ date: [20261120, -1], ohlc: [431.8, 433.2, 428, 431.2], field5: (v, o) => v.setFloat32(o, 8025026, true), volume: 934700, settlement: 0 }]);
  const d = decodeExBarsReply(daily, 9);
  assert.equal(d.time[0], marketTime(2026, 11, 20));
  assert.deepEqual([d.open[0], d.high[0], d.low[0], d.close[0]], [f32(431.8), f32(433.2), f32(428), f32(431.2)]);
  assert.equal(d.amount[0], f32(8025026), "a stock's field 5 is its amount");
  assert.equal(d.volume[0], 934700);
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
