import { formulaIndicator, period } from "./formula-indicator.ts";

/** MACD: the gap between a fast and a slow EMA, its EMA, and twice their difference as bars. */
export const macd = formulaIndicator({
  id: "MACD",
  order: 5,
  title: "MACD 平滑异同平均线",
  titleEn: "MACD Moving Average Convergence Divergence",
  params: [period("SHORT", 12), period("LONG", 26), period("MID", 9)],
  formula: `DIF:EMA(CLOSE,SHORT)-EMA(CLOSE,LONG);
DEA:EMA(DIF,MID);
MACD:(DIF-DEA)*2,COLORSTICK;`,
});
