import { formulaIndicator, period } from "./formula-indicator.ts";

/** Momentum: the close's change over N bars. */
export const mtm = formulaIndicator({
  id: "MTM",
  order: 16,
  title: "MTM 动量线",
  titleEn: "MTM Momentum",
  params: [period("N", 12), period("M", 6)],
  formula: `MTM:CLOSE-REF(CLOSE,N);
MTMMA:MA(MTM,M);`,
});
