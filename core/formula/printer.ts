/**
 * Prints a syntax tree back as formula text, with the fewest parentheses that
 * keep its meaning. Parsing the printed text gives the same tree (positions
 * aside), which makes the printer the canonical form of a formula: saved
 * formulas, error echoes and the round-trip property test all rely on it.
 */
import type { Expr, Program, Statement } from "./ast.ts";

const LEVEL: Readonly<Record<string, number>> = {
  OR: 0,
  AND: 1,
  ">": 2,
  "<": 2,
  ">=": 2,
  "<=": 2,
  "=": 2,
  "<>": 2,
  "+": 3,
  "-": 3,
  "*": 4,
  "/": 4,
};
const UNARY_LEVEL = 5;
const ATOM_LEVEL = 7;

function level(e: Expr): number {
  if (e.type === "binary") return LEVEL[e.op]!;
  if (e.type === "unary") return UNARY_LEVEL;
  return ATOM_LEVEL;
}

/** Decimal text without exponent notation, which the lexer does not read. */
function formatNumber(v: number): string {
  const s = String(v);
  if (!s.includes("e")) return s;
  if (Math.abs(v) >= 1) return BigInt(Math.round(v)).toString();
  return v.toFixed(20).replace(/0+$/, "");
}

function wrap(e: Expr, minLevel: number): string {
  const s = printExpr(e);
  return level(e) < minLevel ? `(${s})` : s;
}

export function printExpr(e: Expr): string {
  switch (e.type) {
    case "number":
      return formatNumber(e.value);
    case "string":
      return `'${e.value}'`;
    case "name":
      return e.name;
    case "call":
      return `${e.name}(${e.args.map(printExpr).join(",")})`;
    case "unary":
      return `${e.op}${wrap(e.operand, UNARY_LEVEL)}`;
    case "binary": {
      const l = LEVEL[e.op]!;
      const op = e.op === "AND" || e.op === "OR" ? ` ${e.op} ` : e.op;
      return `${wrap(e.left, l)}${op}${wrap(e.right, l + 1)}`;
    }
    case "external": {
      const head = e.quoted ? `"${e.text}"` : e.text;
      return e.args ? `${head}(${e.args.map(printExpr).join(",")})` : head;
    }
    case "period":
      return `${wrap(e.operand, ATOM_LEVEL)}#${e.period}`;
  }
}

export function printStatement(s: Statement): string {
  const head = s.kind === "output" ? `${s.name}:` : s.kind === "assign" ? `${s.name}:=` : "";
  const styles = s.styles.map((w) => `,${w.name}`).join("");
  return `${head}${printExpr(s.expr)}${styles};`;
}

export function printFormula(p: Program): string {
  return p.statements.map(printStatement).join("\n");
}
