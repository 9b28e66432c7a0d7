/**
 * The combination plugin: the strategy contract (defaults, bounds, no
 * look-ahead) over the built-ins, members' parameters by dotted name, and its
 * flags equal to the core combinator over the members' own flags.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { combineSignals } from "../../../core/backtest/combine-signals.ts";
import { MemoTable } from "../../../core/research/series-memo.ts";
import { combinationStrategy, memberParams } from "../../../plugins/strategies/combination.ts";
import { strategies } from "../../../plugins/strategies/index.ts";
import { donchian } from "../../../plugins/strategies/donchian.ts";
import { maCross } from "../../../plugins/strategies/ma-cross.ts";
import { checkContract, walkArb } from "./strategy-cases.ts";

const combination = combinationStrategy(strategies);

test("combination: defaults, bounds, contract (members with short windows)", () => {
  assert.deepEqual(combination.params.parse({}), { mode: "MAJORITY", members: "ma_cross,ema_cross" });
  checkContract(
    combination,
    { members: "ma_cross,donchian,momentum", mode: "OR", "ma_cross.fast": 2, "ma_cross.slow": 5, "donchian.n": 5, "donchian.exit_n": 3, "momentum.n": 3 },
    { members: "ma_cross", mode: "AND" },
  );
});

test("memberParams takes a member's dotted keys", () => {
  assert.deepEqual(memberParams({ members: "a,b", "a.x": 1, "ab.x": 2, "b.y": true }, "a"), { x: 1 });
});

test("its flags are the core combinator's over the members' own flags, with or without a shared memo", () => {
  fc.assert(
    fc.property(walkArb, fc.constantFrom("AND", "MAJORITY", "OR"), (s, mode) => {
      const p = combination.params.parse({ members: "ma_cross,donchian", mode, "ma_cross.fast": 3, "ma_cross.slow": 8, "donchian.n": 5 });
      const members = [maCross.signals(s, maCross.params.parse({ fast: 3, slow: 8 })), donchian.signals(s, donchian.params.parse({ n: 5 }))];
      const expected = combineSignals(members, mode);
      assert.deepEqual(combination.signals(s, p), expected);
      assert.deepEqual(combination.signals(s, p, new MemoTable()), expected);
    }),
    { numRuns: 40 },
  );
});

test("a member whose id holds a dot (a user plugin's) is addressed by its whole id", async () => {
  const { z } = await import("zod");
  const dotted = { ...maCross, id: "my.cross", params: z.object({ n: z.number().int().min(1).max(9).default(3) }) };
  const c = combinationStrategy([...strategies, dotted]);
  assert.deepEqual(c.params.parse({ members: "my.cross,ma_cross", "my.cross.n": 5 }), { mode: "MAJORITY", members: "my.cross,ma_cross", "my.cross.n": 5 });
  assert.deepEqual(memberParams({ "my.cross.n": 5 }, "my.cross"), { n: 5 });
  const bad = c.params.safeParse({ members: "my.cross,ma_cross", "my.cross.n": 10, "my.other.n": 1 });
  // out of bounds at its dotted name; a key of no strategy is an unrecognised key
  assert.deepEqual(
    bad.error?.issues.map((i) => [i.path.join("|"), (i as { keys?: string[] }).keys ?? []]),
    [
      ["my.cross.n", []],
      ["", ["my.other.n"]],
    ],
  );
});
