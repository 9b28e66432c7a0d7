import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { dpo } from "../indicators/dpo.ts";
import { bars, crossSignals } from "./strategy-kit.ts";

const params = z.object({ m1: bars(["DPO周期", "DPO period"], 20, 5, 60), m2: bars(["均线周期", "MA period"], 6, 2, 30) });

/** DPO: buy when DPO crosses above its moving average (MADPO), sell when it crosses back below. */
export const dpoStrategy: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "dpo",
  order: 21,
  title: "DPO 区间震荡",
  titleEn: "DPO oscillator",
  descriptionZh: "DPO 上穿 MA(DPO, m2) 时买入，下穿时卖出。",
  description: "Buy when DPO crosses above MA(DPO, m2), sell when it crosses back below.",
  params,
  defaultGrid: { m1: [15, 20, 30] },
  signals(s, p) {
    const { DPO, MADPO } = dpo.compute(s, { N: p.m1, M: p.m2 });
    return crossSignals(DPO!, MADPO!);
  },
};
