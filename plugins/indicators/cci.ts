import { formulaIndicator, period } from "./formula-indicator.ts";

/** Commodity channel index (equal to TA-Lib's CCI). */
export const cci = formulaIndicator({
  id: "CCI",
  order: 11,
  title: "CCI 商品路径指标",
  titleEn: "CCI Commodity Channel Index",
  params: [period("N", 14)],
  formula: `TYP:=(HIGH+LOW+CLOSE)/3;
CCI:(TYP-MA(TYP,N))/(0.015*AVEDEV(TYP,N));`,
});
