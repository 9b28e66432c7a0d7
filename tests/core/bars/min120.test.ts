import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { formatDateTime, marketTime } from "../../../core/bars/market-time.ts";
import { aggregateMin120, MIN120_MAX_BARS } from "../../../core/bars/min120.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import { DAY, series, type BarInput } from "./build.ts";
import { defined } from "../../support/defined.ts";

const SLOTS: [number, number][] = [
  [10, 30],
  [11, 30],
  [14, 0],
  [15, 0],
];
const DAY0 = marketTime(2024, 1, 2);

/** 60-minute bars for `days` consecutive days, four a day; `cents(k)` prices bar k. */
function hourly(days: number, cents = (k: number) => 1000 + (k % 7) * 10): BarInput[] {
  const out: BarInput[] = [];
  for (let d = 0; d < days; d++)
    for (const [h, m] of SLOTS) {
      const k = out.length;
      const p = cents(k);
      const t = DAY0 + d * DAY + (h * 60 + m) * 60_000;
      out.push({ t, o: p / 100, h: (p + 20) / 100, l: (p - 10) / 100, c: (p + 5) / 100, v: 100 + k, a: 1000 + k });
    }
  return out;
}

const labels = (s: BarSeries) => [...s.time].map(formatDateTime);

test("pairs within each session half, stamped at the half's end", () => {
  const out = aggregateMin120(series(hourly(1)));
  assert.deepEqual(labels(out), ["2024-01-02 11:30", "2024-01-02 15:00"]);
  assert.deepEqual([...out.open], [10, 10.2]);
  assert.deepEqual([...out.close], [10.15, 10.35]);
  assert.deepEqual([...out.high], [10.3, 10.5]);
  assert.deepEqual([...out.low], [9.9, 10.1]);
  assert.deepEqual([...out.vol], [201, 205]);
  assert.deepEqual([...out.amount], [2001, 2005]);
});

test("a window starting mid-half drops the truncated oldest bar; a running half is kept", () => {
  const bars = hourly(2).slice(1, 7); // 11:30, 14:00, 15:00, next day 10:30, 11:30, 14:00
  const out = aggregateMin120(series(bars));
  assert.deepEqual(labels(out), ["2024-01-02 15:00", "2024-01-03 11:30", "2024-01-03 15:00"]);
  assert.deepEqual([...out.vol], [102 + 103, 104 + 105, 106]);
});

test("the lunch-break stamp 13:00 counts as the morning's second bar", () => {
  const bars = hourly(1).slice(0, 2);
  const quirk = [defined(bars[0], "the 10:30 bar"), { ...defined(bars[1], "the 11:30 bar"), t: DAY0 + 13 * 3_600_000 }];
  assert.deepEqual(labels(aggregateMin120(series(quirk))), ["2024-01-02 11:30"]);
});

test("at most 400 bars, the newest", () => {
  const out = aggregateMin120(series(hourly(250)));
  assert.equal(out.length, MIN120_MAX_BARS);
  assert.equal(formatDateTime(defined(out.time[out.length - 1], "the newest bar")), formatDateTime(DAY0 + 249 * DAY + 15 * 3_600_000));
});

const windows = fc
  .record({
    days: fc.integer({ min: 1, max: 260 }),
    from: fc.integer({ min: 0, max: 3 }),
    cut: fc.integer({ min: 0, max: 3 }),
    holes: fc.array(fc.integer({ min: 0, max: 1039 }), { maxLength: 20 }),
    prices: fc.array(fc.integer({ min: 100, max: 10_000 }), { minLength: 1, maxLength: 50 }),
  })
  .map(({ days, from, cut, holes, prices }) => {
    const all = hourly(days, (k) => defined(prices[k % prices.length], "a price"));
    const keep = all.slice(from, all.length - cut).filter((_, i) => !holes.includes(i));
    return keep.length > 0 ? keep : all.slice(0, 1);
  });

test("property: invariants of the aggregation against a reference grouping", () => {
  fc.assert(
    fc.property(windows, (bars) => {
      const out = aggregateMin120(series(bars));
      assert.ok(out.length <= MIN120_MAX_BARS, "out.length <= MIN120_MAX_BARS");
      // Reference: group by (day, half) with a Map; the half's end is the key.
      const groups = new Map<number, BarInput[]>();
      for (const b of bars) {
        const dayStart = Math.floor(b.t / DAY) * DAY;
        const morning = b.t - dayStart <= 13 * 3_600_000;
        const key = dayStart + (morning ? 11.5 : 15) * 3_600_000;
        groups.set(key, [...(groups.get(key) ?? []), b]);
      }
      const keys = [...groups.keys()];
      for (let i = 0; i < out.length; i++) {
        const time = defined(out.time[i], `time[${i}]`);
        const [open, high, low, close] = [defined(out.open[i], `open[${i}]`), defined(out.high[i], `high[${i}]`), defined(out.low[i], `low[${i}]`), defined(out.close[i], `close[${i}]`)];
        const g = groups.get(time);
        assert.ok(g, "output bar maps to one (day, half)");
        if (i > 0) assert.ok(time > defined(out.time[i - 1], `time[${i - 1}]`), "out.time[i] > out.time[i - 1]");
        assert.equal(open, defined(g[0], "the group's first bar").o);
        assert.equal(close, defined(g.at(-1), "the group's last bar").c);
        assert.equal(high, Math.max(...g.map((b) => b.h)));
        assert.equal(low, Math.min(...g.map((b) => b.l)));
        assert.equal(
          out.vol[i],
          g.reduce((s, b) => s + b.v!, 0),
        );
        assert.ok(high >= Math.max(open, close), "out.high[i] >= Math.max(out.open[i], out.close[i])");
        assert.ok(low <= Math.min(open, close), "out.low[i] <= Math.min(out.open[i], out.close[i])");
      }
      // Only the oldest group may be missing (truncated) besides the 400 cap.
      const expected = keys.length - out.length;
      const t0 = defined(bars[0], "the first bar").t;
      const firstSlot = (t0 - Math.floor(t0 / DAY) * DAY) / 60_000;
      const truncated = firstSlot === 11 * 60 + 30 || firstSlot === 15 * 60 ? 1 : 0;
      assert.equal(expected, Math.max(truncated, keys.length - MIN120_MAX_BARS));
      // Volume is conserved over the groups kept.
      const kept = keys.slice(expected).flatMap((k) => groups.get(k)!);
      assert.equal(
        [...out.vol].reduce((s, v) => s + v, 0),
        kept.reduce((s, b) => s + b.v!, 0),
      );
    }),
    { numRuns: 60 },
  );
});
