/**
 * The mac command set's codecs: each layout written and read back, the field
 * bitmap, board-code renumbering, local ordering, event labels, and the real
 * capital-flow observations (the only public live mac values) through the
 * 0x1218 reply decoder.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { boardSymbolOf, inQuoteCategory, macBoardCode, QUOTE_CATEGORIES } from "../../../../adapters/tdx/mac/mac-board-code.ts";
import { decodeMacAuctionReply, decodeMacAuctionRequest, encodeMacAuctionReply, encodeMacAuctionRequest } from "../../../../adapters/tdx/mac/mac-codec-auction.ts";
import { allocMacBars, decodeMacBarsReply, decodeMacBarsRequest, encodeMacBarsReply, encodeMacBarsRequest } from "../../../../adapters/tdx/mac/mac-codec-bars.ts";
import { decodeBoardListReply, decodeBoardListRequest, encodeBoardListReply, encodeBoardListRequest } from "../../../../adapters/tdx/mac/mac-codec-board-list.ts";
import { decodeBelongReply, decodeCapitalFlowReply, decodeJsonRequest, encodeJsonReply, encodeJsonRequest } from "../../../../adapters/tdx/mac/mac-codec-json.ts";
import { decodeMacListReply, decodeMacListRequest, encodeMacListReply, encodeMacListRequest } from "../../../../adapters/tdx/mac/mac-codec-quotes.ts";
import {
  decodeServerInfoReply,
  decodeSymbolInfoReply,
  decodeSymbolInfoRequest,
  encodeServerInfoReply,
  encodeSymbolInfoReply,
  encodeSymbolInfoRequest,
  SERVER_INFO_REQUEST,
} from "../../../../adapters/tdx/mac/mac-codec-symbol.ts";
import { decodeUnusualReply, decodeUnusualRequest, encodeUnusualReply, encodeUnusualRequest } from "../../../../adapters/tdx/mac/mac-codec-unusual.ts";
import { decodeFieldBitmap, encodeFieldBitmap, EXCLUDE_FLAGS, fieldBit, fieldSpec, isExcluded } from "../../../../adapters/tdx/mac/mac-fields.ts";
import { MAC_SORT_TYPES, sortMacRows } from "../../../../adapters/tdx/mac/mac-sort.ts";
import { UNUSUAL_KINDS, unusualLabel, unusualPayload } from "../../../../core/quotes/unusual-events.ts";
import { skipUnless } from "../../../support/fixtures.ts";
import { json } from "../fixture-bytes.ts";

const f32 = Math.fround;

test("board codes renumber as documented; categories pass through", () => {
  assert.equal(macBoardCode("881001"), 21001);
  assert.equal(macBoardCode("880201"), 20201);
  assert.equal(macBoardCode("399006"), 30006);
  assert.equal(macBoardCode("899050"), 32050);
  assert.equal(macBoardCode("000300"), 31300);
  assert.equal(macBoardCode("HK0283"), 20283);
  assert.equal(macBoardCode("US0401"), 30401);
  assert.equal(macBoardCode("6"), 6);
  assert.throws(() => macBoardCode("abc"), RangeError);
  assert.equal(boardSymbolOf(21001), "881001");
  assert.ok(
    inQuoteCategory(QUOTE_CATEGORIES.A, "BJ", "BSE") && !inQuoteCategory(QUOTE_CATEGORIES.SH, "SZ", "SZ_MAIN"),
    'inQuoteCategory(QUOTE_CATEGORIES.A, "BJ", "BSE") && !inQuoteCategory(QUOTE_CATEGORIES.SH, "SZ", "SZ_MAIN")',
  );
  assert.ok(
    inQuoteCategory(QUOTE_CATEGORIES.CYB, "SZ", "CHINEXT") && !inQuoteCategory(QUOTE_CATEGORIES.A, "SH", "B_SHARE"),
    'inQuoteCategory(QUOTE_CATEGORIES.CYB, "SZ", "CHINEXT") && !inQuoteCategory(QUOTE_CATEGORIES.A, "SH", "B_SHARE")',
  );
});

test("field bitmap: bits 0..127 in bytes 0..15, exclude mask in byte 17, extended flag in byte 19", () => {
  const b = encodeFieldBitmap([0x00, 0x07, 0x38, 0x7b], EXCLUDE_FLAGS.ST | EXCLUDE_FLAGS.BJ);
  assert.equal(b.length, 20);
  assert.equal(b[0], 0x81);
  assert.equal(b[7], 0x01);
  assert.equal(b[15], 0x08);
  assert.equal(b[17], 36);
  assert.equal(b[19], 1);
  assert.deepEqual(decodeFieldBitmap(b), { bits: [0x00, 0x07, 0x38, 0x7b], exclude: 36 });
  assert.throws(() => encodeFieldBitmap([128]), RangeError);
  assert.equal(fieldSpec(0x38).name, "main_net_amount");
  assert.equal(fieldSpec(0x05).type, "u");
  assert.equal(fieldSpec(0x7f).name, "field_0x7f");
  assert.equal(fieldBit("change_20d_pct"), 0x3b);
  assert.ok(isExcluded(EXCLUDE_FLAGS.KC, { st: false, board: "STAR", recent: false }), 'isExcluded(EXCLUDE_FLAGS.KC, { st: false, board: "STAR", recent: false })');
  assert.ok(
    !isExcluded(EXCLUDE_FLAGS.KC | EXCLUDE_FLAGS.ST, { st: false, board: "SZ_MAIN", recent: true }),
    '!isExcluded(EXCLUDE_FLAGS.KC | EXCLUDE_FLAGS.ST, { st: false, board: "SZ_MAIN", recent: true })',
  );
});

test("0x122c list: request and reply round-trip with per-bit value types", () => {
  const q = { board: 21001, sortType: 0x0e, start: 80, count: 80, order: 1 as const, bits: [0x00, 0x04, 0x05, 0x16, 0x38], exclude: 6 };
  const p = encodeMacListRequest(q);
  assert.equal(p.length, 43);
  assert.deepEqual(decodeMacListRequest(p), q);
  const page = {
    total: 123,
    bits: q.bits,
    rows: [{ market: 1, code: "600519", name: "贵州茅台", values: { pre_close: f32(1500.5), close: f32(1510.25), vol: 123456, board_strength: -7, main_net_amount: f32(-3.5e7) } }],
  };
  assert.deepEqual(decodeMacListReply(encodeMacListReply(page)), page);
});

test("0x1231 board list round-trips; count_all is twice the rows", () => {
  assert.deepEqual(decodeBoardListRequest(encodeBoardListRequest({ type: 255, start: 150, count: 150, sortColumn: 0, order: 1 })), { type: 255, start: 150, count: 150, sortColumn: 0, order: 1 });
  const side = (code: string, name: string) => ({ market: 1, code, name, price: f32(1234.5), value: 0, preClose: f32(1200) });
  const page = { total: 871, rows: [{ board: side("881001", "煤炭"), leader: side("600000", "浦发银行") }] };
  const body = encodeBoardListReply(page);
  assert.equal(new DataView(body.buffer).getUint16(0, true), 2);
  assert.equal(body.length, 4 + 160);
  assert.deepEqual(decodeBoardListReply(body), page);
});

const ZJLX = "tdx-ex/mac-0x1218-stock-zjlx-observations.json";

test("0x1218 capital flow: the observed 000001 payload decodes; main net = in − out as field 0x38 shows", { skip: skipUnless(ZJLX) }, () => {
  const obs = json<{ example_payload: { json_rows: number[][] }; basket: { code: string; main_in: number; main_out: number; mac_0x122b_field_0x38: number }[] }>(ZJLX);
  const q = { market: 0, code: "000001", query: "Stock_ZJLX" };
  const f = decodeCapitalFlowReply(encodeJsonReply(q, obs.example_payload.json_rows));
  assert.deepEqual(f.today, [402656000, 438709120, 856985600, 820957632]);
  assert.deepEqual(f.fiveDay, [3274534912, 2528755200, -317484384, 86020816, 89306816, 141949792]);
  for (const b of obs.basket) {
    // float32 rounding of the field: within 512 CNY.
    assert.ok(Math.abs(b.main_in - b.main_out - b.mac_0x122b_field_0x38) <= 512, b.code);
  }
  // The wire form is "decimal strings/numbers": strings decode too.
  const asText = decodeCapitalFlowReply(encodeJsonReply(q, [["1", "2", "3", "4"], []]));
  assert.deepEqual(asText.today, [1, 2, 3, 4]);
});

test("0x1218 requests and the boards-of-a-stock rows (9 or 13 values)", () => {
  const q = { market: 1, code: "600519", query: "Stock_GLHQ" };
  const p = encodeJsonRequest(q);
  assert.equal(p.length, 47);
  assert.deepEqual(decodeJsonRequest(p), q);
  const rows = decodeBelongReply(
    encodeJsonReply(q, [
      ["HY", 1, "881012", "医药", 8604.08, 8594.53, 2, 0, 0.5],
      ["GN", 1, "880320", "数字概念", 1, 2, 0.1, 1, "600519", "茅台", 10, 9, 0.2],
      ["bad", 1],
    ]),
  );
  assert.equal(rows.length, 2);
  assert.deepEqual(rows[0], { boardType: "HY", market: 1, code: "881012", name: "医药", price: 8604.08, preClose: 8594.53, extra: [2, 0, 0.5] });
  assert.equal(rows[1]?.extra.length, 7);
});

test("0x122a symbol info and 0x120f server info sit at their documented offsets", () => {
  assert.deepEqual(decodeSymbolInfoRequest(encodeSymbolInfoRequest({ market: 1, code: "600519" })), { market: 1, code: "600519" });
  const s = {
    market: 1,
    code: "600519",
    name: "贵州茅台",
    date: 20261120,
    time: 140000,
    activity: 9,
    preClose: f32(19.18),
    open: f32(19.02),
    high: f32(19.11),
    low: f32(18.96),
    close: 19,
    momentum: f32(0.1),
    vol: 6959312,
    amount: f32(1.3e10),
    insideVolume: 3,
    outsideVolume: 4,
    decimals: 2,
    volRatio: f32(0.85),
    turnover: f32(1.5),
    avgPrice: f32(19.03),
  };
  const body = encodeSymbolInfoReply(s);
  assert.equal(body.length, 194);
  const v = new DataView(body.buffer);
  assert.equal(v.getUint32(96, true), 20261120);
  assert.equal(v.getFloat32(124, true), 19);
  assert.equal(v.getUint16(148, true), 2);
  assert.equal(v.getFloat32(186, true), f32(1.5));
  assert.deepEqual(decodeSymbolInfoReply(body), s);
  assert.equal(SERVER_INFO_REQUEST.length, 68);
  const info = {
    today: 20261120,
    timestamp: 140000,
    sessions1: [570, 690, 780, 900, 0, 0, 0, 0],
    sessions2: [570, 690, 780, 900, 0, 0, 0, 0],
    flag: 1,
    lastTradingDay: 20261120,
    previousTradingDay: 20261119,
    param1: 7,
    param2: 8,
  };
  const sb = encodeServerInfoReply(info);
  assert.equal(sb.length, 87);
  assert.equal(new DataView(sb.buffer).getUint32(22, true), 20261120);
  assert.deepEqual(decodeServerInfoReply(sb), info);
});

test("0x123d auction keeps the sign of the unmatched volume; 0x122e drops the sentinel row", () => {
  const ref = { market: 0, code: "000001" };
  assert.deepEqual(decodeMacAuctionRequest(encodeMacAuctionRequest({ ...ref, start: 0, count: 500 })), { ...ref, start: 0, count: 500 });
  const a = { length: 2, second: Float64Array.of(33300, 33309), price: Float64Array.of(f32(11.55), f32(11.58)), matched: Float64Array.of(308, 2259), unmatched: Float64Array.of(27, -1932) };
  const back = decodeMacAuctionReply(encodeMacAuctionReply(ref, a));
  assert.deepEqual(back, a);
  const q = { market: 1, code: "881001", period: 4, times: 1, start: 0, count: 3, adjust: 0 };
  assert.equal(encodeMacBarsRequest(q).length, 46);
  assert.deepEqual(decodeMacBarsRequest(encodeMacBarsRequest(q)), q);
  const bars = allocMacBars(2);
  bars.date.set([20261119, 20261120]);
  bars.close.set([f32(100.5), f32(101.25)]);
  const got = decodeMacBarsReply(encodeMacBarsReply(q, { date: 20261118, close: 99 }, bars));
  assert.deepEqual([...got.date], [20261119, 20261120]);
  assert.deepEqual([...got.close], [f32(100.5), f32(101.25)]);
});

test("0x1237 monitor records and the trailing name list; every event kind has a readable label", () => {
  assert.deepEqual(decodeUnusualRequest(encodeUnusualRequest({ market: 0, start: 10, count: 50 })), { market: 0, start: 10, count: 50 });
  const payload = new Uint8Array(13);
  new DataView(payload.buffer).setFloat32(1, 0.0325, true);
  const e = { market: 0, code: "000001", name: "平安银行", type: 0x04, index: 3, payload, hour: 10, minuteSecond: 3015 };
  const [back] = decodeUnusualReply(encodeUnusualReply([e]));
  assert.deepEqual(back, e);
  assert.deepEqual(unusualLabel(0x04, unusualPayload(payload)), { desc: "加速拉升", value: "3.25%" });
  const sub = new Uint8Array(13);
  sub[0] = 1;
  sub[1] = 2;
  assert.equal(unusualLabel(0x14, unusualPayload(sub)).desc, "封跌停板");
  assert.equal(UNUSUAL_KINDS.length, 19);
  for (const k of UNUSUAL_KINDS) assert.doesNotMatch(unusualLabel(k, unusualPayload(new Uint8Array(13))).desc, /异动类型/);
  assert.equal(unusualLabel(0x99, unusualPayload(new Uint8Array(13))).desc, "异动类型0x99");
});

test("local ordering: by the sort type's field, direction, missing values last, code order otherwise", () => {
  const row = (code: string, close: number, pre: number, extra: Record<string, number> = {}) => ({
    market: 0,
    code,
    name: code,
    values: { close, pre_close: pre, ...extra } as Record<string, number>,
  });
  const rows = [row("000003", 11, 10), row("000001", 9, 10), row("000002", 10.5, 10), row("000004", NaN, 10)];
  assert.deepEqual(
    sortMacRows(rows, MAC_SORT_TYPES.CHANGE_PCT, 1).map((r) => r.code),
    ["000003", "000002", "000001", "000004"],
  );
  assert.deepEqual(
    sortMacRows(rows, MAC_SORT_TYPES.CHANGE_PCT, 2).map((r) => r.code),
    ["000001", "000002", "000003", "000004"],
  );
  assert.deepEqual(
    sortMacRows(rows, MAC_SORT_TYPES.CODE, 1).map((r) => r.code),
    ["000004", "000003", "000002", "000001"],
  );
  assert.deepEqual(
    sortMacRows(rows, MAC_SORT_TYPES.LOCKED_RATIO, 1).map((r) => r.code),
    ["000001", "000002", "000003", "000004"],
  );
  fc.assert(
    fc.property(fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { maxLength: 30 }), (xs) => {
      const rs = xs.map((x, i) => row(String(i).padStart(6, "0"), 10, 10, { speed_pct: x }));
      const out = sortMacRows(rs, MAC_SORT_TYPES.SPEED_PCT, 1).map((r) => r.values.speed_pct);
      for (let i = 1; i < out.length; i++) assert.ok(out[i - 1]! >= out[i]!, "out[i - 1] >= out[i]");
    }),
  );
});
