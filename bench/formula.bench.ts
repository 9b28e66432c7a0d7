/**
 * The formula engine on TDX's MACD + KDJ + BOLL text: parse and evaluate
 * together (the per-request cost of a formula endpoint) on one API page of 800
 * bars and on a million bars, then the stages on their own. Targets: 0.1 ms
 * and 60 ms.
 */
import { bench, do_not_optimize, group, summary } from "mitata";
import { compileFormula, evaluatePlan, parseFormula } from "../core/formula/index.ts";
import { randomWalk } from "../tests/plugins/indicators/market.ts";

const TEXT = `DIF:EMA(CLOSE,12)-EMA(CLOSE,26);
DEA:EMA(DIF,9);
MACD:(DIF-DEA)*2,COLORSTICK;
RSV:=(CLOSE-LLV(LOW,9))/(HHV(HIGH,9)-LLV(LOW,9))*100;
K:SMA(RSV,3,1);
D:SMA(K,3,1);
J:3*K-2*D;
BOLL:MA(CLOSE,20);
UB:BOLL+2*STD(CLOSE,20);
LB:BOLL-2*STD(CLOSE,20);`;

const page = randomWalk(800, 7);
const million = randomWalk(1_000_000, 7);
const plan = compileFormula(TEXT).plan!;

group("formula: parse + evaluate MACD+KDJ+BOLL", () => {
  bench("800 bars", () => do_not_optimize(evaluatePlan(compileFormula(TEXT).plan!, page)));
  bench("1,000,000 bars", () => do_not_optimize(evaluatePlan(compileFormula(TEXT).plan!, million)));
});

summary(() => {
  group("formula: stages, MACD+KDJ+BOLL on 800 bars", () => {
    bench("parse", () => do_not_optimize(parseFormula(TEXT)));
    bench("compile (parse, check, plan)", () => do_not_optimize(compileFormula(TEXT)));
    bench("evaluate a compiled plan", () => do_not_optimize(evaluatePlan(plan, page)));
  });
});
