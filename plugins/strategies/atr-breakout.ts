import { z } from "zod";
import { ma } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { atr } from "../indicators/atr.ts";
import { bars, column, flags, memoized, real } from "./strategy-kit.ts";

const params = z.object({ n_ma: bars(["均线周期", "MA period"], 20, 5, 100), n_atr: bars(["ATR周期", "ATR period"], 20, 5, 50), k: real(["ATR倍数", "ATR multiple"], 2, 0.5, 5) });

/** ATR channel around MA(n_ma) of the close (ATR as the ATR indicator: MA of true range): a close at or above the upper line buys, at or below the lower line sells. */
export const atrBreakout: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "atr_breakout",
  order: 14,
  title: "ATR 通道突破",
  titleEn: "ATR channel breakout",
  descriptionZh: "收盘价升至 MA + k·ATR 时买入，跌至 MA − k·ATR 时卖出。",
  description: "Buy when the close reaches MA + k·ATR, sell when it falls to MA − k·ATR.",
  params,
  defaultGrid: { n_ma: [10, 20], k: [1.5, 2, 2.5, 3] },
  signals(s, p, memo) {
    const mid = memoized(memo, `ma(close,${p.n_ma})`, () => column(s.length, (o) => ma(o, s.close, p.n_ma)));
    const range = memoized(memo, `ATR.ATR(N=${p.n_atr})`, () => atr.compute(s, { N: p.n_atr }).ATR!);
    return {
      entries: flags(s.length, (i) => s.close[i]! >= mid[i]! + p.k * range[i]!),
      exits: flags(s.length, (i) => s.close[i]! <= mid[i]! - p.k * range[i]!),
    };
  },
};
