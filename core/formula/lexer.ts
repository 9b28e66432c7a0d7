/**
 * Turns formula text into tokens. It never throws: bad characters become
 * diagnostics and lexing goes on, so one typo does not hide the next.
 *
 * TDX quirks handled here: `{...}` comments anywhere (and `//` to end of line),
 * names mixing ASCII, digits, `_`, CJK and full-width brackets (`【箱顶】`),
 * `AND`/`OR` in any case touching other tokens (`...)and c<=...`), and
 * full-width punctuation typed by a Chinese input method, which is reported
 * with the ASCII character to use and then read as that character.
 */
import type { TemplateParams } from "../text/index.ts";
import { type Diagnostic, diagnostic, type SourcePos } from "./diagnostics.ts";
import type { FormulaMessageCode } from "./formula-messages.ts";
import type { Token } from "./tokens.ts";

export interface LexResult {
  readonly tokens: Token[];
  readonly errors: Diagnostic[];
}

const FULL_WIDTH: Readonly<Record<string, string>> = {
  "；": ";",
  "，": ",",
  "（": "(",
  "）": ")",
  "：": ":",
};

/** Why a character is wrong (the web app says it from `formula.hint.<char>`). */
const HINTS: Readonly<Record<string, string>> = {
  "%": "there is no % operator; use MOD(A,B)",
  "^": "there is no ^ operator; use POW(A,B)",
  "!": "there is no ! operator; use NOT(X)",
  "&": "write && or AND",
  "|": "write || or OR",
};

const NON_ASCII_NAME = /[\p{L}\p{N}\p{M}【】]/u;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isNamePart(text: string, i: number, c: number): boolean {
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || isDigit(c);
  return NON_ASCII_NAME.test(text[i]!);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 0x3000 || c === 0xfeff || c === 11 || c === 12;
}

/** Two-character operators by their first and second character, with the canonical text. */
function twoCharOp(a: string, b: string): string | undefined {
  switch (a + b) {
    case ":=":
    case ">=":
    case "<=":
    case "<>":
      return a + b;
    case "==":
      return "=";
    case "!=":
      return "<>";
    case "&&":
      return "AND";
    case "||":
      return "OR";
  }
  return undefined;
}
const ONE_CHAR_OPS = ":;,()+-*/><=.#";

class Lexer {
  readonly tokens: Token[] = [];
  readonly errors: Diagnostic[] = [];
  private i = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly text: string) {}

  private pos(offset: number): SourcePos {
    return { line: this.line, column: offset - this.lineStart + 1, offset };
  }

  private fail(p: SourcePos, code: FormulaMessageCode, params?: TemplateParams): void {
    this.errors.push(diagnostic(p, code, params));
  }

  /** Advances over text that holds no line break (a token). */
  private advance(to: number): void {
    this.i = to;
  }

  /** Advances to `to`, keeping line bookkeeping right. */
  private skipTo(to: number): void {
    const text = this.text;
    for (let i = this.i; i < to; i++) {
      if (text.charCodeAt(i) === 10) {
        this.line++;
        this.lineStart = i + 1;
      }
    }
    this.i = to;
  }

  run(): void {
    const text = this.text;
    const n = text.length;
    while (this.i < n) {
      const i = this.i;
      const c = text.charCodeAt(i);
      if (isSpace(c)) {
        if (c === 10) {
          this.line++;
          this.lineStart = i + 1;
        }
        this.i = i + 1;
        continue;
      }
      const start = this.pos(i);
      const ch = text[i]!;
      if (c === 123 /* { */) {
        const close = text.indexOf("}", i + 1);
        if (close < 0) this.fail(start, "unclosed_comment");
        this.skipTo(close < 0 ? n : close + 1);
      } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
        const eol = text.indexOf("\n", i);
        this.skipTo(eol < 0 ? n : eol);
      } else if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
        let j = i;
        while (j < n && isDigit(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) === 46) {
          j++;
          while (j < n && isDigit(text.charCodeAt(j))) j++;
        }
        const raw = text.slice(i, j);
        this.tokens.push({ kind: "number", text: raw, value: parseFloat(raw), pos: start });
        this.advance(j);
      } else if (!isDigit(c) && isNamePart(text, i, c)) {
        let j = i + 1;
        while (j < n && isNamePart(text, j, text.charCodeAt(j))) j++;
        const raw = text.slice(i, j);
        const upper = raw.length <= 3 ? raw.toUpperCase() : "";
        if (upper === "AND" || upper === "OR") this.tokens.push({ kind: "op", text: upper, pos: start });
        else this.tokens.push({ kind: "ident", text: raw, pos: start });
        this.advance(j);
      } else if (c === 39 /* ' */ || c === 34 /* " */) {
        this.quoted(ch, start);
      } else {
        this.operator(ch, c, start);
      }
    }
    this.tokens.push({ kind: "eof", text: "", pos: this.pos(n) });
  }

  private quoted(q: string, start: SourcePos): void {
    const text = this.text;
    const i = this.i;
    const close = text.indexOf(q, i + 1);
    const nl = text.indexOf("\n", i + 1);
    if (close < 0 || (nl >= 0 && nl < close)) {
      this.fail(start, "unclosed_text", { quote: q });
      this.skipTo(nl < 0 ? text.length : nl);
      return;
    }
    const content = text.slice(i + 1, close);
    this.tokens.push({ kind: q === "'" ? "string" : "quoted", text: text.slice(i, close + 1), value: content, pos: start });
    this.skipTo(close + 1);
  }

  private operator(ch: string, c: number, start: SourcePos): void {
    const next = this.text[this.i + 1];
    const two = next === undefined ? undefined : twoCharOp(ch, next);
    if (two !== undefined) {
      this.tokens.push({ kind: "op", text: two, pos: start });
      this.advance(this.i + 2);
      return;
    }
    if (ONE_CHAR_OPS.includes(ch)) {
      this.tokens.push({ kind: "op", text: ch, pos: start });
      this.advance(this.i + 1);
      return;
    }
    const ascii = FULL_WIDTH[ch];
    if (ascii !== undefined) {
      this.fail(start, "full_width", { char: ch, ascii });
      this.tokens.push({ kind: "op", text: ascii, pos: start });
      this.skipTo(this.i + 1);
      return;
    }
    const hint = HINTS[ch];
    const shown = c >= 0xd800 && c <= 0xdbff ? this.text.slice(this.i, this.i + 2) : ch;
    this.fail(start, hint ? "unexpected_char_hint" : "unexpected_char", hint ? { char: shown, hint } : { char: shown });
    this.skipTo(this.i + shown.length);
  }
}

export function tokenize(text: string): LexResult {
  const lexer = new Lexer(text);
  lexer.run();
  return { tokens: lexer.tokens, errors: lexer.errors };
}
