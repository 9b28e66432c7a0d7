import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { emv } from "../indicators/emv.ts";
import { bars, flags } from "./strategy-kit.ts";

const params = z.object({ n: bars(["EMV周期", "EMV period"], 14, 2, 30) });

/** Ease of movement (the EMV indicator): above zero buys, below zero sells. */
export const emvStrategy: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "emv",
  order: 20,
  title: "EMV 简易波动",
  titleEn: "EMV ease of movement",
  descriptionZh: "EMV 大于 0 时买入，小于 0 时卖出。",
  description: "Buy when EMV is above 0, sell when it is below 0.",
  params,
  defaultGrid: { n: [10, 14, 20, 28] },
  signals(s, p) {
    const line = emv.compute(s, { N: p.n }).EMV!;
    return { entries: flags(s.length, (i) => line[i]! > 0), exits: flags(s.length, (i) => line[i]! < 0) };
  },
};
