import { z } from "zod";
import { compileSignalFormula, formulaSignals } from "../../core/backtest/index.ts";
import { FORMULA_PARAM_LIMIT } from "../../core/formula/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";

const DEFAULT_FORMULA = "B:CROSS(MA(CLOSE,5),MA(CLOSE,20));\nS:CROSS(MA(CLOSE,20),MA(CLOSE,5));";

const RESERVED = new Set(["formula", "buy", "sell"]);

/** The formula's own parameters: every numeric key besides the three named ones. */
function formulaParams(p: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(Object.entries(p).filter(([k, v]) => !RESERVED.has(k) && typeof v === "number")) as Record<string, number>;
}

const params = z
  .object({
    formula: z.string().min(1).max(20_000).default(DEFAULT_FORMULA).meta({ title: "公式", title_en: "Formula", description: "TDX formula text", input: "textarea" }),
    buy: z.string().max(64).default("").meta({ title: "买入列", title_en: "Buy column", description: "output column that buys; empty = the first signal column" }),
    sell: z
      .string()
      .max(64)
      .default("")
      .meta({ title: "卖出列", title_en: "Sell column", description: 'output column that sells; empty = the second signal column if any; "none" = sell when the buy column turns 0' }),
  })
  .catchall(z.number().min(-FORMULA_PARAM_LIMIT).max(FORMULA_PARAM_LIMIT))
  .superRefine((p, ctx) => {
    const r = compileSignalFormula(p.formula, formulaParams(p), p.buy, p.sell);
    if (!r.ok) for (const i of r.issues) ctx.addIssue({ code: "custom", path: [i.field], message: i.message });
  });

/**
 * Any TDX formula as a strategy: its buy column (and optional sell column),
 * evaluated by the formula engine, drives the backtest engine. Other numeric
 * params set the formula's parameters (`{"formula": "...", "N": 9}`).
 */
export const formulaStrategy: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "formula",
  order: 10,
  title: "公式策略",
  titleEn: "Formula strategy",
  descriptionZh: "通达信公式的信号列：买入列为真时买入（默认第一个信号列），卖出列为真时卖出（默认第二个信号列）；没有卖出列时，买入列保持为真期间持仓。其余数值参数是公式的参数。",
  description:
    "A TDX formula's signal columns: buy where the buy column is on (default: the first signal column), sell where the sell column is on (default: the second signal column); without a sell column the position is held while the buy column stays on. Other numeric params are the formula's parameters.",
  params,
  defaultGrid: {},
  signals(s, p) {
    const r = compileSignalFormula(p.formula, formulaParams(p), p.buy, p.sell);
    if (!r.ok) throw new RangeError(r.issues.map((i) => `${i.field}: ${i.message}`).join("; "));
    return formulaSignals(r.formula, s);
  },
};
