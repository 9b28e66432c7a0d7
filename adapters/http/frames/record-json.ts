/**
 * A JSON array of flat records (`[{"a":1,"b":"x"},…]`) written into a
 * {@link JsonWriter} as `JSON.stringify` writes it, without building its
 * text first: a backtest's trade list (hundreds of rows) stringified, then
 * encoded into the answer, cost more than all its other non-bar fields, as
 * V8's stringifier returns a rope that has to be flattened before encoding.
 * Keys are encoded once; numbers take the writer's fast path. Rows that do not
 * all have the same keys in the same order, or whose values JSON.stringify
 * would treat specially (undefined, functions and symbols are left out;
 * `toJSON` is called), are written by JSON.stringify itself.
 */
import { keyFragment, type JsonWriter } from "./json-writer.ts";

/** Writes `rows` as the JSON array JSON.stringify would write. */
export function writeRecords(w: JsonWriter, rows: readonly object[]): void {
  const uniform = uniformRecords(rows);
  if (!uniform) {
    w.value(rows);
    return;
  }
  const { keys, values } = uniform;
  const width = keys.length;
  const fragments = keys.map(keyFragment);
  w.byte(91);
  for (let i = 0, at = 0; i < rows.length; i++) {
    if (i > 0) w.byte(44);
    if (width === 0) w.byte(123);
    for (let k = 0; k < width; k++, at++) {
      w.fragment(fragments[k]!);
      const v = values[at];
      if (typeof v === "number") w.number(v);
      else if (typeof v === "string") w.string(v);
      else if (v === null) w.ascii("null");
      else if (typeof v === "boolean") w.ascii(v ? "true" : "false");
      else w.value(v);
    }
    w.byte(125);
  }
  w.byte(93);
}

/**
 * The keys every row has, in order, and all rows' values row after row; null
 * when the rows are not such uniform plain records.
 */
function uniformRecords(rows: readonly object[]): { keys: readonly string[]; values: unknown[] } | null {
  const keys = rows.length === 0 ? [] : Object.keys(rows[0]!);
  const values: unknown[] = [];
  for (const row of rows) {
    if (row === null || typeof row !== "object" || Array.isArray(row) || typeof (row as { toJSON?: unknown }).toJSON === "function") return null;
    const own = Object.keys(row);
    if (own.length !== keys.length) return null;
    for (let k = 0; k < own.length; k++) if (own[k] !== keys[k]) return null;
    for (const v of Object.values(row)) {
      const t = typeof v;
      if (t === "undefined" || t === "function" || t === "symbol" || t === "bigint") return null;
      values.push(v);
    }
  }
  return { keys, values };
}
