/**
 * Too little data is not an error: fewer bars than a stroke needs give an
 * empty, well-formed result under every stroke rule; and options that are
 * wrong are reported as a list of {path, message}.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { allocSeries } from "../../../core/bars/series.ts";
import { analyzeChan, ChanStream } from "../../../core/chan/analyze.ts";
import { DEFAULT_CHAN_CONFIG, type ChanOptions } from "../../../core/chan/options.ts";
import { chanToJson } from "../../../core/chan/to-json.ts";
import { parseChanOptions } from "../../../core/chan/validate-options.ts";
import { series } from "./crafted-bars.ts";

const EMPTY_LEVEL = { segments: [], pivots: [], bsp: [], divergences: [] };

// Up four bars, down two, up one: a top at bar 3, no bottom yet. `bi_algo: "fx"`
// has no minimum span, so there a provisional stroke appears as soon as bars fall.
const SHORT: [number, number][] = [
  [10, 5],
  [11, 6],
  [12, 7],
  [13, 8],
  [12, 6],
  [11, 5],
  [12, 6],
];
const CASES: [ChanOptions, number][] = [
  [{}, 7],
  [{ bi_strict: false }, 7],
  [{ bi_algo: "czsc" }, 7],
  [{ zs_algo: "over_seg" }, 7],
  [{ bi_algo: "fx" }, 4],
];

for (const [options, maxBars] of CASES) {
  test(`short input gives an empty result, ${JSON.stringify(options)}`, () => {
    const p = parseChanOptions(options);
    assert.ok(p.ok, "p.ok");
    for (let n = 0; n <= maxBars; n++) {
      const json = chanToJson(analyzeChan(series(SHORT.slice(0, n)), p.config), { mergedBars: true });
      assert.equal(json.bar_count, n);
      assert.equal(json.merged_bars!.length, json.merged_bar_count);
      assert.deepEqual(json.strokes, [], `${n} bars`);
      assert.deepEqual(
        { ...json, bar_count: 0, merged_bar_count: 0, merged_bars: [] },
        {
          bar_count: 0,
          merged_bar_count: 0,
          merged_bars: [],
          strokes: [],
          ...EMPTY_LEVEL,
          segment_level: EMPTY_LEVEL,
        },
      );
    }
  });
}

test("an empty stream snapshots to an empty result", () => {
  const json = chanToJson(new ChanStream().snapshot());
  assert.equal(json.bar_count, 0);
  assert.equal(json.merged_bars, undefined);
  assert.deepEqual(json.strokes, []);
});

test("an empty series analyses", () => {
  assert.equal(analyzeChan(allocSeries(0)).strokes.length, 0);
});

test("no options, null and {} mean chan.py's defaults", () => {
  for (const input of [undefined, null, {}]) {
    const p = parseChanOptions(input);
    assert.ok(p.ok, "p.ok");
    assert.deepEqual(p.config, DEFAULT_CHAN_CONFIG);
  }
});

test("plain point keys set both sides and levels, suffixed keys override them", () => {
  const p = parseChanOptions({
    "divergence_rate-buy": 0.5,
    divergence_rate: 0.9,
    macd_algo: "area",
    "macd_algo-seg": "amp",
    "bs_type-sell": "1,2",
    "max_bsp2s_lv-segsell": 2,
    bs_type: ["1", "2", "3a"],
  });
  assert.ok(p.ok, "p.ok");
  const { bsp, segBsp } = p.config;
  assert.deepEqual([bsp.buy.divergence_rate, bsp.sell.divergence_rate, segBsp.buy.divergence_rate], [0.5, 0.9, 0.9]);
  // chan.py forces slope at the segment level; a plain macd_algo does not reach it
  assert.deepEqual([bsp.buy.macd_algo, bsp.sell.macd_algo, segBsp.buy.macd_algo, segBsp.sell.macd_algo], ["area", "area", "amp", "amp"]);
  assert.deepEqual(
    [bsp.buy.bs_type, bsp.sell.bs_type],
    [
      ["1", "2", "3a"],
      ["1", "2"],
    ],
  );
  assert.deepEqual([segBsp.buy.max_bsp2s_lv, segBsp.sell.max_bsp2s_lv], [null, 2]);
  assert.equal(segBsp.buy.bsp1_only_multibi_zs, false);
  const inf = parseChanOptions({ divergence_rate: null });
  assert.ok(inf.ok, "inf.ok");
  assert.equal(inf.config.bsp.sell.divergence_rate, Infinity);
});

test("invalid options are all reported with their paths", () => {
  const p = parseChanOptions({
    bi_fx_check: "bogus",
    bi_strict: "yes",
    colour: "red",
    max_bs2_rate: 1.5,
    bs_type: "1,4",
    "macd_algo-seg": "peak",
    seg_algo: "1+1",
    macd: { fast: 0, slow: 26, sigma: 3 },
    czsc_min_bi_len: 6.5,
    "divergence_rate-buy": -1,
  });
  assert.equal(p.ok, false);
  const paths = p.ok ? [] : p.issues.map((i) => i.path.join("."));
  assert.deepEqual(paths.sort(), ["bi_fx_check", "bi_strict", "bs_type", "colour", "czsc_min_bi_len", "divergence_rate-buy", "macd.fast", "macd.sigma", "macd_algo-seg", "max_bs2_rate", "seg_algo"]);
  assert.ok(!p.ok && p.issues.every((i) => typeof i.message === "string" && i.message.length > 0), '!p.ok && p.issues.every((i) => typeof i.message === "string" && i.message.length > 0)');
});

test("combinations chan.py rejects are reported", () => {
  const p = parseChanOptions({ zs_algo: "over_seg", one_bi_zs: true });
  assert.deepEqual(p.ok ? [] : p.issues.map((i) => i.path), [["one_bi_zs"]]);
  for (const bad of [[], "x", 3]) {
    const q = parseChanOptions(bad);
    assert.deepEqual(q.ok ? [] : q.issues.map((i) => i.path), [[]]);
  }
  const list = parseChanOptions({ bs_type: ["1", 2] });
  assert.deepEqual(list.ok ? [] : list.issues.map((i) => i.path), [["bs_type", 1]]);
});
