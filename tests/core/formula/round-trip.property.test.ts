import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { compileFormula, describePlan, evaluatePlan, parseFormula, printFormula, validateFormula, type Program } from "../../../core/formula/index.ts";
import { bars } from "./helpers.ts";

/** The tree without source positions, for comparing two parses. */
function strip(p: Program): unknown {
  return JSON.parse(JSON.stringify(p, (k, v) => (k === "pos" ? undefined : v)));
}

const FORMULA_CHARS = [..."ABCHLOVXZMaemx019.,;:=()<>+-*/{}' \n\"#&|!%_", "AND", "OR", "MA(", "REF(", "中", "【", "】", "；", "（"];

test("the parser and the validator never throw, whatever the input", () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: fc.constantFrom(...FORMULA_CHARS), maxLength: 60 })), (text) => {
      const p = parseFormula(text);
      assert.ok(Array.isArray(p.errors), "Array.isArray(p.errors)");
      const v = validateFormula(text);
      assert.equal(v.ok, v.errors.length === 0);
      for (const e of v.errors) assert.ok(e.line >= 1 && e.column >= 1 && e.message.length > 0, "e.line >= 1 && e.column >= 1 && e.message.length > 0");
    }),
    { numRuns: 400, seed: 20240102 },
  );
});

// Random well-formed formulas, written with random spacing, comments, letter case and redundant parentheses.
type Gen = { s: string };
const FUNCTIONS: readonly [string, number][] = [
  ["MA", 2],
  ["EMA", 2],
  ["SMA", 3],
  ["REF", 2],
  ["HHV", 2],
  ["LLV", 2],
  ["SUM", 2],
  ["COUNT", 2],
  ["CROSS", 2],
  ["IF", 3],
  ["MAX", 2],
  ["MIN", 2],
  ["ABS", 1],
  ["NOT", 1],
  ["STD", 2],
  ["BARSLAST", 1],
  ["FILTER", 2],
  ["BETWEEN", 3],
  ["VALUEWHEN", 2],
  ["HHVBARS", 2],
  ["EVERY", 2],
];
const OPS = ["+", "-", "*", "/", ">", "<", ">=", "<=", "=", "<>", "==", "!=", " AND ", " OR ", "&&", "||", " and ", " or "];
const space = fc.constantFrom("", " ", "\n", " {c} ", "  ");
const casing = (name: string) => fc.constantFrom(name, name.toLowerCase(), name[0] + name.slice(1).toLowerCase());

const expr: fc.Arbitrary<Gen> = fc.letrec<{ e: Gen }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", maxDepth: 4 },
    fc.oneof(
      fc.integer({ min: 0, max: 300 }).map((v) => ({ s: String(v) })),
      fc.integer({ min: 1, max: 999 }).map((v) => ({ s: (v / 100).toString() })),
      fc
        .constantFrom("C", "H", "L", "O", "V", "CLOSE", "AMOUNT", "BARPOS", "VAR0", "VAR1")
        .chain(casing)
        .map((s) => ({ s })),
    ),
    fc.tuple(fc.constantFrom(...FUNCTIONS), fc.array(tie("e"), { minLength: 3, maxLength: 3 }), space).chain(([[f, arity], args, sp]) =>
      casing(f).map((name) => ({
        s: `${name}${sp}(${args
          .slice(0, arity)
          .map((a) => a.s)
          .join(",")})`,
      })),
    ),
    fc.tuple(fc.constantFrom("-", "+"), tie("e")).map(([op, a]) => ({ s: `${op}${a.s}` })),
    fc.tuple(tie("e"), fc.constantFrom(...OPS), tie("e"), space).map(([a, op, b, sp]) => ({ s: `${a.s}${sp}${op}${sp}${b.s}` })),
    tie("e").map((a) => ({ s: `(${a.s})` })),
  ),
})).e;

const statement = fc.tuple(fc.constantFrom("", "OUT:", "VAR0:=", "VAR1 := ", "X1 : "), expr, fc.constantFrom("", ",COLORRED", ",LINETHICK2, ", ",NODRAW"));
const formula = fc.array(statement, { minLength: 1, maxLength: 4 }).map((st) => st.map(([head, e, style], i) => `${head.replace(/^(OUT|X1)/, `$1${i}`)}${e.s}${style}`).join(";\n"));

test("printing a parsed formula and parsing it again gives the same tree and the same plan", () => {
  const series = bars({
    close: [10, 11, 10.5, 12, 11.5, 13, 12, 12, 14, 13.5],
    high: [10.5, 11.5, 11, 12.5, 12, 13.5, 12.5, 12.5, 14.5, 14],
    low: [9.5, 10.5, 10, 11.5, 11, 12.5, 11.5, 11.5, 13.5, 13],
  });
  let compiled = 0;
  fc.assert(
    fc.property(formula, (text) => {
      const first = parseFormula(text);
      fc.pre(first.errors.length === 0);
      const printed = printFormula(first.program);
      const second = parseFormula(printed);
      assert.deepEqual(second.errors, [], printed);
      assert.deepEqual(strip(second.program), strip(first.program));
      assert.equal(printFormula(second.program), printed);
      const params = { VAR0: 3, VAR1: 0.5 };
      const a = compileFormula(text, { params });
      const b = compileFormula(printed, { params });
      // messages may cite other lines: the printer lays statements out one per line
      const messages = (c: typeof a) => c.errors.map((e) => e.message.replace(/line \d+/g, "line _"));
      assert.deepEqual(messages(b), messages(a));
      assert.equal(b.ok, a.ok);
      if (a.plan && b.plan) {
        compiled++;
        assert.equal(describePlan(b.plan), describePlan(a.plan));
        const x = evaluatePlan(a.plan, series);
        const y = evaluatePlan(b.plan, series);
        assert.deepEqual(y, x);
      }
    }),
    { numRuns: 300, seed: 19901219 },
  );
  assert.ok(compiled >= 150, `only ${compiled} generated formulas compiled`);
});
