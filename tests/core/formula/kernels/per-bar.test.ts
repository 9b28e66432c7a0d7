/**
 * The per-bar operators of core/formula/kernels/per-bar.ts, both forms (the template the fused loop
 * compiles, evaluated here as that loop does, and the scalar form used for constant folding),
 * against their definitions written again here (core/formula/LANGUAGE.md §2, the header's rules): an
 * invalid operand gives an invalid result for every operator, comparisons and AND/OR included;
 * division by zero (−0 too) is invalid; comparisons and logic give 1 or 0; IF takes its second
 * argument where the condition is non-zero, its third where it is zero, nothing where it is invalid;
 * REF with a single-number lag has no value before the first bar or past the last. Every result must
 * be a number (an `undefined` would pass the loop's `x === x` validity tests). Each pair and triple of
 * a set of values with zeros of both signs, fractions, negatives and an invalid value.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import * as pb from "../../../../core/formula/kernels/per-bar.ts";

const VALUES = [-2, -1, -0, 0, 0.5, 1, 2, NaN];
const bad = (...v: number[]) => v.some((x) => Number.isNaN(x));
const bit = (b: boolean) => (b ? 1 : 0);
/** Invalid if any operand is, else `f` of them. */
const valid =
  (f: (...v: number[]) => number) =>
  (...v: number[]): number =>
    bad(...v) ? NaN : f(...v);

const BINARY: Record<string, (a: number, b: number) => number> = {
  "+": valid((a, b) => a + b),
  "-": valid((a, b) => a - b),
  "*": valid((a, b) => a * b),
  "/": valid((a, b) => (b === 0 ? NaN : a / b)),
  ">": valid((a, b) => bit(a > b)),
  "<": valid((a, b) => bit(a < b)),
  ">=": valid((a, b) => bit(a >= b)),
  "<=": valid((a, b) => bit(a <= b)),
  "=": valid((a, b) => bit(a === b)),
  "<>": valid((a, b) => bit(a !== b)),
  AND: valid((a, b) => bit(a !== 0 && b !== 0)),
  OR: valid((a, b) => bit(a !== 0 || b !== 0)),
};

/** A template compiled as the fused loop compiles it: `nan` and the two-slot `sel` in scope. */
function compile(code: string, names: readonly string[]): (...v: unknown[]) => unknown {
  return new Function(...names, `const nan = 0 / 0;\nconst sel = [0.5, 0.5];\nreturn ${code};`) as (...v: unknown[]) => unknown;
}

/** The same number (0 and −0 alike: the loop stores results, it never tells them apart), or both invalid. */
function same(got: unknown, want: number, label: string): void {
  assert.ok(typeof got === "number" && (Number.isNaN(want) ? Number.isNaN(got) : got === want), `${label}: expected ${want}, got ${String(got)}`);
}

const pairs = VALUES.flatMap((a) => VALUES.map((b) => [a, b] as const));

test("binary operators, template and scalar form, against their definitions", () => {
  assert.deepEqual(Object.keys(pb.OPERATORS).sort(), Object.keys(BINARY).sort(), "the operators");
  assert.deepEqual(Object.keys(pb.SCALAR_OPERATORS).sort(), Object.keys(BINARY).sort(), "their scalar forms");
  for (const [op, want] of Object.entries(BINARY)) {
    const run = compile(pb.OPERATORS[op]!.expr!(["a", "b"]), ["a", "b"]);
    for (const [a, b] of pairs) {
      same(run(a, b), want(a, b), `${a} ${op} ${b} (template)`);
      same(pb.SCALAR_OPERATORS[op]!(a, b), want(a, b), `${a} ${op} ${b} (scalar)`);
    }
  }
});

test("NEGATE, SPREAD, ABS, NOT, MAX and MIN against their definitions", () => {
  const unary: [pb.PerBar, (a: number) => number, string][] = [
    [pb.NEGATE, valid((a) => -a), "NEGATE"],
    [pb.SPREAD, valid((a) => a), "SPREAD"],
    [pb.ABS, valid((a) => (a < 0 ? -a : a)), "ABS"],
    [pb.NOT, valid((a) => bit(a === 0)), "NOT"],
  ];
  for (const [op, want, name] of unary) {
    const run = compile(op.expr!(["a"]), ["a"]);
    for (const a of VALUES) same(run(a), want(a), `${name}(${a})`);
  }
  const binary: [pb.PerBar, (a: number, b: number) => number, string][] = [
    [pb.MAX, valid((a, b) => (a >= b ? a : b)), "MAX"],
    [pb.MIN, valid((a, b) => (a <= b ? a : b)), "MIN"],
  ];
  for (const [op, want, name] of binary) {
    const run = compile(op.expr!(["a", "b"]), ["a", "b"]);
    for (const [a, b] of pairs) same(run(a, b), want(a, b), `${name}(${a}, ${b})`);
  }
});

test("IF and IFN: the second (third) argument where the condition is non-zero, the other where it is zero, nothing where it is invalid", () => {
  const ifRun = compile(pb.IF.expr!(["c", "a", "b"]), ["c", "a", "b"]);
  const ifnRun = compile(pb.IFN.expr!(["c", "a", "b"]), ["c", "a", "b"]);
  for (const c of VALUES) {
    for (const [a, b] of pairs) {
      const holds = c !== 0;
      same(ifRun(c, a, b), bad(c) ? NaN : holds ? a : b, `IF(${c}, ${a}, ${b})`);
      same(ifnRun(c, a, b), bad(c) ? NaN : holds ? b : a, `IFN(${c}, ${a}, ${b})`);
    }
  }
});

test("REF with a single-number lag: bar i − N when it exists, else no value", () => {
  const read = compile(pb.SHIFT.lag!("c", "k"), ["i", "k", "c", "n"]);
  for (let n = 0; n <= 4; n++) {
    const c = Float64Array.from({ length: n }, (_, j) => 10 + j);
    for (let i = 0; i < n; i++) {
      for (const k of [-6, -4, -2, -1, 0, 1, 2, 3, 4, 6, NaN]) {
        const j = i - k;
        same(read(i, k, c, n), j >= 0 && j < n ? 10 + j : NaN, `REF at bar ${i} of ${n}, lag ${k}`);
      }
    }
  }
});
