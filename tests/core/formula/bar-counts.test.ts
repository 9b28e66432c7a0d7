import { test } from "node:test";
import { assertSeries, calc, N } from "./helpers.ts";

const close = [1, 3, 2, 5, 4];

test("BARSLAST: 0 on the bar, counting up; no value before the first occurrence", () => {
  assertSeries(calc("BARSLAST(C>3)", { close }), [N, N, N, 0, 0]);
  assertSeries(calc("BARSLAST(C=5)", { close }), [N, N, N, 0, 1]);
  assertSeries(calc("BARSLAST(C>2)", { close }), [N, 0, 1, 0, 0]);
});

test("BARSLASTCOUNT: length of the current run", () => {
  assertSeries(calc("BARSLASTCOUNT(C>1)", { close }), [0, 1, 2, 3, 4]);
  assertSeries(calc("BARSLASTCOUNT(C>2)", { close }), [0, 1, 0, 1, 2]);
});

test("BARSSINCE / BARSSINCEN: bars since the first occurrence (within N bars)", () => {
  assertSeries(calc("BARSSINCE(C>2)", { close }), [N, 0, 1, 2, 3]);
  assertSeries(calc("BARSSINCEN(C>2,2)", { close }), [N, 0, 1, 0, 1]);
  assertSeries(calc("BARSSINCEN(C>2,0)", { close }), [N, 0, 1, 2, 3]);
});

test("BARSCOUNT: 0 on X's first valid bar", () => {
  assertSeries(calc("BARSCOUNT(C)", { close }), [0, 1, 2, 3, 4]);
  assertSeries(calc("BARSCOUNT(MA(C,3))", { close }), [N, N, 0, 1, 2]);
});

test("SUMBARS: bars needed, counting back, for the sum to reach A", () => {
  assertSeries(calc("SUMBARS(C,5)", { close }), [N, N, 2, 1, 2]);
  assertSeries(calc("SUMBARS(C,C)", { close }), [1, 1, 1, 1, 1]);
  assertSeries(calc("SUMBARS(C-3,1)", { close }), [N, N, N, 1, 1]);
  assertSeries(calc("SUMBARS(C-3,3)", { close }), [N, N, N, N, 2]);
});

test("TOPRANGE / LOWRANGE: bars over which the current value is the extreme", () => {
  assertSeries(calc("TOPRANGE(C)", { close }), [0, 1, 0, 3, 0]);
  assertSeries(calc("LOWRANGE(C)", { close }), [0, 0, 1, 0, 1]);
  assertSeries(calc("TOPRANGE(C)", { close: [N, 2, 2, 1, 3] }), [N, 0, 1, 0, 3]);
});

test("HOD / LOD: rank among the last N bars (N=0: since the first)", () => {
  assertSeries(calc("HOD(C,3)", { close }), [1, 1, 2, 1, 2]);
  assertSeries(calc("LOD(C,3)", { close }), [1, 2, 2, 3, 2]);
  assertSeries(calc("HOD(C,0)", { close }), [1, 1, 2, 1, 2]);
  assertSeries(calc("LOD(C,0)", { close }), [1, 2, 2, 4, 4]);
  assertSeries(calc("HOD(C,0)", { close: [3, 3, 1, 3] }), [1, 1, 3, 1]);
});
