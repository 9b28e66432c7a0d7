/** A formula as a trading signal: column choice, the sell rules, errors, caching, future functions. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileSignalFormula, formulaColumns, formulaSignals } from "../../../core/backtest/formula-signals.ts";
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

test("a bar is on when its value is a number other than 0: NaN and 0 are off, negatives on", () => {
  // B = C − 11 on closes 10, 11, 12, 11, 10, 11: −1, 0, 1, 0, −1, 0; S = MA(C,3): NaN on bars 0 and 1, then positive
  const c = compileSignalFormula("B:C-11;S:MA(C,3);", {}, "B", "S");
  assert.ok(c.ok, "c.ok");
  const sig = formulaSignals(c.formula, series);
  assert.deepEqual(on(sig.entries), [0, 2, 4], "−1 and 1 are on, 0 is off");
  assert.deepEqual(on(sig.exits), [2, 3, 4, 5], "NaN is off, the averages on");
  // without a sell column the buy column is the position: out wherever it is off (0 or NaN)
  const state = compileSignalFormula("B:MA(C,3)-11;", {}, "B", "none");
  assert.ok(state.ok, "state.ok");
  // MA(C,3): NaN, NaN, 11, 11.333…, 11, 10.666…: minus 11 is NaN, NaN, 0, 0.333…, 0, −0.333…
  const s = formulaSignals(state.formula, series);
  assert.deepEqual(on(s.entries), [3, 5], "on where the value is a non-zero number");
  assert.deepEqual(on(s.exits), [0, 1, 2, 4], "out where it is NaN or 0");
});

test("one signal column and no sell named: no sell column, the buy column is the position", () => {
  const c = compileSignalFormula("M:MA(C,2);UP:C>REF(C,1);");
  assert.ok(c.ok, "c.ok");
  assert.deepEqual([c.formula.buy, c.formula.sell], ["UP", null]);
  assert.deepEqual(on(formulaSignals(c.formula, series).exits), [0, 3, 4], "out while UP is off");
});

test("the problems' messages name the column asked for and the outputs there are", () => {
  const messages = (r: ReturnType<typeof compileSignalFormula>) => (r.ok ? [] : r.issues.map((i) => `${i.field}: ${i.message}`));
  assert.deepEqual(messages(compileSignalFormula("A:C;B:C>1;", {}, "Q", "R")), ["buy: no output column Q (outputs: A, B)", "sell: no output column R (outputs: A, B)"]);
  assert.deepEqual(messages(compileSignalFormula("X:=C;", {}, "Q")), ["buy: no output column Q (outputs: none)"]);
  assert.deepEqual(messages(compileSignalFormula("X:=C;", {}, "Q", "R")), ["buy: no output column Q (outputs: none)", "sell: no output column R (outputs: none)"], "no output at all: both say none");
  assert.deepEqual(messages(compileSignalFormula("A:C;B:C>1;", {}, "b", "R")), ["sell: no output column R (outputs: A, B)"], "only the sell column missing");
  assert.deepEqual(messages(compileSignalFormula("X:=C;")), ["formula: the formula has no signal output to buy on; name a column in `buy`"]);
  const bad = compileSignalFormula("X:MA(C,;");
  assert.ok(!bad.ok && bad.issues.length > 0 && bad.issues.every((i) => i.field === "formula" && i.message.length > 0), "syntax errors are the formula's, with their diagnostics");
});

test("the cache keeps the last 64 formulas compiled, the oldest dropped first", () => {
  // unique texts (constants no other test uses); 64 of them first fill the cache whatever it held
  const text = (i: number) => `B:C>${1000 + i}.5;`;
  for (let i = 0; i < 64; i++) compileSignalFormula(text(i));
  const first = compileSignalFormula(text(64));
  for (let i = 65; i < 128; i++) compileSignalFormula(text(i));
  assert.equal(compileSignalFormula(text(64)), first, "63 others later (a hit adds nothing): still the same compiled object");
  compileSignalFormula(text(128));
  // 64 entries came after it: it was the oldest of the 64 kept, and is dropped
  const again = compileSignalFormula(text(64));
  assert.notEqual(again, first, "compiled again after 64 others");
  assert.ok(again.ok && first.ok && again.formula.buy === "B" && first.formula.buy === "B", "to the same answer");
});

test("formulaColumns: every output by name, in buffers from `allocate` when given", () => {
  const c = compileSignalFormula("A:C*2;B:C>10;");
  assert.ok(c.ok, "c.ok");
  const given: Float64Array[] = [];
  const cols = formulaColumns(c.formula, series, (n) => {
    const b = new Float64Array(n);
    given.push(b);
    return b;
  });
  assert.deepEqual([...cols.keys()], ["A", "B"]);
  assert.deepEqual([...cols.get("A")!], [20, 22, 24, 22, 20, 22]);
  assert.deepEqual([...cols.get("B")!], [0, 1, 1, 1, 0, 1]);
  assert.ok(
    [...cols.values()].every((v) => given.includes(v)),
    "each column lives in a buffer the caller allocated",
  );
});

test("two outputs whose names differ only in letter case are refused, so a column asked for in any case is one column", () => {
  const c = compileSignalFormula("b:C>1;B:C<1;", {}, "B");
  assert.ok(!c.ok && c.issues.map((i) => i.field).join() === "formula", "the formula is refused");
});
