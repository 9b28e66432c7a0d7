import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bbiSides } from "../../core/indicators/index.ts";
import { bars, flags } from "./strategy-kit.ts";

const params = z.object({ m1: bars(["均线1", "MA 1"], 3, 1, 20), m2: bars(["均线2", "MA 2"], 6, 2, 30), m3: bars(["均线3", "MA 3"], 12, 5, 60), m4: bars(["均线4", "MA 4"], 20, 10, 120) });

/** The close against the BBI line (mean of four MAs, the BBI indicator): above it buys, below it sells; the side is decided exactly (core/indicators/bbi-side.ts). */
export const bbiStrategy: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "bbi",
  order: 12,
  title: "BBI 多空指标",
  titleEn: "BBI bull/bear",
  descriptionZh: "收盘价在 BBI（四条均线的平均）之上时买入，之下时卖出。",
  description: "Buy when the close is above BBI (the mean of four moving averages), sell when it is below.",
  params,
  defaultGrid: { m1: [3, 6], m4: [20, 30, 50] },
  signals(s, p) {
    // the side decided exactly: an exact tie of the close with BBI is neither above nor below
    const side = bbiSides(s.close, [p.m1, p.m2, p.m3, p.m4]);
    return { entries: flags(s.length, (i) => side[i]! > 0), exits: flags(s.length, (i) => side[i]! < 0) };
  },
};
