import { test } from "node:test";
import { assertSeries, calc, N } from "./helpers.ts";

const close = [1, 3, 2, 5, 4];

test("HHV/LLV: partial windows from the first bar, N=0 since the first bar", () => {
  assertSeries(calc("HHV(C,3)", { close }), [1, 3, 3, 5, 5]);
  assertSeries(calc("LLV(C,3)", { close }), [1, 1, 1, 2, 2]);
  assertSeries(calc("HHV(C,0)", { close }), [1, 3, 3, 5, 5]);
  assertSeries(calc("LLV(C,0)", { close }), [1, 1, 1, 1, 1]);
});

test("HHV/LLV: invalid bars are skipped; nothing before the first valid bar", () => {
  assertSeries(calc("HHV(C,2)", { close: [1, N, 0.5] }), [1, 1, 0.5]);
  assertSeries(calc("LLV(C,2)", { close: [N, 4, 6, 5] }), [N, 4, 4, 5]);
});

test("HHV/LLV on long windows (deque path) agree with a direct scan", () => {
  const x = Array.from({ length: 300 }, (_, i) => Math.round(100 + 40 * Math.sin(i / 7) + ((i * 37) % 11)));
  for (const k of [5, 33, 80]) {
    const hi = x.map((_, i) => Math.max(...x.slice(Math.max(0, i - k + 1), i + 1)));
    const lo = x.map((_, i) => Math.min(...x.slice(Math.max(0, i - k + 1), i + 1)));
    assertSeries(calc(`HHV(C,${k})`, { close: x }), hi, 0, `HHV ${k}`);
    assertSeries(calc(`LLV(C,${k})`, { close: x }), lo, 0, `LLV ${k}`);
  }
});

test("HHVBARS/LLVBARS: bars since the extreme, the latest one on ties", () => {
  assertSeries(calc("HHVBARS(C,3)", { close }), [0, 0, 1, 0, 1]);
  assertSeries(calc("LLVBARS(C,3)", { close }), [0, 1, 2, 1, 2]);
  assertSeries(calc("HHVBARS(C,3)", { close: [2, 2, 1] }), [0, 0, 1]);
  assertSeries(calc("HHVBARS(C,0)", { close }), [0, 0, 1, 0, 1]);
  assertSeries(calc("HHVBARS(C,40)", { close: [5, 1, 2, 3] }), [0, 1, 2, 3]);
});

test("HHV with a per-bar window", () => {
  assertSeries(calc("HHV(C,IF(BARPOS>=4,2,0))", { close }), [1, 3, 3, 5, 5]);
  assertSeries(calc("HHV(C,IF(BARPOS=5,1,3))", { close }), [1, 3, 3, 5, 4]);
});

test("SUM: partial sums from the first valid bar; N=0 is the running total", () => {
  assertSeries(calc("SUM(C,3)", { close }), [1, 4, 6, 10, 11]);
  assertSeries(calc("SUM(C,0)", { close }), [1, 4, 6, 11, 15]);
  assertSeries(calc("SUM(C,2)", { close: [N, 1, 2, 3] }), [N, 1, 3, 5]);
  assertSeries(calc("SUM(C,0)", { close: [N, 1, N, 3] }), [N, 1, 1, 4]);
  assertSeries(calc("SUM(1,0)", { close }), [1, 2, 3, 4, 5]);
});

test("COUNT: true bars in the window from bar 0; invalid counts as false", () => {
  assertSeries(calc("COUNT(C>2,3)", { close }), [0, 1, 1, 2, 2]);
  assertSeries(calc("COUNT(C>2,0)", { close }), [0, 1, 1, 2, 3]);
  assertSeries(calc("COUNT(C>REF(C,1),2)", { close }), [0, 1, 1, 1, 1]);
  assertSeries(calc("COUNT(C>2,BARPOS)", { close }), [0, 1, 1, 2, 3]);
});

test("EVERY: 0 until N bars exist; EXIST: partial windows", () => {
  assertSeries(calc("EVERY(C>0,3)", { close }), [0, 0, 1, 1, 1]);
  assertSeries(calc("EVERY(C>2,2)", { close }), [0, 0, 0, 0, 1]);
  assertSeries(calc("EVERY(C>0,0)", { close }), [1, 1, 1, 1, 1]);
  assertSeries(calc("EXIST(C>4,2)", { close }), [0, 0, 0, 1, 1]);
  assertSeries(calc("EXIST(C>4,0)", { close }), [0, 0, 0, 1, 1]);
});

test("LAST(X,A,B): X held from A bars ago through B bars ago", () => {
  assertSeries(calc("LAST(C>1,3,1)", { close }), [0, 0, 0, 0, 1]);
  assertSeries(calc("LAST(C>0,0,0)", { close }), [1, 1, 1, 1, 1]);
  assertSeries(calc("LAST(C>1,0,0)", { close }), [0, 0, 0, 0, 0]);
  assertSeries(calc("LAST(C>1,2,0)", { close }), [0, 0, 0, 1, 1]);
});
