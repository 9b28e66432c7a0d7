import { z } from "zod";
import { ma } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bars, below, column, flags, memoized } from "./strategy-kit.ts";

const params = z
  .object({ short: bars(["短期", "Short"], 5, 1, 30), mid: bars(["中期", "Mid"], 20, 5, 60), long: bars(["长期", "Long"], 60, 20, 250) })
  .refine(...below("short", "mid"))
  .refine(...below("mid", "long"));

/** Three moving averages of the close: buy when they stack bullishly (short > mid > long), sell when they stack bearishly. */
export const tripleMa: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "triple_ma",
  order: 11,
  title: "三均线系统",
  titleEn: "Triple MA system",
  descriptionZh: "MA(短) > MA(中) > MA(长)（多头排列）时买入，MA(短) < MA(中) < MA(长) 时卖出。",
  description: "Buy when MA(short) > MA(mid) > MA(long) (bullish alignment), sell when MA(short) < MA(mid) < MA(long).",
  params,
  defaultGrid: { short: [5, 10, 15], long: [60, 120, 250] },
  signals(s, p, memo) {
    const n = s.length;
    const average = (len: number) => memoized(memo, `ma(close,${len})`, () => column(n, (o) => ma(o, s.close, len)));
    const a = average(p.short);
    const b = average(p.mid);
    const c = average(p.long);
    return {
      entries: flags(n, (i) => a[i]! > b[i]! && b[i]! > c[i]!),
      exits: flags(n, (i) => a[i]! < b[i]! && b[i]! < c[i]!),
    };
  },
};
