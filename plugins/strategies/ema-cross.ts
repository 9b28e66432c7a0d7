import { z } from "zod";
import { ema } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bars, below, column, crossSignals, memoized } from "./strategy-kit.ts";

const params = z.object({ fast: bars(["快线周期", "Fast period"], 12, 2, 60), slow: bars(["慢线周期", "Slow period"], 26, 5, 120) }).refine(...below("fast", "slow"));

/** Two exponential averages of the close (TDX's EMA, seeded on the first bar): buy on the golden cross, sell on the dead cross. */
export const emaCross: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "ema_cross",
  order: 2,
  title: "EMA 双线交叉",
  titleEn: "EMA cross",
  descriptionZh: "收盘价的快速 EMA 上穿慢速 EMA 时买入，下穿时卖出。比简单均线反应更快。",
  description: "Buy when the fast EMA of the close crosses above the slow EMA, sell when it crosses back below. Reacts faster than simple averages.",
  params,
  defaultGrid: { fast: [5, 10, 12, 20], slow: [20, 26, 30, 60] },
  signals(s, p, memo) {
    const average = (len: number) => memoized(memo, `ema(close,${len})`, () => column(s.length, (o) => ema(o, s.close, len)));
    return crossSignals(average(p.fast), average(p.slow));
  },
};
