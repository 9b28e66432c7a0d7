import { test } from "node:test";
import assert from "node:assert/strict";
import { allocBars, allocColumns } from "../../../adapters/tdx/tdx-columns.ts";

test("columns share one buffer but never overlap", () => {
  const c = allocColumns(3, ["a", "b", "c"] as const);
  assert.ok(c.a.buffer === c.b.buffer && c.b.buffer === c.c.buffer, "c.a.buffer === c.b.buffer && c.b.buffer === c.c.buffer");
  c.a.fill(1);
  c.c.fill(3);
  assert.deepEqual(
    [Array.from(c.a), Array.from(c.b), Array.from(c.c)],
    [
      [1, 1, 1],
      [0, 0, 0],
      [3, 3, 3],
    ],
  );
});

test("allocBars gives the BarSeries columns plus extras", () => {
  const s = allocBars(2, ["up", "down"] as const);
  assert.equal(s.length, 2);
  assert.deepEqual(Object.keys(s).sort(), ["amount", "close", "down", "high", "length", "low", "open", "time", "up", "vol"]);
  assert.ok(
    Object.values(s).every((v) => typeof v === "number" || (v instanceof Float64Array && v.length === 2)),
    'Object.values(s).every((v) => typeof v === "number" || (v instanceof Float64Array && v.length === 2))',
  );
  assert.equal(allocBars(0).time.length, 0);
  assert.deepEqual(Object.keys(allocBars(2)).sort(), ["amount", "close", "high", "length", "low", "open", "time", "vol"], "no extra column unless asked");
});
