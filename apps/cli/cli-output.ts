/**
 * What a command prints and how (easy_tdx's three formats): JSON lines by
 * default (one object per row, for agents and `jq`), `--table` an aligned table
 * (display-width aware, numbers right-aligned) and `--output csv` (csv-stringify,
 * header row first). A result is rows with their columns, or one record; a
 * command may also give its own table text (chan's summary).
 */
import { stringify } from "csv-stringify/sync";
import { displayWidth, pad } from "./cli-width.ts";

export type Row = Record<string, unknown>;

export type Output =
  | { readonly kind: "rows"; readonly columns: readonly string[]; readonly rows: readonly Row[]; readonly tableText?: string }
  | { readonly kind: "record"; readonly value: Row; readonly tableText?: string }
  | { readonly kind: "none" };

export type Format = "json" | "table" | "csv";

/** Rows of a `{count, columns, data}` frame or any array of objects, with their columns in order. */
export function rowsOf(rows: readonly Row[], columns?: readonly string[]): Output {
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return { kind: "rows", columns: cols, rows };
}

export function recordOf(value: Row): Output {
  return { kind: "record", value };
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

function table(columns: readonly string[], rows: readonly Row[]): string {
  const text = rows.map((r) => columns.map((c) => cell(r[c])));
  const numeric = columns.map((c) => rows.every((r) => r[c] === null || r[c] === undefined || typeof r[c] === "number"));
  const widths = columns.map((c, i) => Math.max(displayWidth(c), ...text.map((t) => displayWidth(t[i]!))));
  const line = (cells: readonly string[]) =>
    cells
      .map((t, i) => pad(t, widths[i]!, numeric[i] ? "right" : "left"))
      .join("  ")
      .trimEnd();
  return `${[line(columns), widths.map((w) => "-".repeat(w)).join("  "), ...text.map(line)].join("\n")}\n`;
}

/** The text `output` prints in `format`. */
export function render(output: Output, format: Format): string {
  if (output.kind === "none") return "";
  if (format === "table" && output.tableText !== undefined) return output.tableText;
  const columns = output.kind === "rows" ? output.columns : Object.keys(output.value);
  const rows = output.kind === "rows" ? output.rows : [output.value];
  if (columns.length === 0) return "";
  switch (format) {
    case "json":
      return rows.map((r) => `${JSON.stringify(r)}\n`).join("");
    case "csv":
      return stringify(
        rows.map((r) => columns.map((c) => cell(r[c]))),
        { header: true, columns: [...columns] },
      );
    case "table":
      return output.kind === "record"
        ? table(
            ["field", "value"],
            columns.map((c) => ({ field: c, value: output.value[c] })),
          )
        : table(columns, rows);
  }
}
