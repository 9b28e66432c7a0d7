import { z } from "zod";
import { ref } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bars, column, flags, memoized, real } from "./strategy-kit.ts";

const params = z
  .object({
    n: bars(["动量周期", "Momentum period"], 20, 2, 250),
    entry_pct: real(["入场阈值%", "Entry threshold %"], 0, -50, 100),
    exit_pct: real(["离场阈值%", "Exit threshold %"], 0, -100, 50),
  })
  .refine((p) => p.exit_pct <= p.entry_pct, { message: "exit_pct must not exceed entry_pct", path: ["exit_pct"] });

/**
 * Time-series momentum on the n-bar rate of change, ROC = (C / REF(C,n) − 1) ×
 * 100 (TDX's ROC line): hold while momentum is strong — buy when ROC is above
 * entry_pct, sell when it falls below exit_pct.
 */
export const momentum: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "momentum",
  order: 9,
  title: "动量策略",
  titleEn: "Momentum",
  descriptionZh: "n 周期变动率（百分比）高于 entry_pct 时买入，低于 exit_pct 时卖出。",
  description: "Buy when the n-bar rate of change (percent) is above entry_pct, sell when it falls below exit_pct.",
  params,
  defaultGrid: { n: [5, 10, 20, 60, 120], entry_pct: [0, 5, 10] },
  signals(s, p, memo) {
    const len = s.length;
    const c = s.close;
    const past = memoized(memo, `ref(close,${p.n})`, () => column(len, (o) => ref(o, c, p.n)));
    const roc = (i: number) => (c[i]! / past[i]! - 1) * 100;
    return {
      entries: flags(len, (i) => roc(i) > p.entry_pct),
      exits: flags(len, (i) => roc(i) < p.exit_pct),
    };
  },
};
