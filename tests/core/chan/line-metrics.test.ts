/**
 * Force measures of strokes and segments against chan.py written again here the way it states them
 * (Vespa314/chan.py 429d6ed3: `Bi/Bi.py`: `cal_macd_metric` and its `Cal_MACD_area`, `_peak`,
 * `_half_obverse`, `_half_reverse`, `_diff`, `_slope`, `_amp`, `Cal_MACD_trade_metric`, `Cal_Rsi`,
 * `klc_lst`, `klc_lst_re`, `get_klu_cnt`, `get_begin_klu`/`get_end_klu`; `Seg/Seg.py`: its `cal_macd_metric`), on random merged bars (each holding 1–3 raw
 * bars) and random strokes over them: a histogram of small integers with zeros and sign changes,
 * volumes and amounts with missing values, random RSI.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { allocSeries } from "../../../core/bars/series.ts";
import { segmentMetric, strokeMetric } from "../../../core/chan/line-metrics.ts";
import { allocLines } from "../../../core/chan/lines.ts";
import type { MergedBars } from "../../../core/chan/merged-bars.ts";
import { MACD_ALGOS, type MacdAlgo } from "../../../core/chan/options.ts";

/** chan.py's CKLine_Unit as the measures read it. */
interface Klu {
  readonly idx: number;
  readonly high: number;
  readonly low: number;
  readonly macd: number;
  readonly rsi: number;
  readonly volume: number | null;
  readonly turnover: number | null;
}

interface Case {
  readonly klcs: readonly (readonly Klu[])[];
  /** Each stroke: its merged bars, direction, and the raw bars of its two extremes inside them. */
  readonly strokes: readonly { readonly beginKlc: number; readonly endKlc: number; readonly dir: number; readonly beginKlu: number; readonly endKlu: number }[];
}

const unit = fc.record({
  high: fc.integer({ min: 5, max: 9 }),
  low: fc.integer({ min: 1, max: 4 }),
  macd: fc.integer({ min: -3, max: 3 }),
  rsi: fc.integer({ min: 0, max: 100 }),
  volume: fc.option(fc.integer({ min: 0, max: 50 }), { freq: 12 }),
  turnover: fc.option(fc.integer({ min: 0, max: 50 }), { freq: 12 }),
});

const cases: fc.Arbitrary<Case> = fc.array(fc.array(unit, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 9 }).chain((groups) => {
  let idx = 0;
  const klcs = groups.map((g) => g.map((u) => ({ ...u, idx: idx++ })));
  const stroke = fc
    .tuple(fc.integer({ min: 0, max: klcs.length - 2 }), fc.integer({ min: 1, max: klcs.length - 1 }), fc.boolean(), fc.nat(), fc.nat())
    .filter(([b, e]) => b < e)
    .map(([b, e, up, i, j]) => ({ beginKlc: b, endKlc: e, dir: up ? 1 : -1, beginKlu: klcs[b]![i % klcs[b]!.length]!.idx, endKlu: klcs[e]![j % klcs[e]!.length]!.idx }));
  return fc.record({ klcs: fc.constant(klcs), strokes: fc.array(stroke, { minLength: 1, maxLength: 4 }) });
});

