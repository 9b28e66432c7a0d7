import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { isoDateTime } from "../../../core/backtest/bar-time.ts";

test("isoDateTime: the civil-calendar formula gives Date's ISO text for any instant", () => {
  fc.assert(
    fc.property(fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59) }), (t) => {
      assert.equal(isoDateTime(t), new Date(t).toISOString().slice(0, 19));
    }),
    { numRuns: 5000 },
  );
  for (const t of [Date.UTC(2000, 1, 29), Date.UTC(1900, 2, 1), Date.UTC(2100, 1, 28, 23, 59, 59), 0, -1, Date.UTC(999, 11, 31)]) {
    assert.equal(isoDateTime(t), new Date(t).toISOString().slice(0, 19), String(t));
  }
});
