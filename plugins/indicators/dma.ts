import { formulaIndicator, period } from "./formula-indicator.ts";

/** The DMA indicator (difference of two MAs), not the DMA(X,A) function. */
export const dma = formulaIndicator({
  id: "DMA",
  order: 20,
  title: "DMA 平行线差指标",
  titleEn: "DMA Different of Moving Average",
  params: [period("N1", 10), period("N2", 50), period("M", 10)],
  formula: `DIF:MA(CLOSE,N1)-MA(CLOSE,N2);
DIFMA:MA(DIF,M);`,
});
