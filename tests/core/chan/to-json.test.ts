/**
 * `chanToJson` against the analysis it came from, its mapping written again here from the field
 * comments of `core/chan/to-json.ts`: every row of every list, on random walks under configs with
 * finite and infinite divergence thresholds. Times are the bar's ISO text, the date alone unless
 * a bar has a time of day (or `timeFormat` says otherwise); negative indices and non-finite numbers
 * are null; a pivot's segment is the one whose list holds it; a stroke-level segment's parent is
 * its segment of segments.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { BarSeries } from "../../../core/bars/series.ts";
import { analyzeChan, type ChanAnalysis, type Level } from "../../../core/chan/analyze.ts";
import type { Lines } from "../../../core/chan/lines.ts";
import { chanToJson } from "../../../core/chan/to-json.ts";
import { parseChanOptions } from "../../../core/chan/validate-options.ts";
import { step, walk } from "./random-walk.ts";

const iso = (t: number) => new Date(t).toISOString();
const dateText = (t: number) => iso(t).slice(0, 10);
const dateTimeText = (t: number) => `${iso(t).slice(0, 10)} ${iso(t).slice(11, 16)}`;
const nullIfNegative = (i: number) => (i < 0 ? null : i);
const nullIfInfinite = (x: number) => (Number.isFinite(x) ? x : null);

function expected(a: ChanAnalysis, time: (t: number) => string, merged: boolean) {
  const { bars, merged: m, strokes: S } = a;
  const t = (i: number) => time(bars.time[i]!);
  const line = (L: Lines, i: number) => ({
    index: i,
    dir: L.dir[i] === 1 ? "up" : "down",
    is_sure: L.isSure[i] === 1,
    begin_index: L.beginBar[i],
    begin_time: t(L.beginBar[i]!),
    begin_price: L.beginVal[i],
    end_index: L.endBar[i],
    end_time: t(L.endBar[i]!),
    end_price: L.endVal[i],
    high: L.high[i],
    low: L.low[i],
  });
  const level = (lv: Level, parent: Int32Array | null) => {
    const P = lv.pivots;
    const segL = lv.segments.lines;
    return {
      segments: Array.from({ length: segL.length }, (_, k) => ({
        ...line(segL, k),
        begin_line: segL.startLine[k],
        end_line: segL.endLine[k],
        reason: segL.reason[k],
        pivot_count: P.bySegment[k]!.length,
        multi_line_pivot_count: P.bySegment[k]!.filter((j) => P.list[j]!.end > P.list[j]!.begin).length,
        parent_index: parent === null ? null : parent[k],
      })),
      pivots: P.list.map((p, j) => {
        const holder = P.bySegment.findIndex((list) => list.includes(j));
        return {
          index: j,
          is_sure: p.sure,
          begin_line: p.begin,
          end_line: p.end,
          line_count: p.end - p.begin + 1,
          in_line: nullIfNegative(p.lineIn),
          out_line: nullIfNegative(p.lineOut),
          begin_index: p.beginBar,
          begin_time: t(p.beginBar),
          end_index: p.endBar,
          end_time: t(p.endBar),
          zg: p.zg,
          zd: p.zd,
          zz: p.mid,
          gg: p.gg,
          dd: p.dd,
          sub_pivot_count: p.parts,
          segment_index: holder < 0 ? null : holder,
        };
      }),
      bsp: lv.points.points.map((p) => ({
        line: p.line,
        index: p.bar,
        time: t(p.bar),
        is_buy: p.isBuy,
        types: p.types,
        price: p.isBuy ? bars.low[p.bar] : bars.high[p.bar],
        is_sure: p.sure,
        related_index: nullIfNegative(p.relatedBar),
        features: Object.fromEntries(Object.entries(p.features).map(([k, v]) => [k, v === null ? null : nullIfInfinite(v)])),
      })),
      divergences: lv.points.divergences.map((d) => ({
        segment_index: d.segment,
        kind: d.kind,
        pivot_index: nullIfNegative(d.pivot),
        in_line: d.inLine,
        out_line: d.outLine,
        algo: d.algo,
        in_metric: nullIfInfinite(d.inMetric),
        out_metric: nullIfInfinite(d.outMetric),
        ratio: nullIfInfinite(d.ratio),
        threshold: nullIfInfinite(d.threshold),
        broke_pivot: d.brokePivot,
        divergent: d.divergent,
        emitted: d.emitted,
      })),
    };
  };
  const metric = a.strokeMetric;
  return {
    bar_count: bars.length,
    merged_bar_count: m.length,
    ...(merged
      ? {
          merged_bars: Array.from({ length: m.length }, (_, k) => ({
            index: k,
            begin_index: m.first[k],
            end_index: m.last[k],
            begin_time: t(m.first[k]!),
            end_time: t(m.last[k]!),
            high: m.high[k],
            low: m.low[k],
            dir: m.dir[k] === 1 ? "up" : "down",
            fx: ({ 1: "top", [-1]: "bottom" } as Record<number, string>)[m.fx[k]!] ?? null,
            bar_count: m.last[k]! - m.first[k]! + 1,
          })),
        }
      : {}),
    strokes: Array.from({ length: S.length }, (_, i) => ({
      ...line(S, i),
      begin_merged_index: S.beginMerged[i],
      end_merged_index: S.endMerged[i],
      segment_index: a.strokeLevel.segments.lineSegment[i],
      bar_count: S.endBar[i]! - S.beginBar[i]! + 1,
      metrics: {
        peak: metric(i, "peak", false),
        full_area: metric(i, "full_area", false),
        area_obverse: metric(i, "area", false),
        area_reverse: metric(i, "area", true),
        diff: metric(i, "diff", false),
        slope: metric(i, "slope", false),
        amp: metric(i, "amp", false),
      },
    })),
    ...level(a.strokeLevel, a.segmentLevel.segments.lineSegment),
    segment_level: level(a.segmentLevel, null),
  };
}

/** The same bars `minutes` past each midnight (0: daily bars). */
const shifted = (bars: BarSeries, minutes: number): BarSeries => ({ ...bars, time: bars.time.map((t) => t + minutes * 60_000) });

