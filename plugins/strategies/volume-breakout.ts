import { z } from "zod";
import { ma, ref } from "../../core/formula/kernels/index.ts";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { bars, column, flags, memoized, real } from "./strategy-kit.ts";

const params = z.object({ n: bars(["均量周期", "Volume MA period"], 20, 2, 120), k: real(["放量倍数", "Volume multiple"], 2, 1, 10), exit_n: bars(["离场均线", "Exit MA"], 10, 2, 120) });

/**
 * Volume breakout: buy on an up day (close above the previous close) whose
 * volume is at least k times the mean volume of the previous n bars; sell when
 * the close falls below its exit_n-bar moving average. Bars without volume
 * never trigger an entry.
 */
export const volumeBreakout: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "volume_breakout",
  order: 8,
  title: "放量突破",
  titleEn: "Volume breakout",
  descriptionZh: "上涨日成交量至少为前 n 根 K 线均量的 k 倍时买入；收盘价跌破 exit_n 周期均线时卖出。",
  description: "Buy on an up day whose volume is at least k × the average volume of the previous n bars; sell when the close falls below its exit_n-bar MA.",
  params,
  defaultGrid: { n: [10, 20, 30], k: [1.5, 2, 2.5, 3] },
  signals(s, p, memo) {
    const len = s.length;
    const avgVol = memoized(memo, `ref(ma(vol,${p.n}),1)`, () =>
      column(len, (o) =>
        ref(
          o,
          column(len, (m) => ma(m, s.vol, p.n)),
          1,
        ),
      ),
    );
    const exitMa = memoized(memo, `ma(close,${p.exit_n})`, () => column(len, (o) => ma(o, s.close, p.exit_n)));
    const c = s.close;
    return {
      entries: flags(len, (i) => c[i]! > c[i - 1]! && s.vol[i]! >= p.k * avgVol[i]!, 1),
      exits: flags(len, (i) => c[i]! < exitMa[i]!),
    };
  },
};
