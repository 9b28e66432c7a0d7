/**
 * Run as a child process by formula.bench.ts: the cost of the first formula in
 * a fresh process (parse, check, plan, generate and evaluate MACD+KDJ+BOLL on
 * 800 bars, with nothing compiled before). Prints the milliseconds.
 */
import { compileFormula, evaluatePlan } from "../core/formula/index.ts";
import { randomWalk } from "../tests/plugins/indicators/market.ts";
import { FORMULA_TEXT } from "./formula-texts.ts";

const page = randomWalk(800, 7);
const t0 = performance.now();
evaluatePlan(compileFormula(FORMULA_TEXT).plan!, page);
console.log(performance.now() - t0);
