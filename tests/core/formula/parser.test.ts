import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFormula, printExpr, printFormula } from "../../../core/formula/index.ts";
import { tokenize } from "../../../core/formula/lexer.ts";

test("lexer: names mix ASCII, digits, CJK and full-width brackets; AND/OR in any case touch other tokens", () => {
  const { tokens, errors } = tokenize("M5对称:=1;【箱顶】:2;x:cross(a,b)and c<=.5 Or d");
  assert.deepEqual(errors, []);
  const texts = tokens.map((t) => `${t.kind}:${t.text}`);
  assert.deepEqual(texts.slice(0, 4), ["ident:M5对称", "op::=", "number:1", "op:;"]);
  assert.ok(texts.includes("ident:【箱顶】"), 'texts.includes("ident:【箱顶】")');
  assert.ok(texts.includes("op:AND") && texts.includes("op:OR"), 'texts.includes("op:AND") && texts.includes("op:OR")');
  assert.equal(tokens.find((t) => t.text === ".5")?.value, 0.5);
});

test("lexer: comments anywhere, positions count lines and columns", () => {
  const { tokens } = tokenize("{a\nb} X // note\n  :C");
  const x = tokens[0]!;
  assert.deepEqual([x.text, x.pos.line, x.pos.column], ["X", 2, 4]);
  const c = tokens[2]!;
  assert.deepEqual([c.text, c.pos.line, c.pos.column], ["C", 3, 4]);
});

test("lexer: == and != and && and || are read as = <> AND OR", () => {
  assert.deepEqual(
    tokenize("a==b!=c&&d||e")
      .tokens.filter((t) => t.kind === "op")
      .map((t) => t.text),
    ["=", "<>", "AND", "OR"],
  );
});

test("statement forms: output, assignment, anonymous; styles after commas, the empty style too", () => {
  const { program, errors } = parseFormula("A:C,COLORRED;B:=O,LINETHICK2, ;C>O,COLORSTICK;mat : (C)");
  assert.deepEqual(errors, []);
  assert.deepEqual(
    program.statements.map((s) => [s.kind, s.name, s.styles.map((w) => w.name)]),
    [
      ["output", "A", ["COLORRED"]],
      ["assign", "B", ["LINETHICK2", ""]],
      ["anonymous", null, ["COLORSTICK"]],
      ["output", "mat", []],
    ],
  );
});

test("newlines between a function name and its parenthesis; trailing comment without ';'", () => {
  const { program, errors } = parseFormula("X:REF(ZIG\n\n(3,10),2);\nv<=ma(v,5)*3{五日}");
  assert.deepEqual(errors, []);
  assert.equal(program.statements.length, 2);
  assert.equal(printExpr(program.statements[0]!.expr), "REF(ZIG(3,10),2)");
});

test("precedence: * over +, comparisons over AND over OR, left associativity", () => {
  const e = (s: string) => printExpr(parseFormula(s).program.statements[0]!.expr);
  assert.equal(e("1+2*3"), "1+2*3");
  assert.equal(e("(1+2)*3"), "(1+2)*3");
  assert.equal(e("10-(4-3)"), "10-(4-3)");
  assert.equal(e("10-4-3"), "10-4-3");
  assert.equal(e("a OR b AND c"), "a OR b AND c");
  assert.equal(e("(a OR b) AND c"), "(a OR b) AND c");
  assert.equal(e("a>b AND c<d"), "a>b AND c<d");
  assert.equal(e("-(a+b)"), "-(a+b)");
  assert.equal(e("a--b"), "a--b");
});

test("cross references parse (and are rejected later by the compiler)", () => {
  const { program, errors } = parseFormula(`A:MACD.DIF;B:"KDJ.K"(9,3,3);C1:"SH000001$CLOSE";D:CLOSE#WEEK;`);
  assert.deepEqual(errors, []);
  assert.deepEqual(
    program.statements.map((s) => s.expr.type),
    ["external", "external", "external", "period"],
  );
  assert.equal(printFormula(program), `A:MACD.DIF;\nB:"KDJ.K"(9,3,3);\nC1:"SH000001$CLOSE";\nD:CLOSE#WEEK;`);
});

test("syntax errors give line, column and what was expected", () => {
  const r = parseFormula("X:MA(C,5;");
  assert.deepEqual(r.errors, [
    {
      line: 1,
      column: 9,
      message: "expected ',' or ')' in the call to MA opened at line 1, column 5 but found ';'",
      code: "expected_comma_or_close",
      params: { name: "MA", line: 1, column: 5, found: "';'", found_kind: "token", found_text: ";" },
    },
  ]);
  const m = parseFormula("A:=C\nB:=O;").errors[0]!;
  assert.deepEqual([m.line, m.column], [2, 1]);
  assert.match(m.message, /expected ';' to end the statement .* but found 'B'/);
  assert.match(parseFormula("A:=C+1:=2;").errors[0]!.message, /':=' can only follow a name/);
  assert.match(parseFormula("A:=C O;").errors[0]!.message, /expected ';' to end the statement .* but found 'O'/);
  assert.match(parseFormula("A:(C+1;").errors[0]!.message, /expected '\)' to close the '\(' at line 1, column 3/);
  assert.match(parseFormula("A:C+;").errors[0]!.message, /expected a value .* but found ';'/);
  assert.match(parseFormula("A:C,3;").errors[0]!.message, /style word/);
});

test("lexical errors: unclosed comment or text, stray characters, full-width punctuation", () => {
  assert.match(parseFormula("A:C;{oops").errors[0]!.message, /never closed/);
  assert.match(parseFormula("DRAWTEXT(C>O,L,'buy);").errors[0]!.message, /not closed/);
  assert.match(parseFormula("A:C%2;").errors[0]!.message, /MOD/);
  assert.match(parseFormula("A:C^2;").errors[0]!.message, /POW/);
  const fw = parseFormula("A：MA（C，5）；");
  assert.equal(fw.errors.length, 5);
  assert.match(fw.errors[0]!.message, /full-width '：'.*':'/);
});

test("errors in several statements are all reported", () => {
  const r = parseFormula("A:MA(C,;\nB:C;\nD:(;\nE:O;");
  assert.equal(r.errors.length, 2);
  assert.deepEqual(
    r.errors.map((e) => e.line),
    [1, 3],
  );
  assert.deepEqual(
    r.program.statements.map((s) => s.name),
    ["B", "E"],
  );
});

test("deep nesting is an error, not a stack overflow", () => {
  const r = parseFormula(`A:${"(".repeat(5000)}1${")".repeat(5000)};`);
  assert.equal(r.errors.length, 1);
  assert.match(r.errors[0]!.message, /nested more than/);
  const u = parseFormula(`A:${"-".repeat(5000)}1;`);
  assert.match(u.errors[0]!.message, /nested more than/);
});
