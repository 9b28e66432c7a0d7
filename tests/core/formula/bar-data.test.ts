import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSeries, calc, N } from "./helpers.ts";

const close = [1, 3, 2, 5, 4];

test("price and volume variables, with their short names, in any letter case", () => {
  const c = { close, open: [0, 1, 2, 3, 4], high: [9, 9, 9, 9, 9], low: [-1, -1, -1, -1, -1], vol: [100, 200, 300, 400, 500], amount: [7, 7, 7, 7, 7] };
  assertSeries(calc("o+Open", c), [0, 2, 4, 6, 8]);
  assertSeries(calc("H-L", c), [10, 10, 10, 10, 10]);
  assertSeries(calc("V+vol+VOLUME", c), [300, 600, 900, 1200, 1500]);
  assertSeries(calc("AMO+AMOUNT", c), [14, 14, 14, 14, 14]);
});

test("volUnit turns share volume into lots", () => {
  assertSeries(calc("VOL", { close, vol: [100, 250, 300, 400, 500] }, { volUnit: 100 }), [1, 2.5, 3, 4, 5]);
});

test("calendar variables: DATE is TDX's 1YYMMDD, TIME is HHMMSS, WEEKDAY 0 is Sunday", () => {
  const time = [Date.UTC(2024, 0, 2, 9, 31, 5), Date.UTC(2024, 0, 7), Date.UTC(1999, 11, 31, 15, 0)];
  const c = { close: [1, 2, 3], time };
  assertSeries(calc("DATE", c), [1240102, 1240107, 991231]);
  assertSeries(calc("TIME", c), [93105, 0, 150000]);
  assertSeries(calc("YEAR", c), [2024, 2024, 1999]);
  assertSeries(calc("MONTH", c), [1, 1, 12]);
  assertSeries(calc("DAY", c), [2, 7, 31]);
  assertSeries(calc("WEEKDAY", c), [2, 0, 5]);
  assertSeries(calc("HOUR", c), [9, 0, 15]);
  assertSeries(calc("MINUTE", c), [31, 0, 0]);
});

test("position variables", () => {
  assertSeries(calc("BARPOS", { close }), [1, 2, 3, 4, 5]);
  assertSeries(calc("ISLASTBAR", { close }), [0, 0, 0, 0, 1]);
  assertSeries(calc("BARSTATUS", { close }), [1, 0, 0, 0, 2]);
  assertSeries(calc("CURRBARSCOUNT", { close }), [5, 4, 3, 2, 1]);
  assertSeries(calc("TOTALBARSCOUNT", { close }), [5, 5, 5, 5, 5]);
  assertSeries(calc("PERIOD", { close }), [5, 5, 5, 5, 5]);
  assertSeries(calc("PERIOD", { close }, { period: 1 }), [1, 1, 1, 1, 1]);
});

test("an empty series evaluates to empty columns", () => {
  const got = calc("MA(C,5)+HHV(H,3)+SUM(V,0)+ZIG(3,5)+SAR(4,2,20)", { close: [] });
  assert.equal(got.length, 0);
  assertSeries(calc("REF(C,1)", { close: [N] }), [N]);
});
