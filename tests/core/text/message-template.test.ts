/**
 * Templates with `{name}` placeholders (core/text/message-template.ts), against the rules written
 * again here without regular expressions: a placeholder is `{`, one or more word characters (ASCII
 * letters, digits, `_`), `}`, taken left to right; every other character is literal. Filling puts
 * each named value in place and leaves a placeholder without a value as written. Matching reads a
 * text back: the whole text, literal parts verbatim (regex characters, braces and line breaks
 * included), each value at least one character, shortest first from the left (the first value as
 * short as the rest allows, then the second, …). A table's match is its first template, in key
 * order, that matches.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { fillTemplate, matchTable, matchTemplate } from "../../../core/text/message-template.ts";

const isWord = (c: string) => /^[A-Za-z0-9_]$/.test(c);

/** A template as literal parts and names: `literals[0] names[0] literals[1] … literals[k]`. */
function parse(template: string): { literals: string[]; names: string[] } {
  const literals = [""];
  const names: string[] = [];
  let i = 0;
  while (i < template.length) {
    if (template[i] === "{") {
      let j = i + 1;
      while (j < template.length && isWord(template[j]!)) j++;
      if (j > i + 1 && template[j] === "}") {
        names.push(template.slice(i + 1, j));
        literals.push("");
        i = j + 1;
        continue;
      }
    }
    literals.push(`${literals.pop()!}${template[i]!}`);
    i++;
  }
  return { literals, names };
}

function fillModel(template: string, params: Record<string, string | number>): string {
  const { literals, names } = parse(template);
  let out = literals[0]!;
  names.forEach((n, k) => {
    out += (Object.hasOwn(params, n) ? String(params[n]) : `{${n}}`) + literals[k + 1]!;
  });
  return out;
}

/** The values read back, shortest first from the left, or null. */
function matchModel(template: string, text: string): Record<string, string> | null {
  const { literals, names } = parse(template);
  const values: string[] = [];
  const from = (k: number, at: number): boolean => {
    // literals[k] must come next; then either the end (after the last literal) or value k
    if (!text.startsWith(literals[k]!, at)) return false;
    const pos = at + literals[k]!.length;
    if (k === names.length) return pos === text.length;
    for (let end = pos + 1; end <= text.length; end++) {
      values[k] = text.slice(pos, end);
      if (from(k + 1, end)) return true;
    }
    return false;
  };
  if (!from(0, 0)) return null;
  const out: Record<string, string> = {};
  names.forEach((n, k) => {
    out[n] = values[k]!;
  });
  return out;
}

// regex characters, braces, word characters of placeholder names, a line break, non-ASCII
const CHARS = ["{", "}", "a", "b", "_", "1", ".", "*", "+", "?", "^", "$", "(", ")", "|", "[", "]", "\\", "-", " ", "\n", "é", "寻"];
const NAMES = ["a", "b", "x1", "n_2", "strategy"];
/** Templates with placeholders of distinct names between random literal text. */
const template = fc
  .tuple(fc.array(fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 5 }), { minLength: 1, maxLength: 4 }), fc.shuffledSubarray(NAMES))
  .map(([parts, names]) => parts.map((p, k) => (k > 0 && names[k - 1] ? `{${names[k - 1]}}` : "") + p).join(""));
const value = fc.string({ unit: fc.constantFrom(...CHARS, "a", "b"), minLength: 1, maxLength: 4 });

test("the model reads placeholders as the header says (hand-worked cases)", () => {
  assert.deepEqual(parse("{a}{}{ b}{é}{{x_1}}"), { literals: ["", "{}{ b}{é}{", "}"], names: ["a", "x_1"] });
  assert.deepEqual(matchModel("{a}-{b}", "1-2-3"), { a: "1", b: "2-3" }, "the first value as short as possible");
});

test("filling puts each value in its placeholders and leaves the others as written", () => {
  fc.assert(
    fc.property(template, fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(value, fc.integer({ min: -99, max: 999 }))), (t, params) => {
      assert.equal(fillTemplate(t, params), fillModel(t, params));
    }),
    { seed: 2311, numRuns: 800 },
  );
  assert.equal(fillTemplate("{n}只 × {n}", { n: 3 }), "3只 × 3", "a number as text, every occurrence");
  assert.equal(fillTemplate("{a} {b} {} {a b}", { a: "x" }), "x {b} {} {a b}", "missing and malformed placeholders stay");
  assert.equal(fillTemplate("{a}", { a: "{b}", b: "y" }), "{b}", "a value is not filled again");
});

test("a filled text is read back, shortest values first; other texts are not", () => {
  fc.assert(
    fc.property(template, fc.array(value, { minLength: 5, maxLength: 5 }), fc.nat(), fc.constantFrom(...CHARS), (t, vs, at, c) => {
      const params = Object.fromEntries(NAMES.map((n, k) => [n, vs[k]!]));
      const text = fillTemplate(t, params);
      assert.deepEqual(matchTemplate(t, text), matchModel(t, text), `filled: ${JSON.stringify(text)}`);
      // one character changed, dropped or added: a text the template may no longer give
      const k = text.length === 0 ? 0 : at % text.length;
      for (const other of [text.slice(0, k) + c + text.slice(k + 1), text.slice(0, k) + text.slice(k + 1), text.slice(0, k) + c + text.slice(k)]) {
        assert.deepEqual(matchTemplate(t, other), matchModel(t, other), `changed: ${JSON.stringify(other)}`);
      }
    }),
    { seed: 2312, numRuns: 1000 },
  );
  assert.deepEqual(matchTemplate("{a}.{b}", "1.5.2"), { a: "1", b: "5.2" }, "a dot is a dot");
  assert.equal(matchTemplate("{a}.{b}", "1x5"), null, "a dot is no wildcard");
  assert.deepEqual(matchTemplate("a\n{x}", "a\nb\nc"), { x: "b\nc" }, "values span lines");
  assert.equal(matchTemplate("({a})", "()"), null, "a value is never empty");
  assert.equal(matchTemplate("done", "done but more"), null, "the whole text");
  assert.equal(matchTemplate("done", "not done"), null, "from the start");
  assert.deepEqual(matchTemplate("done", "done"), {}, "no placeholder: no value");
});

test("a table's match is its first matching template, with its values", () => {
  const table = fc.dictionary(fc.string({ unit: fc.constantFrom("p", "q", "r"), minLength: 1, maxLength: 2 }), template, { minKeys: 1, maxKeys: 4 });
  fc.assert(
    fc.property(table, fc.nat(), fc.array(value, { minLength: 5, maxLength: 5 }), (tb, pick, vs) => {
      const codes = Object.keys(tb);
      const text = fillTemplate(tb[codes[pick % codes.length]!]!, Object.fromEntries(NAMES.map((n, k) => [n, vs[k]!])));
      const first = codes.find((code) => matchModel(tb[code]!, text) !== null);
      assert.deepEqual(matchTable(tb, text), first === undefined ? null : { code: first, params: matchModel(tb[first]!, text) });
      assert.ok(first !== undefined, "the text's own template matches at least");
    }),
    { seed: 2313, numRuns: 1000 },
  );
  assert.deepEqual(matchTable({ one: "{a} x", two: "{a}" }, "1 x"), { code: "one", params: { a: "1" } }, "the first in key order");
  assert.deepEqual(matchTable({ one: "{a} x", two: "{a}" }, "1 y"), { code: "two", params: { a: "1 y" } }, "the next when the first fails");
  assert.equal(matchTable({ one: "a", two: "b" }, "c"), null, "none matches");
});
