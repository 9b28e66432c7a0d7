import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { aggregateBars, periodKey } from "../../../core/bars/aggregate.ts";
import { marketTime } from "../../../core/bars/market-time.ts";
import type { BarSeries } from "../../../core/bars/series.ts";

/** Market times of calendar dates given as [year, month, day]. */
const dates = (...ymd: [number, number, number][]) => ymd.map(([y, m, d]) => marketTime(y, m, d));

function series(times: number[], closes: number[]): BarSeries {
  const f = (a: number[]) => Float64Array.from(a);
  return {
    length: times.length,
    time: f(times),
    open: f(closes.map((c) => c - 0.1)),
    high: f(closes.map((c) => c + 0.5)),
    low: f(closes.map((c) => c - 0.5)),
    close: f(closes),
    vol: f(closes.map(() => 100)),
    amount: f(closes.map((c) => c * 100)),
  };
}

test("weeks run Monday to Sunday and are stamped with their last bar", () => {
  const days = dates([2026, 11, 16], [2026, 11, 17], [2026, 11, 20], [2026, 11, 23], [2026, 11, 27]);
  const w = aggregateBars(series(days, [1, 2, 3, 4, 5]), "WEEK");
  assert.equal(w.length, 2);
  assert.deepEqual([...w.time], [marketTime(2026, 11, 20), marketTime(2026, 11, 27)]);
  assert.deepEqual([...w.open], [0.9, 3.9]);
  assert.deepEqual([...w.close], [3, 5]);
  assert.deepEqual([...w.high], [3.5, 5.5]);
  assert.deepEqual([...w.low], [0.5, 3.5]);
  assert.deepEqual([...w.vol], [300, 200]);
});

test("months, seasons and years: open first, close last, high max, low min, volume and amount summed", () => {
  const days = dates([2025, 12, 31], [2026, 1, 5], [2026, 3, 31], [2026, 4, 1]);
  const s = series(days, [1, 2, 3, 4]);
  const rows = (a: BarSeries) => Array.from({ length: a.length }, (_, i) => [a.time[i], a.open[i], a.high[i], a.low[i], a.close[i], a.vol[i], a.amount[i]]);
  assert.deepEqual(rows(aggregateBars(s, "MONTH")), [
    [days[0], 0.9, 1.5, 0.5, 1, 100, 100],
    [days[1], 1.9, 2.5, 1.5, 2, 100, 200],
    [days[2], 2.9, 3.5, 2.5, 3, 100, 300],
    [days[3], 3.9, 4.5, 3.5, 4, 100, 400],
  ]);
  assert.deepEqual(rows(aggregateBars(s, "SEASON")), [
    [days[0], 0.9, 1.5, 0.5, 1, 100, 100],
    [days[2], 1.9, 3.5, 1.5, 3, 200, 500],
    [days[3], 3.9, 4.5, 3.5, 4, 100, 400],
  ]);
  assert.deepEqual(rows(aggregateBars(s, "YEAR")), [
    [days[0], 0.9, 1.5, 0.5, 1, 100, 100],
    [days[3], 1.9, 4.5, 1.5, 4, 300, 900],
  ]);
});

/** A second, plain implementation: group by the calendar label of each bar's date. */
function byLabel(s: BarSeries, label: (iso: string) => string) {
  const out: number[][] = [];
  let last = "";
  for (let i = 0; i < s.length; i++) {
    const l = label(new Date(s.time[i]!).toISOString());
    if (l !== last) out.push([s.time[i]!, s.open[i]!, s.high[i]!, s.low[i]!, s.close[i]!, s.vol[i]!, s.amount[i]!]);
    else {
      const r = out[out.length - 1]!;
      r[0] = s.time[i]!;
      r[2] = Math.max(r[2]!, s.high[i]!);
      r[3] = Math.min(r[3]!, s.low[i]!);
      r[4] = s.close[i]!;
      r[5]! += s.vol[i]!;
      r[6]! += s.amount[i]!;
    }
    last = l;
  }
  return out;
}

test("month, season and year bars equal a grouping by calendar label (property)", () => {
  const labels = {
    MONTH: (iso: string) => iso.slice(0, 7),
    SEASON: (iso: string) => `${iso.slice(0, 4)}Q${Math.floor((Number(iso.slice(5, 7)) - 1) / 3)}`,
    YEAR: (iso: string) => iso.slice(0, 4),
  } as const;
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 100, max: 2000 }), fc.integer({ min: 0, max: 5000 })), { minLength: 1, maxLength: 200 }), (steps) => {
      let t = marketTime(2023, 11, 1);
      const times: number[] = [];
      const closes: number[] = [];
      for (const [gap, c] of steps) {
        t += gap * 86_400_000;
        times.push(t);
        closes.push(c / 100);
      }
      const s = series(times, closes);
      steps.forEach(([, , v], i) => (s.vol[i] = v));
      for (const p of ["MONTH", "SEASON", "YEAR"] as const) {
        const a = aggregateBars(s, p);
        const got = Array.from({ length: a.length }, (_, i) => [a.time[i]!, a.open[i]!, a.high[i]!, a.low[i]!, a.close[i]!, a.vol[i]!, a.amount[i]!]);
        assert.deepEqual(got, byLabel(s, labels[p]), p);
      }
    }),
    { numRuns: 200 },
  );
});

