import { emvKernel } from "../../core/indicators/index.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/** Ease of movement: midpoint change scaled by relative volume and range. */
export const emv = formulaIndicator({
  id: "EMV",
  order: 21,
  title: "EMV 简易波动指标",
  titleEn: "EMV Ease of Movement",
  params: [period("N", 14), period("M", 9)],
  formula: `VOLUME:=MA(VOL,N)/VOL;
MID:=100*(HIGH+LOW-REF(HIGH+LOW,1))/(HIGH+LOW);
EMV:MA(MID*VOLUME*(HIGH-LOW)/MA(HIGH-LOW,N),N);
MAEMV:MA(EMV,M);`,
  kernel: (s, p, allocate) => {
    const r = emvKernel(s.high, s.low, s.vol, p.N!, p.M!, allocate);
    return r && { EMV: r[0]!, MAEMV: r[1]! };
  },
});
