/**
 * Row-shaped JSON written from columns, and the writer's number fast path with
 * up to eight decimals: always the text JSON.stringify writes for the rows.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { JsonWriter, encodeFragment, putEarlier, putFragment } from "../../../adapters/http/frames/json-writer.ts";
import { any, dataFrameJson, num, plain, str, type Column } from "../../../adapters/http/frames/data-frame.ts";
import { PlainText, rowsBound, writeRows } from "../../../adapters/http/frames/row-json.ts";

const decoder = new TextDecoder();
const numberText = (x: number) => decoder.decode(new JsonWriter().number(x).finish());

/** The rows as objects, as a route would have built them (NaN and ±Infinity → null). */
function rowObjects(columns: readonly Column[], n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const o: Record<string, unknown> = {};
    for (const c of columns) {
      if ("num" in c) o[c.name] = Number.isFinite(c.num[i]) ? c.num[i] : null;
      else if ("plain" in c) o[c.name] = (c.plain as ArrayLike<string>)[i];
      else if ("str" in c) o[c.name] = c.str[i];
      else o[c.name] = c.any[i] ?? null;
    }
    return o;
  });
}

const rowsText = (columns: readonly Column[], n: number, w = new JsonWriter(16)) => {
  writeRows(w, columns, n);
  return decoder.decode(w.finish());
};

test("numbers of up to eight decimals, on both sides of every fast-path bound, read as JSON.stringify writes them", () => {
  const scaled = (scale: number, max: number) => fc.integer({ min: -max, max }).map((k) => k / scale);
  const arb = fc.oneof(
    scaled(1e8, 1e15),
    scaled(1e8, 1e9),
    scaled(1e8, 1000),
    scaled(1e6, 1e15),
    scaled(1e7, 1e15),
    scaled(1e9, 1e15),
    fc.integer({ min: -1e16, max: 1e16 }),
    fc.double({ min: 9e6, max: 1.1e7 }),
    fc.double({ min: 1e-7, max: 2e-6 }),
    fc.double(),
    fc.constantFrom(
      -0.0000012345678901234567,
      -0.0000011920712332012217,
      1e7,
      1e7 - 1e-8,
      1e7 + 1e-6,
      1e-6,
      9.9e-7,
      1e-8,
      -1e-6,
      1e15,
      1e15 - 1,
      999999999.999999,
      1e9,
      4294967296.5,
      2 ** 53,
      0.1 + 0.2,
      -0,
      5e-324,
    ),
  );
  fc.assert(
    fc.property(arb, (x) => assert.equal(numberText(x), Number.isFinite(x) ? JSON.stringify(x) : "null")),
    { numRuns: 50_000 },
  );
});

test("fragments and earlier bytes are copied exactly, whatever their length", () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.integer({ min: 32, max: 126 }).map((c) => String.fromCharCode(c)), maxLength: 80 }), fc.nat(7), (s, at) => {
      const buf = new Uint8Array(at + 2 * s.length + 8);
      const view = new DataView(buf.buffer);
      const end = putFragment(view, buf, at, encodeFragment(s));
      assert.equal(end, at + s.length);
      assert.equal(putEarlier(view, buf, end, at, end), end + s.length);
      assert.equal(decoder.decode(buf.subarray(at, end + s.length)), s + s);
    }),
  );
});

/** A table whose number columns often repeat the row above (flat equity, closed positions), with gaps. */
/** Bar times (whole milliseconds): mostly four-digit years, some before 1000 or after 9999 (Date's other spellings), Date's whole range. */
const barTime = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }) },
  { weight: 1, arbitrary: fc.integer({ min: -8.64e15, max: 8.64e15 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, Date.UTC(999, 11, 31, 23, 59, 59), Date.UTC(10_000, 0, 1), Date.UTC(2000, 1, 29, 9, 30), -8.64e15, 8.64e15) },
);

const value8 = fc.integer({ min: -1e12, max: 1e12 }).map((k) => k / 1e4);

const tableArb = fc.integer({ min: 0, max: 60 }).chain((n) => {
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: -1e8, max: 1e12 }).map((k) => k / 10_000) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.constantFrom(0, -0, NaN, Infinity, 1e-9, 123_456_789.123456) },
  );
  const numbers = fc.array(fc.tuple(value, fc.boolean()), { minLength: n, maxLength: n }).map((cells) => {
    const out = new Float64Array(n);
    cells.forEach(([x, repeat], i) => (out[i] = repeat && i > 0 ? out[i - 1]! : x));
    return out;
  });
  const name = fc.constantFrom("cash", "total", "drawdown_pct", 'a"b', "价格", "");
  const column = fc.oneof(
    // number columns are typed arrays, or plain arrays (the writer reads both as doubles)
    { weight: 4, arbitrary: fc.tuple(name, numbers, fc.boolean()).map(([k, v, typed]) => num(k, typed ? v : Array.from(v))) },
    {
      weight: 1,
      arbitrary: fc.tuple(name, fc.array(fc.string({ unit: fc.constantFrom("2", "0", "-", ":", " ", "T", "价", "é", "😀") }), { minLength: n, maxLength: n })).map(([k, v]) => plain(k, v)),
    },
    { weight: 1, arbitrary: fc.tuple(name, fc.array(fc.option(fc.string(), { nil: null }), { minLength: n, maxLength: n })).map(([k, v]) => str(k, v)) },
    { weight: 1, arbitrary: fc.tuple(name, fc.array(fc.jsonValue(), { minLength: n, maxLength: n })).map(([k, v]) => any(k, v)) },
  );
  return fc.tuple(fc.constant(n), fc.uniqueArray(column, { maxLength: 7, selector: (c) => c.name }));
});

