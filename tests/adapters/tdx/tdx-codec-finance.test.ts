import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeFinanceReply, decodeFinanceRequest, encodeFinanceReply, encodeFinanceRequest } from "../../../adapters/tdx/tdx-codec-finance.ts";
import { decodeResponse } from "../../../adapters/tdx/tdx-frame.ts";
import { ByteWriter } from "../../../adapters/tdx/tdx-bytes.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { bin, hex, json } from "./fixture-bytes.ts";

const PYTDX = "tdx/protocol/0010_finance_sz000001_20170428.frame.bin";

test("finance of SZ 000001 (pytdx frame): shares in shares, money in yuan", { skip: skipUnless(PYTDX) }, () => {
  const body = decodeResponse(bin(PYTDX)).body;
  const f = decodeFinanceReply(body);
  assert.deepEqual([f.market, f.code, f.province, f.industry, f.updatedDate, f.ipoDate], [0, "000001", 18, 1, 20170428, 19910403]);
  assert.equal(f.floatShares, 1691799 * 10_000);
  assert.equal(f.totalShares, 1717041.125 * 10_000);
  assert.equal(f.totalAssets, 3_006_194_944_000, "3.006 trillion yuan: the wire unit is 1,000 yuan");
  assert.equal(f.netAssets, 207_739_008_000);
  assert.equal(f.netProfit, 6_214_000_000);
  assert.equal(f.undistributedProfit, 69_483_000_000);
  assert.equal(f.shareholders, 371177);
  assert.equal(f.netAssetsPerShare, Math.fround(10.94));
  assert.equal(f.reserved, 3);
  // The slot pytdx calls 职工股 is earnings per share: Ping An Bank's published Q1 2017 basic EPS, 0.31 yuan, is its
  // net profit in this very reply less the 874 m yuan preferred dividend paid that March (4.37 % on 20 bn), per share.
  assert.equal(f.eps, Math.fround(0.31));
  assert.equal(Math.round(((f.netProfit - 0.0437 * 20e9) / f.totalShares) * 100) / 100, 0.31);
  assert.deepEqual(encodeFinanceReply(f), body, "re-encodes byte for byte");
});

test("finance of SH 600000 (easy_tdx recording): the json's values", { skip: skipUnless("tdx-recorded/finance_info.hex") }, () => {
  const body = hex("tdx-recorded/finance_info.hex");
  const e = json<{ liutong_guben: number; zong_guben: number; meigujing_zichan: number }>("tdx-recorded/finance_info.json");
  const f = decodeFinanceReply(body);
  assert.deepEqual([f.floatShares, f.totalShares, f.netAssetsPerShare], [e.liutong_guben, e.zong_guben, e.meigujing_zichan]);
  assert.ok(f.totalAssets > 9e12 && f.totalAssets < 11e12, "SPDB's total assets are about 10 trillion yuan");
  assert.equal(f.eps, Math.fround(1.52), "earnings per share of the 2025 report, in yuan");
  assert.ok(Math.abs(f.eps / (f.netProfit / f.totalShares) - 1) < 0.02, "within 2 % of net profit per share at the year-end share count");
  assert.deepEqual(encodeFinanceReply(f), body);
});

test("finance replies and requests round-trip", () => {
  const f32 = fc.float({ noNaN: true, noDefaultInfinity: true });
  fc.assert(
    fc.property(fc.array(f32, { minLength: 31, maxLength: 31 }), fc.constantFrom(0, 1), fc.stringMatching(/^[0-9]{6}$/), fc.integer({ min: 19900101, max: 20991231 }), (floats, market, code, date) => {
      const w = new ByteWriter(145).u16(1).u8(market).ascii(code, 6).f32(floats[0]!).u16(18).u16(1).u32(date).u32(date);
      for (const v of floats.slice(1)) w.f32(v);
      const body = w.finish();
      const f = decodeFinanceReply(body);
      assert.deepEqual(encodeFinanceReply(f), body);
      assert.deepEqual(decodeFinanceReply(encodeFinanceReply(f)), f);
      assert.deepEqual(decodeFinanceRequest(encodeFinanceRequest({ market, code })), { market, code });
    }),
  );
});

/** The 30 trailing floats in design doc 5.10's order, with their unit: 10,000 shares, 1,000 yuan, or as is. */
const WIRE_ORDER: readonly (readonly [string, number])[] = [
  ["totalShares", 1e4],
  ["stateShares", 1e4],
  ["promoterShares", 1e4],
  ["legalPersonShares", 1e4],
  ["bShares", 1e4],
  ["hShares", 1e4],
  ["eps", 1], // pytdx's "employee shares", yuan per share (see the codec's header)
  ["totalAssets", 1e3],
  ["currentAssets", 1e3],
  ["fixedAssets", 1e3],
  ["intangibleAssets", 1e3],
  ["shareholders", 1],
  ["currentLiabilities", 1e3],
  ["longTermLiabilities", 1e3],
  ["capitalReserve", 1e3],
  ["netAssets", 1e3],
  ["mainRevenue", 1e3],
  ["mainProfit", 1e3],
  ["receivables", 1e3],
  ["operatingProfit", 1e3],
  ["investmentIncome", 1e3],
  ["operatingCashFlow", 1e3],
  ["totalCashFlow", 1e3],
  ["inventory", 1e3],
  ["totalProfit", 1e3],
  ["afterTaxProfit", 1e3],
  ["netProfit", 1e3],
  ["undistributedProfit", 1e3],
  ["netAssetsPerShare", 1],
  ["reserved", 1],
];

test("finance reply: every field from a body written with Node's Buffer writers (design doc 5.10)", () => {
  const b = Buffer.alloc(145);
  b.writeUInt16LE(1, 0);
  b.writeUInt8(1, 2);
  b.write("600000", 3, "ascii");
  b.writeFloatLE(2.5, 9);
  b.writeUInt16LE(23, 13);
  b.writeUInt16LE(7, 15);
  b.writeUInt32LE(20260331, 17);
  b.writeUInt32LE(19991110, 21);
  // Field k (1-based) holds k + 0.25, exact in float32, so a field read from another slot shows.
  WIRE_ORDER.forEach((_, k) => b.writeFloatLE(k + 1.25, 25 + 4 * k));
  const info = decodeFinanceReply(new Uint8Array(b));
  const f = info as unknown as Record<string, unknown>;
  const expected: Record<string, unknown> = { market: 1, code: "600000", floatShares: 25_000, province: 23, industry: 7, updatedDate: 20260331, ipoDate: 19991110 };
  WIRE_ORDER.forEach(([key, unit], k) => {
    expected[key] = (k + 1.25) * unit;
  });
  assert.deepEqual(f, expected);
  assert.deepEqual(Buffer.from(encodeFinanceReply(info)), b, "re-encodes byte for byte");
});

test("finance decoders: errors name their command", () => {
  assert.throws(() => decodeFinanceRequest(Uint8Array.of(2, 0, 0, 0x30, 0x30, 0x30, 0x30, 0x30, 0x31)), {
    message: "0x0010 request: asks for 2 securities; the protocol takes exactly 1 (at byte 2)",
  });
  assert.throws(() => decodeFinanceReply(new Uint8Array(144)), { message: /^0x0010 reply: truncated/ });
  assert.throws(() => decodeFinanceReply(new Uint8Array(146)), { message: "0x0010 reply: 1 unexpected trailing byte(s) at 145" });
});
