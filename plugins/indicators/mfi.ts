import { mfiKernel } from "../../core/indicators/index.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/** Money flow index (equal to TA-Lib's MFI). */
export const mfi = formulaIndicator({
  id: "MFI",
  order: 26,
  title: "MFI 资金流量指标",
  titleEn: "MFI Money Flow Index",
  params: [period("N", 14)],
  formula: `TYP:=(HIGH+LOW+CLOSE)/3;
V1:=SUM(IF(TYP>REF(TYP,1),TYP*VOL,0),N)/SUM(IF(TYP<REF(TYP,1),TYP*VOL,0),N);
MFI:100-(100/(1+V1));`,
  kernel: (s, p, allocate) => {
    const r = mfiKernel(s.high, s.low, s.close, s.vol, p.N!, allocate);
    return r && { MFI: r[0]! };
  },
});
