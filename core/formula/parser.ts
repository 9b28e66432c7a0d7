/**
 * Recursive-descent parser for TDX formula text. It never throws: a syntax
 * error is recorded with its position and the parser skips to the next `;`,
 * so every broken statement of a pasted formula is reported in one pass.
 *
 * Precedence, loosest first: OR, AND, comparisons, + -, * /, unary - +,
 * postfix `#PERIOD`, then literals, names, calls and parentheses. All binary
 * operators are left-associative; AND binds tighter than OR, as in HQChart
 * (TDX's own rule is not documented).
 */
import type { BinaryOp, Expr, Program, Statement, StyleWord } from "./ast.ts";
import type { TemplateParams } from "../text/index.ts";
import { type Diagnostic, diagnostic, type SourcePos } from "./diagnostics.ts";
import type { FormulaMessageCode } from "./formula-messages.ts";
import { tokenize } from "./lexer.ts";
import { describeToken, type Token } from "./tokens.ts";

export interface ParseResult {
  readonly program: Program;
  readonly errors: Diagnostic[];
}

const MAX_DEPTH = 200;

class SyntaxFailure {
  readonly diagnostic: Diagnostic;
  constructor(pos: SourcePos, code: FormulaMessageCode, params?: TemplateParams) {
    this.diagnostic = diagnostic(pos, code, params);
  }
}

/** What was found instead, as values of an "expected … but found …" message: the English words and a kind for other languages. */
function found(t: Token): TemplateParams {
  const kind = t.kind === "eof" ? "eof" : t.kind === "string" ? "text" : t.kind === "quoted" ? "quoted" : "token";
  return { found: describeToken(t), found_kind: kind, found_text: t.kind === "string" || t.kind === "quoted" ? String(t.value) : t.text };
}