test("5-minute bars from end-stamped minutes respect the lunch break", () => {
  const t = (h: number, m: number) => marketTime(2026, 11, 20, h, m);
  const mins = [t(9, 31), t(9, 35), t(9, 36), t(11, 30), t(13, 1), t(13, 5), t(15, 0)];
  const five = aggregateBars(series(mins, [1, 2, 3, 4, 5, 6, 7]), 5);
  // a bucket is stamped at its end even when its last minutes are missing (09:36 alone is the 09:40 bar)
  assert.deepEqual([...five.time], [t(9, 35), t(9, 40), t(11, 30), t(13, 5), t(15, 0)]);
  assert.equal(periodKey(t(11, 30), 60), periodKey(t(10, 31), 60));
  assert.notEqual(periodKey(t(13, 1), 60), periodKey(t(11, 30), 60));
});

test("aggregation conserves volume and amount and bounds prices", () => {
  fc.assert(
    fc.property(fc.array(fc.float({ min: 1, max: 100, noNaN: true }), { minLength: 1, maxLength: 300 }), (closes) => {
      const times = closes.map((_, i) => marketTime(2024, 1, 1) + i * 86_400_000);
      const s = series(times, closes);
      for (const p of ["WEEK", "MONTH", "SEASON", "YEAR"] as const) {
        const a = aggregateBars(s, p);
        const sum = (x: Float64Array) => x.reduce((u, v) => u + v, 0);
        if (Math.abs(sum(a.vol) - sum(s.vol)) > 1e-6) return false;
        if (Math.abs(sum(a.amount) - sum(s.amount)) > 1e-6 * sum(s.amount)) return false;
        for (let i = 0; i < a.length; i++) if (a.high[i]! < Math.max(a.open[i]!, a.close[i]!) || a.low[i]! > Math.min(a.open[i]!, a.close[i]!)) return false;
      }
      return true;
    }),
  );
});

test("a Sunday bar closes its Monday-to-Sunday week; periods far apart never share a key", () => {
  // 2026-11-22 is a Sunday: it belongs with Friday the 20th, not with Monday the 23rd.
  const sunday = dates([2026, 11, 20], [2026, 11, 22], [2026, 11, 23]);
  const w = aggregateBars(series(sunday, [1, 2, 3]), "WEEK");
  assert.deepEqual([...w.time], [sunday[1], sunday[2]], "Fri + Sun, then Mon");
  // February 2000 and January 2012, April 2000 and January 2004: a calendar key must still tell them apart.
  const far = dates([2000, 2, 15], [2012, 1, 16]);
  assert.equal(aggregateBars(series(far, [1, 2]), "MONTH").length, 2, "two months 12 years apart");
  const quarters = dates([2000, 4, 14], [2004, 1, 15]);
  assert.equal(aggregateBars(series(quarters, [1, 2]), "SEASON").length, 2, "two seasons 4 years apart");
  for (const p of ["WEEK", "MONTH", "SEASON", "YEAR"] as const) {
    const a = aggregateBars(series(sunday, [1, 2, 3]), p);
    for (const col of [a.time, a.open, a.high, a.low, a.close, a.vol, a.amount]) assert.equal(col.length, a.length, `${p}: every column holds exactly the bars`);
  }
});

test("minute buckets are stamped at their own end whichever of their minutes are present, the day's last bucket too (property)", () => {
  // The rule of core/bars/aggregate.ts, recomputed plainly: 1-minute bar k (1..240, 09:31..11:30 then 13:01..15:00)
  // falls in bucket ceil(k/p), which ends on trading minute ceil(k/p)·p, read on the wall clock with the lunch break
  // squeezed out. A day cut short (a halt at 14:57, a session still running) still stamps its last bucket 15:00.
  const wall = (k: number) => (k <= 120 ? 570 + k : 780 + k - 120);
  const at = (k: number) => marketTime(2026, 11, 20) + wall(k) * 60_000;
  fc.assert(
    fc.property(fc.constantFrom(5, 15, 30, 60), fc.uniqueArray(fc.integer({ min: 1, max: 240 }), { minLength: 1, maxLength: 240 }), (p, ks) => {
      const sorted = [...ks].sort((a, b) => a - b);
      const got = aggregateBars(
        series(
          sorted.map(at),
          sorted.map((k) => k),
        ),
        p,
      );
      const ends = [...new Set(sorted.map((k) => Math.ceil(k / p) * p))];
      assert.deepEqual([...got.time], ends.map(at), `p=${p}`);
    }),
    { numRuns: 300 },
  );
  const t = (h: number, m: number) => marketTime(2026, 11, 20, h, m);
  const halted = aggregateBars(series([t(14, 56), t(14, 57)], [1, 2]), 5);
  assert.deepEqual([...halted.time], [t(15, 0)], "14:56 and 14:57 alone are the 15:00 bar");
});
