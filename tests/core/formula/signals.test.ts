import { test } from "node:test";
import { assertSeries, calc, N } from "./helpers.ts";

const close = [1, 3, 2, 5, 4];

test("comparisons give 1/0, and no value when an operand has none", () => {
  assertSeries(calc("C>2", { close }), [0, 1, 0, 1, 1]);
  assertSeries(calc("C<=2", { close }), [1, 0, 1, 0, 0]);
  assertSeries(calc("C=2", { close }), [0, 0, 1, 0, 0]);
  assertSeries(calc("C<>2", { close }), [1, 1, 0, 1, 1]);
  assertSeries(calc("REF(C,1)<C", { close }), [N, 1, 0, 1, 0]);
  assertSeries(calc("REF(C,1)=C", { close }), [N, 0, 0, 0, 0]);
  assertSeries(calc("REF(C,1)<>C", { close }), [N, 1, 1, 1, 1]);
});

test("AND binds tighter than OR; both give 1/0 and propagate missing values", () => {
  assertSeries(calc("C>2 AND C<5", { close }), [0, 1, 0, 0, 1]);
  assertSeries(calc("C<2 OR C>4", { close }), [1, 0, 0, 1, 0]);
  // C<2 OR (C>4 AND C<5): the AND is empty, so only bar 0
  assertSeries(calc("C<2 OR C>4 AND C<5", { close }), [1, 0, 0, 0, 0]);
  assertSeries(calc("(C<2 OR C>4) AND C<5", { close }), [1, 0, 0, 0, 0]);
  assertSeries(calc("C>2 && REF(C,1)>0", { close }), [N, 1, 0, 1, 1]);
  assertSeries(calc("1 AND C", { close: [0, 2, N] }), [0, 1, N]);
});

test("NOT is a function: 1 where X is 0", () => {
  assertSeries(calc("NOT(C>2)", { close }), [1, 0, 1, 0, 0]);
  assertSeries(calc("NOT(REF(C,1))", { close }), [N, 0, 0, 0, 0]);
});

test("IF / IFF / IFN; an invalid condition gives no value", () => {
  assertSeries(calc("IF(C>2,C,0)", { close }), [0, 3, 0, 5, 4]);
  assertSeries(calc("IFF(C>2,1,-1)", { close }), [-1, 1, -1, 1, 1]);
  assertSeries(calc("IFN(C>2,C,0)", { close }), [1, 0, 2, 0, 0]);
  assertSeries(calc("IF(REF(C,1)>2,1,0)", { close }), [N, 0, 1, 0, 1]);
  assertSeries(calc("IF(C,C,DRAWNULL)", { close: [0, 2] }), [N, 2]);
});

test("CROSS: strictly below on the previous bar, above now; equality before is not a cross", () => {
  assertSeries(calc("CROSS(C,2.5)", { close }), [0, 1, 0, 1, 0]);
  assertSeries(calc("CROSS(2.5,C)", { close }), [0, 0, 1, 0, 0]);
  // touching (bar 3) and leaving from equality (bars 1 and 4) are not crosses
  assertSeries(calc("CROSS(C,2)", { close: [2, 3, 1, 2, 3] }), [0, 0, 0, 0, 0]);
  assertSeries(calc("CROSS(C,2)", { close: [1, 3] }), [0, 1]);
  assertSeries(calc("CROSS(C,MA(C,2))", { close }), [0, 0, 0, 1, 0]);
  assertSeries(calc("CROSS(C>2,0.5)", { close }), [0, 1, 0, 1, 0]);
});

test("LONGCROSS: below on each of the N previous bars", () => {
  assertSeries(calc("LONGCROSS(C,2.5,1)", { close: [1, 2, 3] }), [0, 0, 1]);
  assertSeries(calc("LONGCROSS(C,2.5,2)", { close: [1, 2, 3] }), [0, 0, 1]);
  assertSeries(calc("LONGCROSS(C,2.5,3)", { close: [1, 2, 3] }), [0, 0, 0]);
});

test("FILTER silences the next N bars; FILTERX the N bars before", () => {
  assertSeries(calc("FILTER(C>0,2)", { close }), [1, 0, 0, 1, 0]);
  assertSeries(calc("FILTER(C>2,1)", { close }), [0, 1, 0, 1, 0]);
  assertSeries(calc("FILTERX(C>0,2)", { close }), [0, 1, 0, 0, 1]);
});

test("BACKSET sets the N bars ending at a true bar", () => {
  assertSeries(calc("BACKSET(C>4,2)", { close }), [0, 0, 1, 1, 0]);
  assertSeries(calc("BACKSET(ISLASTBAR,3)", { close }), [0, 0, 1, 1, 1]);
  assertSeries(calc("BACKSET(C>4,BARPOS)", { close }), [1, 1, 1, 1, 0]);
});

test("BETWEEN is inclusive in either order; RANGE is strict", () => {
  assertSeries(calc("BETWEEN(C,2,4)", { close }), [0, 1, 1, 0, 1]);
  assertSeries(calc("BETWEEN(C,4,2)", { close }), [0, 1, 1, 0, 1]);
  assertSeries(calc("RANGE(C,2,4)", { close }), [0, 1, 0, 0, 0]);
  assertSeries(calc("BETWEEN(REF(C,1),2,4)", { close }), [N, 0, 1, 1, 0]);
});
