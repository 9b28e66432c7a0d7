import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { loadPlugins } from "../../plugins/index.ts";
import { createRegistry } from "../../plugins/registry.ts";
import type { IndicatorPlugin, StrategyPlugin } from "../../ports/plugins.ts";

const ind = (id: string): IndicatorPlugin => ({ kind: "indicator", id, title: id, params: [], outputs: ["X"], compute: () => ({}) });
const strat = (id: string): StrategyPlugin => ({
  kind: "strategy",
  id,
  title: id,
  description: "",
  params: z.object({}),
  defaultGrid: {},
  signals: (s) => ({ entries: new Uint8Array(s.length), exits: new Uint8Array(s.length) }),
});

test("plugins are indexed by kind and id", () => {
  const r = createRegistry([ind("MA"), strat("ma_cross"), ind("EMA")]);
  assert.deepEqual([...r.indicators.keys()], ["MA", "EMA"]);
  assert.deepEqual([...r.strategies.keys()], ["ma_cross"]);
});

test("a duplicate id within a kind is a start-up error; across kinds it is allowed", () => {
  assert.throws(() => createRegistry([ind("MA"), ind("MA")]), /duplicate indicator plugin id "MA"/);
  assert.doesNotThrow(() => createRegistry([ind("MACD"), strat("MACD")]));
});

test("the shipped plugins load", async () => {
  assert.ok((await loadPlugins()).strategies.size > 0, "the built-ins load");
});
