/**
 * Source positions and messages shared by the lexer, parser and compiler.
 * Lines and columns are 1-based, as an editor shows them, so a message can be
 * pasted back next to the formula and point at the right character. Each
 * message has a code and values (formula-messages.ts) for clients in other languages.
 */
import { fillTemplate, type TemplateParams } from "../text/index.ts";
import { FORMULA_MESSAGES, type FormulaMessageCode } from "./formula-messages.ts";
export interface SourcePos {
  readonly line: number;
  readonly column: number;
  /** 0-based index into the text (UTF-16 units). */
  readonly offset: number;
}

export interface Diagnostic {
  readonly line: number;
  readonly column: number;
  /** The English text, filled from FORMULA_MESSAGES[code]. */
  readonly message: string;
  readonly code: FormulaMessageCode;
  readonly params: TemplateParams;
}

export function diagnostic(pos: Pick<SourcePos, "line" | "column">, code: FormulaMessageCode, params: TemplateParams = {}): Diagnostic {
  return { line: pos.line, column: pos.column, message: fillTemplate(FORMULA_MESSAGES[code], params), code, params };
}

/** `line 2, column 7: message`, the one-line form used in `error` strings. */
export function formatDiagnostic(d: Diagnostic): string {
  return `line ${d.line}, column ${d.column}: ${d.message}`;
}
