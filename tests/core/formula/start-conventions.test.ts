/**
 * The start-of-series conventions of core/formula/README.md ("Where TDX is not
 * documented: the first bars"), one test each: our rule, and HQChart's
 * alternative as measured (run headless when the dev-only `hqchart` package
 * is installed), so the README's claims about both stay true.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileFormula, evaluatePlan } from "../../../core/formula/index.ts";
import { assertSeries, bars, N } from "./helpers.ts";
import { hqchartAvailable, runHQChart } from "./hqchart-runner.ts";

const close = [8, 9, 12, 11, 13, 12, 14, 9, 15, 16];
const series = bars({ close });
const skip = hqchartAvailable ? false : "npm hqchart (a devDependency) is not installed";

function ours(text: string): Record<string, Float64Array> {
  const c = compileFormula(text);
  assert.ok(c.plan, text);
  return Object.fromEntries(evaluatePlan(c.plan, series).map((col) => [col.name, col.values]));
}

/** HQChart's output, with its "no value" (null) as NaN. */
function theirs(text: string): Record<string, Float64Array> {
  const out = runHQChart(text, series);
  for (const k of Object.keys(out)) out[k] = Float64Array.from(out[k]!, (v) => (v === null ? NaN : v));
  return out;
}

const REF = "R1:REF(C,1);R2:REF(C,2);";
test("REF with a constant lag: the first N bars have no value", () => {
  const r = ours(REF);
  assertSeries(r.R1!, [N, 8, 9, 12, 11, 13, 12, 14, 9, 15]);
  assertSeries(r.R2!, [N, N, 8, 9, 12, 11, 13, 12, 14, 9]);
});
test("REF, alternative: HQChart repeats X's first value on the first N bars", { skip }, () => {
  const r = theirs(REF);
  assertSeries(r.R1!, [8, 8, 9, 12, 11, 13, 12, 14, 9, 15]);
  assertSeries(r.R2!, [8, 8, 8, 9, 12, 11, 13, 12, 14, 9]);
});

const SMA = "S:SMA(C,3,1);";
test("SMA(X,N,M) is seeded with X on its first valid bar", () => {
  assertSeries(ours(SMA).S!.subarray(0, 5), [8, 25 / 3, 86 / 9, 271 / 27, 893 / 81], 1e-12);
});
test("SMA, alternative: HQChart has no value before bar N and seeds with X[N]", { skip }, () => {
  const s = theirs(SMA).S!;
  assertSeries(s.subarray(0, 5), [N, N, N, 11, 35 / 3], 1e-12);
});

const IF = "I:IF(MA(C,3)>10,1,2);";
test("IF with an invalid condition gives no value", () => {
  assertSeries(ours(IF).I!, [N, N, 2, 1, 1, 1, 1, 1, 1, 1]);
});
test("IF, alternative: HQChart takes the else branch", { skip }, () => {
  assertSeries(theirs(IF).I!, [2, 2, 2, 1, 1, 1, 1, 1, 1, 1]);
});

const LOGIC = "A:MA(C,3)>10 AND C>0;A0:MA(C,3)>10 AND C<0;O:MA(C,3)>10 OR C>0;NT:NOT(MA(C,3)>10);";
test("AND, OR and NOT with an invalid operand give no value, whatever the other operand", () => {
  const r = ours(LOGIC);
  assertSeries(r.A!, [N, N, 0, 1, 1, 1, 1, 1, 1, 1]);
  assertSeries(r.A0!, [N, N, 0, 0, 0, 0, 0, 0, 0, 0]);
  assertSeries(r.O!, [N, N, 1, 1, 1, 1, 1, 1, 1, 1]);
  assertSeries(r.NT!, [N, N, 1, 0, 0, 0, 0, 0, 0, 0]);
});
test("AND/OR, alternative: HQChart reads the invalid operand as false (NOT stays invalid)", { skip }, () => {
  const r = theirs(LOGIC);
  assertSeries(r.A!, [0, 0, 0, 1, 1, 1, 1, 1, 1, 1]);
  assertSeries(r.A0!, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  assertSeries(r.O!, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  assertSeries(r.NT!, [N, N, 1, 0, 0, 0, 0, 0, 0, 0]);
});

// MAX(C-10,0) = 0,0,2,1,3,2,4,0,5,6: zeros first, as DMI's directional terms often are
const EXPMEMA = "X:EXPMEMA(MAX(C-10,0),3);";
test("EXPMEMA seeds with the mean of the first N valid values, zeros included", () => {
  const x = ours(EXPMEMA).X!;
  assertSeries(x.subarray(0, 5), [N, N, 2 / 3, (2 * 1 + 2 * (2 / 3)) / 4, (2 * 3 + 2 * (5 / 6)) / 4], 1e-12);
});
test("EXPMEMA, alternative: HQChart skips leading zeros (and reads a zero inside the seed window as the value before it)", { skip }, () => {
  const x = theirs(EXPMEMA).X!;
  assertSeries(x.subarray(0, 6), [N, N, N, N, 2, 2], 1e-12);
});
