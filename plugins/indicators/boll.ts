import { formulaIndicator, period } from "./formula-indicator.ts";

/** Bollinger bands with the sample standard deviation, as TDX (TA-Lib's BBANDS uses the population one). */
export const boll = formulaIndicator({
  id: "BOLL",
  order: 8,
  title: "BOLL 布林线",
  titleEn: "BOLL Bollinger Bands",
  params: [period("M", 20, undefined, 2)],
  formula: `BOLL:MA(CLOSE,M);
UB:BOLL+2*STD(CLOSE,M);
LB:BOLL-2*STD(CLOSE,M);`,
});
