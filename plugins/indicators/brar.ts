import { brarKernel } from "../../core/indicators/index.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/** BR (buying pressure against the previous close) and AR (against the open). */
export const brar = formulaIndicator({
  id: "BRAR",
  order: 22,
  title: "BRAR 情绪指标",
  titleEn: "BRAR Sentiment Indicator",
  params: [period("N", 26)],
  formula: `BR:SUM(MAX(0,HIGH-REF(CLOSE,1)),N)/SUM(MAX(0,REF(CLOSE,1)-LOW),N)*100;
AR:SUM(HIGH-OPEN,N)/SUM(OPEN-LOW,N)*100;`,
  kernel: (s, p, allocate) => {
    const r = brarKernel(s.open, s.high, s.low, s.close, p.N!, allocate);
    return r && { BR: r[0]!, AR: r[1]! };
  },
});
