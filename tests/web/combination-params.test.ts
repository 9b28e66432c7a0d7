/** The web form's combination parameters: members listed and dropped with their dotted parameters, kept through paramsFor. */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { StrategyInfo } from "../../apps/web/src/api/backtest-types.ts";
import { memberValues, membersOf, withMembers } from "../../apps/web/src/backtest/combination.ts";
import { paramsFor } from "../../apps/web/src/backtest/strategy-params.ts";

const combination: StrategyInfo = {
  name: "combination",
  label: "多策略信号组合",
  description: "",
  params: [
    { name: "mode", type: "str", default: "MAJORITY", label: "合并模式", choices: ["AND", "MAJORITY", "OR"] },
    { name: "members", type: "str", default: "ma_cross,ema_cross", label: "成员策略" },
  ],
  preset_grid: {},
};

test("membersOf and withMembers: a removed member's parameters go with it", () => {
  const p = { mode: "AND", members: " ma_cross, macd ,donchian", "ma_cross.fast": 10, "donchian.n": 15 };
  assert.deepEqual(membersOf(p), ["ma_cross", "macd", "donchian"]);
  assert.deepEqual(withMembers(p, ["ma_cross", "macd"]), { mode: "AND", members: "ma_cross,macd", "ma_cross.fast": 10 });
});

test("paramsFor keeps a combination's member parameters (and only a combination's)", () => {
  const given = { mode: "OR", members: "ma_cross,macd", "ma_cross.fast": 10, "macd.short": 8, stray: 1 };
  assert.deepEqual(paramsFor(combination, given), { mode: "OR", members: "ma_cross,macd", "ma_cross.fast": 10, "macd.short": 8 });
  assert.deepEqual(paramsFor({ ...combination, name: "other" }, given), { mode: "OR", members: "ma_cross,macd" });
  assert.deepEqual(memberValues({ "a.b": [1], "a.c": true }), { "a.c": true }, "only plain values");
});
