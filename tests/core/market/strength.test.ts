/** The strength score on a tiny hand-made market: formula, presets vs custom weights, every filter. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { type DailyPanel, PANEL_WINDOW, rankStrength, STRENGTH_PRESETS, strengthWeights } from "../../../core/market/strength.ts";
import { defined } from "../../support/defined.ts";

/** A panel from whole close histories (and optional amounts), right-aligned in a 64-bar window. */
function panel(histories: readonly { close: number[]; amount?: number[] }[]): DailyPanel {
  const w = PANEL_WINDOW;
  const n = histories.length;
  const close = new Float64Array(n * w).fill(NaN);
  const amount = new Float64Array(n * w).fill(NaN);
  const bars = new Float64Array(n);
  histories.forEach((h, i) => {
    bars[i] = h.close.length;
    const tail = h.close.slice(-w);
    close.set(tail, i * w + w - tail.length);
    const a = (h.amount ?? h.close.map(() => 1e8)).slice(-w);
    amount.set(a, i * w + w - a.length);
  });
  return { n, window: w, bars, close, amount };
}

/** 70 bars: 5.5 sixty bars before the end, then 10/11 alternating over the last 21, ending on `last`. */
function zigzag(last: 10 | 11, len = 70): number[] {
  const c: number[] = Array.from({ length: len }, (_, i) => ((len - 1 - i) % 2 === 0 ? last : last === 11 ? 10 : 11));
  for (let i = 0; i < len - 21; i++) c[i] = 7;
  c[len - 61] = 5.5;
  return c;
}

const steady = strengthWeights("steady");
const all = { minListedDays: 65, minAmount: 0 };

test("hand-checked score: ret_5 = 0.1, ret_20 = 0, ret_60 = 1, vol_20 = ln 1.1 · √(20/19)", () => {
  const r = rankStrength(panel([{ close: zigzag(11) }]), steady, all);
  assert.equal(r.length, 1);
  assert.ok(Math.abs(defined(r.ret5[0], "ret_5") - 0.1) < 1e-12, "Math.abs(r.ret5[0] - 0.1) < 1e-12");
  assert.ok(Math.abs(defined(r.ret20[0], "ret_20")) < 1e-12, "Math.abs(r.ret20[0]) < 1e-12");
  assert.ok(Math.abs(defined(r.ret60[0], "ret_60") - 1) < 1e-12, "Math.abs(r.ret60[0] - 1) < 1e-12");
  const vol = Math.log(1.1) * Math.sqrt(20 / 19);
  assert.ok(Math.abs(defined(r.vol20[0], "vol_20") - vol) < 1e-12, "Math.abs(r.vol20[0] - vol) < 1e-12");
  assert.ok(Math.abs(defined(r.strength[0], "strength") - (0.2 * 0.1 + 0.5 * 1) / vol) < 1e-9, "Math.abs(r.strength[0] - (0.2 * 0.1 + 0.5 * 1) / vol) < 1e-9");
  // Without the penalty the score is the weighted gain itself.
  const raw = rankStrength(panel([{ close: zigzag(11) }]), { ...steady, volAdjusted: false }, all);
  assert.ok(Math.abs(defined(raw.strength[0], "strength without the penalty") - 0.52) < 1e-12, "Math.abs(raw.strength[0] - 0.52) < 1e-12");
});

test("presets are their documented weights; custom values override one by one; weights are normalised", () => {
  assert.deepEqual(strengthWeights("breakout"), { w5: 0.6, w20: 0.3, w60: 0.1, volAdjusted: false });
  assert.deepEqual(strengthWeights("balanced", { w60: 2 }), { w5: 0.34, w20: 0.33, w60: 2, volAdjusted: true });
  assert.deepEqual(strengthWeights("steady", { volAdjusted: false }), { ...STRENGTH_PRESETS.steady, volAdjusted: false });
  const p = panel([{ close: zigzag(11) }, { close: zigzag(10) }, { close: zigzag(11).map((x, i) => x * (1 + i / 500)) }]);
  const preset = rankStrength(p, strengthWeights("breakout"), all);
  const custom = rankStrength(p, { w5: 6, w20: 3, w60: 1, volAdjusted: false }, all);
  assert.deepEqual([...custom.row], [...preset.row]);
  custom.strength.forEach((x, k) => assert.ok(Math.abs(x - defined(preset.strength[k], `preset strength ${k}`)) < 1e-12, "Math.abs(x - preset.strength[k]) < 1e-12"));
  // A 5-day-heavy preset and a 60-day-heavy custom weighting can order the same stocks differently.
  const up5 = zigzag(11).map((x, i, a) => (i === a.length - 61 ? 9 : x)); // ret_5 +10 %, ret_60 small
  const up60 = zigzag(10).map((x, i, a) => (i === a.length - 61 ? 2 : x)); // ret_5 −9 %, ret_60 +400 %
  const q = panel([{ close: up5 }, { close: up60 }]);
  assert.deepEqual([...rankStrength(q, strengthWeights("breakout", { w60: 0 }), all).row], [0, 1]);
  assert.deepEqual([...rankStrength(q, { w5: 0, w20: 0, w60: 1, volAdjusted: false }, all).row], [1, 0]);
});

test("filters: listed days, 61-bar floor, 5-day mean turnover, flat lines, universe mask, top N", () => {
  const base = zigzag(11);
  const short = zigzag(11, 64);
  const flat = base.map(() => 10);
  const amounts = base.map((_, i, a) => (i >= a.length - 5 ? 2e6 : 9e9)); // mean of the last 5 is exactly 2,000,000
  const p = panel([{ close: base }, { close: short }, { close: flat }, { close: base, amount: amounts }]);
  const rows = (f: Partial<typeof all> & { include?: Uint8Array }, top?: number) => [...rankStrength(p, steady, { ...all, ...f }, top).row];
  assert.deepEqual(rows({}), [0, 3], "64 bars < 65 listed days; a flat line has no volatility");
  assert.deepEqual(rows({ minListedDays: 30 }), [0, 1, 3], "30 listed days: 64 bars are enough");
  assert.deepEqual(rows({ minListedDays: 70 }), [0, 3]);
  assert.deepEqual(rows({ minListedDays: 71 }), []);
  assert.deepEqual(rows({ minAmount: 2e6 }), [0, 3], "the bound is inclusive");
  assert.deepEqual(rows({ minAmount: 2e6 + 1 }), [0]);
  assert.deepEqual(rows({ include: Uint8Array.of(0, 1, 1, 1) }), [3]);
  assert.deepEqual(rows({}, 1), [0], "top N; equal scores keep panel order");
  const sixty = panel([{ close: zigzag(11, 61) }, { close: zigzag(11, 60) }]);
  assert.deepEqual([...rankStrength(sixty, steady, { minListedDays: 30, minAmount: 0 }).row], [0], "ret_60 needs 61 bars");
});

test("turnover filter: the mean of exactly the last 5 bars' amounts", () => {
  const base = zigzag(11);
  // last five: 1e6, 1e6, 1e6, 1e6, 6e6 (mean 2e6); the four newest average 2.25e6, the six newest far more
  const amounts = base.map((_, i, a) => [9e9, 1e6, 1e6, 1e6, 1e6, 6e6][i - (a.length - 6)] ?? 9e9);
  const p = panel([{ close: base, amount: amounts }]);
  const rows = (minAmount: number) => [...rankStrength(p, steady, { ...all, minAmount }).row];
  assert.deepEqual(rows(2e6), [0]);
  assert.deepEqual(rows(2e6 + 1), []);
});
