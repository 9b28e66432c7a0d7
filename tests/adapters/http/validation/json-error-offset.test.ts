/**
 * The offset a `json_invalid` item names (adapters/http/validation/json-error-offset.ts):
 * hand-worked cases, and on corrupted JSON the position V8 itself names wherever its
 * message has one ("at position N"; "Unexpected end of JSON input" is the text's
 * length), which is an independent parser's answer.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { jsonErrorOffset } from "../../../../adapters/http/validation/json-error-offset.ts";

test("hand-worked offsets: the first character that cannot continue the text", () => {
  const cases: [string, number][] = [
    ['{"stocks":[x]}', 11],
    ['{"stocks":[],}', 13],
    ['{"a":1} x', 8],
    ['{"stocks": [', 12],
    ["", 0],
    ["[1,]", 3],
    ["{a:1}", 1],
    ['"\\q"', 2],
    ['"\\u12G4"', 5],
    ["[01]", 2],
    ["[1.]", 3],
    ["[1e]", 3],
    ["[-]", 2],
    ["tru", 3],
    ["nul1", 3],
    ['{"a" 1}', 5],
    ['["a\tb"]', 3],
    ["[NaN]", 1],
  ];
  for (const [text, at] of cases) assert.equal(jsonErrorOffset(text), at, JSON.stringify(text));
  for (const text of ['{"a":[1,2,{"b":null}]}', " true ", '"\\u00e9\\n"', "-0.5e+3"]) assert.equal(jsonErrorOffset(text), -1, text);
});

test("corrupted JSON: the offset V8 names, wherever it names one; valid text is -1", () => {
  const corrupted = fc.tuple(fc.json(), fc.nat(), fc.constantFrom("", "x", ",", "]", "}", "{", '"', "\\", ":", "-", ".", "e", "0", " ", "\n", "\u0001"), fc.boolean()).map(([text, at, ch, cut]) => {
    const p = at % (text.length + 1);
    return cut ? text.slice(0, p) + ch : text.slice(0, p) + ch + text.slice(p);
  });
  let named = 0;
  fc.assert(
    fc.property(corrupted, (text) => {
      let message: string | undefined;
      try {
        JSON.parse(text);
      } catch (e) {
        message = (e as Error).message;
      }
      if (message === undefined) return assert.equal(jsonErrorOffset(text), -1, text);
      const at = /at position (\d+)/.exec(message)?.[1];
      if (at !== undefined) {
        named++;
        assert.equal(jsonErrorOffset(text), Number(at), `${JSON.stringify(text)}: ${message}`);
      } else if (message.startsWith("Unexpected end of JSON input")) assert.equal(jsonErrorOffset(text), text.length, JSON.stringify(text));
      else assert.ok(jsonErrorOffset(text) >= 0, JSON.stringify(text));
    }),
    { numRuns: 3000, seed: 17 },
  );
  assert.ok(named > 300, `V8 named a position ${named} times`);
});
