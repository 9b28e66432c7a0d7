/**
 * A combination's members (core/backtest/combination-members.ts): a comma-separated list of strategy
 * ids read back in order, blanks around and between them dropped; the README's limits say 2 to 8
 * members, and the combination's own id is `combination`.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { COMBINATION_ID, MAX_MEMBERS, memberIds, MIN_MEMBERS } from "../../../core/backtest/combination-members.ts";

test("member ids: split at commas, trimmed, empty entries dropped, order kept", () => {
  assert.deepEqual(memberIds("ma_cross,rsi"), ["ma_cross", "rsi"]);
  assert.deepEqual(memberIds("  rsi , ma_cross ,, macd,"), ["rsi", "ma_cross", "macd"]);
  assert.deepEqual(memberIds(" , ,"), []);
  assert.deepEqual(memberIds(""), []);
  assert.deepEqual(memberIds("boll"), ["boll"]);
});

test("the limits and the id: 2 to 8 members, `combination`", () => {
  assert.deepEqual([MIN_MEMBERS, MAX_MEMBERS, COMBINATION_ID], [2, 8, "combination"]);
});
