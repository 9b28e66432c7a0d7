/**
 * The inputs a 422 echoes are bounded (adapters/http/validation/fastapi-errors.ts,
 * validationBody): at most 2,000 values and 20,000 characters over all items. An
 * input within that comes back as sent (the same object); a longer one as its
 * first members that fit whole, a first one too large for the rest cut in turn.
 * Checked here against a count written again from that rule.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { validationBody, type ValidationItem } from "../../../../adapters/http/validation/fastapi-errors.ts";

/** Values (scalars, items, entries) and characters (strings, keys) of a JSON value. */
function size(v: unknown): { values: number; chars: number } {
  if (typeof v === "string") return { values: 1, chars: v.length };
  if (v === null || typeof v !== "object") return { values: 1, chars: 0 };
  let values = 1;
  let chars = 0;
  for (const [k, m] of Object.entries(v)) {
    const s = size(m);
    values += s.values;
    chars += s.chars + (Array.isArray(v) ? 0 : k.length);
  }
  return { values, chars };
}

/** Whether `echo` is `sent` or its members' prefix (whole members, the last possibly cut likewise; strings cut to a prefix). */
function isPrefix(echo: unknown, sent: unknown): boolean {
  if (typeof sent === "string") return typeof echo === "string" && sent.startsWith(echo);
  if (sent === null || typeof sent !== "object") return Object.is(echo, sent);
  if (echo === null || typeof echo !== "object" || Array.isArray(echo) !== Array.isArray(sent)) return false;
  const e = Object.entries(echo);
  const s = Object.entries(sent);
  if (e.length > s.length) return false;
  return e.every(([k, m], i) => k === s[i]![0] && (i < e.length - 1 ? JSON.stringify(m) === JSON.stringify(s[i]![1]) : isPrefix(m, s[i]![1])));
}

const item = (input: unknown): ValidationItem => ({ type: "value_error", loc: ["body"], msg: "x", input });

test("small inputs come back as sent, the same objects", () => {
  const inputs = [null, 1, "abc", { a: [1, 2, { b: "c" }] }, Array.from({ length: 1980 }, (_, i) => i)];
  const items = inputs.map(item);
  const body = validationBody(items);
  assert.equal(body.detail, items);
});

test("any inputs: the echo stays within 2,000 values and 20,000 characters in all, each a prefix of what was sent", () => {
  const json = fc.jsonValue({ maxDepth: 4 });
  const big = fc.oneof(
    json,
    fc.array(fc.record({ market: fc.constant("SZ"), code: fc.string({ minLength: 6, maxLength: 6 }) }), { minLength: 0, maxLength: 3000 }),
    fc.string({ maxLength: 30_000 }),
    fc.dictionary(fc.string({ maxLength: 40 }), fc.array(fc.integer(), { maxLength: 300 }), { maxKeys: 60 }),
  );
  fc.assert(
    fc.property(fc.array(big, { minLength: 1, maxLength: 3 }), (inputs) => {
      const body = validationBody(inputs.map(item));
      const total = body.detail.map((d) => size(d.input)).reduce((a, s) => ({ values: a.values + s.values, chars: a.chars + s.chars }), { values: 0, chars: 0 });
      const sent = inputs.map(size).reduce((a, s) => ({ values: a.values + s.values, chars: a.chars + s.chars }), { values: 0, chars: 0 });
      if (sent.values <= 2000 && sent.chars <= 20_000)
        assert.deepEqual(
          body.detail.map((d) => d.input),
          inputs,
          "within the bound: whole",
        );
      else {
        assert.ok(total.values <= 2000 && total.chars <= 20_000, `echo ${JSON.stringify(total)}`);
        body.detail.forEach((d, i) => assert.ok(isPrefix(d.input, inputs[i]), `item ${i} is a prefix of its input`));
      }
    }),
    { numRuns: 300, seed: 22 },
  );
});

test("records are never cut in two; a key named __proto__ stays a key; one huge string is cut", () => {
  const records = Array.from({ length: 5000 }, (_, i) => ({ date: "2024-01-02", close: i }));
  const [cut] = validationBody([item(records)]).detail;
  const echoed = cut!.input as { date: string; close: number }[];
  assert.ok(echoed.length > 100 && echoed.length < records.length);
  assert.deepEqual(echoed, records.slice(0, echoed.length), "whole records, in order");
  const proto = JSON.parse(`{"__proto__":{"x":1},"pad":"${"p".repeat(30_000)}"}`);
  const [p] = validationBody([item(proto)]).detail;
  assert.ok(Object.hasOwn(p!.input as object, "__proto__"), "an own key, not the prototype");
  assert.equal(Object.getPrototypeOf(p!.input), Object.prototype);
  const [s] = validationBody([item("s".repeat(50_000))]).detail;
  assert.equal(s!.input, "s".repeat(20_000 - 0));
});
