/**
 * The body of `POST /backtest/run-all/run/async` (RunAllRequest): easy_tdx's
 * `run-all` with `--combo` over the registered strategies. Every chosen
 * strategy runs alone with its default parameters, and every combination of
 * `combo_sizes` of them runs as one combination strategy (mode `combo_mode`).
 * The number of runs is bounded by {@link MAX_RUN_ALL_RUNS}: the 22 built-ins
 * give 22 + 231 pairs + 1,540 triples = 1,793; adding 4-member ones (7,315
 * more) needs a shorter `strategies` list.
 */
import { z } from "@hono/zod-openapi";
import { CONFIG_FIELDS, COMBINATION_MODES, COMBINATION_ID, MAX_MEMBERS, MIN_MEMBERS } from "../../../core/backtest/index.ts";
import { choose } from "../../../core/research/index.ts";
import type { PluginRegistry } from "../../../ports/plugins.ts";
import { dataSource, needData, Ymd } from "../backtest/backtest-requests.ts";
import { configShape } from "../backtest/config-schema.ts";
import { MinTrades, Objective } from "./research-requests.ts";
import { runAllStrategies } from "../../../core/app/research/run-all-program.ts";

/** Runs (single strategies + combinations) one request may ask for. */
export const MAX_RUN_ALL_RUNS = 5000;

/** Single runs plus the combinations of each size. */
export const runAllCount = (strategies: number, sizes: readonly number[]): number => strategies + sizes.reduce((a, k) => a + choose(strategies, k), 0);

export function runAllRequestSchema(registry: PluginRegistry) {
  return z
    .object({
      strategies: z.array(z.string()).min(1).max(64).nullish().openapi({ description: "strategy ids to rank and combine; default every registered strategy but the combination" }),
      combo_sizes: z
        .array(z.number().int().min(MIN_MEMBERS).max(MAX_MEMBERS))
        .max(MAX_MEMBERS)
        .default([2, 3])
        .openapi({ description: `member counts of the combinations (easy_tdx's --combo 2 --combo 3); [] ranks the single strategies only` }),
      combo_mode: z
        .enum(COMBINATION_MODES)
        .default("MAJORITY")
        .openapi({ description: "how members' signals combine (easy_tdx's --combo-mode, default MAJORITY): AND all, MAJORITY more than half, OR any" }),
      objective: Objective,
      min_trades: MinTrades,
      ...configShape(CONFIG_FIELDS),
      ...dataSource,
      start_date: Ymd,
      end_date: Ymd,
    })
    .superRefine((b, ctx) => {
      needData(b, ctx);
      b.strategies?.forEach((id, i) => {
        if (id === COMBINATION_ID) ctx.addIssue({ code: "custom", path: ["strategies", i], message: "run-all builds the combinations itself; list plain strategies" });
        else if (!registry.strategies.has(id)) ctx.addIssue({ code: "custom", path: ["strategies", i], message: `unknown strategy ${id}` });
      });
      if (b.strategies && new Set(b.strategies).size !== b.strategies.length) ctx.addIssue({ code: "custom", path: ["strategies"], message: "a strategy is listed twice" });
      if (new Set(b.combo_sizes).size !== b.combo_sizes.length) ctx.addIssue({ code: "custom", path: ["combo_sizes"], message: "a size is listed twice" });
      const n = runAllStrategies(registry, b.strategies).length;
      const runs = runAllCount(n, b.combo_sizes);
      if (runs > MAX_RUN_ALL_RUNS) {
        ctx.addIssue({
          code: "custom",
          path: ["combo_sizes"],
          message: `${n} strategies with combinations of ${b.combo_sizes.join(", ")} make ${runs} runs; at most ${MAX_RUN_ALL_RUNS} (list fewer strategies)`,
        });
      }
    })
    .openapi("RunAllRequest");
}
