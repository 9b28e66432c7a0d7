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
