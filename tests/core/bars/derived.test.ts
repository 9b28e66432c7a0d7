import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { deriveBarFields, PRE_CLOSE_FLOOR } from "../../../core/bars/derived.ts";
import { dailySeries, flat, series } from "./build.ts";
import { defined } from "../../support/defined.ts";

test("hand-checked: first bar uses its open, later bars the previous close", () => {
  const s = series([
    { ...flat(20240102, 0), o: 10, h: 10.5, l: 9.8, c: 10.2 },
    { ...flat(20240103, 0), o: 10.3, h: 10.6, l: 10.1, c: 10.5 },
  ]);
  const d = deriveBarFields(s);
  assert.deepEqual([...d.preClose], [10, 10.2]);
  assert.deepEqual([...d.change], [0.2, 0.3]);
  assert.deepEqual([...d.changePct], [2, 2.9412]);
  assert.deepEqual([...d.amplitudePct], [7, 4.902]);
});

test("pre_close at or below 0.01 is floored to 0.01 and divided by", () => {
  const s = series([
    { ...flat(20000104, 0), o: -0.5, h: 0.02, l: -0.6, c: 0.01 },
    { ...flat(20000105, 0), o: 0.02, h: 0.03, l: 0.01, c: 0.03 },
  ]);
  const d = deriveBarFields(s);
  assert.deepEqual([...d.preClose], [0.01, 0.01]);
  assert.deepEqual([...d.change], [0, 0.02]);
  assert.deepEqual([...d.changePct], [0, 200]);
  assert.deepEqual([...d.amplitudePct], [6.2e3, 200]);
});

test("missing inputs stay missing", () => {
  const s = series([flat(20240102, 10), { ...flat(20240103, 10), c: NaN }, flat(20240104, 10)]);
  const d = deriveBarFields(s);
  assert.ok(Number.isNaN(d.change[1]), "Number.isNaN(d.change[1])");
  assert.ok(Number.isNaN(d.preClose[2]), "Number.isNaN(d.preClose[2])");
  assert.ok(Number.isNaN(d.changePct[2]), "Number.isNaN(d.changePct[2])");
});

test("property: pre_close chain, floor, change and percent units", () => {
  fc.assert(
    fc.property(dailySeries(60), (s) => {
      const d = deriveBarFields(s);
      for (let i = 0; i < s.length; i++) {
        const expected = defined(i === 0 ? s.open[0] : s.close[i - 1], `the bar before ${i}`);
        const pre = defined(d.preClose[i], `pre_close[${i}]`);
        const close = defined(s.close[i], `close[${i}]`);
        const high = defined(s.high[i], `high[${i}]`);
        const low = defined(s.low[i], `low[${i}]`);
        const amplitude = defined(d.amplitudePct[i], `amplitude[${i}]`);
        assert.equal(pre, expected <= PRE_CLOSE_FLOOR ? PRE_CLOSE_FLOOR : expected);
        assert.ok(pre >= PRE_CLOSE_FLOOR, "pre >= PRE_CLOSE_FLOOR");
        assert.ok(Math.abs(defined(d.change[i], `change[${i}]`) - (close - pre)) <= 5e-5 + 1e-9, "Math.abs(d.change[i] - (s.close[i] - pre)) <= 5e-5 + 1e-9");
        assert.ok(Math.abs(defined(d.changePct[i], `change_pct[${i}]`) - ((close - pre) / pre) * 100) <= 5e-5 + 1e-6, "Math.abs(d.changePct[i] - ((s.close[i] - pre) / pre) * 100) <= 5e-5 + 1e-6");
        assert.ok(Math.abs(amplitude - ((high - low) / pre) * 100) <= 5e-5 + 1e-6, "Math.abs(d.amplitudePct[i] - ((s.high[i] - s.low[i]) / pre) * 100) <= 5e-5 + 1e-6");
        assert.ok(amplitude >= 0, "d.amplitudePct[i] >= 0");
      }
    }),
  );
});
