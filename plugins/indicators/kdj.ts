import { formulaIndicator, period } from "./formula-indicator.ts";

/**
 * KDJ stochastic with TDX's SMA smoothing (not TA-Lib's STOCH). The engine
 * fuses RSV, K, D and J into one loop after the window extremes, as fast as
 * the hand-written kernel it replaced, so the formula alone defines it.
 */
export const kdj = formulaIndicator({
  id: "KDJ",
  order: 6,
  title: "KDJ 随机指标",
  titleEn: "KDJ Stochastic Oscillator",
  params: [period("N", 9), period("M1", 3), period("M2", 3)],
  formula: `RSV:=(CLOSE-LLV(LOW,N))/(HHV(HIGH,N)-LLV(LOW,N))*100;
K:SMA(RSV,M1,1);
D:SMA(K,M2,1);
J:3*K-2*D;`,
});
