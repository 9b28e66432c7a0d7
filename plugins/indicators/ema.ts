import { formulaIndicator, period } from "./formula-indicator.ts";

/**
 * Four exponential moving averages of the close. TDX has no built-in of this
 * name (its EMA lines are EXPMA); the periods mirror MA's 5/10/20/60.
 */
export const ema = formulaIndicator({
  id: "EMA",
  order: 2,
  title: "EMA 指数均线",
  titleEn: "EMA Exponential Moving Average",
  params: [period("M1", 5), period("M2", 10), period("M3", 20), period("M4", 60)],
  formula: `EMA1:EMA(CLOSE,M1);
EMA2:EMA(CLOSE,M2);
EMA3:EMA(CLOSE,M3);
EMA4:EMA(CLOSE,M4);`,
});
