import { formulaIndicator, period } from "./formula-indicator.ts";

/** Parabolic stop and reverse: N bars to start, step S %, limit M %. */
export const sar = formulaIndicator({
  id: "SAR",
  order: 25,
  title: "SAR 抛物转向",
  titleEn: "SAR Parabolic Stop and Reverse",
  params: [period("N", 10), period("S", 2, "acceleration step, percent", 0.01, 100), period("M", 20, "acceleration limit, percent", 0.01, 100)],
  formula: `SAR:SAR(N,S,M),CIRCLEDOT;`,
});
