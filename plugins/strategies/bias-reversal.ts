import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bias } from "../indicators/bias.ts";
import { bars, flags, memoized, real } from "./strategy-kit.ts";

const params = z.object({ n: bars(["均线周期", "MA period"], 6, 2, 30), threshold: real(["乖离阈值%", "Deviation threshold %"], 5, 1, 20) });

/** BIAS mean reversion (the BIAS indicator, percent from MA(n)): buy at or below −threshold, sell at or above +threshold. */
export const biasReversal: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "bias_reversal",
  order: 17,
  title: "BIAS 乖离反弹",
  titleEn: "BIAS reversal",
  descriptionZh: "收盘价低于 n 周期均线达阈值百分比以上时买入，高于达阈值百分比以上时卖出。",
  description: "Buy when the close is threshold percent or more below its n-bar MA, sell when it is threshold percent or more above.",
  params,
  defaultGrid: { n: [6, 12], threshold: [3, 5, 7, 10] },
  signals(s, p, memo) {
    const line = memoized(memo, `BIAS.BIAS1(N1=${p.n})`, () => bias.compute(s, { N1: p.n }).BIAS1!);
    return { entries: flags(s.length, (i) => line[i]! <= -p.threshold), exits: flags(s.length, (i) => line[i]! >= p.threshold) };
  },
};
