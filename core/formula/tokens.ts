import type { SourcePos } from "./diagnostics.ts";

/**
 * Token shapes. `AND`/`OR` arrive as operator tokens whatever their letter case
 * or spelling (`&&`, `||`), so the parser never looks at identifier text for them.
 */
export type TokenKind = "number" | "ident" | "string" | "quoted" | "op" | "eof";

export interface Token {
  readonly kind: TokenKind;
  /** Source text; for `op` the canonical operator (`AND`, `=`, `<>` ...). */
  readonly text: string;
  /** Numeric value of a `number`, the content of a `string` / `quoted`. */
  readonly value?: number | string;
  readonly pos: SourcePos;
}

/** Printable description of a token for "found ..." in messages. */
export function describeToken(t: Token): string {
  switch (t.kind) {
    case "eof":
      return "the end of the formula";
    case "string":
      return `the text '${t.value}'`;
    case "quoted":
      return `"${t.value}"`;
    default:
      return `'${t.text}'`;
  }
}
