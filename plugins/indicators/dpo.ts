import { formulaIndicator, period } from "./formula-indicator.ts";

/** Detrended price oscillator: the close against a shifted moving average. */
export const dpo = formulaIndicator({
  id: "DPO",
  order: 28,
  title: "DPO 区间震荡线",
  titleEn: "DPO Detrended Price Oscillator",
  params: [period("N", 20), period("M", 6)],
  formula: `DPO:CLOSE-REF(MA(CLOSE,N),N/2+1);
MADPO:MA(DPO,M);`,
});
