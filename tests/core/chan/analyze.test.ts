/**
 * The pipeline of core/chan/analyze.ts. The `rsi` force measure reads chan.py's
 * RSI of the closes over `rsi_cycle` bars (chan.py keeps an RSI whenever either
 * side's `macd_algo` is `rsi`). Streaming equals batch: feeding bars one at a
 * time, `snapshot()` after any bar gives exactly what `analyzeChan` gives on
 * the bars fed so far, on random walks (with ties and flat bars) under several
 * configs and on the fixture.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { sliceSeries, type BarSeries } from "../../../core/bars/series.ts";
import { analyzeChan, ChanStream } from "../../../core/chan/analyze.ts";
import type { ChanConfig, ChanOptions } from "../../../core/chan/options.ts";
import { strokeMetric } from "../../../core/chan/line-metrics.ts";
import { chanToJson } from "../../../core/chan/to-json.ts";
import { parseChanOptions } from "../../../core/chan/validate-options.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { chanpyRsi } from "./chanpy-rsi.ts";
import { OPENING_BAR_ROWS, series } from "./crafted-bars.ts";
import { step, walk } from "./random-walk.ts";
import { loadSseDaily, SSE_CSV } from "./sse-fixture.ts";

function config(options: ChanOptions): ChanConfig {
  const p = parseChanOptions(options);
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return p.config;
}

const CONFIGS: ChanOptions[] = [
  {},
  { bi_strict: false },
  { bi_allow_sub_peak: false, gap_as_kl: true, bi_fx_check: "half" },
  { bi_algo: "fx", zs_algo: "over_seg", left_seg_method: "all", macd_algo: "area", divergence_rate: 0.9 },
  { zs_algo: "auto", zs_combine_mode: "peak", one_bi_zs: true, bsp2_follow_1: false, bsp3_follow_1: false, min_zs_cnt: 0 },
  { bi_algo: "czsc", czsc_min_bi_len: 7 },
  // the RSI force measure on one side only: RSI is kept for either side asking for it
  { "macd_algo-buy": "rsi", rsi_cycle: 6, min_zs_cnt: 0, bs1_peak: false },
  { "macd_algo-sell": "rsi", min_zs_cnt: 0, bs1_peak: false },
];

// either side asking for the RSI measure, with its own period or chan.py's default (14)
for (const options of [{ "macd_algo-buy": "rsi", rsi_cycle: 6 }, { "macd_algo-sell": "rsi" }] as ChanOptions[]) {
  test(`the rsi force measure reads chan.py's RSI of the closes, ${JSON.stringify(options)}`, () => {
    const cfg = config(options);
    const period = options.rsi_cycle ?? 14;
    let strokes = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 100, maxLength: 200 }), (steps) => {
        const bars = walk(steps);
        // the measure over chan.py's RSI, with line-metrics.ts's rule (checked in line-metrics.test.ts)
        const rsi = Float64Array.from(chanpyRsi(Array.from(bars.close), period));
        const stream = new ChanStream(cfg);
        for (let i = 0; i < bars.length; i++) stream.push(bars.time[i]!, bars.open[i]!, bars.high[i]!, bars.low[i]!, bars.close[i]!);
        for (const a of [analyzeChan(bars, cfg), stream.snapshot()]) {
          const want = strokeMetric(a.strokes, a.merged, { bars, hist: new Float64Array(bars.length), rsi });
          for (let i = 0; i < a.strokes.length; i++) assert.equal(a.strokeMetric(i, "rsi"), want(i, "rsi"), `stroke ${i}`);
          strokes += a.strokes.length;
        }
      }),
      { seed: 2331, numRuns: 30 },
    );
    assert.ok(strokes > 100, `strokes measured (${strokes})`);
  });
}

/** Feeds `bars` to a stream and checks the snapshot after each bar in `cuts` against batch. */
function checkStream(bars: BarSeries, cfg: ChanConfig, cuts: ReadonlySet<number>): void {
  const s = new ChanStream(cfg);
  for (let i = 0; i < bars.length; i++) {
    s.push(bars.time[i]!, bars.open[i]!, bars.high[i]!, bars.low[i]!, bars.close[i]!, bars.vol[i]!, bars.amount[i]!);
    assert.equal(s.length, i + 1, "the bars fed so far");
    if (cuts.has(i + 1)) {
      const streamed = chanToJson(s.snapshot(), { mergedBars: true });
      const batch = chanToJson(analyzeChan(sliceSeries(bars, 0, i + 1), cfg), { mergedBars: true });
      assert.deepStrictEqual(streamed, batch, `after ${i + 1} bars`);
    }
  }
}

test("stream snapshots equal batch on a bar that grows after deciding a stroke", () => {
  const bars = series(OPENING_BAR_ROWS);
  const every = new Set(Array.from({ length: bars.length + 1 }, (_, i) => i));
  for (const options of CONFIGS) checkStream(bars, config(options), every);
});

for (const options of CONFIGS) {
  test(`stream snapshots equal batch on random walks, ${JSON.stringify(options)}`, () => {
    const cfg = config(options);
    fc.assert(
      fc.property(fc.array(step, { minLength: 0, maxLength: 260 }), fc.array(fc.nat(), { maxLength: 4 }), (steps, picks) => {
        const bars = walk(steps);
        const cuts = new Set([bars.length, ...picks.map((p) => (bars.length === 0 ? 0 : (p % bars.length) + 1))]);
        checkStream(bars, cfg, cuts);
      }),
      { seed: 20240917, numRuns: 40 },
    );
  });
}

test("stream snapshots equal batch on the fixture", { skip: skipUnless(SSE_CSV) }, () => {
  const bars = loadSseDaily()!;
  const cuts = new Set([1, 2, 3, 10, 50, 333, 1000, 1777, 2500, 3001, bars.length]);
  for (const options of [{}, { bi_strict: false }]) checkStream(bars, config(options), cuts);
});
