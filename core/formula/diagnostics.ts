/**
 * Source positions and messages shared by the lexer, parser and compiler.
 * Lines and columns are 1-based, as an editor shows them, so a message can be
 * pasted back next to the formula and point at the right character.
 */
export interface SourcePos {
  readonly line: number;
  readonly column: number;
  /** 0-based index into the text (UTF-16 units). */
  readonly offset: number;
}

export interface Diagnostic {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export function diagnostic(pos: SourcePos, message: string): Diagnostic {
  return { line: pos.line, column: pos.column, message };
}

/** `line 2, column 7: message`, the one-line form used in `error` strings. */
export function formatDiagnostic(d: Diagnostic): string {
  return `line ${d.line}, column ${d.column}: ${d.message}`;
}
