/**
 * Built-in indicators on 10,000 bars: the whole set (target: under 2 ms), with
 * fresh output arrays (the `IndicatorPlugin` contract) and with outputs in a
 * reused arena (what `/indicator/compute` does; writing ~70 fresh 80 KB
 * columns costs about as much as computing them), and the whole answer of
 * the route for all of them (columns and the DataFrame JSON, what dominates
 * a real request); and side by side with the
 * `technicalindicators` package on the indicators both have (target: 20×
 * faster). Theirs gets plain arrays, its input format, prepared outside the
 * timed code; ours computes more lines where the TDX indicator has more (RSI
 * 6/12/24, MA 5/10/20/60, KDJ's J).
 *
 * The process is server-like: it loads the HTTP indicator service under the
 * loader the service starts with (`--import tsx/esm`, as `npm start` and `npm
 * run bench` run), in a process of its own (bench/run.ts). Under plain `tsx`
 * the service's CommonJS dependencies (@hono/zod-openapi → openapi3-ts →
 * yaml) went through tsx's CommonJS hook, which detached an ArrayBuffer, after
 * which V8 checks every typed-array access (core/formula/kernels/doubles.ts):
 * all 30 took 4.4–4.5 ms there against 3.8–4.1 ms now (medians of separate runs on this machine), and the service was as slow
 * (tests/apps/typed-array-protector.test.ts). technicalindicators is loaded
 * from its ES-module build (the same code, as fast); its figures are taken in
 * the same process.
 */
import { bench, do_not_optimize, group, summary } from "mitata";
import type * as TechnicalIndicators from "technicalindicators";
import { IndicatorService } from "../core/app/indicators/indicator-service.ts";
import { recycle } from "../adapters/http/frames/json-writer.ts";
import { indicatorTableJson } from "../adapters/http/indicators/indicator-routes.ts";
import { parseOhlcvRecords } from "../core/app/bars/ohlcv-records.ts";
import { ColumnArena } from "../core/indicators/index.ts";
import { loadPlugins } from "../plugins/index.ts";
import { formulaIndicators, indicators } from "../plugins/indicators/index.ts";
import { randomWalk } from "../tests/plugins/indicators/market.ts";
import { fmtMs, fmtRatio, target } from "./targets.ts";

// the ES-module build (package.json "module") has no type declarations of its own
const esm: string = "technicalindicators/lib/index.js";
const ti = (await import(esm)) as typeof TechnicalIndicators;
const s = randomWalk(10_000, 11);
const close = Array.from(s.close);
const high = Array.from(s.high);
const low = Array.from(s.low);
const volume = Array.from(s.vol);
const byId = new Map(indicators.map((p) => [p.id, p]));
const ours = (id: string) => () => do_not_optimize(byId.get(id)!.compute(s, {}));

const pairs: readonly [string, string, () => unknown][] = [
  ["MACD", "MACD(12,26,9)", () => ti.MACD.calculate({ values: close, fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, SimpleMAOscillator: false, SimpleMASignal: false })],
  ["RSI", "RSI", () => ti.RSI.calculate({ values: close, period: 14 })],
  ["BOLL", "BollingerBands(20,2)", () => ti.BollingerBands.calculate({ values: close, period: 20, stdDev: 2 })],
  ["KDJ", "Stochastic(9,3)", () => ti.Stochastic.calculate({ high, low, close, period: 9, signalPeriod: 3 })],
  ["CCI", "CCI(14)", () => ti.CCI.calculate({ high, low, close, period: 14 })],
  ["ATR", "ATR(14)", () => ti.ATR.calculate({ high, low, close, period: 14 })],
  ["OBV", "OBV", () => ti.OBV.calculate({ close, volume })],
  ["MA", "SMA(20)", () => ti.SMA.calculate({ values: close, period: 20 })],
];

const arena = new ColumnArena();

