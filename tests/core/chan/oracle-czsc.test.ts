/**
 * czsc's stroke rule (`bi_algo: "czsc"`) against czsc's legacy Python engine
 * (c87ff254) on the SSE daily fixture, with minimum lengths 6 and 7: every
 * stroke's direction, both fractals (time, mark, value, middle-bar range),
 * range and merged-bar length. czsc prints times with the CSV's 15:00; our
 * daily bars are dated only, so only the date part is compared.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeChan } from "../../../core/chan/analyze.ts";
import { chanToJson } from "../../../core/chan/to-json.ts";
import { parseChanOptions } from "../../../core/chan/validate-options.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { assertApprox } from "./approx.ts";
import { loadSseDaily, readOracle, sseOracle } from "./sse-fixture.ts";

for (const min of [6, 7]) {
  const name = `czsc-bi-min${min}`;
  test(`matches ${name}`, { skip: skipUnless(sseOracle(name)) }, () => {
    const oracle = readOracle(name);
    const parsed = parseChanOptions({ bi_algo: "czsc", czsc_min_bi_len: min });
    assert.ok(parsed.ok, "parsed.ok");
    const json = chanToJson(analyzeChan(loadSseDaily()!, parsed.config), { mergedBars: true });
    const m = json.merged_bars!;
    const fx = (merged: number, time: string, top: boolean) => ({
      dt: time,
      mark: top ? "顶分型" : "底分型",
      fx: top ? m[merged]!.high : m[merged]!.low,
      high: m[merged]!.high,
      low: m[merged]!.low,
    });
    const mine = json.strokes.map((s) => ({
      direction: s.dir === "up" ? "向上" : "向下",
      fx_a: fx(s.begin_merged_index, s.begin_time, s.dir === "down"),
      fx_b: fx(s.end_merged_index, s.end_time, s.dir === "up"),
      high: s.high,
      low: s.low,
      length: s.end_merged_index - s.begin_merged_index + 3,
      power_price: Math.round(Math.abs(s.end_price - s.begin_price) * 100) / 100,
    }));
    const expected = oracle.bi.map((b: any) => ({
      ...b,
      fx_a: { ...b.fx_a, dt: b.fx_a.dt.slice(0, 10) },
      fx_b: { ...b.fx_b, dt: b.fx_b.dt.slice(0, 10) },
    }));
    assertApprox(mine, expected, name);
    // czsc: all strokes finished when ≥ 5 merged bars follow the last one
    assert.equal(
      oracle.n_new_bars_unfinished >= 5,
      json.strokes.every((s) => s.is_sure),
    );
  });
}
