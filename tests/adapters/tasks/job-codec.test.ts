import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { decodeJob, encodeJob } from "../../../adapters/tasks/job-codec.ts";

test("typed arrays (views included, NaN kept) and non-finite numbers survive the text round trip", () => {
  const base = Float64Array.from([1, Number.NaN, -0.5, Infinity, 7]);
  const payload = {
    bars: { close: base.subarray(1, 4), vol: new Float64Array(0) },
    flags: Uint8Array.from([0, 1, 1]),
    ids: Int32Array.from([-3, 2 ** 30]),
    perf: { sharpe: Number.NaN, profit_factor: Infinity, max_loss: -Infinity, total_trades: 3 },
    list: [1, "a", null, true],
  };
  const back = decodeJob<typeof payload>(encodeJob(payload));
  assert.ok(back.bars.close instanceof Float64Array, "back.bars.close instanceof Float64Array");
  assert.deepEqual([...back.bars.close], [Number.NaN, -0.5, Infinity]);
  assert.equal(back.bars.vol.length, 0);
  assert.deepEqual(back.flags, payload.flags);
  assert.deepEqual(back.ids, payload.ids);
  assert.deepEqual(back.perf, payload.perf);
  assert.deepEqual(back.list, payload.list);
});

test("any JSON-able value with doubles round-trips exactly", () => {
  fc.assert(
    fc.property(
      fc.array(fc.double()),
      fc.dictionary(
        fc.string().filter((k) => !k.startsWith("$")),
        fc.oneof(fc.double(), fc.string(), fc.boolean()),
      ),
      (xs, obj) => {
        const back = decodeJob<{ xs: Float64Array; plain: number[]; obj: Record<string, unknown> }>(encodeJob({ xs: Float64Array.from(xs), plain: xs, obj }));
        assert.deepEqual(
          [...back.xs],
          xs.map((x) => (Object.is(x, -0) ? -0 : x)),
        );
        assert.deepEqual(
          back.plain,
          xs.map((x) => (Object.is(x, -0) ? 0 : x)),
        );
        // JSON writes −0 as 0; every other double, NaN and ±Infinity included, comes back as it was
        assert.deepEqual(back.obj, Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, Object.is(v, -0) ? 0 : v])));
      },
    ),
  );
});
