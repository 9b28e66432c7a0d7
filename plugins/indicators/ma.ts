import { formulaIndicator, period } from "./formula-indicator.ts";

/** Four simple moving averages of the close (TDX's MA with 5/10/20/60). */
export const ma = formulaIndicator({
  id: "MA",
  order: 1,
  title: "MA 均线",
  titleEn: "MA Moving Averages",
  params: [period("M1", 5), period("M2", 10), period("M3", 20), period("M4", 60)],
  formula: `MA1:MA(CLOSE,M1);
MA2:MA(CLOSE,M2);
MA3:MA(CLOSE,M3);
MA4:MA(CLOSE,M4);`,
});
