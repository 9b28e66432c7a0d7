import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { rsi } from "../indicators/rsi.ts";
import { bars, below, flags, memoized } from "./strategy-kit.ts";

const params = z
  .object({ n: bars(["RSI周期", "RSI period"], 14, 2, 50), oversold: bars(["超卖线", "Oversold line"], 30, 5, 45), overbought: bars(["超买线", "Overbought line"], 70, 55, 95) })
  .refine(...below("oversold", "overbought"));

/** RSI mean reversion with the RSI indicator's values: buy at or below the oversold line, sell at or above the overbought line. */
export const rsiReversal: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "rsi_reversal",
  order: 5,
  title: "RSI 超卖反弹",
  titleEn: "RSI oversold rebound",
  descriptionZh: "RSI 低于或等于超卖线时买入，高于或等于超买线时卖出。",
  description: "Buy when RSI is at or below the oversold line, sell when it is at or above the overbought line.",
  params,
  defaultGrid: { n: [7, 14, 21], oversold: [20, 25, 30] },
  signals(s, p, memo) {
    const r = memoized(memo, `RSI.RSI1(N1=${p.n})`, () => rsi.compute(s, { N1: p.n }).RSI1!);
    return {
      entries: flags(s.length, (i) => r[i]! <= p.oversold),
      exits: flags(s.length, (i) => r[i]! >= p.overbought),
    };
  },
};
