import { formulaIndicator, period } from "./formula-indicator.ts";

/** Triple exponential average's one-bar rate of change. */
export const trix = formulaIndicator({
  id: "TRIX",
  order: 19,
  title: "TRIX 三重指数平滑平均线",
  titleEn: "TRIX Triple Exponential Average",
  params: [period("N", 12), period("M", 9)],
  formula: `MTR:=EMA(EMA(EMA(CLOSE,N),N),N);
TRIX:(MTR-REF(MTR,1))/REF(MTR,1)*100;
MATRIX:MA(TRIX,M);`,
});
