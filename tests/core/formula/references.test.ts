import { test } from "node:test";
import { assertSeries, calc, N } from "./helpers.ts";

const close = [1, 3, 2, 5, 4];

test("REF with a constant lag: the first N bars have no value; fractional lags truncate", () => {
  assertSeries(calc("REF(C,1)", { close }), [N, 1, 3, 2, 5]);
  assertSeries(calc("REF(C,0)", { close }), close);
  assertSeries(calc("REF(C,2.9)", { close }), [N, N, 1, 3, 2]);
  assertSeries(calc("REF(C,9)", { close }), [N, N, N, N, N]);
});

test("REF with a negative lag looks forward", () => {
  assertSeries(calc("REF(C,-1)", { close }), [3, 2, 5, 4, N]);
});

test("REF with a per-bar lag reuses the previous result when the bar does not exist", () => {
  // lags 0,2,1,5,1: bar1 (lag 2) has no bar -> previous result (1); bar3 (lag 5) -> previous (3)
  assertSeries(calc("REF(C,IF(BARPOS=2,2,IF(BARPOS=4,5,IF(BARPOS=1,0,1))))", { close }), [1, 1, 3, 3, 5]);
});

test("REFV never smooths", () => {
  assertSeries(calc("REFV(C,IF(BARPOS=4,5,1))", { close }), [N, 1, 3, N, 5]);
  assertSeries(calc("REFV(C,2)", { close }), [N, N, 1, 3, 2]);
});

test("REFX repeats the last value past the end; REFXV leaves it invalid", () => {
  assertSeries(calc("REFX(C,2)", { close }), [2, 5, 4, 4, 4]);
  assertSeries(calc("REFXV(C,2)", { close }), [2, 5, 4, N, N]);
});

test("CONST: the last bar's value everywhere", () => {
  assertSeries(calc("CONST(C)", { close }), [4, 4, 4, 4, 4]);
});

test("VALUEWHEN: X where COND holds, else the previous result", () => {
  assertSeries(calc("VALUEWHEN(C>2,C)", { close }), [N, 3, 3, 5, 4]);
  assertSeries(calc("VALUEWHEN(C>4,BARPOS)", { close }), [N, N, N, 4, 4]);
});

test("REFDATE: X on the bar with that DATE", () => {
  // bars are 2024-01-02 ... 2024-01-06
  assertSeries(calc("REFDATE(C,1240104)", { close }), [2, 2, 2, 2, 2]);
  assertSeries(calc("REFDATE(C,1240199)", { close }), [N, N, N, N, N]);
  assertSeries(calc("REFDATE(C,DATE-1)", { close }), [N, 1, 3, 2, 5]);
});

test("REF with an invalid single-number lag gives no value anywhere", () => {
  assertSeries(calc("REF(C,0/0)", { close }), [N, N, N, N, N]);
  assertSeries(calc("REF(C,1)+REF(C,-1)", { close }), [N, 3, 8, 6, N]);
});
