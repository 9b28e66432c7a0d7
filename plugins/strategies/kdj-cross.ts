import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { kdj } from "../indicators/kdj.ts";
import { bars, crossSignals } from "./strategy-kit.ts";

const params = z.object({ n: bars(["RSV周期", "RSV period"], 9, 2, 30), m1: bars(["K平滑", "K smoothing"], 3, 1, 30), m2: bars(["D平滑", "D smoothing"], 3, 1, 30) });

/** KDJ golden/dead cross of K over D, with the KDJ indicator's values (TDX's SMA smoothing). */
export const kdjCross: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "kdj_cross",
  order: 4,
  title: "KDJ 金叉",
  titleEn: "KDJ golden cross",
  descriptionZh: "K 上穿 D（金叉）时买入，K 下穿 D（死叉）时卖出。",
  description: "Buy when K crosses above D (golden cross), sell when K crosses back below D (dead cross).",
  params,
  defaultGrid: { n: [5, 9, 14, 18, 21] },
  signals(s, p) {
    const { K, D } = kdj.compute(s, { N: p.n, M1: p.m1, M2: p.m2 });
    return crossSignals(K!, D!);
  },
};
