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
import { type Diagnostic, type SourcePos } from "./diagnostics.ts";
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

function isNameStart(ch: string, c: number): boolean {
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return NON_ASCII_NAME.test(ch) && !isDigit(c);
}

function isNamePart(ch: string, c: number): boolean {
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || isDigit(c);
  return NON_ASCII_NAME.test(ch);
}

const TWO_CHAR_OPS = new Map<string, string>([
  [":=", ":="],
  [">=", ">="],
  ["<=", "<="],
  ["<>", "<>"],
  ["==", "="],
  ["!=", "<>"],
  ["&&", "AND"],
  ["||", "OR"],
]);
const ONE_CHAR_OPS = new Set([":", ";", ",", "(", ")", "+", "-", "*", "/", ">", "<", "=", ".", "#"]);

export function tokenize(text: string): LexResult {
  const tokens: Token[] = [];
  const errors: Diagnostic[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = text.length;
  const pos = (offset: number): SourcePos => ({ line, column: offset - lineStart + 1, offset });
  const fail = (p: SourcePos, message: string) => errors.push({ line: p.line, column: p.column, message });
  /** Advances over text[from, to) keeping line bookkeeping right. */
  const skipTo = (to: number) => {
    for (; i < to; i++) {
      if (text.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    const ch = text[i]!;
    if (c === 10 || c === 32 || c === 9 || c === 13 || c === 0x3000 || c === 0xfeff || c === 11 || c === 12) {
      skipTo(i + 1);
      continue;
    }
    const start = pos(i);
    if (ch === "{") {
      const close = text.indexOf("}", i + 1);
      if (close < 0) {
        fail(start, "this { comment is never closed with }");
        skipTo(n);
      } else skipTo(close + 1);
      continue;
    }
    if (ch === "/" && text[i + 1] === "/") {
      const eol = text.indexOf("\n", i);
      skipTo(eol < 0 ? n : eol);
      continue;
    }
    if (isDigit(c) || (ch === "." && isDigit(text.charCodeAt(i + 1)))) {
      let j = i;
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      if (text[j] === "." && j + 1 <= n) {
        j++;
        while (j < n && isDigit(text.charCodeAt(j))) j++;
      }
      const raw = text.slice(i, j);
      tokens.push({ kind: "number", text: raw, value: Number(raw.endsWith(".") ? raw.slice(0, -1) : raw), pos: start });
      skipTo(j);
      continue;
    }
    if (isNameStart(ch, c)) {
      let j = i + 1;
      while (j < n && isNamePart(text[j]!, text.charCodeAt(j))) j++;
      const raw = text.slice(i, j);
      const upper = raw.toUpperCase();
      if (upper === "AND" || upper === "OR") tokens.push({ kind: "op", text: upper, pos: start });
      else tokens.push({ kind: "ident", text: raw, pos: start });
      skipTo(j);
      continue;
    }
    if (ch === "'" || ch === '"') {
      const close = text.indexOf(ch, i + 1);
      const nl = text.indexOf("\n", i + 1);
      if (close < 0 || (nl >= 0 && nl < close)) {
        fail(start, `this text starting with ${ch} is not closed with ${ch} on the same line`);
        skipTo(nl < 0 ? n : nl);
        continue;
      }
      const content = text.slice(i + 1, close);
      tokens.push({ kind: ch === "'" ? "string" : "quoted", text: text.slice(i, close + 1), value: content, pos: start });
      skipTo(close + 1);
      continue;
    }
    const two = TWO_CHAR_OPS.get(text.slice(i, i + 2));
    if (two !== undefined) {
      tokens.push({ kind: "op", text: two, pos: start });
      skipTo(i + 2);
      continue;
    }
    if (ONE_CHAR_OPS.has(ch)) {
      tokens.push({ kind: "op", text: ch, pos: start });
      skipTo(i + 1);
      continue;
    }
    const ascii = FULL_WIDTH[ch];
    if (ascii !== undefined) {
      fail(start, `full-width '${ch}' is not allowed; type '${ascii}' instead`);
      tokens.push({ kind: "op", text: ascii, pos: start });
      skipTo(i + 1);
      continue;
    }
    const hint = HINTS[ch];
    const shown = c >= 0xd800 && c <= 0xdbff ? text.slice(i, i + 2) : ch;
    fail(start, `unexpected character '${shown}'${hint ? `: ${hint}` : ""}`);
    skipTo(i + shown.length);
  }
  tokens.push({ kind: "eof", text: "", pos: pos(n) });
  return { tokens, errors };
}