test("property: writeRows writes JSON.stringify of the row objects, and a data frame around them", () => {
  fc.assert(
    fc.property(tableArb, ([n, columns]) => {
      assert.equal(rowsText(columns, n), JSON.stringify(rowObjects(columns, n)));
      const frame = decoder.decode(dataFrameJson(columns, n, { adjust: "qfq" }));
      assert.equal(frame, JSON.stringify({ count: n, columns: columns.map((c) => c.name), data: rowObjects(columns, n), adjust: "qfq" }));
    }),
    { numRuns: 1500 },
  );
});

test("property: tables of numbers and plain strings fit the bound given for them", () => {
  fc.assert(
    fc.property(tableArb, ([n, columns]) => {
      const flat = columns.filter((c) => "num" in c || "plain" in c);
      assert.ok(rowsText(flat, n).length <= rowsBound(flat, n), "rowsText(flat, n).length <= rowsBound(flat, n)");
    }),
    { numRuns: 500 },
  );
});

test("rows written after other text, with the buffer growing mid-table", () => {
  const n = 5000;
  const total = Float64Array.from({ length: n }, (_, i) => (i % 7 < 3 ? 1_000_000 : 1_000_000 + i * 0.0137));
  const columns = [
    plain(
      "datetime",
      Array.from({ length: n }, (_, i) => `2024-01-${String(1 + (i % 28)).padStart(2, "0")}T00:00:00`),
    ),
    num("total", total),
    str(
      "note",
      Array.from({ length: n }, (_, i) => (i % 3 ? null : `"${i}"`)),
    ),
  ];
  const w = new JsonWriter(16).ascii('{"rows":');
  writeRows(w, columns, n);
  const text = decoder.decode(w.byte(125).finish());
  assert.equal(text, JSON.stringify({ rows: rowObjects(columns, n) }));
});

test("property: bar times written as bytes (PlainText.ofIsoTimes) read as Date's ISO text to the second, within the bound", () => {
  fc.assert(
    fc.property(fc.array(barTime, { maxLength: 40 }), fc.array(value8, { maxLength: 40 }), (times, values) => {
      const n = Math.min(times.length, values.length);
      const text = PlainText.ofIsoTimes(Float64Array.from(times), n);
      const columns = [plain("datetime", text), num("total", Float64Array.from(values))];
      const rows = Array.from({ length: n }, (_, i) => ({ datetime: new Date(times[i]!).toISOString().slice(0, 19), total: values[i] }));
      const written = rowsText(columns, n);
      assert.equal(written, JSON.stringify(rows));
      assert.ok(written.length <= rowsBound(columns, n), "written.length <= rowsBound(columns, n)");
    }),
    { numRuns: 1000 },
  );
});

test("property: long number columns, their slow-path numbers formatted a batch at a time, read as JSON.stringify writes them", () => {
  // slow numbers (the engine's shortest form), fast ones, repeats (copied, not formatted) and NaN, over several 512-number batches
  const cell = fc.oneof(
    { weight: 6, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => ({ x, repeat: false })) },
    { weight: 2, arbitrary: fc.integer({ min: -1e8, max: 1e8 }).map((k) => ({ x: k / 100, repeat: false })) },
    { weight: 2, arbitrary: fc.constant({ x: 0, repeat: true }) },
    { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -0, 1e21, 5e-324).map((x) => ({ x, repeat: false })) },
  );
  const column = fc.integer({ min: 1200, max: 2600 }).chain((n) => fc.array(cell, { minLength: n, maxLength: n }));
  fc.assert(
    fc.property(fc.array(column, { minLength: 1, maxLength: 3 }), (cols) => {
      const n = Math.min(...cols.map((c) => c.length));
      const columns = cols.map((cells, k) => {
        const out = new Float64Array(n);
        for (let i = 0; i < n; i++) out[i] = cells[i]!.repeat && i > 0 ? out[i - 1]! : cells[i]!.x;
        return num(`c${k}`, out);
      });
      assert.equal(rowsText(columns, n), JSON.stringify(rowObjects(columns, n)));
    }),
    { numRuns: 40 },
  );
});
