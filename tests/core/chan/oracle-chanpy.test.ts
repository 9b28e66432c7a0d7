/**
 * Field-by-field equality with chan.py (429d6ed3) on the SSE daily fixture,
 * for every chan.py oracle file: merged bars and MACD (default run), strokes
 * with their force measures, segments, pivots and points, at the stroke level
 * and the segment level. Our JSON is mapped onto the oracle's field names.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeChan } from "../../../core/chan/analyze.ts";
import { MacdStream } from "../../../core/chan/macd.ts";
import { chanToJson, type LevelJson, type SegmentJson, type StrokeJson } from "../../../core/chan/to-json.ts";
import { parseChanOptions } from "../../../core/chan/validate-options.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { assertApprox } from "./approx.ts";
import { loadSseDaily, readOracle, sseOracle } from "./sse-fixture.ts";

const up = (d: string) => d.toUpperCase();

function lineFields(x: StrokeJson | SegmentJson) {
  return {
    idx: x.index,
    dir: x.dir,
    is_sure: x.is_sure,
    begin_klu_idx: x.begin_index,
    begin_time: x.begin_time,
    begin_val: x.begin_price,
    end_klu_idx: x.end_index,
    end_time: x.end_time,
    end_val: x.end_price,
    high: x.high,
    low: x.low,
  };
}

function strokeFields(s: StrokeJson) {
  return {
    ...lineFields(s),
    begin_klc_idx: s.begin_merged_index,
    end_klc_idx: s.end_merged_index,
    seg_idx: s.segment_index,
    klu_cnt: s.bar_count,
    klc_cnt: s.end_merged_index - s.begin_merged_index + 1,
    metrics: s.metrics,
  };
}

function levelFields(lv: LevelJson) {
  return {
    seg: lv.segments.map((s) => ({
      ...lineFields(s),
      start_bi_idx: s.begin_line,
      end_bi_idx: s.end_line,
      reason: s.reason,
      zs_cnt: s.pivot_count,
      multi_bi_zs_cnt: s.multi_line_pivot_count,
    })),
    zs: lv.pivots.map((p) => ({
      is_sure: p.is_sure,
      begin_bi_idx: p.begin_line,
      end_bi_idx: p.end_line,
      begin_klu_idx: p.begin_index,
      begin_time: p.begin_time,
      end_klu_idx: p.end_index,
      end_time: p.end_time,
      zd: p.zd,
      zg: p.zg,
      mid: p.zz,
      dd: p.dd,
      gg: p.gg,
      bi_in_idx: p.in_line,
      bi_out_idx: p.out_line,
      is_one_bi_zs: p.line_count === 1,
      sub_zs_cnt: p.sub_pivot_count,
    })),
    bsp: lv.bsp.map((b) => ({
      line_idx: b.line,
      klu_idx: b.index,
      time: b.time,
      is_buy: b.is_buy,
      types: b.types,
      price: b.price,
      is_sure: b.is_sure,
      relate_bsp1_klu_idx: b.related_index,
      features: b.features,
    })),
  };
}

for (const name of ["chanpy-default", "chanpy-newbi", "chanpy-allbsp"]) {
  test(`matches ${name}`, { skip: skipUnless(sseOracle(name)) }, () => {
    const oracle = readOracle(name);
    const parsed = parseChanOptions(oracle.config_overrides);
    assert.ok(parsed.ok, "parsed.ok");
    const bars = loadSseDaily()!;
    assert.equal(bars.length, oracle.n_bars);
    const json = chanToJson(analyzeChan(bars, parsed.config), { mergedBars: true });

    if (oracle.merged_klines) {
      assertApprox(
        json.merged_bars!.map((k) => ({
          idx: k.index,
          begin_time: k.begin_time,
          end_time: k.end_time,
          high: k.high,
          low: k.low,
          fx: k.fx === null ? "UNKNOWN" : up(k.fx),
          dir: up(k.dir),
          n_units: k.bar_count,
        })),
        oracle.merged_klines,
        "merged_klines",
      );
    }
    if (oracle.macd_dif_dea_hist) {
      const m = new MacdStream({ fast: 12, slow: 26, signal: 9 });
      for (let i = 0; i < bars.length; i++) m.push(bars.close[i]!);
      assertApprox(
        Array.from(m.dif.view(), (d, i) => [d, m.dea.view()[i], m.hist.view()[i]]),
        oracle.macd_dif_dea_hist,
        "macd",
      );
    }
    assertApprox(json.strokes.map(strokeFields), oracle.bi, "bi");
    const strokeLevel = levelFields(json);
    assertApprox(strokeLevel.seg, oracle.seg, "seg");
    assertApprox(strokeLevel.zs, oracle.zs, "zs");
    assertApprox(strokeLevel.bsp, oracle.bsp, "bsp");
    const segLevel = levelFields(json.segment_level);
    assertApprox(segLevel.seg, oracle.segseg, "segseg");
    assertApprox(segLevel.zs, oracle.seg_zs, "seg_zs");
    assertApprox(segLevel.bsp, oracle.seg_bsp, "seg_bsp");
  });
}

// Counts chan.py gave for two further configs (tests/core/chan/README.md §3 and §6).
const documented: [Record<string, unknown>, number[]][] = [
  [{ divergence_rate: 0.9, max_bs2_rate: 0.618, macd_algo: "area" }, [183, 25, 23, 12, 7, 2, 2]],
  [{ bi_fx_check: "half", gap_as_kl: true, zs_algo: "over_seg" }, [213, 31, 26, 49]],
];
for (const [options, counts] of documented) {
  test(`documented chan.py counts for ${JSON.stringify(options)}`, { skip: skipUnless(sseOracle("chanpy-default")) }, () => {
    const parsed = parseChanOptions(options);
    assert.ok(parsed.ok, "parsed.ok");
    const a = analyzeChan(loadSseDaily()!, parsed.config);
    const got = [
      a.strokes.length,
      a.strokeLevel.segments.lines.length,
      a.strokeLevel.pivots.list.length,
      a.strokeLevel.points.points.length,
      a.segmentLevel.segments.lines.length,
      a.segmentLevel.pivots.list.length,
      a.segmentLevel.points.points.length,
    ];
    assert.deepEqual(got.slice(0, counts.length), counts);
  });
}