test("every row of the JSON maps its analysis record: times, nulls, segments of pivots, parents", () => {
  const seen = { divergences: 0, finiteThresholds: 0, parents: 0, oneLinePivots: 0 };
  const configs = [{}, { divergence_rate: 0.9, min_zs_cnt: 0, bs1_peak: false, macd_algo: "area" }, { bi_strict: false, zs_algo: "over_seg" }, { one_bi_zs: true }].map((o) => {
    const p = parseChanOptions(o);
    assert.ok(p.ok, JSON.stringify(o));
    return p.config;
  });
  fc.assert(
    fc.property(fc.array(step, { minLength: 150, maxLength: 400 }), fc.constantFrom(...configs), fc.constantFrom(0, 0, 570, 1439), fc.boolean(), (steps, cfg, minutes, merged) => {
      const a = analyzeChan(shifted(walk(steps), minutes), cfg);
      assert.deepStrictEqual(chanToJson(a, { mergedBars: merged }), expected(a, minutes === 0 ? dateText : dateTimeText, merged));
      assert.deepStrictEqual(chanToJson(a, { timeFormat: "datetime" }), expected(a, dateTimeText, false), "datetime asked for");
      assert.deepStrictEqual(chanToJson(a, { timeFormat: "date", mergedBars: false }), expected(a, dateText, false), "date asked for");
      for (const lv of [a.strokeLevel, a.segmentLevel]) {
        seen.divergences += lv.points.divergences.length;
        seen.finiteThresholds += lv.points.divergences.filter((d) => Number.isFinite(d.threshold)).length;
      }
      seen.parents += a.segmentLevel.segments.lines.length;
      seen.oneLinePivots += a.strokeLevel.pivots.list.filter((p) => p.begin === p.end).length;
    }),
    { seed: 2329, numRuns: 20 },
  );
  assert.ok(seen.divergences > 20 && seen.finiteThresholds > 5 && seen.parents > 5 && seen.oneLinePivots > 5, `the rows occur: ${JSON.stringify(seen)}`);
});

test("one bar with a time of day makes every time a date and time", () => {
  const bars = walk(Array.from({ length: 40 }, (_, i) => ({ move: i % 7 < 4 ? 25 : -30, wick: 5, flat: false })));
  const time = Float64Array.from(bars.time);
  time[39] = time[39]! + 60_000;
  const json = chanToJson(analyzeChan({ ...bars, time }), { mergedBars: true });
  assert.equal(json.merged_bars![0]!.begin_time, `${dateText(time[0]!)} 00:00`);
  assert.equal(json.merged_bars!.at(-1)!.end_time, dateTimeText(time[39]!));
});
