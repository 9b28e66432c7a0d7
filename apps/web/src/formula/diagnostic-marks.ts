/**
 * Where the checker's diagnostics fall in the formula text, as segments the
 * editor's backdrop paints: each diagnostic marks the word starting at its
 * line/column (a single character otherwise, a visible blank at the very end).
 */

export interface Diagnostic {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly severity: "error" | "warning";
}

export interface Segment {
  readonly text: string;
  readonly severity?: "error" | "warning";
  readonly message?: string;
  /** A blank drawn where the span is empty (end of a line or of the text); not part of the text. */
  readonly synthetic?: boolean;
}

/** 0-based offset of a 1-based line/column, clamped to the text. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  const eol = text.indexOf("\n", offset);
  const end = eol < 0 ? text.length : eol;
  return Math.min(offset + Math.max(column - 1, 0), end);
}

const WORD = /[\p{L}\p{N}_.]/u;

export function markSegments(text: string, diagnostics: readonly Diagnostic[]): Segment[] {
  const spans = diagnostics
    .map((d) => {
      const from = offsetOf(text, d.line, d.column);
      let to = from;
      while (to < text.length && WORD.test(text[to]!)) to++;
      if (to === from && from < text.length && text[from] !== "\n") to = from + 1;
      return { from, to, d };
    })
    .sort((a, b) => a.from - b.from || (a.d.severity === "error" ? -1 : 1));
  const out: Segment[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.from < at) continue; // overlapping: the first (errors first) wins
    if (s.from > at) out.push({ text: text.slice(at, s.from) });
    // An empty span (end of line or text) is drawn as one marked blank.
    if (s.to > s.from) out.push({ text: text.slice(s.from, s.to), severity: s.d.severity, message: s.d.message });
    else out.push({ text: " ", severity: s.d.severity, message: s.d.message, synthetic: true });
    at = s.to;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}
