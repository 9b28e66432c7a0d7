/**
 * pydantic v2's list of allowed values (core/text/choice-list.ts), as its `literal_error` and `enum`
 * messages print it: `Input should be 'a' or 'b'`, `'a', 'b' or 'c'`, `1 or 2` for numbers.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { choiceList } from "../../../core/text/choice-list.ts";

test("strings in single quotes, the last one joined with 'or', the others with commas", () => {
  assert.equal(choiceList(["SZ", "SH", "BJ"]), "'SZ', 'SH' or 'BJ'");
  assert.equal(choiceList(["none", "periodic"]), "'none' or 'periodic'");
  assert.equal(choiceList(["a", "b", "c", "d"]), "'a', 'b', 'c' or 'd'");
  assert.equal(choiceList(["only"]), "'only'", "one value: no 'or'");
  assert.equal(choiceList([]), "", "no value: no text");
});

test("other values as JSON: numbers, booleans and null unquoted", () => {
  assert.equal(choiceList([1, 2]), "1 or 2");
  assert.equal(choiceList([true, null, "x"]), "true, null or 'x'");
  assert.equal(choiceList([0]), "0", "one number");
});
