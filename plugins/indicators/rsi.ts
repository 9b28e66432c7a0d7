import { rsiKernel } from "../../core/indicators/index.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/** RSI over three periods with TDX's SMA smoothing (Wilder's, seeded on the first bar). */
export const rsi = formulaIndicator({
  id: "RSI",
  order: 7,
  title: "RSI 相对强弱指标",
  titleEn: "RSI Relative Strength Index",
  params: [period("N1", 6), period("N2", 12), period("N3", 24)],
  formula: `LC:=REF(CLOSE,1);
RSI1:SMA(MAX(CLOSE-LC,0),N1,1)/SMA(ABS(CLOSE-LC),N1,1)*100;
RSI2:SMA(MAX(CLOSE-LC,0),N2,1)/SMA(ABS(CLOSE-LC),N2,1)*100;
RSI3:SMA(MAX(CLOSE-LC,0),N3,1)/SMA(ABS(CLOSE-LC),N3,1)*100;`,
  kernel: (s, p, allocate) => {
    const r = rsiKernel(s.close, p.N1!, p.N2!, p.N3!, allocate);
    return r && { RSI1: r[0]!, RSI2: r[1]!, RSI3: r[2]! };
  },
});
