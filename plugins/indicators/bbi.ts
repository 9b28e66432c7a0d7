import { formulaIndicator, period } from "./formula-indicator.ts";

/** Bull and bear index: the mean of four moving averages. */
export const bbi = formulaIndicator({
  id: "BBI",
  order: 27,
  title: "BBI 多空指标",
  titleEn: "BBI Bull and Bear Index",
  params: [period("M1", 3), period("M2", 6), period("M3", 12), period("M4", 24)],
  formula: `BBI:(MA(CLOSE,M1)+MA(CLOSE,M2)+MA(CLOSE,M3)+MA(CLOSE,M4))/4;`,
});
