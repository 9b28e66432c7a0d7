import { crKernel } from "../../core/indicators/index.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/**
 * CR energy against the previous bar's midpoint, with four shifted averages.
 * The shift M/2.5+1 is fractional for some periods (62 gives 25.8); REF
 * truncates it, the likely TDX behaviour ([UNVERIFIED] in core/formula/LANGUAGE.md).
 */
export const cr = formulaIndicator({
  id: "CR",
  order: 23,
  title: "CR 带状能量线",
  titleEn: "CR Energy Band",
  params: [period("N", 26), period("M1", 10), period("M2", 20), period("M3", 40), period("M4", 62)],
  formula: `MID:=REF(HIGH+LOW,1)/2;
CR:SUM(MAX(0,HIGH-MID),N)/SUM(MAX(0,MID-LOW),N)*100;
MA1:REF(MA(CR,M1),M1/2.5+1);
MA2:REF(MA(CR,M2),M2/2.5+1);
MA3:REF(MA(CR,M3),M3/2.5+1);
MA4:REF(MA(CR,M4),M4/2.5+1);`,
  kernel: (s, p, allocate) => {
    const r = crKernel(s.high, s.low, p.N!, [p.M1!, p.M2!, p.M3!, p.M4!], allocate);
    return r && { CR: r[0]!, MA1: r[1]!, MA2: r[2]!, MA3: r[3]!, MA4: r[4]! };
  },
});
