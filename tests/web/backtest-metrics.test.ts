/** Reading metrics (units, order, the best of several) and sorting result tables. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { nextSort, sortRows } from "../../apps/web/src/app/table-sort.ts";
import { bestIndex, formatMetric, metricNames, metricSpec } from "../../apps/web/src/backtest/metrics.ts";

test("each metric reads in its unit; unknown metrics still show; null is a dash", () => {
  assert.equal(formatMetric("total_return", 0.1234, "en"), "+12.34%");
  assert.equal(formatMetric("max_drawdown", 0.1911, "en"), "19.11%");
  assert.equal(formatMetric("sharpe", -0.347, "en"), "-0.35");
  assert.equal(formatMetric("end_value", 859752.07, "zh"), "85.98万");
  assert.equal(formatMetric("total_fees", 9380.93, "en"), "9380.93");
  assert.equal(formatMetric("total_trades", 9, "en"), "9");
  assert.equal(formatMetric("avg_dd_duration_days", 169.5, "en"), "169.5");
  assert.equal(formatMetric("a_future_metric", 1.23456, "en"), "1.23");
  assert.equal(formatMetric("sharpe", null, "en"), "–");
  assert.equal(metricSpec("a_future_metric").section, "other");
});

test("metric order: the schema's, then names only the results have", () => {
  assert.deepEqual(
    metricNames(
      ["a", "b", "c"],
      [
        { c: 1, a: 2 },
        { z: 3, a: 1 },
      ],
    ),
    ["a", "c", "z"],
  );
});

test("the best value follows the metric's direction; ties for all and directionless metrics mark nothing", () => {
  assert.equal(bestIndex("sharpe", [0.5, 1.2, null]), 1);
  assert.equal(bestIndex("max_drawdown", [0.3, 0.1, 0.2]), 1);
  assert.equal(bestIndex("sharpe", [1, 1]), null);
  assert.equal(bestIndex("total_trades", [3, 9]), null);
  assert.equal(bestIndex("sharpe", [null, Number.NaN]), null);
});

test("sorting: numbers by value either way, missing values always last, the same column flips", () => {
  const cell = fc.oneof(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), fc.constant(null));
  fc.assert(
    fc.property(fc.array(fc.record({ v: cell }), { maxLength: 30 }), fc.boolean(), (rows, descending) => {
      const out = sortRows(rows, { key: "v", descending }, "en");
      assert.equal(out.length, rows.length);
      const values = out.map((r) => r.v);
      const present = values.filter((v) => v !== null);
      assert.deepEqual(values.slice(0, present.length), present, "missing values last");
      for (let i = 1; i < present.length; i++)
        assert.ok(descending ? present[i - 1]! >= present[i]! : present[i - 1]! <= present[i]!, "descending ? present[i - 1]! >= present[i]! : present[i - 1]! <= present[i]!");
    }),
  );
  assert.deepEqual(
    sortRows([{ n: "平安银行" }, { n: "浦发银行" }, { n: "万科A" }], { key: "n", descending: false }, "zh").map((r) => r.n),
    ["平安银行", "浦发银行", "万科A"].sort(new Intl.Collator("zh").compare),
  );
  assert.deepEqual(nextSort(null, "close"), { key: "close", descending: true });
  assert.deepEqual(nextSort({ key: "close", descending: true }, "close"), { key: "close", descending: false });
  assert.deepEqual(nextSort({ key: "close", descending: false }, "name"), { key: "name", descending: true });
});
