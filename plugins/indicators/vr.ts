import { vrKernel } from "../../core/indicators/index.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/** Volume ratio: volume on up bars against down bars, unchanged bars split between both. */
export const vr = formulaIndicator({
  id: "VR",
  order: 18,
  title: "VR 成交量变异率",
  titleEn: "VR Volume Ratio",
  params: [period("N", 26), period("M", 6)],
  formula: `TH:=SUM(IF(CLOSE>REF(CLOSE,1),VOL,0),N);
TL:=SUM(IF(CLOSE<REF(CLOSE,1),VOL,0),N);
TQ:=SUM(IF(CLOSE=REF(CLOSE,1),VOL,0),N);
VR:100*(TH*2+TQ)/(TL*2+TQ);
MAVR:MA(VR,M);`,
  kernel: (s, p, allocate) => {
    const r = vrKernel(s.close, s.vol, p.N!, p.M!, allocate);
    return r && { VR: r[0]!, MAVR: r[1]! };
  },
});
