/**
 * core/chan/workspace.ts. An analysis in a reused workspace equals one in
 * fresh memory, whatever the workspace held before (its columns come back with
 * the last analysis's values in them), under every stroke rule, whether the
 * series grows or shrinks from one analysis to the next, and when the buffer
 * is used up (the columns then come from fresh memory). The workspace's own
 * rules: 8-byte alignment, never two columns over the same bytes, and a buffer
 * bigger than `keep` is not kept.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { analyzeChan } from "../../../core/chan/analyze.ts";
import type { ChanConfig, ChanOptions } from "../../../core/chan/options.ts";
import { chanToJson } from "../../../core/chan/to-json.ts";
import { parseChanOptions } from "../../../core/chan/validate-options.ts";
import { ChanWorkspace } from "../../../core/chan/workspace.ts";
import { step, walk } from "./random-walk.ts";

function config(options: ChanOptions): ChanConfig {
  const p = parseChanOptions(options);
  if (!p.ok) throw new Error(JSON.stringify(p.issues));
  return p.config;
}

const CONFIGS = [{}, { bi_strict: false, zs_algo: "over_seg" }, { bi_algo: "czsc", czsc_min_bi_len: 7 }, { macd_algo: "area", "macd_algo-sell": "rsi" }].map((o) => config(o as ChanOptions));

test("analyses in one reused workspace equal analyses in fresh memory, one after another", () => {
  let bars = 0;
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.array(step, { minLength: 0, maxLength: 400, size: "max" }), fc.nat(CONFIGS.length - 1)), { minLength: 2, maxLength: 5 }), fc.boolean(), (runs, small) => {
      // a small keep drops the buffer after each long analysis; a large one keeps it and hands stale bytes back
      const workspace = new ChanWorkspace(small ? 1024 : 64 << 20);
      for (const [steps, k] of runs) {
        const series = walk(steps);
        const cfg = CONFIGS[k]!;
        const got = chanToJson(analyzeChan(series, cfg, workspace), { mergedBars: true });
        assert.deepEqual(got, chanToJson(analyzeChan(series, cfg), { mergedBars: true }));
        bars += series.length;
      }
    }),
    { numRuns: 150 },
  );
  assert.ok(bars > 10_000, `only ${bars} bars analysed`);
});

test("an analysis's columns stay as they were until the next analysis in the workspace begins", () => {
  const workspace = new ChanWorkspace();
  const series = walk(Array.from({ length: 300 }, (_, i) => ({ move: ((i * 37) % 41) - 20, wick: i % 7, flat: i % 29 === 0 })));
  const a = analyzeChan(series, CONFIGS[0]!, workspace);
  const before = chanToJson(a, { mergedBars: true });
  // more of the same workspace used between: columns carved past the analysis's own
  workspace.f64(50).fill(Number.NaN);
  workspace.i32(50).fill(-7);
  assert.deepEqual(chanToJson(a, { mergedBars: true }), before);
});

test("columns are 8-byte aligned, never overlap, and come from fresh memory once the buffer is used up", () => {
  const workspace = new ChanWorkspace();
  workspace.begin(64);
  const a = workspace.i8(3);
  const b = workspace.f64(2);
  const c = workspace.i32(5);
  assert.equal(b.byteOffset % 8, 0);
  assert.equal(c.byteOffset % 8, 0);
  assert.equal(a.buffer, b.buffer);
  assert.equal(b.buffer, c.buffer);
  const spans = [a, b, c].map((x) => [x.byteOffset, x.byteOffset + x.byteLength] as const).sort((x, y) => x[0] - y[0]);
  for (let i = 1; i < spans.length; i++) assert.ok(spans[i]![0] >= spans[i - 1]![1], "two columns share bytes");
  // 8 + 16 + 20 bytes used, aligned to 48: eight more bytes fit, sixteen do not
  const fits = workspace.f64(2);
  assert.equal(fits.buffer, a.buffer);
  const past = workspace.f64(1);
  assert.notEqual(past.buffer, a.buffer);
  assert.equal(past.length, 1);
});

test("a buffer bigger than `keep` serves one analysis and is not kept", () => {
  const workspace = new ChanWorkspace(100);
  workspace.begin(1000);
  const big = workspace.f64(100).buffer;
  workspace.begin(10);
  assert.notEqual(workspace.f64(1).buffer, big);
  const kept = new ChanWorkspace(1000);
  kept.begin(1000);
  const buffer = kept.f64(100).buffer;
  kept.begin(10);
  assert.equal(kept.f64(1).buffer, buffer);
});
