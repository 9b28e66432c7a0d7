import { test } from "node:test";
import assert from "node:assert/strict";
import { classifySecurity, priceDecimals, type Market } from "../../../core/bars/security-kind.ts";

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
