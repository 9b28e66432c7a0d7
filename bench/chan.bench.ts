/**
 * The chan pipeline on 3,332 daily bars (the SSE Composite fixture when
 * `../shared/fixtures` is present, else a random walk of the same length).
 * Target: under 20 ms for the whole analysis (chan.py: about 0.1 s here, batch).
 */
import { bench, do_not_optimize, group, summary } from "mitata";
import { allocSeries, type BarSeries } from "../core/bars/series.ts";
import { analyzeChan, ChanStream } from "../core/chan/analyze.ts";
import type { ChanConfig } from "../core/chan/options.ts";
import { chanToJson } from "../core/chan/to-json.ts";
import { parseChanOptions } from "../core/chan/validate-options.ts";
import { loadSseDaily } from "../tests/core/chan/sse-fixture.ts";

function walk(n: number): BarSeries {
  const s = allocSeries(n);
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  let p = 3000;
  for (let i = 0; i < n; i++) {
    const o = p;
    p = Math.max(100, p * (1 + (rnd() - 0.5) * 0.04));
    s.time[i] = Date.UTC(2007, 0, 1) + i * 86_400_000;
    s.open[i] = o;
    s.close[i] = p;
    s.high[i] = Math.max(o, p) * (1 + rnd() * 0.01);
    s.low[i] = Math.min(o, p) * (1 - rnd() * 0.01);
    s.vol[i] = 1e8;
    s.amount[i] = NaN;
  }
  return s;
}

function config(options: Record<string, unknown>): ChanConfig {
  const p = parseChanOptions(options);
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return p.config;
}

const bars = loadSseDaily() ?? walk(3332);
const defaults = config({});

summary(() => {
  group(`chan analysis, ${bars.length} daily bars`, () => {
    bench("analyzeChan (chan.py defaults)", () => do_not_optimize(analyzeChan(bars, defaults)));
    bench("analyzeChan (new stroke)", () => do_not_optimize(analyzeChan(bars, config({ bi_strict: false }))));
    bench("analyzeChan (czsc strokes, min 7)", () => do_not_optimize(analyzeChan(bars, config({ bi_algo: "czsc", czsc_min_bi_len: 7 }))));
    bench("analyzeChan + chanToJson with merged bars", () => do_not_optimize(chanToJson(analyzeChan(bars, defaults), { mergedBars: true })));
    bench("ChanStream: push every bar, one snapshot", () => {
      const s = new ChanStream(defaults);
      for (let i = 0; i < bars.length; i++) s.push(bars.time[i]!, bars.open[i]!, bars.high[i]!, bars.low[i]!, bars.close[i]!, bars.vol[i]!, bars.amount[i]!);
      do_not_optimize(s.snapshot());
    });
  });
});