/** chan.py's measures of one stroke. */
function chanPyMetric(c: Case, s: Case["strokes"][number], algo: MacdAlgo, isReverse: boolean): number {
  const units = c.klcs.flat();
  const klcLst = c.klcs.slice(s.beginKlc, s.endKlc + 1);
  const klus = klcLst.flat();
  const begin = units[s.beginKlu]!;
  const end = units[s.endKlu]!;
  const isUp = s.dir === 1;
  const isDown = !isUp;
  const trade = (field: "volume" | "turnover", avg: boolean) => {
    let sum = 0;
    for (const k of klus) {
      const v = k[field];
      if (v === null) return 0;
      sum += v;
    }
    return avg ? sum / (end.idx - begin.idx + 1) : sum;
  };
  switch (algo) {
    case "area": {
      let sum = 1e-7;
      const peak = (isReverse ? end : begin).macd;
      // obverse: from the begin unit forward through the stroke's bars; reverse: from the end unit backward
      const walk = isReverse ? [...klus].reverse().filter((k) => k.idx <= end.idx) : klus.filter((k) => k.idx >= begin.idx);
      for (const k of walk) {
        if (k.macd * peak > 0) sum += Math.abs(k.macd);
        else break;
      }
      return sum;
    }
    case "peak": {
      let peak = 1e-7;
      for (const k of klus) {
        if (Math.abs(k.macd) > peak) {
          if (isDown && k.macd < 0) peak = Math.abs(k.macd);
          else if (isUp && k.macd > 0) peak = Math.abs(k.macd);
        }
      }
      return peak;
    }
    case "full_area": {
      let sum = 1e-7;
      for (const k of klus) {
        if (k.idx < begin.idx || k.idx > end.idx) continue;
        if ((isDown && k.macd < 0) || (isUp && k.macd > 0)) sum += Math.abs(k.macd);
      }
      return sum;
    }
    case "diff": {
      let max = -Infinity;
      let min = Infinity;
      for (const k of klus) {
        if (k.macd > max) max = k.macd;
        if (k.macd < min) min = k.macd;
      }
      return max - min;
    }
    case "slope":
      return isUp ? (end.high - begin.low) / end.high / (end.idx - begin.idx + 1) : (begin.high - end.low) / begin.high / (end.idx - begin.idx + 1);
    case "amp":
      return isDown ? (begin.high - end.low) / begin.high : (end.high - begin.low) / begin.low;
    case "amount":
      return trade("turnover", false);
    case "volumn":
      return trade("volume", false);
    case "volumn_avg":
      return trade("volume", true);
    case "amount_avg":
      return trade("turnover", true);
    case "rsi": {
      const r = klus.map((k) => k.rsi);
      return isDown ? 10000 / (Math.min(...r) + 1e-7) : Math.max(...r);
    }
  }
}

/** The case as our columns: raw bars, merged bars (only `first`/`last` are read) and stroke lines. */
function columns(c: Case) {
  const units = c.klcs.flat();
  const bars = allocSeries(units.length);
  const hist = new Float64Array(units.length);
  const rsi = new Float64Array(units.length);
  for (const u of units) {
    bars.high[u.idx] = u.high;
    bars.low[u.idx] = u.low;
    bars.vol[u.idx] = u.volume ?? NaN;
    bars.amount[u.idx] = u.turnover ?? NaN;
    hist[u.idx] = u.macd;
    rsi[u.idx] = u.rsi;
  }
  const merged = { first: Int32Array.from(c.klcs, (g) => g[0]!.idx), last: Int32Array.from(c.klcs, (g) => g.at(-1)!.idx) } as MergedBars;
  const n = c.strokes.length;
  const lines = { ...allocLines(n), beginMerged: Int32Array.from(c.strokes, (s) => s.beginKlc), endMerged: Int32Array.from(c.strokes, (s) => s.endKlc) };
  c.strokes.forEach((s, i) => {
    lines.dir[i] = s.dir;
    lines.beginBar[i] = s.beginKlu;
    lines.endBar[i] = s.endKlu;
  });
  return { bars, hist, rsi, merged, lines };
}

test("every stroke force measure equals chan.py's cal_macd_metric, both directions of measure", () => {
  let nonTrivial = 0;
  fc.assert(
    fc.property(cases, (c) => {
      const { bars, hist, rsi, merged, lines } = columns(c);
      const metric = strokeMetric(lines, merged, { bars, hist, rsi });
      c.strokes.forEach((s, i) => {
        for (const algo of MACD_ALGOS)
          for (const reverse of [false, true]) {
            const want = chanPyMetric(c, s, algo, reverse);
            assert.equal(metric(i, algo, reverse), want, `stroke ${i} ${JSON.stringify(s)}, ${algo}, reverse ${reverse}`);
            if (want > 1e-6) nonTrivial++;
          }
      });
    }),
    { seed: 2394, numRuns: 400 },
  );
  assert.ok(nonTrivial > 5_000, `only ${nonTrivial} measures above the 1e-7 floor`);
});

test("a segment's measures are chan.py's CSeg slope and amp over its extremes' raw bars; the others throw", () => {
  fc.assert(
    fc.property(cases, (c) => {
      const { bars, lines } = columns(c);
      const metric = segmentMetric(lines, bars);
      c.strokes.forEach((s, i) => {
        for (const algo of MACD_ALGOS) {
          if (algo === "slope" || algo === "amp") assert.equal(metric(i, algo, false), chanPyMetric(c, s, algo, false), `line ${i}, ${algo}`);
          else assert.throws(() => metric(i, algo, false), new RegExp(`segment force measure ${algo} is not slope or amp`), `line ${i}, ${algo}`);
        }
      });
    }),
    { seed: 2395, numRuns: 200 },
  );
});
