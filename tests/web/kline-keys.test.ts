/** The TDX K-line keyboard and the browse list, as pure rules. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { klineKey, MIN_SPAN } from "../../apps/web/src/charts/kline-keys.ts";
import { neighbour } from "../../apps/web/src/market/list-step.ts";

const view = (start: number, end: number, cursor: number | null, bars = 400) => ({ start, end, cursor, bars });

test("←/→ put the cursor on the last visible bar first, then move it one bar; the window follows at its edges", () => {
  assert.deepEqual(klineKey(view(280, 399, null), "ArrowLeft"), view(280, 399, 399));
  assert.deepEqual(klineKey(view(280, 399, 399), "ArrowLeft"), view(280, 399, 398));
  assert.deepEqual(klineKey(view(280, 399, 280), "ArrowLeft"), view(279, 398, 279), "the window slides left by one");
  assert.deepEqual(klineKey(view(0, 119, 0), "ArrowLeft"), view(0, 119, 0), "the first bar stops it");
  assert.deepEqual(klineKey(view(279, 398, 398), "ArrowRight"), view(280, 399, 399), "the window slides right by one");
  assert.deepEqual(klineKey(view(280, 399, 399), "ArrowRight"), view(280, 399, 399), "the last bar stops it");
});

test("Home/End go to the first/last bar; ↑ halves and ↓ doubles the bars shown, keeping the cursor in view", () => {
  assert.deepEqual(klineKey(view(280, 399, 300), "Home"), view(0, 119, 0));
  assert.deepEqual(klineKey(view(0, 119, 5), "End"), view(280, 399, 399));
  assert.deepEqual(klineKey(view(280, 399, null), "ArrowUp"), view(340, 399, null), "zoom in at the right edge");
  assert.deepEqual(klineKey(view(280, 399, null), "ArrowDown"), view(160, 399, null));
  assert.deepEqual(klineKey(view(0, 399, null), "ArrowDown"), view(0, 399, null), "never more than every bar");
  assert.equal(klineKey(view(280, 399, null), "x"), null, "other keys are not the chart's");
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2000 }), fc.nat(), fc.nat(), fc.nat(), fc.constantFrom("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"), (bars, a, b, c, key) => {
      const start = a % bars;
      const end = start + (b % (bars - start));
      const cursor = start + (c % (end - start + 1));
      const next = klineKey({ start, end, cursor, bars }, key)!;
      assert.ok(next.start >= 0 && next.end <= bars - 1 && next.start <= next.end, `window inside the bars: ${JSON.stringify(next)}`);
      assert.ok(next.cursor === null || (next.cursor >= next.start && next.cursor <= next.end), "the cursor stays visible");
      const span = next.end - next.start + 1;
      if (key === "ArrowUp") assert.ok(span >= Math.min(MIN_SPAN, end - start + 1, bars) && span <= end - start + 1, "zooming in never widens");
      if (key === "ArrowDown") assert.ok(span >= end - start + 1, "zooming out never narrows");
    }),
  );
});

test("PageUp/PageDown step through the list the page came from, wrapping; unknown keys have no neighbour", () => {
  const list = ["SH600000", "SZ000001", "SH601318"];
  assert.equal(neighbour(list, "SZ000001", 1), "SH601318");
  assert.equal(neighbour(list, "SZ000001", -1), "SH600000");
  assert.equal(neighbour(list, "SH601318", 1), "SH600000");
  assert.equal(neighbour(list, "SH600000", -1), "SH601318");
  assert.equal(neighbour(list, "SZ000002", 1), null);
  assert.equal(neighbour(["SH600000"], "SH600000", 1), null);
});
