import { kdjKernel } from "../../core/indicators/kdj.ts";
import { formulaIndicator, period } from "./formula-indicator.ts";

/** KDJ stochastic with TDX's SMA smoothing (not TA-Lib's STOCH). */
export const kdj = formulaIndicator({
  id: "KDJ",
  title: "KDJ 随机指标",
  params: [period("N", 9), period("M1", 3), period("M2", 3)],
  formula: `RSV:=(CLOSE-LLV(LOW,N))/(HHV(HIGH,N)-LLV(LOW,N))*100;
K:SMA(RSV,M1,1);
D:SMA(K,M2,1);
J:3*K-2*D;`,
  kernel: (s, p, allocate) => {
    const r = kdjKernel(s.high, s.low, s.close, p.N!, p.M1!, p.M2!, allocate);
    return r && { K: r[0]!, D: r[1]!, J: r[2]! };
  },
});
