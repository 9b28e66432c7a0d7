/** A formula as a trading signal: column choice, the sell rules, errors, caching, future functions. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileSignalFormula, formulaSignals } from "../../../core/backtest/index.ts";
import { bars } from "./bars.ts";

const on = (f: Uint8Array) => [...f.keys()].filter((i) => f[i] === 1);
const series = bars([
  ["2024-01-02", 10, 10],
  ["2024-01-03", 10, 11],
  ["2024-01-04", 11, 12],
  ["2024-01-05", 12, 11],
  ["2024-01-08", 11, 10],
  ["2024-01-09", 10, 11],
]);

test("defaults: the first signal column buys, the second sells; 'none' holds while the buy column is on", () => {
  const c = compileSignalFormula("M:MA(C,2);UP:C>REF(C,1);DN:C<REF(C,1);");
  assert.ok(c.ok, "c.ok");
  assert.deepEqual([c.formula.buy, c.formula.sell], ["UP", "DN"]);
  const sig = formulaSignals(c.formula, series);
  assert.deepEqual(on(sig.entries), [1, 2, 5]);
  assert.deepEqual(on(sig.exits), [3, 4]);
  const state = compileSignalFormula("UP:C>REF(C,1);DN:C<REF(C,1);", {}, "", "none");
  assert.ok(state.ok && state.formula.sell === null, "state.ok && state.formula.sell === null");
  assert.deepEqual(on(formulaSignals(state.formula, series).exits), [0, 3, 4]);
});

test("explicit columns match in any letter case; parameters bind", () => {
  const c = compileSignalFormula("X:C>MA(C,N);Y:C<MA(C,N);", { N: 2 }, "y", "X");
  assert.ok(c.ok, "c.ok");
  assert.deepEqual([c.formula.buy, c.formula.sell], ["Y", "X"]);
});

test("problems name the field: syntax, no signal column, unknown columns", () => {
  const issues = (r: ReturnType<typeof compileSignalFormula>) => (r.ok ? [] : r.issues.map((i) => i.field));
  assert.deepEqual(issues(compileSignalFormula("X:MA(C,;")), ["formula"]);
  assert.deepEqual(issues(compileSignalFormula("X:MA(C,5);")), ["formula"]);
  assert.deepEqual(issues(compileSignalFormula("B:C>1;", {}, "Q", "R")), ["buy", "sell"]);
});

test("compiled once per text, parameters and columns; future functions are reported", () => {
  assert.equal(compileSignalFormula("B:C>1;"), compileSignalFormula("B:C>1;"));
  assert.notEqual(compileSignalFormula("B:C>N;", { N: 1 }), compileSignalFormula("B:C>N;", { N: 2 }));
  const z = compileSignalFormula("Z:=ZIG(3,5);B:Z>REF(Z,1);");
  assert.ok(z.ok, "z.ok");
  assert.deepEqual(z.formula.futureFunctions, ["ZIG"]);
});
