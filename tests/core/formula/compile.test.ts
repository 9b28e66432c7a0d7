import { test } from "node:test";
import assert from "node:assert/strict";
import { compileFormula, describePlan, evaluatePlan, FormulaError, FormulaUsageError, runFormula, validateFormula } from "../../../core/formula/index.ts";
import { assertSeries, bars, N } from "./helpers.ts";

const kinds = (text: string, params?: Record<string, number>) => Object.fromEntries(compileFormula(text, { params }).outputs.map((o) => [o.name, o.kind]));
const firstError = (text: string, params?: Record<string, number>) => {
  const c = compileFormula(text, { params });
  assert.equal(c.ok, false, `expected an error for ${text}`);
  return c.errors[0]!;
};

test("classifier: comparisons, logic and signal functions are signals; variables carry their kind", () => {
  assert.deepEqual(kinds("A:C>O;B:CROSS(C,MA(C,5));C1:NOT(A);D:A AND B;E:EVERY(C>O,3);F:FILTER(A,5);G:C-O;S:=C>O;H:S;I:BETWEEN(C,O,H);J:ISLASTBAR;"), {
    A: "signal",
    B: "signal",
    C1: "signal",
    D: "signal",
    E: "signal",
    F: "signal",
    G: "numeric",
    H: "signal",
    I: "signal",
    J: "signal",
  });
});

test("classifier: IF/MAX/REF keep a signal when every branch is a signal or the constant 0 or 1", () => {
  assert.deepEqual(kinds("A:IF(C>O,1,0);B:IF(C>O,C,0);C1:REF(C>O,1);D:MAX(C>O,0);E:IF(C>O,CROSS(C,O),0);F:REF(C,1);G:IF(C>O,2,0);"), {
    A: "signal",
    B: "numeric",
    C1: "signal",
    D: "signal",
    E: "signal",
    F: "numeric",
    G: "numeric",
  });
});

test("styles and drawings are accepted; what no chart draws is listed as ignored; unknown style-like words warn", () => {
  const v = validateFormula("A:C,COLORRED,LINETHICK2,CoLor00FF00;B:=O,COLORMAGENTA, ;STICKLINE(C>O,C,O,2,0),COLORYELLOW;A,COLORSTICK;X:C,COLORNEWSHADE;" + "DRAWNUMBER(C>O,H,C),COLORRED;Y:C,ALIGN2;");
  assert.equal(v.ok, true);
  // drawn: styles of output lines, STICKLINE and its colour; ignored: a variable's style, DRAWNUMBER (and its colour), ALIGN2
  assert.deepEqual(v.ignored, ["COLORMAGENTA", "COLORNEWSHADE", "DRAWNUMBER", "COLORRED", "ALIGN2"]);
  assert.match(v.warnings.map((w) => w.message).join("|"), /unknown style word 'COLORNEWSHADE' ignored/);
  assert.deepEqual(
    v.outputs.map((o) => o.name),
    ["A", "OUTPUT_1", "X", "Y"],
  );
  assert.match(firstError("A:C,BANANA;").message, /'BANANA' after a comma is not a style word/);
});

test("future functions are flagged, including REF with a negative lag and end-of-data variables", () => {
  assert.deepEqual(validateFormula("A:ZIG(3,5);B:BACKSET(C>O,2);C1:REF(C,-1);D:REFX(C,1);E:CURRBARSCOUNT;F:XMA(C,5);").future_functions, ["ZIG", "BACKSET", "REF", "REFX", "CURRBARSCOUNT", "XMA"]);
  assert.deepEqual(validateFormula("A:REF(C,1);B:FILTER(C>O,3);").future_functions, []);
  assert.deepEqual(validateFormula("DRAWLINE(C>O,H,C<O,L,1);").future_functions, ["DRAWLINE"]);
});

