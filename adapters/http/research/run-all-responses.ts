/** OpenAPI schema of the run-all task's result (RunAllResult), built by run-all-program.ts. */
import { z } from "@hono/zod-openapi";

const num = (description: string) => z.number().nullable().openapi({ description });

const RunAllEntry = z
  .object({
    rank: z.number().int(),
    name: z.string().openapi({ description: 'the members joined by " + " (a single strategy: its id), as easy_tdx names a combination' }),
    size: z.number().int().openapi({ description: "1 for a single strategy, else the member count" }),
    members: z.array(z.string()),
    labels: z.array(z.string()).openapi({ description: "the members' titles" }),
    total_return: num("total return (fraction)"),
    annual_return: num("annual return"),
    sharpe: num("Sharpe ratio"),
    max_drawdown: num("max drawdown (fraction)"),
    total_trades: z.number().int().nullable(),
    win_rate: num("winning trades / trades"),
    qualified: z.boolean().openapi({ description: "at least min_trades closed trades" }),
    note: z.string().nullable().openapi({ description: "why the run's value cannot be trusted (never traded, too few trades, objective undefined), or null" }),
  })
  .passthrough()
  .openapi("RunAllEntry");

export const RunAllResultSchema = z
  .object({
    objective: z.string(),
    direction: z.enum(["max", "min"]),
    min_trades: z.number().int(),
    combo_mode: z.enum(["AND", "MAJORITY", "OR"]),
    combo_sizes: z.array(z.number().int()),
    strategies: z.array(z.string()).openapi({ description: "the strategies ranked and combined, in listing order" }),
    counts: z.record(z.string(), z.number().int()).openapi({ description: 'runs per size: "1" the single strategies, "2" C(n, 2) pairs, "3" C(n, 3) triples …' }),
    total_runs: z.number().int(),
    unqualified: z.number().int().openapi({ description: "ranked runs below min_trades (at the end of the ranking)" }),
    ranking: z
      .array(RunAllEntry)
      .openapi({ description: "every run, best first by the objective (runs below min_trades last): rank, name, size, members, labels, the ranking metrics of /optimize, qualified, note" }),
    best: RunAllEntry.nullable(),
  })
  .openapi("RunAllResult");
