/**
 * Syntax tree of a formula, as written: names keep their spelling (the
 * compiler folds case), operators are canonical (`==` is `=`, `&&` is `AND`).
 * Every node carries its source position for messages.
 */
import type { SourcePos } from "./diagnostics.ts";

export type BinaryOp = "+" | "-" | "*" | "/" | ">" | "<" | ">=" | "<=" | "=" | "<>" | "AND" | "OR";

export type Expr =
  | { readonly type: "number"; readonly value: number; readonly pos: SourcePos }
  | { readonly type: "string"; readonly value: string; readonly pos: SourcePos }
  | { readonly type: "name"; readonly name: string; readonly pos: SourcePos }
  | { readonly type: "call"; readonly name: string; readonly args: readonly Expr[]; readonly pos: SourcePos }
  | { readonly type: "unary"; readonly op: "-" | "+"; readonly operand: Expr; readonly pos: SourcePos }
  | { readonly type: "binary"; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr; readonly pos: SourcePos }
  /** Another formula's output (`MACD.DIF`, `"KDJ.K"(9,3,3)`) or another security (`"SH000001$CLOSE"`). */
  | {
      readonly type: "external";
      readonly text: string;
      readonly quoted: boolean;
      readonly args: readonly Expr[] | null;
      readonly pos: SourcePos;
    }
  /** Cross-period reference `X#WEEK`. */
  | { readonly type: "period"; readonly operand: Expr; readonly period: string; readonly pos: SourcePos };

export interface StyleWord {
  /** As written; empty for the empty item in `..., ;`. */
  readonly name: string;
  readonly pos: SourcePos;
}

export interface Statement {
  /** `output` is `NAME: expr`, `assign` is `NAME := expr`, `anonymous` is a bare `expr`. */
  readonly kind: "output" | "assign" | "anonymous";
  readonly name: string | null;
  readonly pos: SourcePos;
  readonly expr: Expr;
  readonly styles: readonly StyleWord[];
}

export interface Program {
  readonly statements: readonly Statement[];
}