// The whole answer of POST /indicator/compute for all of them (keep_ohlcv false): columns and DataFrame JSON bytes.
const service = new IndicatorService(await loadPlugins());
const sent = Array.from({ length: s.length }, (_, i) => ({ date: new Date(s.time[i]!).toISOString().slice(0, 10), open: s.open[i], high: s.high[i], low: s.low[i], close: s.close[i], vol: s.vol[i] }));
const records = parseOhlcvRecords(sent, "data", { requireTime: false });
if (!records.ok) throw new Error("bench records rejected");
const everyIndicator = service.resolve(
  formulaIndicators.map((p) => p.id),
  null,
);
if (!everyIndicator.ok) throw new Error("bench indicators rejected");
const answer = () => indicatorTableJson(service.frame({ records, requests: everyIndicator.value, keepOhlcv: false }));
const ANSWER = `all ${formulaIndicators.length} as /indicator/compute answers them (columns and ${(answer().length / 1e6).toFixed(1)} MB of JSON)`;

const ALL_ARENA = `all ${formulaIndicators.length} indicators, outputs in a reused arena`;
// Both sides warmed before timing: technicalindicators' 8 take 80–190 ms on their first runs here
// against ~30–70 ms once V8 has optimised them, and mitata's two warm-up samples and ~0.6 s of
// samples would time mostly those, which flattered the ratio (23× printed, 16× warmed).
for (let r = 0; r < 15; r++) {
  for (const [, , theirs] of pairs) theirs();
  arena.reset();
  for (const p of formulaIndicators) p.compute(s, {}, arena.take);
  for (const p of indicators) p.compute(s, {});
}
group("indicators: every built-in on 10,000 bars", () => {
  bench(`all ${indicators.length} indicators, fresh output arrays`, () => {
    for (const p of indicators) do_not_optimize(p.compute(s, {}));
  });
  bench(ALL_ARENA, () => {
    arena.reset();
    for (const p of formulaIndicators) do_not_optimize(p.compute(s, {}, arena.take));
  });
  // the service gives the answer's buffer back once its socket has sent it (freshJsonResponse): so does this
  bench(ANSWER, () => {
    const bytes = answer();
    do_not_optimize(bytes);
    recycle(bytes);
  });
});

summary(() => {
  group("indicators: the 8 shared with technicalindicators, 10,000 bars", () => {
    bench("tdx-forge", () => {
      for (const [id] of pairs) do_not_optimize(byId.get(id)!.compute(s, {}));
    });
    bench("technicalindicators", () => {
      for (const [, , theirs] of pairs) do_not_optimize(theirs());
    });
  });
});

for (const [id, name, theirs] of pairs) {
  summary(() => {
    group(`indicators: ${id} vs ${name}, 10,000 bars`, () => {
      bench(`tdx-forge ${id}`, ours(id));
      bench(`technicalindicators ${name}`, () => do_not_optimize(theirs()));
    });
  });
}

target(`1. indicators: all ${formulaIndicators.length} on 10,000 bars, outputs as /indicator/compute writes them, ≤ 1.5 ms`, (r) => {
  const ms = r.median(ALL_ARENA);
  return {
    measured: `${fmtMs(ms)} (the whole answer, with its JSON: ${fmtMs(r.median(ANSWER))})`,
    peer: `technicalindicators' 8 ${fmtMs(r.median("technicalindicators"))}`,
    met: ms <= 1.5,
  };
});
target(`1. indicators: all ${formulaIndicators.length} ≥ 20× faster than technicalindicators' 8`, (r) => {
  const ratio = r.median("technicalindicators") / r.median(ALL_ARENA);
  return {
    measured: `${fmtRatio(ratio)} (the same 8 against 8: ${fmtRatio(r.median("technicalindicators") / r.median("tdx-forge"))})`,
    peer: `technicalindicators' 8 ${fmtMs(r.median("technicalindicators"))}, ours all ${fmtMs(r.median(ALL_ARENA))}`,
    met: ratio >= 20,
  };
});
