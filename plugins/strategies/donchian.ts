import { z } from "zod";
import { ref, hhv, llv } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bars, column, flags, memoized } from "./strategy-kit.ts";

const params = z.object({ n: bars(["通道周期", "Channel period"], 20, 5, 100), exit_n: bars(["离场周期", "Exit period"], 10, 2, 100) });

/**
 * Turtle-style Donchian breakout: buy when the close rises above the highest
 * high of the previous `n` bars, sell when it falls below the lowest low of the
 * previous `exit_n` bars (turtle system 1 is 20/10). The channel excludes the
 * signal bar, so a breakout is a new high, and signals wait until a full window
 * exists.
 */
export const donchian: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "donchian",
  order: 7,
  title: "唐安奇通道突破",
  titleEn: "Donchian channel breakout",
  descriptionZh: "海龟突破：收盘价超过前 n 根 K 线最高价时买入，跌破前 exit_n 根 K 线最低价时卖出。",
  description: "Turtle breakout: buy when the close exceeds the highest high of the previous n bars, sell when it drops below the lowest low of the previous exit_n bars.",
  params,
  defaultGrid: { n: [10, 15, 20, 30, 40, 55] },
  signals(s, p, memo) {
    const len = s.length;
    const upper = memoized(memo, `ref(hhv(high,${p.n}),1)`, () =>
      column(len, (o) =>
        ref(
          o,
          column(len, (h) => hhv(h, s.high, p.n)),
          1,
        ),
      ),
    );
    const lower = memoized(memo, `ref(llv(low,${p.exit_n}),1)`, () =>
      column(len, (o) =>
        ref(
          o,
          column(len, (l) => llv(l, s.low, p.exit_n)),
          1,
        ),
      ),
    );
    const c = s.close;
    return {
      entries: flags(len, (i) => c[i]! > upper[i]!, p.n),
      exits: flags(len, (i) => c[i]! < lower[i]!, p.exit_n),
    };
  },
};
