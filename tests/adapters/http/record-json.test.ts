/** Arrays of flat records written by writeRecords are, byte for byte, what JSON.stringify writes; odd rows fall back to it. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { JsonWriter } from "../../../adapters/http/frames/json-writer.ts";
import { writeRecords } from "../../../adapters/http/frames/record-json.ts";

const decoder = new TextDecoder();
const written = (rows: readonly object[]) => {
  const w = new JsonWriter(16);
  writeRecords(w, rows);
  return decoder.decode(w.finish());
};

/** Keys including ones that need escaping, non-ASCII ones and integer-like ones (which objects list first). */
const keyArb = fc.oneof(fc.constantFrom("datetime", 'a"b', "k\\", "中文", "1", "0", "10", "__proto__x", ""), fc.string({ maxLength: 6 }));
/** Values JSON writes as they are, with the writer's fast and slow paths: short decimals, any double, strings with escapes and lone surrogates. */
const valueArb = fc.oneof(
  fc.integer({ min: -1e9, max: 1e9 }).map((k) => k / 100),
  fc.double(),
  fc.constantFrom(-0, NaN, Infinity, 1e21, 5e-324, 0.1 + 0.2),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.string({ unit: "grapheme-ascii", maxLength: 20 }),
  fc.constantFrom("\u2028", "\ud800", "a\udc00b", "\u007f", "\u001f", "</script>"),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

test("uniform records: the text JSON.stringify writes", () => {
  fc.assert(
    fc.property(fc.uniqueArray(keyArb, { maxLength: 8 }), fc.integer({ min: 0, max: 30 }), fc.infiniteStream(valueArb), (keys, n, values) => {
      const rows = Array.from({ length: n }, () => Object.fromEntries(keys.map((k) => [k, values.next().value])));
      assert.equal(written(rows), JSON.stringify(rows));
    }),
    { numRuns: 3000 },
  );
});

test("rows that differ in keys or order, or hold values JSON.stringify treats specially, are written as it writes them", () => {
  const odd = fc.oneof(
    fc.dictionary(
      keyArb,
      fc.oneof(
        valueArb,
        fc.constant(undefined),
        fc.constant(() => 1),
        fc.constant(Symbol("s")),
      ),
      { maxKeys: 5 },
    ),
    fc.array(valueArb, { maxLength: 3 }),
    fc.constant({ toJSON: () => ({ replaced: true }) }),
    fc.constant(Object.assign(Object.create({ inherited: 1 }), { own: 2 })),
    fc.constant(new Date(Date.UTC(2024, 0, 2))),
  );
  fc.assert(
    fc.property(fc.array(odd, { maxLength: 6 }), (rows) => {
      assert.equal(written(rows), JSON.stringify(rows));
    }),
    { numRuns: 3000 },
  );
  // the same keys in another order: JSON.stringify keeps each row's own order
  const swapped = [
    { a: 1, b: 2 },
    { b: 3, a: 4 },
  ];
  assert.equal(written(swapped), '[{"a":1,"b":2},{"b":3,"a":4}]');
});

test("rows with fewer, more or other keys than the first, at any row, are written as JSON.stringify writes them", () => {
  // every row a plain record of writable values, so only the keys tell them apart
  const row = fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { maxLength: 4 }).map((keys) => Object.fromEntries(keys.map((k, i) => [k, i / 4])));
  fc.assert(
    fc.property(fc.array(row, { maxLength: 6 }), (rows) => {
      assert.equal(written(rows), JSON.stringify(rows));
    }),
    { numRuns: 2000 },
  );
  assert.equal(written([{ a: 1, b: 2 }, {}]), '[{"a":1,"b":2},{}]');
  assert.equal(written([{ a: 1 }, { a: 2, b: 3 }]), '[{"a":1},{"a":2,"b":3}]');
  // text written before a row that is not uniform is taken back: nothing is left of it
  const w = new JsonWriter(16).ascii("[1,");
  writeRecords(w, [{ a: 1 }, { a: 2 }, { b: 3 }]);
  assert.equal(decoder.decode(w.byte(93).finish()), '[1,[{"a":1},{"a":2},{"b":3}]]');
});

test("records written between other text leave it intact, and a large list grows the writer", () => {
  const rows = Array.from({ length: 5000 }, (_, i) => ({ i, name: `row ${i}`, ok: i % 2 === 0, x: i / 7, none: null }));
  const w = new JsonWriter(16).ascii('{"before":1,"rows":');
  writeRecords(w, rows);
  const text = decoder.decode(w.ascii(',"after":2}').finish());
  assert.equal(text, JSON.stringify({ before: 1, rows, after: 2 }));
});
