import { dmiKernel } from "../../core/indicators/index.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/** Directional movement, in TDX's current form with EXPMEMA smoothing. */
export const dmi = formulaIndicator({
  id: "DMI",
  order: 12,
  title: "DMI 趋向指标",
  titleEn: "DMI Directional Movement Index",
  params: [period("N", 14), period("M", 6)],
  formula: `MTR:=EXPMEMA(MAX(MAX(HIGH-LOW,ABS(HIGH-REF(CLOSE,1))),ABS(REF(CLOSE,1)-LOW)),N);
HD:=HIGH-REF(HIGH,1);
LD:=REF(LOW,1)-LOW;
DMP:=EXPMEMA(IF(HD>0 AND HD>LD,HD,0),N);
DMM:=EXPMEMA(IF(LD>0 AND LD>HD,LD,0),N);
PDI:DMP*100/MTR;
MDI:DMM*100/MTR;
ADX:EXPMEMA(ABS(MDI-PDI)/(MDI+PDI)*100,M);
ADXR:EXPMEMA(ADX,M);`,
  kernel: (s, p, allocate) => {
    const r = dmiKernel(s.high, s.low, s.close, p.N!, p.M!, allocate);
    return r && { PDI: r[0]!, MDI: r[1]!, ADX: r[2]!, ADXR: r[3]! };
  },
});
