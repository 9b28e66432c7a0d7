import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { kdj } from "../indicators/kdj.ts";
import { bars, crossSignals } from "./strategy-kit.ts";

const params = z.object({ n: bars("RSV周期", 9, 2, 30), m1: bars("K平滑", 3, 1, 30), m2: bars("D平滑", 3, 1, 30) });

/** KDJ golden/dead cross of K over D, with the KDJ indicator's values (TDX's SMA smoothing). */
export const kdjCross: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "kdj_cross",
  order: 4,
  title: "KDJ 金叉",
  description: "Buy when K crosses above D (golden cross), sell when K crosses back below D (dead cross).",
  params,
  defaultGrid: { n: [5, 9, 14, 18, 21] },
  signals(s, p) {
    const { K, D } = kdj.compute(s, { N: p.n, M1: p.m1, M2: p.m2 });
    return crossSignals(K!, D!);
  },
};
