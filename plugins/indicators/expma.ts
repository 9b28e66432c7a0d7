import { formulaIndicator, period } from "./formula-indicator.ts";

/** TDX's EXPMA: two exponential moving averages of the close. */
export const expma = formulaIndicator({
  id: "EXPMA",
  order: 3,
  title: "EXPMA 指数平均数",
  titleEn: "EXPMA Exponential Moving Averages",
  params: [period("M1", 12), period("M2", 50)],
  formula: `EXP1:EMA(CLOSE,M1);
EXP2:EMA(CLOSE,M2);`,
});