const COMPARISONS = new Set([">", "<", ">=", "<=", "=", "<>"]);

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(k = 0): Token {
    return this.tokens[Math.min(this.i + k, this.tokens.length - 1)]!;
  }
  private next(): Token {
    const t = this.peek();
    if (t.kind !== "eof") this.i++;
    return t;
  }
  private isOp(t: Token, text: string): boolean {
    return t.kind === "op" && t.text === text;
  }
  private fail(t: Token, code: FormulaMessageCode, params: TemplateParams = {}): never {
    throw new SyntaxFailure(t.pos, code, { ...params, ...found(t) });
  }

  parseProgram(errors: Diagnostic[]): Program {
    const statements: Statement[] = [];
    while (this.peek().kind !== "eof") {
      if (this.isOp(this.peek(), ";")) {
        this.next();
        continue;
      }
      try {
        statements.push(this.statement());
      } catch (e) {
        if (!(e instanceof SyntaxFailure)) throw e;
        errors.push(e.diagnostic);
        this.recover();
      }
    }
    return { statements };
  }

  /** Skips past the next `;` (or to the end). */
  private recover(): void {
    while (this.peek().kind !== "eof") {
      if (this.isOp(this.next(), ";")) return;
    }
  }

  private statement(): Statement {
    const first = this.peek();
    const second = this.peek(1);
    let kind: Statement["kind"] = "anonymous";
    let name: string | null = null;
    if (first.kind === "ident" && (this.isOp(second, ":") || this.isOp(second, ":="))) {
      kind = second.text === ":" ? "output" : "assign";
      name = first.text;
      this.next();
      this.next();
    }
    const expr = this.expression();
    const styles: StyleWord[] = [];
    while (this.isOp(this.peek(), ",")) {
      this.next();
      const t = this.peek();
      if (t.kind === "ident") {
        this.next();
        styles.push({ name: t.text, pos: t.pos });
      } else if (this.isOp(t, ",") || this.isOp(t, ";") || t.kind === "eof") {
        styles.push({ name: "", pos: t.pos });
      } else {
        this.fail(t, "expected_style_word");
      }
    }
    const end = this.peek();
    if (this.isOp(end, ";")) this.next();
    else if (end.kind !== "eof") {
      if (this.isOp(end, ":") || this.isOp(end, ":=")) throw new SyntaxFailure(end.pos, "misplaced_assign", { op: end.text });
      this.fail(end, "expected_statement_end");
    }
    return { kind, name, pos: first.pos, expr, styles };
  }

  private expression(): Expr {
    if (++this.depth > MAX_DEPTH) {
      throw new SyntaxFailure(this.peek().pos, "too_deep", { max: MAX_DEPTH });
    }
    try {
      return this.binary(0);
    } finally {
      this.depth--;
    }
  }

  /** Levels: 0 OR, 1 AND, 2 comparisons, 3 + -, 4 * /. */
  private binary(level: number): Expr {
    if (level > 4) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const t = this.peek();
      if (t.kind !== "op" || !this.atLevel(t.text, level)) return left;
      this.next();
      const right = this.binary(level + 1);
      left = { type: "binary", op: t.text as BinaryOp, left, right, pos: t.pos };
    }
  }

  private atLevel(op: string, level: number): boolean {
    switch (level) {
      case 0:
        return op === "OR";
      case 1:
        return op === "AND";
      case 2:
        return COMPARISONS.has(op);
      case 3:
        return op === "+" || op === "-";
      default:
        return op === "*" || op === "/";
    }
  }

  private unary(): Expr {
    const t = this.peek();
    if (this.isOp(t, "-") || this.isOp(t, "+")) {
      this.next();
      if (++this.depth > MAX_DEPTH) {
        throw new SyntaxFailure(t.pos, "too_deep", { max: MAX_DEPTH });
      }
      try {
        return { type: "unary", op: t.text as "-" | "+", operand: this.unary(), pos: t.pos };
      } finally {
        this.depth--;
      }
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let e = this.primary();
    while (this.isOp(this.peek(), "#")) {
      const hash = this.next();
      const p = this.peek();
      if (p.kind !== "ident") this.fail(p, "expected_period_name");
      this.next();
      e = { type: "period", operand: e, period: p.text, pos: hash.pos };
    }
    return e;
  }

  private primary(): Expr {
    const t = this.peek();
    switch (t.kind) {
      case "number":
        this.next();
        return { type: "number", value: t.value as number, pos: t.pos };
      case "string":
        this.next();
        return { type: "string", value: t.value as string, pos: t.pos };
      case "quoted": {
        this.next();
        const args = this.isOp(this.peek(), "(") ? this.callArgs(t) : null;
        return { type: "external", text: t.value as string, quoted: true, args, pos: t.pos };
      }
      case "ident": {
        this.next();
        if (this.isOp(this.peek(), ".")) {
          this.next();
          const field = this.peek();
          if (field.kind !== "ident") this.fail(field, "expected_output_name", { name: t.text });
          this.next();
          const text = `${t.text}.${field.text}`;
          const args = this.isOp(this.peek(), "(") ? this.callArgs(t) : null;
          return { type: "external", text, quoted: false, args, pos: t.pos };
        }
        if (this.isOp(this.peek(), "(")) return { type: "call", name: t.text, args: this.callArgs(t), pos: t.pos };
        return { type: "name", name: t.text, pos: t.pos };
      }
      case "op":
        if (t.text === "(") {
          this.next();
          const inner = this.expression();
          const close = this.peek();
          if (!this.isOp(close, ")")) {
            this.fail(close, "expected_close_paren", { line: t.pos.line, column: t.pos.column });
          }
          this.next();
          return inner;
        }
        break;
    }
    return this.fail(t, "expected_value");
  }

  private callArgs(callee: Token): Expr[] {
    const open = this.next();
    const args: Expr[] = [];
    if (this.isOp(this.peek(), ")")) {
      this.next();
      return args;
    }
    for (;;) {
      args.push(this.expression());
      const t = this.peek();
      if (this.isOp(t, ",")) {
        this.next();
        continue;
      }
      if (this.isOp(t, ")")) {
        this.next();
        return args;
      }
      this.fail(t, "expected_comma_or_close", { name: callee.text, line: open.pos.line, column: open.pos.column });
    }
  }
}

/** Parses formula text; syntax errors come back as diagnostics, never as exceptions. */
export function parseFormula(text: string): ParseResult {
  const { tokens, errors } = tokenize(text);
  const program = new Parser(tokens).parseProgram(errors);
  errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return { program, errors };
}
