import { formulaIndicator, period } from "./formula-indicator.ts";

/** True range and its simple average (TDX; TA-Lib's ATR uses Wilder smoothing instead). */
export const atr = formulaIndicator({
  id: "ATR",
  order: 13,
  title: "ATR 真实波幅",
  titleEn: "ATR Average True Range",
  params: [period("N", 14)],
  formula: `MTR:MAX(MAX((HIGH-LOW),ABS(REF(CLOSE,1)-HIGH)),ABS(REF(CLOSE,1)-LOW));
ATR:MA(MTR,N);`,
});
