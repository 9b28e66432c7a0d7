/**
 * The formula engine on TDX's MACD + KDJ + BOLL text: parse and evaluate
 * together (the per-request cost of a formula endpoint) on one API page of 800
 * bars and on a million bars, then the stages on their own (a repeated text).
 * Targets: 0.1 ms and 60 ms. Then the first-time costs (issue 22): the first
 * formula in a fresh process (bench/formula-first.ts in a child process,
 * median of 5), and a new text of that size (each with its own shape, see
 * formula-texts.ts) in a process after the server's start-up warm-up: target
 * ≤ 1 ms (median; the slowest is printed too).
 */
import { execFileSync } from "node:child_process";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { bench, do_not_optimize, group, summary } from "mitata";
import { warmUp } from "../apps/server/warm-up.ts";
import { compileFormula, evaluatePlan, parseFormula } from "../core/formula/index.ts";
import { loadPlugins } from "../plugins/index.ts";
import { randomWalk } from "../tests/plugins/indicators/market.ts";
import { FORMULA_TEXT as TEXT, newFormulaText } from "./formula-texts.ts";
import { fmtMs, mean, median, target } from "./targets.ts";

const page = randomWalk(800, 7);
const million = randomWalk(1_000_000, 7);

const first = fileURLToPath(new URL("formula-first.ts", import.meta.url));
const cold = Array.from({ length: 5 }, () => Number(execFileSync(process.execPath, ["--import", "tsx/esm", first], { encoding: "utf8" })));
console.log(`formula: first MACD+KDJ+BOLL in a fresh process (compile + evaluate 800 bars), 5 processes: median ${fmtMs(median(cold))}, mean ${fmtMs(mean(cold))}`);

const noop = () => {};
await warmUp({ registry: await loadPlugins(), now: () => Date.now(), log: { debug: noop, info: noop, warn: noop, error: noop }, signal: new AbortController().signal });
const fresh: number[] = [];
for (let k = 1; k <= 60; k++) {
  const text = newFormulaText(k);
  const t0 = performance.now();
  evaluatePlan(compileFormula(text).plan!, page);
  fresh.push(performance.now() - t0);
}
console.log(
  `formula: a new text of that size after the start-up warm-up (compile + evaluate 800 bars), ${fresh.length} texts: median ${fmtMs(median(fresh))}, mean ${fmtMs(mean(fresh))}, slowest ${fmtMs(Math.max(...fresh))}`,
);

const plan = compileFormula(TEXT).plan!;
const PAGE = "800 bars";
group("formula: parse + evaluate MACD+KDJ+BOLL", () => {
  bench(PAGE, () => do_not_optimize(evaluatePlan(compileFormula(TEXT).plan!, page)));
  bench("1,000,000 bars", () => do_not_optimize(evaluatePlan(compileFormula(TEXT).plan!, million)));
});

summary(() => {
  group("formula: stages, MACD+KDJ+BOLL on 800 bars", () => {
    bench("parse", () => do_not_optimize(parseFormula(TEXT)));
    bench("compile (parse, check, plan)", () => do_not_optimize(compileFormula(TEXT)));
    bench("evaluate a compiled plan", () => do_not_optimize(evaluatePlan(plan, page)));
  });
});

target("5. formula: a new text of MACD+KDJ+BOLL's size ≤ 1 ms (compile + evaluate 800 bars, after start-up warm-up)", (r) => ({
  measured: `${fmtMs(median(fresh))} (slowest ${fmtMs(Math.max(...fresh))})`,
  peer: `the same text repeated ${fmtMs(r.median(PAGE))}; first in a fresh process ${fmtMs(median(cold))}`,
  met: median(fresh) <= 1,
}));
target("5. formula: the first formula in a fresh process ≤ 1 ms (compile + evaluate 800 bars, nothing warmed)", (r) => ({
  measured: `${fmtMs(median(cold))} (median of ${cold.length} processes)`,
  peer: `a new text after the warm-up ${fmtMs(median(fresh))}; the same text repeated ${fmtMs(r.median(PAGE))}`,
  met: median(cold) <= 1,
}));