test("unknown functions, wrong arity and type errors are errors with positions, never exceptions", () => {
  assert.deepEqual(firstError("A:EMB(C,5);"), {
    line: 1,
    column: 3,
    message: "unknown function EMB (did you mean EMA?)",
    code: "unknown_function_hint",
    params: { name: "EMB", hint: "EMA" },
  });
  assert.equal(firstError("A:MB(C,5);").message, "unknown function MB");
  assert.match(firstError("A:MA(C);").message, /MA takes 2 arguments \(MA\(X,N\)\) but was given 1/);
  assert.match(firstError("A:IF(C,1);").message, /IF takes 3 arguments/);
  assert.match(firstError("A:MA('x',5);").message, /first argument of MA \(X\) must be a number or a series, not text/);
  assert.match(firstError("DRAWTEXT(C>O,L,5);").message, /third argument of DRAWTEXT \(TEXT\) must be text in single quotes/);
  assert.match(firstError("A:SAR(C,2,20);").message, /first argument of SAR \(N\) must be a single number/);
  assert.match(firstError("A:ZIG(7,5);").message, /K must be 0 \(open\)/);
  assert.match(firstError("A:STICKLINE(C>O,C,O,2,0)+1;").message, /STICKLINE draws and has no value/);
  assert.match(firstError("A:=DRAWTEXT(C>O,L,'x');").message, /a drawing has no value to assign/);
  assert.match(firstError("A:'text';").message, /text cannot be an output line/);
  assert.match(firstError("A:'x'+1;").message, /text cannot be used in arithmetic/);
  assert.match(firstError("A:MA;").message, /MA is a function and needs its arguments/);
  assert.match(firstError("A:C(1);").message, /C is not a function/);
});

test("names: case-insensitive, defined before use, defined once", () => {
  const c = compileFormula("n:=2;X:MA(C,N);");
  assert.equal(c.ok, true);
  assertSeries(evaluatePlan(c.plan!, bars({ close: [1, 3, 5] }))[0]!.values, [N, 2, 4]);
  assert.match(firstError("A:B+1;B:C;").message, /B is used before it is defined \(on line 1\)/);
  assert.match(firstError("A:C;\nA:O;").message, /A is already defined on line 1/);
  assert.match(firstError("A:CLOSS;").message, /unknown name CLOSS \(did you mean CLOSE\?\)/);
});

test("parameters: unknown names are reported as possible parameters; bound ones are used", () => {
  const v = validateFormula("A:MA(C,N1)*P;");
  assert.equal(v.ok, false);
  assert.deepEqual(v.params, [
    { name: "N1", value: null },
    { name: "P", value: null },
  ]);
  assert.match(v.errors[0]!.message, /if it is a formula parameter, give it a value/);
  const ok = validateFormula("A:MA(C,n1)*P;", { params: { N1: 2, p: 10 } });
  assert.equal(ok.ok, true);
  assert.deepEqual(ok.params, [
    { name: "N1", value: 2 },
    { name: "p", value: 10 },
  ]);
});

test("compile once, evaluate many: other series and other parameter values reuse the plan", () => {
  const c = compileFormula("M:MA(C,N);S:SUM(C,N)*K;", { params: { N: 2, K: 1 } });
  const plan = c.plan!;
  const a = evaluatePlan(plan, bars({ close: [1, 2, 3] }));
  const b = evaluatePlan(plan, bars({ close: [10, 20, 30, 40] }), { params: { n: 3, K: 2 } });
  assertSeries(a[0]!.values, [N, 1.5, 2.5]);
  assertSeries(b[0]!.values, [N, N, 20, 30]);
  assertSeries(b[1]!.values, [20, 60, 120, 180]);
  assert.throws(() => evaluatePlan(plan, bars({ close: [1] }), { params: { Q: 1 } }), FormulaUsageError);
});

test("parameters in arithmetic stay scalar and are recomputed per evaluation", () => {
  const plan = compileFormula("A:REF(C,M/2.5+1);", { params: { M: 5 } }).plan!;
  assertSeries(evaluatePlan(plan, bars({ close: [1, 2, 3, 4, 5] }))[0]!.values, [N, N, N, 1, 2]);
  assertSeries(evaluatePlan(plan, bars({ close: [1, 2, 3, 4, 5] }), { params: { M: 2.5 } })[0]!.values, [N, N, 1, 2, 3]);
});

