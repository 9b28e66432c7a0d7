import { formulaIndicator, period } from "./formula-indicator.ts";

/** Rate of change over N bars, in percent. */
export const roc = formulaIndicator({
  id: "ROC",
  order: 15,
  title: "ROC 变动率指标",
  titleEn: "ROC Rate of Change",
  params: [period("N", 12), period("M", 6)],
  formula: `ROC:100*(CLOSE-REF(CLOSE,N))/REF(CLOSE,N);
MAROC:MA(ROC,M);`,
});
