import { obvKernel } from "../../core/indicators/index.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/** On-balance volume from the second bar (TA-Lib's OBV also counts the first bar's volume). */
export const obv = formulaIndicator({
  id: "OBV",
  order: 14,
  title: "OBV 累积能量线",
  titleEn: "OBV On-Balance Volume",
  params: [period("M", 30)],
  formula: `VA:=IF(CLOSE>REF(CLOSE,1),VOL,-VOL);
OBV:SUM(IF(CLOSE=REF(CLOSE,1),0,VA),0);
MAOBV:MA(OBV,M);`,
  kernel: (s, p, allocate) => {
    const r = obvKernel(s.close, s.vol, p.M!, allocate);
    return r && { OBV: r[0]!, MAOBV: r[1]! };
  },
});
