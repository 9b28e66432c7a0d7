import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { JsonWriter, recycle } from "../../../adapters/http/frames/json-writer.ts";

const text = (x: number) => new TextDecoder().decode(new JsonWriter().number(x).finish());

test("numbers are written exactly as JSON.stringify writes them (fast path and fallback)", () => {
  const short = fc.oneof(
    fc.integer({ min: -1e15, max: 1e15 }).map((k) => k / 1e6),
    fc.integer({ min: -1e12, max: 1e12 }).map((k) => k / 1e4),
    fc.integer({ min: -1e9, max: 1e9 }).map((k) => k / 100),
  );
  fc.assert(
    fc.property(fc.oneof(fc.double(), short, fc.constantFrom(-0, 0.1 + 0.2, 1e21, 5e-324, 999999999.999999, 1e15 / 1e6)), (x) => {
      assert.equal(text(x), Number.isFinite(x) ? JSON.stringify(x) : "null");
    }),
    { numRuns: 20_000 },
  );
});

test("strings and values are escaped; the buffer grows", () => {
  const w = new JsonWriter();
  for (let i = 0; i < 20_000; i++) w.string('a"b\\c\n中');
  const out = new TextDecoder().decode(w.finish());
  assert.equal(out, JSON.stringify('a"b\\c\n中').repeat(20_000));
});

test("a finished text keeps its bytes while the next writers reuse the buffer; writing after finish throws", () => {
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  const values = Array.from({ length: 50 }, (_, k) => ({ k, s: `row ${k}`, x: k / 7 }));
  const first = new JsonWriter(16);
  for (const v of values) first.value(v);
  const done = first.finish();
  assert.throws(() => first.ascii("more"), /after finish/);
  // The next writers get the finished writer's buffer and overwrite it with other text.
  const later = Array.from({ length: 3 }, (_, j) => decode(new JsonWriter(16).ascii("z".repeat(4000 + j)).finish()));
  assert.equal(decode(done), values.map((v) => JSON.stringify(v)).join(""), "the first text is intact");
  assert.deepEqual(
    later,
    [0, 1, 2].map((j) => "z".repeat(4000 + j)),
  );
});

test("a text whose buffer is not kept for the next writer (past 4 MiB, or no larger than the spare) is not overwritten by later writers", () => {
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  const big = "a".repeat(5 * 1024 * 1024);
  const done = new JsonWriter(big.length).ascii(big).finish();
  // a small buffer no larger than the spare left by a kept one: not kept either
  const kept = new JsonWriter(1 << 20).ascii("k".repeat(600_000)).finish();
  const small = new JsonWriter(1 << 16).ascii("s".repeat(40_000)).finish();
  const later = [1 << 16, 1 << 20, 5 * 1024 * 1024].map((size) => decode(new JsonWriter(size).ascii("z".repeat(size)).finish()));
  assert.equal(decode(done), big);
  assert.equal(decode(kept), "k".repeat(600_000));
  assert.equal(decode(small), "s".repeat(40_000));
  assert.deepEqual(
    later.map((t) => t.length),
    [1 << 16, 1 << 20, 5 * 1024 * 1024],
  );
});

test("any string is written as JSON.stringify writes it (escapes, UTF-8, lone surrogates)", () => {
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  fc.assert(
    fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme-ascii" }), fc.constantFrom("\u007f", "\u0080", "\ud800", '"', "\\", "\u001f")), (s) => {
      assert.equal(decode(new JsonWriter(8).ascii("[").string(s).ascii("]").finish()), JSON.stringify([s]));
    }),
    { numRuns: 20_000 },
  );
});

test("a recycled large text's buffer is written by the next large writer; recycling it twice, or a copied text, gives nothing more", () => {
  const size = 5 * 1024 * 1024;
  const first = new JsonWriter(size).ascii("a".repeat(size - 10)).finish();
  recycle(first);
  recycle(first); // a no-op: the buffer is given back once
  const second = new JsonWriter(size).ascii("b".repeat(size - 20)).finish();
  assert.equal(second.buffer, first.buffer, "the next large writer took the recycled buffer");
  assert.equal(first[0], 98, "so the recycled text was written over");
  const third = new JsonWriter(size).ascii("c".repeat(size - 30)).finish();
  assert.notEqual(third.buffer, first.buffer, "the buffer was not handed to two writers");
  assert.equal(second[0], 98, "the second text is intact");
  // a small text is a copy: recycling it leaves the large writers' buffers alone
  const small = new JsonWriter(1 << 10).ascii("s".repeat(100)).finish();
  recycle(small);
  const fourth = new JsonWriter(size).ascii("d".repeat(size - 40)).finish();
  assert.notEqual(fourth.buffer, small.buffer);
  assert.equal(third[0], 99, "a text not recycled is never written over");
});
