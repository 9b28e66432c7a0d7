import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { dayIndex, ISO_DATE_TIME_BYTES, isoDateTime, previousDayClose, putIsoDateTime } from "../../../core/backtest/bar-time.ts";

test("isoDateTime: the civil-calendar formula gives Date's ISO text for any instant", () => {
  fc.assert(
    fc.property(fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59) }), (t) => {
      assert.equal(isoDateTime(t), new Date(t).toISOString().slice(0, 19));
    }),
    { numRuns: 5000 },
  );
  // around the formula's years (1000–9999) Date's own text is used: 0999, +010000, −000001
  for (const t of [Date.UTC(2000, 1, 29), Date.UTC(1900, 2, 1), Date.UTC(2100, 1, 28, 23, 59, 59), 0, -1, Date.UTC(999, 11, 31), Date.UTC(10000, 0, 1), Date.UTC(-1, 5, 1)]) {
    assert.equal(isoDateTime(t), new Date(t).toISOString().slice(0, 19), String(t));
  }
  // like Date, no text for an invalid instant
  assert.throws(() => isoDateTime(Number.NaN), RangeError);
  assert.throws(() => new Date(Number.NaN).toISOString(), RangeError);
});

test("dayIndex: one number per calendar day, the days since 1970-01-01", () => {
  for (const [y, m, d] of [
    [1970, 0, 1],
    [2024, 1, 29],
    [2026, 10, 27],
  ] as const) {
    const days = Date.UTC(y, m, d) / 86_400_000;
    for (const [h, mi] of [
      [0, 0],
      [9, 31],
      [15, 0],
      [23, 59],
    ] as const) {
      assert.equal(dayIndex(Date.UTC(y, m, d, h, mi)), days, `${y}-${m + 1}-${d} ${h}:${mi}`);
    }
  }
});

test("previousDayClose: the last close, not missing, of a day before the bar's own day", () => {
  // Bars at 10:00 and 14:00 of days 0..7 (some days without bars), closes sometimes missing.
  const barArb = fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 16 }).map((rows) => {
    const keys = [...new Set(rows.map(([day, pm]) => day * 2 + (pm ? 1 : 0)))].sort((a, b) => a - b);
    const time = Float64Array.from(keys, (k) => Date.UTC(2024, 0, 2 + (k >> 1), k & 1 ? 14 : 10));
    const close = Float64Array.from(keys, (k, i) => (rows[i % rows.length]![2] ? Number.NaN : 10 + k));
    return { time, close };
  });
  fc.assert(
    fc.property(barArb, ({ time, close }) => {
      for (let t = 0; t < time.length; t++) {
        const day = new Date(time[t]!).toISOString().slice(0, 10);
        let want = Number.NaN;
        for (let i = 0; i < t; i++) if (new Date(time[i]!).toISOString().slice(0, 10) < day && !Number.isNaN(close[i]!)) want = close[i]!;
        assert.equal(previousDayClose(time, close, t), want, `bar ${t}`);
      }
    }),
  );
});

test("putIsoDateTime writes isoDateTime's text as bytes, or declines (−1, nothing written) where the year has not four digits", () => {
  const decoder = new TextDecoder();
  const buf = new Uint8Array(40);
  fc.assert(
    fc.property(fc.oneof(fc.integer({ min: Date.UTC(999, 0, 1), max: Date.UTC(10_000, 11, 31) }), fc.integer({ min: -8.64e15, max: 8.64e15 })), fc.integer({ min: 0, max: 21 }), (t, at) => {
      buf.fill(0);
      // the time read from its column at any index
      const times = new Float64Array(3).fill(Number.NaN);
      times[at % 3] = t;
      const end = putIsoDateTime(buf, at, times, at % 3);
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
  assert.equal(putIsoDateTime(buf, 0, Float64Array.of(Number.NaN), 0), -1, "NaN is declined");
});

test("putIsoDateTime at the edges of four-digit years: 1000-01-01 00:00 and 9999-12-31 23:59:59.999 written, the instants beside them declined", () => {
  const decoder = new TextDecoder();
  const buf = new Uint8Array(ISO_DATE_TIME_BYTES);
  const first = Date.UTC(1000, 0, 1);
  const last = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
  const put = (t: number) => putIsoDateTime(buf, 0, Float64Array.of(t), 0);
  assert.equal(put(first), ISO_DATE_TIME_BYTES, "the first instant of year 1000 is written");
  assert.equal(decoder.decode(buf), "1000-01-01T00:00:00");
  assert.equal(put(last), ISO_DATE_TIME_BYTES, "the last instant of year 9999 is written");
  assert.equal(decoder.decode(buf), "9999-12-31T23:59:59");
  assert.equal(put(first - 1), -1, "0999-12-31T23:59:59.999 is declined");
  assert.equal(put(last + 1), -1, "+010000-01-01 is declined");
  assert.equal(isoDateTime(first - 1), "0999-12-31T23:59:59", "and formatted by Date");
});
