import { psyKernel } from "../../core/indicators/index.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/** Psychological line: the share of up closes over N bars. */
export const psy = formulaIndicator({
  id: "PSY",
  order: 17,
  title: "PSY 心理线",
  titleEn: "PSY Psychological Line",
  params: [period("N", 12), period("M", 6)],
  formula: `PSY:COUNT(CLOSE>REF(CLOSE,1),N)/N*100;
PSYMA:MA(PSY,M);`,
  kernel: (s, p, allocate) => {
    const r = psyKernel(s.close, p.N!, p.M!, allocate);
    return r && { PSY: r[0]!, PSYMA: r[1]! };
  },
});