test("data OHLCV bars do not carry is refused with the reason", () => {
  assert.match(firstError("A:FINANCE(7);").message, /FINANCE needs fundamental data/);
  assert.match(firstError("A:C/CAPITAL;").message, /CAPITAL needs share-capital data/);
  assert.match(firstError("A:INDEXC;").message, /INDEXC needs the market index series/);
  assert.match(firstError("A:WINNER(C);").message, /chip-distribution/);
  assert.match(firstError("A:MACD.DIF;").message, /MACD.DIF refers to an output of another formula/);
  assert.match(firstError(`A:"SH000001$CLOSE";`).message, /reads another security's data/);
  assert.match(firstError("A:CLOSE#WEEK;").message, /#WEEK asks for WEEK bars/);
});

test("a formula of assignments only is valid and reports that it has no output", () => {
  const v = validateFormula("A:=C;B:=A*2;");
  assert.equal(v.ok, true);
  assert.deepEqual(v.outputs, []);
  assert.match(v.warnings[0]!.message, /no output line/);
});

test("validation report keeps easy_tdx's fields", () => {
  const v = validateFormula("DIF:EMA(C,12)-EMA(C,26);XG:CROSS(DIF,0);");
  assert.deepEqual(Object.keys(v).sort(), ["error", "errors", "future_functions", "ignored", "ok", "outputs", "params", "signals", "values", "warnings"]);
  assert.deepEqual([v.ok, v.error, v.signals, v.values], [true, null, ["XG"], ["DIF"]]);
  const bad = validateFormula("A:MA(C,5;");
  assert.equal(bad.error, "line 1, column 9: expected ',' or ')' in the call to MA opened at line 1, column 5 but found ';'");
});

test("identical subexpressions are computed once; unused assignments are not computed", () => {
  const listing = describePlan(compileFormula("RSV:=(C-LLV(L,9))/(HHV(H,9)-LLV(L,9))*100;UNUSED:=STD(C,5);K:SMA(RSV,3,1);").plan!);
  assert.equal(listing.match(/LLV/g)!.length, 1);
  assert.doesNotMatch(listing, /STD/);
  // the per-bar chain of RSV is one fused step
  assert.match(listing, /<- v0 = -\(b\d+, b\d+\); v1 = -\(b\d+, b\d+\); v2 = \/\(v0, v1\); v3 = \*\(v2, s\d+\)/);
});

test("outputs are independent arrays, even when two outputs are the same column", () => {
  const series = bars({ close: [1, 2] });
  const cols = runFormula("A:C;B:C;D:A;E:C+1;F:E;", series);
  cols[0]!.values[0] = 99;
  cols[3]!.values[0] = 99;
  assert.deepEqual([series.close[0], cols[1]!.values[0], cols[2]!.values[0], cols[4]!.values[0]], [1, 1, 1, 2]);
});

test("runFormula throws FormulaError with every diagnostic", () => {
  assert.throws(
    () => runFormula("A:FOO(C);B:BAR;", bars({ close: [1] })),
    (e: unknown) => {
      assert.ok(e instanceof FormulaError, "e instanceof FormulaError");
      assert.equal(e.diagnostics.length, 2);
      return true;
    },
  );
});

test("long series: temporaries pass from one evaluation to the next, outputs never do", () => {
  const n = 70_000; // beyond the per-plan scratch
  const close = Array.from({ length: n }, (_, i) => 10 + Math.sin(i / 7) + (i % 13) / 10);
  const s = bars({ close, high: close.map((c) => c + 0.5), low: close.map((c) => c - 0.5) });
  const text = "A:(HHV(H,5)-LLV(L,5))/STD(C,9);";
  const first = runFormula(text, s)[0]!.values;
  const other = runFormula("B:HHV(C,3)+LLV(C,4);", s)[0]!.values;
  const second = runFormula(text, s)[0]!.values;
  assert.notEqual(first, second);
  assert.notEqual(first.buffer, second.buffer);
  assert.deepEqual(second, first);
  assert.equal(other[10], Math.max(...close.slice(8, 11)) + Math.min(...close.slice(7, 11)));
});

test("output columns may come from the caller's allocator", () => {
  const s = bars({ close: [1, 2, 3, 4, 5] });
  const pool = new Float64Array(20).fill(99);
  let used = 0;
  const allocate = (n: number) => pool.subarray(used, (used += n));
  const cols = evaluatePlan(compileFormula("A:MA(C,2);B:C;D:7;").plan!, s, { allocate });
  assertSeries(cols[0]!.values, [N, 1.5, 2.5, 3.5, 4.5]);
  assertSeries(cols[1]!.values, [1, 2, 3, 4, 5]);
  assertSeries(cols[2]!.values, [7, 7, 7, 7, 7]);
  assert.ok(
    cols.every((c) => c.values.buffer === pool.buffer),
    "cols.every((c) => c.values.buffer === pool.buffer)",
  );
});
