import assert from "node:assert/strict";
import { test } from "node:test";
import { assertSeries, calc, N } from "./helpers.ts";

const close = [1, 3, 2, 5, 4];

test("STD is the sample deviation, STDP the population one", () => {
  assertSeries(calc("STD(C,3)", { close }), [N, N, 1, Math.sqrt(7 / 3), Math.sqrt(7 / 3)]);
  assertSeries(calc("STDP(C,3)", { close }), [N, N, Math.sqrt(2 / 3), Math.sqrt(14 / 9), Math.sqrt(14 / 9)]);
});

test("VAR / VARP / DEVSQ", () => {
  assertSeries(calc("VAR(C,3)", { close: [10, 11, 12] }), [N, N, 1]);
  assertSeries(calc("VARP(C,3)", { close: [10, 11, 12] }), [N, N, 2 / 3]);
  assertSeries(calc("DEVSQ(C,3)", { close }), [N, N, 2, 14 / 3, 14 / 3]);
});

test("window statistics have no value while the window holds an invalid bar", () => {
  assertSeries(calc("STD(C,2)", { close: [1, 3, N, 4, 6] }), [N, Math.SQRT2, N, N, Math.SQRT2]);
  assertSeries(calc("STD(C,2)", { close: [N, 1, 3] }), [N, N, Math.SQRT2]);
});

test("STD stays exact on long, high-valued series (re-centred sums)", () => {
  const x = Array.from({ length: 500 }, (_, i) => 3000 + i * 0.5 + ((i * 7) % 5) * 0.01);
  const got = calc("STD(C,20)", { close: x });
  for (let i = 19; i < x.length; i += 37) {
    const w = x.slice(i - 19, i + 1);
    const m = w.reduce((a, b) => a + b, 0) / 20;
    const sd = Math.sqrt(w.reduce((a, b) => a + (b - m) ** 2, 0) / 19);
    assertSeries([got[i]!], [sd], 1e-9, `bar ${i}`);
  }
});

test("AVEDEV: mean absolute deviation", () => {
  assertSeries(calc("AVEDEV(C,3)", { close }), [N, N, 2 / 3, 10 / 9, 10 / 9]);
});

test("SLOPE and FORCAST: least squares against the bar index", () => {
  assertSeries(calc("SLOPE(C,3)", { close }), [N, N, 0.5, 1, 1]);
  assertSeries(calc("FORCAST(C,3)", { close }), [N, N, 2.5, 13 / 3, 14 / 3]);
  assertSeries(calc("SLOPE(C,5)", { close: [2, 4, 6, 8, 10] }), [N, N, N, N, 2]);
});

test("COVAR is the population covariance; RELATE the correlation", () => {
  assertSeries(calc("COVAR(C,H,3)", { close, high: close.map((v) => 2 * v) }), [N, N, 4 / 3, 28 / 9, 28 / 9]);
  assertSeries(calc("RELATE(C,H,3)", { close, high: close.map((v) => 2 * v + 1) }), [N, N, 1, 1, 1]);
  assertSeries(calc("RELATE(C,L,3)", { close, low: close.map((v) => -v) }), [N, N, -1, -1, -1]);
  assertSeries(calc("RELATE(C,H,2)", { close, high: [1, 1, 1, 1, 1] }), [N, N, N, N, N]);
});

test("AVEDEV and CCI on a flat run of typical prices that are thirds (H ≠ L): deviation exactly 0, CCI no value (a division by zero), as HQChart", () => {
  const high = [10.5, 10.8, 10.2, 10.6, 10.1, 10.1, 10.1, 10.1, 10.1, 10.1];
  const low = [10, 10.1, 9.9, 10, 10, 10, 10, 10, 10, 10];
  const c = [10.2, 10.5, 10, 10.3, 10.03, 10.03, 10.03, 10.03, 10.03, 10.03];
  const avedev = calc("AVEDEV((H+L+C)/3,5)", { close: c, high, low });
  assert.ok(Object.is(avedev[8], 0) && Object.is(avedev[9], 0), `AVEDEV ${Array.from(avedev)}`);
  const cci = calc("TYP:=(H+L+C)/3;CCI:(TYP-MA(TYP,5))/(0.015*AVEDEV(TYP,5));", { close: c, high, low });
  assert.ok(Number.isNaN(cci[8]) && Number.isNaN(cci[9]), `CCI ${Array.from(cci)}`);
  assert.ok(Number.isFinite(cci[7]));
});
