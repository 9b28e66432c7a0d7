import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { wr } from "../indicators/wr.ts";
import { bars, below, flags, memoized } from "./strategy-kit.ts";

const params = z
  .object({ n: bars(["WR周期", "WR period"], 14, 2, 50), oversold: bars(["超卖线", "Oversold line"], -80, -100, -40), overbought: bars(["超买线", "Overbought line"], -20, -60, 0) })
  .refine(...below("oversold", "overbought"));

/**
 * Williams %R mean reversion on the classic −100..0 scale (the negative of
 * TDX's WR line, which runs 0..100 with 100 at the low): buy at or below the
 * oversold line (−80), sell at or above the overbought line (−20).
 */
export const wrReversal: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "wr_reversal",
  order: 16,
  title: "WR 威廉超卖",
  titleEn: "W&R oversold",
  descriptionZh: "威廉 %R，取值 −100..0（即 −TDX WR）：低于或等于超卖线（−80）时买入，高于或等于超买线（−20）时卖出。",
  description: "Williams %R on the −100..0 scale (−TDX WR): buy at or below the oversold line (−80), sell at or above the overbought line (−20).",
  params,
  defaultGrid: { n: [7, 14], oversold: [-90, -80, -70] },
  signals(s, p, memo) {
    const line = memoized(memo, `WR.WR1(N=${p.n})`, () => wr.compute(s, { N: p.n }).WR1!);
    return { entries: flags(s.length, (i) => -line[i]! <= p.oversold), exits: flags(s.length, (i) => -line[i]! >= p.overbought) };
  },
};
