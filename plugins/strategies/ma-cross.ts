import { z } from "zod";
import { ma } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bars, below, column, crossSignals, memoized } from "./strategy-kit.ts";

const params = z.object({ fast: bars(["快线周期", "Fast period"], 5, 1, 60), slow: bars(["慢线周期", "Slow period"], 20, 5, 250) }).refine(...below("fast", "slow"));

/** Two simple moving averages of the close: buy on the golden cross, sell on the dead cross (easy_tdx's `ma_cross`). */
export const maCross: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "ma_cross",
  order: 1,
  title: "双均线交叉",
  titleEn: "MA cross",
  descriptionZh: "收盘价的快速均线上穿慢速均线时买入，下穿时卖出。经典的趋势跟随策略。",
  description: "Buy when the fast MA of the close crosses above the slow MA, sell when it crosses back below. The classic trend follower.",
  params,
  defaultGrid: { fast: [5, 10, 15, 20, 30, 60], slow: [10, 20, 30, 60, 120, 250] },
  signals(s, p, memo) {
    const average = (len: number) => memoized(memo, `ma(close,${len})`, () => column(s.length, (o) => ma(o, s.close, len)));
    return crossSignals(average(p.fast), average(p.slow));
  },
};
