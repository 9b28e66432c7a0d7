import { formulaIndicator, period } from "./formula-indicator.ts";

/** Williams %R, positive as TDX shows it (TA-Lib's WILLR is its negative). */
export const wr = formulaIndicator({
  id: "WR",
  order: 9,
  title: "W&R 威廉指标",
  titleEn: "W&R Williams %R",
  params: [period("N", 10), period("N1", 6)],
  formula: `WR1:100*(HHV(HIGH,N)-CLOSE)/(HHV(HIGH,N)-LLV(LOW,N));
WR2:100*(HHV(HIGH,N1)-CLOSE)/(HHV(HIGH,N1)-LLV(LOW,N1));`,
});
