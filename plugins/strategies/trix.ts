import { z } from "zod";
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { trix } from "../indicators/trix.ts";
import { bars, crossSignals } from "./strategy-kit.ts";

const params = z.object({ m1: bars(["TRIX周期", "TRIX period"], 12, 2, 30), m2: bars(["信号周期", "Signal period"], 20, 5, 60) });

/** TRIX: buy when TRIX crosses above its moving average (MATRIX), sell when it crosses back below. */
export const trixStrategy: StrategyPlugin<z.infer<typeof params>> = {
  kind: "strategy",
  id: "trix",
  order: 19,
  title: "TRIX 三重平滑",
  titleEn: "TRIX triple smoothing",
  descriptionZh: "TRIX 上穿其信号线 MA(TRIX, m2) 时买入，下穿时卖出。",
  description: "Buy when TRIX crosses above its signal line MA(TRIX, m2), sell when it crosses back below.",
  params,
  defaultGrid: { m1: [12, 18], m2: [12, 20, 30] },
  signals(s, p) {
    const { TRIX, MATRIX } = trix.compute(s, { N: p.m1, M: p.m2 });
    return crossSignals(TRIX!, MATRIX!);
  },
};
