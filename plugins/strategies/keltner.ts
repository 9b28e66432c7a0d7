import { z } from "zod";
import { ema } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { atr } from "../indicators/atr.ts";
import { bars, column, flags, memoized } from "./strategy-kit.ts";

const params = z.object({ n: bars(["均线周期", "MA period"], 20, 5, 100), m: bars(["ATR周期", "ATR period"], 10, 2, 50) });

/**
 * Keltner channel as MyTT's KTN draws it: middle EMA((H+L+C)/3, n), bands two
 * ATR(m) away (ATR as the ATR indicator). A close at or above the upper band
 * buys, at or below the lower band sells.
 */
export const keltner: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "keltner",
  order: 13,
  title: "肯特纳通道",
  titleEn: "Keltner channel",
  descriptionZh: "收盘价升至 EMA(典型价, n) + 2·ATR(m) 时买入，跌至中轨 − 2·ATR(m) 时卖出。",
  description: "Buy when the close reaches EMA(typical price, n) + 2·ATR(m), sell when it falls to the middle − 2·ATR(m).",
  params,
  defaultGrid: { n: [10, 15, 20, 30], m: [7, 10, 14, 20] },
  signals(s, p, memo) {
    const len = s.length;
    const mid = memoized(memo, `ema((high+low+close)/3,${p.n})`, () => {
      const typical = column(len, (o) => {
        for (let i = 0; i < len; i++) o[i] = (s.high[i]! + s.low[i]! + s.close[i]!) / 3;
      });
      return column(len, (o) => ema(o, typical, p.n));
    });
    const range = memoized(memo, `ATR.ATR(N=${p.m})`, () => atr.compute(s, { N: p.m }).ATR!);
    return {
      entries: flags(len, (i) => s.close[i]! >= mid[i]! + 2 * range[i]!),
      exits: flags(len, (i) => s.close[i]! <= mid[i]! - 2 * range[i]!),
    };
  },
};
