import { z } from "zod";
import { ema } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bars, below, column, crossSignals, memoized } from "./strategy-kit.ts";

const params = z
  .object({ short: bars(["短期EMA", "Short EMA"], 12, 2, 50), long: bars(["长期EMA", "Long EMA"], 26, 5, 100), signal: bars(["信号周期", "Signal period"], 9, 2, 50) })
  .refine(...below("short", "long"));

/** MACD golden/dead cross: DIF = EMA(C,short) − EMA(C,long) against DEA = EMA(DIF,signal), as the MACD indicator computes them. */
export const macd: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "macd",
  order: 3,
  title: "MACD 金叉",
  titleEn: "MACD golden cross",
  descriptionZh: "DIF 上穿 DEA（金叉）时买入，下穿（死叉）时卖出。",
  description: "Buy when DIF crosses above DEA (golden cross), sell when it crosses back below (dead cross).",
  params,
  defaultGrid: { short: [8, 10, 12, 15], long: [20, 26, 30, 40] },
  signals(s, p, memo) {
    const n = s.length;
    const average = (len: number) => memoized(memo, `ema(close,${len})`, () => column(n, (o) => ema(o, s.close, len)));
    const fast = average(p.short);
    const slow = average(p.long);
    const dif = column(n, (o) => {
      for (let i = 0; i < n; i++) o[i] = fast[i]! - slow[i]!;
    });
    return crossSignals(
      dif,
      column(n, (o) => ema(o, dif, p.signal)),
    );
  },
};
