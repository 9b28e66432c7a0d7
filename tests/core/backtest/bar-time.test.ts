import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { ISO_DATE_TIME_BYTES, isoDateTime, putIsoDateTime } from "../../../core/backtest/bar-time.ts";

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

test("putIsoDateTime writes isoDateTime's text as bytes, or declines (−1, nothing written) where the year has not four digits", () => {
  const decoder = new TextDecoder();
  const buf = new Uint8Array(40);
  fc.assert(
    fc.property(fc.oneof(fc.integer({ min: Date.UTC(999, 0, 1), max: Date.UTC(10_000, 11, 31) }), fc.integer({ min: -8.64e15, max: 8.64e15 })), fc.integer({ min: 0, max: 21 }), (t, at) => {
      buf.fill(0);
      const end = putIsoDateTime(buf, at, t);
      const text = new Date(t).toISOString().slice(0, 19);
      const year = new Date(t).getUTCFullYear();
      if (year >= 1000 && year <= 9999) {
        assert.equal(end, at + ISO_DATE_TIME_BYTES, "the end");
        assert.equal(decoder.decode(buf.subarray(at, end)), text);
        assert.equal(isoDateTime(t), text);
      } else {
        assert.equal(end, -1, `declined for year ${year}`);
        assert.ok(
          buf.every((b) => b === 0),
          "nothing written",
        );
      }
    }),
    { numRuns: 5000 },
  );
  assert.equal(putIsoDateTime(buf, 0, NaN), -1, "NaN is declined");
});
