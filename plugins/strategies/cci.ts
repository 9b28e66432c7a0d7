import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { cci } from "../indicators/cci.ts";
import { bars, below, flags, memoized } from "./strategy-kit.ts";

const params = z
  .object({ n: bars(["CCI周期", "CCI period"], 14, 2, 50), oversold: bars(["超卖线", "Oversold line"], -100, -200, 0), overbought: bars(["超买线", "Overbought line"], 100, 0, 200) })
  .refine(...below("oversold", "overbought"));

/** CCI mean reversion with the CCI indicator's values: buy at or below the oversold line, sell at or above the overbought line. */
export const cciStrategy: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "cci",
  order: 15,
  title: "CCI 超卖反弹",
  titleEn: "CCI oversold rebound",
  descriptionZh: "CCI 低于或等于超卖线时买入，高于或等于超买线时卖出。",
  description: "Buy when CCI is at or below the oversold line, sell when it is at or above the overbought line.",
  params,
  defaultGrid: { n: [14, 20], oversold: [-150, -100, -50] },
  signals(s, p, memo) {
    const line = memoized(memo, `CCI.CCI(N=${p.n})`, () => cci.compute(s, { N: p.n }).CCI!);
    return { entries: flags(s.length, (i) => line[i]! <= p.oversold), exits: flags(s.length, (i) => line[i]! >= p.overbought) };
  },
};
