import { formulaIndicator, period } from "./formula-indicator.ts";

/** Percentage distance of the close from three moving averages. */
export const bias = formulaIndicator({
  id: "BIAS",
  order: 10,
  title: "BIAS 乖离率",
  titleEn: "BIAS Deviation Rate",
  params: [period("N1", 6), period("N2", 12), period("N3", 24)],
  formula: `BIAS1:(CLOSE-MA(CLOSE,N1))/MA(CLOSE,N1)*100;
BIAS2:(CLOSE-MA(CLOSE,N2))/MA(CLOSE,N2)*100;
BIAS3:(CLOSE-MA(CLOSE,N3))/MA(CLOSE,N3)*100;`,
});
