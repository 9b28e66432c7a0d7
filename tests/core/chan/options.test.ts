/**
 * The option defaults and accepted values against chan.py at 429d6ed3, written again here from its
 * sources: `ChanConfig.py` (`CChanConfig.__init__` and `set_bsp_config`'s `para_dict`),
 * `Bi/BiConfig.py` (the `bi_fx_check` names), `Seg/SegConfig.py` (`left_seg_method`), the zs
 * algorithms chan.py's `ZS` code branches on, `BSPointConfig.py` (`parse_target_type`'s types and
 * `SetMacdAlgo`'s names, without `turnrate_avg`); plus ours: `bi_algo: "czsc"` with czsc's default
 * minimum length 6.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_CHAN_CONFIG } from "../../../core/chan/options.ts";
import { parseChanOptions } from "../../../core/chan/validate-options.ts";

const POINT = {
  divergence_rate: Infinity,
  min_zs_cnt: 1,
  bsp1_only_multibi_zs: true,
  max_bs2_rate: 0.9999,
  macd_algo: "peak",
  bs1_peak: true,
  bs_type: ["1", "1p", "2", "2s", "3a", "3b"],
  bsp2_follow_1: true,
  bsp3_follow_1: true,
  bsp3_peak: false,
  bsp2s_follow_2: false,
  max_bsp2s_lv: null,
  strict_bsp3: false,
  bsp3a_max_zs_cnt: 1,
};
// chan.py sets these two on the segment level's point config after building it from para_dict
const SEG_POINT = { ...POINT, macd_algo: "slope", bsp1_only_multibi_zs: false };

test("the defaults are chan.py's code defaults", () => {
  assert.deepEqual(DEFAULT_CHAN_CONFIG, {
    bi: { algo: "normal", strict: true, fxCheck: "strict", gapAsKl: false, endIsPeak: true, allowSubPeak: true, czscMinLen: 6 },
    seg: { leftMethod: "peak" },
    zs: { combine: true, combineMode: "zs", oneBiZs: false, algo: "normal" },
    macd: { fast: 12, slow: 26, signal: 9 },
    rsiCycle: 14,
    bsp: { buy: POINT, sell: POINT },
    segBsp: { buy: SEG_POINT, sell: SEG_POINT },
  });
});

const ACCEPTED: Record<string, readonly string[]> = {
  bi_algo: ["normal", "fx", "czsc"],
  bi_fx_check: ["strict", "loss", "half", "totally"],
  left_seg_method: ["all", "peak"],
  zs_algo: ["normal", "over_seg", "auto"],
  zs_combine_mode: ["zs", "peak"],
  macd_algo: ["area", "peak", "full_area", "diff", "slope", "amp", "amount", "volumn", "amount_avg", "volumn_avg", "rsi"],
};

test("every name chan.py accepts is accepted, and named in the message for a wrong one", () => {
  for (const [key, names] of Object.entries(ACCEPTED)) {
    for (const name of names) assert.equal(parseChanOptions({ [key]: name }).ok, true, `${key}: ${name}`);
    const bad = parseChanOptions({ [key]: "nope" });
    assert.ok(!bad.ok && bad.issues.length === 1, `${key}: "nope" refused`);
    const message = bad.ok ? "" : bad.issues[0]!.message;
    for (const name of names) assert.ok(message.split(/[ ,]+/).includes(name), `${key}'s message names ${name}: ${message}`);
  }
  const types = parseChanOptions({ bs_type: "3b , 1p,2s" });
  assert.ok(types.ok, "bs_type with spaces");
  assert.deepEqual(types.config.bsp.buy.bs_type, ["3b", "1p", "2s"]);
  for (const t of POINT.bs_type) assert.ok(parseChanOptions({ bs_type: t }).ok, `bs_type ${t}`);
  const seg = parseChanOptions({ "macd_algo-seg": "amp" });
  assert.ok(seg.ok && parseChanOptions({ "macd_algo-seg": "slope" }).ok, "the segment level takes slope and amp");
  for (const name of ACCEPTED.macd_algo!.filter((n) => n !== "slope" && n !== "amp")) {
    assert.equal(parseChanOptions({ "macd_algo-seg": name }).ok, false, `segment level ${name}`);
  }
});
