import { test } from "node:test";
import { assertSeries, calc, N } from "./helpers.ts";

const close = [1, 3, 2, 5, 4];

test("arithmetic: precedence, unary minus, division by zero has no value", () => {
  assertSeries(calc("C/(C-2)", { close }), [-1, 3, N, 5 / 3, 2]);
  assertSeries(calc("-C+2*3", { close }), [5, 3, 4, 1, 2]);
  assertSeries(calc("-(C-1)*2", { close }), [-0, -4, -2, -8, -6]);
  assertSeries(calc("10-4-3", { close }), [3, 3, 3, 3, 3]);
  assertSeries(calc("12/3/2", { close }), [2, 2, 2, 2, 2]);
  assertSeries(calc("C/0", { close }), [N, N, N, N, N]);
});

test("invalid operands propagate through arithmetic", () => {
  assertSeries(calc("REF(C,1)+C", { close }), [N, 4, 5, 7, 9]);
});

test("MAX / MIN / ABS / SIGN / REVERSE", () => {
  assertSeries(calc("MAX(C,3)", { close }), [3, 3, 3, 5, 4]);
  assertSeries(calc("MIN(C,REF(C,1))", { close }), [N, 1, 2, 2, 4]);
  assertSeries(calc("ABS(C-3)", { close }), [2, 0, 1, 2, 1]);
  assertSeries(calc("SIGN(C-3)", { close }), [-1, 0, -1, 1, 1]);
  assertSeries(calc("REVERSE(C)", { close }), [-1, -3, -2, -5, -4]);
});

test("rounding: INTPART truncates, ROUND/ROUND2 round half away from zero", () => {
  assertSeries(calc("INTPART(C)", { close: [2.5, -2.5, 2.9] }), [2, -2, 2]);
  assertSeries(calc("FRACPART(C)", { close: [2.5, -2.5] }), [0.5, -0.5]);
  assertSeries(calc("ROUND(C)", { close: [2.5, -2.5, 2.4] }), [3, -3, 2]);
  assertSeries(calc("ROUND2(C,2)", { close: [2.675, 1.005, -1.234] }), [2.68, 1.01, -1.23]);
  assertSeries(calc("CEILING(C)", { close: [2.1, -2.1] }), [3, -2]);
  assertSeries(calc("FLOOR(C)", { close: [2.1, -2.1] }), [2, -3]);
});

test("MOD, POW, SQRT, EXP, LN, LOG; out-of-domain results have no value", () => {
  assertSeries(calc("MOD(C,3)", { close: [7, -7, 6] }), [1, -1, 0]);
  assertSeries(calc("MOD(C,0)", { close: [7] }), [N]);
  assertSeries(calc("POW(C,2)", { close }), [1, 9, 4, 25, 16]);
  assertSeries(calc("SQRT(C)", { close: [4, -1] }), [2, N]);
  assertSeries(calc("LN(C)", { close: [Math.E, 0] }), [1, N]);
  assertSeries(calc("LOG(C)", { close: [100, 0.001] }), [2, -3]);
  assertSeries(calc("EXP(C)", { close: [0, 1] }), [1, Math.E]);
});

test("trigonometry", () => {
  assertSeries(calc("SIN(C)+COS(C)+TAN(C)", { close: [0] }), [1]);
  assertSeries(calc("ASIN(C)+ACOS(C)+ATAN(C)", { close: [1, 2] }), [Math.PI / 2 + Math.PI / 4, N]);
});

test("ZTPRICE / DTPRICE round to the fen", () => {
  assertSeries(calc("ZTPRICE(C,0.1)", { close: [10.05, 9.99] }), [11.06, 10.99]);
  assertSeries(calc("DTPRICE(C,0.1)", { close: [10.05, 9.99] }), [9.05, 8.99]);
});

test("constants and parameters make columns where needed", () => {
  assertSeries(calc("MA(5,3)", { close }), [N, N, 5, 5, 5]);
  assertSeries(calc("N*2+C", { close }, { params: { N: 10 } }), [21, 23, 22, 25, 24]);
  assertSeries(calc("3", { close }), [3, 3, 3, 3, 3]);
  assertSeries(calc("DRAWNULL", { close }), [N, N, N, N, N]);
});
