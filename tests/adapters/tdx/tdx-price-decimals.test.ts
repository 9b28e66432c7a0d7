import { test } from "node:test";
import assert from "node:assert/strict";
import { fallbackPriceDecimals, priceDivisor, roundF32Price } from "../../../adapters/tdx/tdx-price-decimals.ts";
import { TDX_MARKET as Market } from "../../../core/bars/security-kind.ts";

test("fallback decimals: funds, bonds and SH B-shares 3, stocks and indices 2", () => {
  const cases: [number, string, number][] = [
    [Market.SH, "600000", 2],
    [Market.SH, "688001", 2],
    [Market.SH, "000001", 2],
    [Market.SH, "999999", 2],
    [Market.SH, "880005", 2],
    [Market.SH, "510300", 3],
    [Market.SH, "588000", 3],
    [Market.SH, "110075", 3],
    [Market.SH, "019547", 3],
    [Market.SH, "900901", 3],
    [Market.SZ, "000001", 2],
    [Market.SZ, "300750", 2],
    [Market.SZ, "399001", 2],
    [Market.SZ, "159915", 3],
    [Market.SZ, "161725", 3],
    [Market.SZ, "128136", 3],
    [Market.BJ, "430047", 2],
  ];
  for (const [market, code, decimals] of cases) assert.equal(fallbackPriceDecimals(market, code), decimals, `${market}:${code}`);
});

test("divisors and float32 price cleanup", () => {
  assert.deepEqual([priceDivisor(2), priceDivisor(3)], [100, 1000]);
  assert.throws(() => priceDivisor(7), /unsupported/);
  assert.equal(roundF32Price(Math.fround(11.55)), 11.55);
  assert.equal(roundF32Price(Math.fround(1234.567)), 1234.567);
  assert.equal(roundF32Price(Math.fround(3.912)), 3.912);
});

test("a market number outside SZ 0, SH 1, BJ 2 falls back to 2 decimals, even for a fund-like code", () => {
  assert.equal(fallbackPriceDecimals(3 as never, "510300"), 2);
  assert.equal(fallbackPriceDecimals(7 as never, "159915"), 2);
});
