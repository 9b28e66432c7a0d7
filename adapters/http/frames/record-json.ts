/**
 * A JSON array of flat records (`[{"a":1,"b":"x"},…]`) written into a
 * {@link JsonWriter} as `JSON.stringify` writes it, without building its
 * text first: a backtest's trade list (hundreds of rows) stringified, then
 * encoded into the answer, cost more than all its other non-bar fields, as
 * V8's stringifier returns a rope that has to be flattened before encoding.
 * Keys are encoded once; numbers take the writer's fast path. Rows that do not
 * all have the same keys in the same order, or whose values JSON.stringify
 * would treat specially (undefined, functions and symbols are left out;
 * `toJSON` is called), are written by JSON.stringify itself: the text written
 * up to the first such row is taken back. Each row is read once, by `for…in`
 * (V8 reads `row[key]` there from the enumeration's cache): listing every
 * row's keys and values first made two arrays per row.
 */
import { keyFragment, type JsonWriter } from "./json-writer.ts";

/** Writes `rows` as the JSON array JSON.stringify would write. */
export function writeRecords(w: JsonWriter, rows: readonly object[]): void {
  const start = w.length;
  if (!writeUniform(w, rows)) w.commit(start).value(rows);
}

/** A record JSON writes key by key (no array, no `toJSON`). */
const plainRecord = (row: object) => row !== null && typeof row === "object" && !Array.isArray(row) && typeof (row as { toJSON?: unknown }).toJSON !== "function";

/** Writes the rows when every one is a plain record with the first one's keys, in order, and values JSON writes as they are; false (part written) when not. */
function writeUniform(w: JsonWriter, rows: readonly object[]): boolean {
  const keys = rows.length === 0 ? [] : Object.keys(rows[0]!);
  const width = keys.length;
  const fragments = keys.map(keyFragment);
  w.byte(91);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (!plainRecord(row)) return false;
    if (i > 0) w.byte(44);
    if (width === 0) w.byte(123);
    let k = 0;
    // an inherited enumerable key (for…in lists them, JSON does not) is one more than Object.keys listed
    for (const key in row) {
      if (k === width || key !== keys[k]) return false;
      const v = (row as Record<string, unknown>)[key];
      const t = typeof v;
      if (t === "undefined" || t === "function" || t === "symbol" || t === "bigint") return false;
      w.fragment(fragments[k++]!);
      if (t === "number") w.number(v as number);
      else if (t === "string") w.string(v as string);
      else if (v === null) w.ascii("null");
      else if (t === "boolean") w.ascii(v ? "true" : "false");
      else w.value(v);
    }
    if (k !== width) return false;
    w.byte(125);
  }
  w.byte(93);
  return true;
}
