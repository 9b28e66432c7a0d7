import { test } from "node:test";
import assert from "node:assert/strict";
import { classifySecurity, priceDecimals, TDX_MARKET, type Market } from "../../../core/bars/security-kind.ts";

test("classification by market and code prefix", () => {
  const table: [Market, string, string, string][] = [
    ["SH", "600000", "stock", "SH_MAIN"],
    ["SH", "601318", "stock", "SH_MAIN"],
    ["SH", "603288", "stock", "SH_MAIN"],
    ["SH", "605499", "stock", "SH_MAIN"],
    ["SH", "688001", "stock", "STAR"],
    ["SH", "689009", "stock", "STAR"],
    ["SH", "900901", "stock", "B_SHARE"],
    ["SH", "000001", "index", "INDEX"],
    ["SH", "000300", "index", "INDEX"],
    ["SH", "999999", "index", "INDEX"],
    ["SH", "880081", "index", "BOARD_INDEX"],
    ["SH", "881478", "index", "BOARD_INDEX"],
    ["SH", "510300", "fund", "FUND"],
    ["SH", "588000", "fund", "FUND"],
    ["SH", "501018", "fund", "FUND"],
    ["SH", "110075", "bond", "CONVERTIBLE"],
    ["SH", "113050", "bond", "CONVERTIBLE"],
    ["SH", "118000", "bond", "CONVERTIBLE"],
    ["SH", "019547", "bond", "BOND"],
    ["SH", "204001", "bond", "BOND"],
    ["SH", "732001", "other", "OTHER"],
    ["SZ", "000001", "stock", "SZ_MAIN"],
    ["SZ", "001979", "stock", "SZ_MAIN"],
    ["SZ", "002594", "stock", "SZ_MAIN"],
    ["SZ", "003816", "stock", "SZ_MAIN"],
    ["SZ", "300750", "stock", "CHINEXT"],
    ["SZ", "301269", "stock", "CHINEXT"],
    ["SZ", "200002", "stock", "B_SHARE"],
    ["SZ", "399001", "index", "INDEX"],
    ["SZ", "399006", "index", "INDEX"],
    ["SZ", "159915", "fund", "FUND"],
    ["SZ", "161725", "fund", "FUND"],
    ["SZ", "123001", "bond", "CONVERTIBLE"],
    ["SZ", "127045", "bond", "CONVERTIBLE"],
    ["SZ", "128136", "bond", "CONVERTIBLE"],
    ["SZ", "131810", "bond", "BOND"],
    ["SZ", "080001", "other", "OTHER"],
    ["BJ", "430047", "stock", "BSE"],
    ["BJ", "830799", "stock", "BSE"],
    ["BJ", "920002", "stock", "BSE"],
    ["BJ", "899050", "index", "INDEX"],
    ["BJ", "600000", "other", "OTHER"],
    ["SH", "60000", "other", "OTHER"],
  ];
  for (const [market, code, kind, board] of table) assert.deepEqual(classifySecurity(market, code), { kind, board }, `${market}${code}`);
});

test("quote price decimals: 2 for A-shares and indices, 3 for funds, bonds and SH B-shares", () => {
  assert.equal(priceDecimals("SZ", "000001"), 2);
  assert.equal(priceDecimals("SH", "000001"), 2);
  assert.equal(priceDecimals("SH", "510300"), 3);
  assert.equal(priceDecimals("SZ", "159915"), 3);
  assert.equal(priceDecimals("SH", "110075"), 3);
  assert.equal(priceDecimals("SH", "900901"), 3);
  assert.equal(priceDecimals("SZ", "200002"), 2);
  assert.equal(priceDecimals("BJ", "920002"), 2);
});

test("the bond and fund prefixes outside the main tables (SH 1xx, 00x, 02x; SZ 10..14, 18)", () => {
  const table: [Market, string, string, string][] = [
    ["SH", "111000", "bond", "CONVERTIBLE"],
    ["SH", "100213", "bond", "BOND"],
    ["SH", "122000", "bond", "BOND"],
    ["SH", "009905", "bond", "BOND"],
    ["SH", "010107", "bond", "BOND"],
    ["SH", "020001", "bond", "BOND"],
    ["SH", "030001", "other", "OTHER"],
    ["SH", "890001", "other", "OTHER"],
    ["SZ", "101901", "bond", "BOND"],
    ["SZ", "112001", "bond", "BOND"],
    ["SZ", "120001", "bond", "BOND"],
    ["SZ", "131810", "bond", "BOND"],
    ["SZ", "148001", "bond", "BOND"],
    ["SZ", "150001", "fund", "FUND"],
    ["SZ", "180101", "fund", "FUND"],
    ["SZ", "190001", "other", "OTHER"],
    ["SZ", "301000", "stock", "CHINEXT"],
    ["SZ", "004001", "other", "OTHER"],
    ["BJ", "899001", "index", "INDEX"],
    ["BJ", "920001", "stock", "BSE"],
    ["BJ", "921001", "other", "OTHER"],
    ["BJ", "500001", "other", "OTHER"],
  ];
  for (const [market, code, kind, board] of table) assert.deepEqual(classifySecurity(market, code), { kind, board }, `${market}${code}`);
  assert.equal(priceDecimals("SH", "100213"), 3, "a bond");
  assert.equal(priceDecimals("SZ", "180101"), 3, "a fund");
  assert.equal(priceDecimals("SH", "600000"), 2, "an SH stock that is no B-share");
});

test("TDX market numbers on the standard protocol: 0 SZ, 1 SH, 2 BJ", () => {
  assert.deepEqual({ ...TDX_MARKET }, { SZ: 0, SH: 1, BJ: 2 });
});
