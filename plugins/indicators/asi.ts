import { asiKernel } from "../../core/indicators/index.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/** Accumulation swing index, in the form MyTT and funcat publish (a windowed sum). */
export const asi = formulaIndicator({
  id: "ASI",
  order: 24,
  title: "ASI 振动升降指标",
  titleEn: "ASI Accumulation Swing Index",
  params: [period("M1", 26), period("M2", 10)],
  formula: `LC:=REF(CLOSE,1);
AA:=ABS(HIGH-LC);
BB:=ABS(LOW-LC);
CC:=ABS(HIGH-REF(LOW,1));
DD:=ABS(LC-REF(OPEN,1));
R:=IF(AA>BB AND AA>CC,AA+BB/2+DD/4,IF(BB>CC AND BB>AA,BB+AA/2+DD/4,CC+DD/4));
X:=(CLOSE-LC+(CLOSE-OPEN)/2+LC-REF(OPEN,1));
SI:=16*X/R*MAX(AA,BB);
ASI:SUM(SI,M1);
ASIT:MA(ASI,M2);`,
  kernel: (s, p, allocate) => {
    const r = asiKernel(s.open, s.high, s.low, s.close, p.M1!, p.M2!, allocate);
    return r && { ASI: r[0]!, ASIT: r[1]! };
  },
});
