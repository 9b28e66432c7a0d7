/**
 * `start` limits (core/bars/bar-start.ts): the request's `start` is a u16 (at most 65,535), and
 * MIN_120 asks for two 60-minute bars per bar, so the largest `start` is the last whose request
 * still fits the field.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { maxStart } from "../../../core/bars/bar-start.ts";
import { BAR_CATEGORIES, BAR_CATEGORY_NAMES } from "../../../core/bars/categories.ts";

test("maxStart: the largest start whose request (start × bars per bar) fits a u16", () => {
  for (const name of BAR_CATEGORY_NAMES) {
    const per = BAR_CATEGORIES[name].barsPerBar;
    const s = maxStart(name);
    assert.ok(s * per <= 0xffff && (s + 1) * per > 0xffff, `${name}: ${s} × ${per}`);
  }
  assert.equal(maxStart("MIN_120"), 32767);
  assert.equal(maxStart("DAY"), 65535);
});
