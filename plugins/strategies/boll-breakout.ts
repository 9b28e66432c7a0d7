import { z } from "zod";
import { ma, moment } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bars, column, flags, memoized, real } from "./strategy-kit.ts";

const params = z.object({
  n: bars(["周期", "Period"], 20, 5, 100),
  p: real(["标准差倍数", "Std. dev. multiple"], 2, 0.5, 4),
  mode: z
    .enum(["reversion", "breakout"])
    .default("reversion")
    .meta({ title: "模式", title_en: "Mode", description: "reversion: buy at the lower band, sell at the upper band; breakout: buy above the upper band, sell below the middle line" }),
});

/**
 * Bollinger bands as TDX draws them (MA ± p × sample STD of the close). The
 * default `reversion` mode is easy_tdx's `boll_breakout`: buy when the close is
 * at or below the lower band, sell at or above the upper band. `breakout` buys a
 * close above the upper band and sells a close below the middle line.
 */
export const bollBreakout: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "boll_breakout",
  order: 6,
  title: "布林带突破",
  titleEn: "Bollinger breakout",
  descriptionZh: "布林带（收盘价 n 周期 MA ± p·STD）。reversion（回归）：触及下轨买入，触及上轨卖出。breakout（突破）：收盘价突破上轨买入，跌破中轨卖出。",
  description:
    "Bollinger bands (MA ± p·STD of the close over n bars). reversion: buy at or below the lower band, sell at or above the upper band. breakout: buy when the close breaks above the upper band, sell when it falls below the middle line.",
  params,
  defaultGrid: { n: [10, 15, 20, 30], p: [1.5, 2, 2.5, 3] },
  signals(s, p, memo) {
    const n = s.length;
    const c = s.close;
    const mid = memoized(memo, `ma(close,${p.n})`, () => column(n, (o) => ma(o, c, p.n)));
    const std = memoized(memo, `std(close,${p.n})`, () => column(n, (o) => moment(o, c, p.n, "std")));
    const upper = (i: number) => mid[i]! + p.p * std[i]!;
    const lower = (i: number) => mid[i]! - p.p * std[i]!;
    return p.mode === "reversion"
      ? { entries: flags(n, (i) => c[i]! <= lower(i)), exits: flags(n, (i) => c[i]! >= upper(i)) }
      : { entries: flags(n, (i) => c[i]! > upper(i)), exits: flags(n, (i) => c[i]! < mid[i]!) };
  },
};
