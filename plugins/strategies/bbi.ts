import { z } from "zod";
import { bbiLine } from "../../core/indicators/bbi-line.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bars, column, flags } from "./strategy-kit.ts";

const params = z.object({ m1: bars("均线1", 3, 1, 20), m2: bars("均线2", 6, 2, 30), m3: bars("均线3", 12, 5, 60), m4: bars("均线4", 20, 10, 120) });

/**
 * The close against the BBI line (mean of four MAs, the BBI indicator): above
 * it buys, below it sells. The line is the exact mean (bbi-line.ts), so a
 * close equal to it in decimal is a tie, not a signal; it differs from the
 * indicator's float sum by at most a unit in the last place.
 */
export const bbiStrategy: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "bbi",
  order: 12,
  title: "BBI 多空指标",
  description: "Buy when the close is above BBI (the mean of four moving averages), sell when it is below.",
  params,
  defaultGrid: { m1: [3, 6], m4: [20, 30, 50] },
  signals(s, p) {
    const line = column(s.length, (o) => bbiLine(o, s.close, [p.m1, p.m2, p.m3, p.m4]));
    return { entries: flags(s.length, (i) => s.close[i]! > line[i]!), exits: flags(s.length, (i) => s.close[i]! < line[i]!) };
  },
};
