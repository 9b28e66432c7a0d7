import { zljcKernel } from "../../core/indicators/index.ts";
import { formulaIndicator } from "./formula-indicator.ts";

/** 主力进出: cumulative money-flow proxy and its 12/26-bar averages (VOL scale as given by the bars). */
export const zljc = formulaIndicator({
  id: "ZLJC",
  order: 30,
  title: "ZLJC 主力进出",
  titleEn: "ZLJC Main Force In/Out",
  params: [],
  formula: `VAR1:=(CLOSE+LOW+HIGH)/3;
VAR2:=SUM(((VAR1-REF(LOW,1))-(HIGH-VAR1))*VOL/100000/(HIGH-LOW),0);
VAR3:=EMA(VAR2,1);
JCS:VAR3;
JCM:MA(VAR3,12);
JCL:MA(VAR3,26);`,
  kernel: (s, _p, allocate) => {
    const [jcs, jcm, jcl] = zljcKernel(s.high, s.low, s.close, s.vol, allocate);
    return { JCS: jcs!, JCM: jcm!, JCL: jcl! };
  },
});
