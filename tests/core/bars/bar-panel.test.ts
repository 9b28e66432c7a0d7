/**
 * core/bars/bar-panel.ts against a plain re-statement written here: rows laid
 * out in one buffer per field read back as the newest `window` bars of each
 * history, and a window request (latest `count`, or from `start_date`, cut at
 * `end_date`) answers what filtering the whole history gives — or nothing when
 * the row was cut short of it. Adjusted windows, sliced from rows adjusted once
 * and kept across requests, equal the same bars picked from the whole history
 * adjusted at once (QFQ by either method, HFQ).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { adjustBars, adjustBasis } from "../../../core/bars/adjust.ts";
import { type AdjustedRows, adjustedWindow, adjustRow, packPanel, panelRows, panelWindow, type PanelRow } from "../../../core/bars/bar-panel.ts";
import { formatDate, yyyymmdd } from "../../../core/bars/market-time.ts";
import { type PriceEvent, priceEvents } from "../../../core/bars/price-events.ts";
import { allocSeries, type BarSeries, sliceSeries } from "../../../core/bars/series.ts";
import { dailySeries, dateOf, eventsFor } from "./build.ts";

const DAY = 86_400_000;
const T0 = Date.UTC(2020, 0, 1);
const FIELDS = ["time", "open", "high", "low", "close", "vol", "amount"] as const;

function history(days: readonly number[], seed: number): BarSeries {
  const s = allocSeries(days.length);
  days.forEach((d, i) => {
    s.time[i] = T0 + d * DAY;
    for (const f of FIELDS.slice(1)) s[f][i] = seed * 1000 + i + FIELDS.indexOf(f) / 10;
  });
  return s;
}

const row = (symbol: string, bars: BarSeries): PanelRow => ({
  symbol,
  bars,
  records: bars.length,
  basis: { firstDay: 0, bars: bars.length, qfq: "affine", gaps: [] },
  events: [],
  decimals: 2,
});

/** Indices of the whole history a request wants (the paged loader's rule, restated). */
function wanted(times: readonly number[], w: { count: number; start_date?: string; end_date?: string }): number[] {
  let idx = times.map((_, i) => i);
  if (w.start_date) idx = idx.filter((i) => formatDate(times[i]!) >= w.start_date!);
  else idx = idx.slice(Math.max(0, idx.length - w.count));
  if (w.end_date) idx = idx.filter((i) => formatDate(times[i]!) <= w.end_date!);
  return idx;
}

const ascendingDays = fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 60 }).map((d) => d.sort((a, b) => a - b));
const date = fc.integer({ min: -5, max: 405 }).map((d) => formatDate(T0 + d * DAY));

test("rows read back as the newest `window` bars, and windows as the whole history filtered", () => {
  fc.assert(
    fc.property(
      fc.array(ascendingDays, { minLength: 1, maxLength: 5 }),
      fc.integer({ min: 1, max: 40 }),
      fc.record({ count: fc.integer({ min: 1, max: 70 }), start_date: fc.option(date, { nil: undefined }), end_date: fc.option(date, { nil: undefined }) }),
      (all, window, w) => {
        const hs = all.map((d, k) => history(d, k));
        const p = packPanel(
          hs.map((h, k) => row(`SZ:00000${k}`, h)),
          window,
          20200101,
        );
        const rows = panelRows(p);
        hs.forEach((h, k) => {
          const i = rows.get(`SZ:00000${k}`)!;
          const kept = Math.min(h.length, window);
          assert.equal(p.start[i + 1]! - p.start[i]!, kept, "the newest window bars kept");
          const got = panelWindow(p, i, w);
          const want = wanted(Array.from(h.time), w);
          const from = h.length - kept;
          const reachable = h.length <= window || (w.start_date ? kept > 0 && formatDate(h.time[from]!) <= w.start_date : w.count <= kept);
          if (!reachable) {
            assert.equal(got, undefined, "a row cut short of the request answers nothing");
            return;
          }
          assert.ok(got, "the panel answers");
          for (const f of FIELDS)
            assert.deepEqual(
              Array.from(got[f]),
              want.map((j) => h[f][j]!),
              `${f} of row ${k}`,
            );
        });
      },
    ),
  );
});

test("a start date on the first kept bar is answered; one before it, with older bars outside, is not", () => {
  const h = history([0, 1, 2, 5, 6, 7, 8, 9, 12, 13], 1);
  const p = packPanel([row("SH:600000", h)], 4, 20200101);
  const first = formatDate(h.time[6]!);
  assert.deepEqual(Array.from(panelWindow(p, 0, { count: 800, start_date: first })!.close), Array.from(h.close.subarray(6)), "from the first kept bar");
  assert.equal(panelWindow(p, 0, { count: 800, start_date: formatDate(h.time[5]!) }), undefined, "a bar before the window is needed");
  assert.equal(panelWindow(p, 0, { count: 5 }), undefined, "5 latest bars of a row cut at 4");
  assert.equal(panelWindow(p, 0, { count: 4 })!.length, 4, "4 latest bars");
});

test("adjusted windows sliced from kept rows equal the whole history adjusted, whatever was asked before", () => {
  const asOfDay = 410;
  const asOf = yyyymmdd(T0 + asOfDay * DAY);
  const event = fc.record({ d: fc.integer({ min: 0, max: 405 }), m: fc.constantFrom(1, 1.2, 1.5, 2), c: fc.constantFrom(0, 0.05, 0.3, 2) });
  const request = fc.record({
    count: fc.integer({ min: 1, max: 70 }),
    start_date: fc.option(date, { nil: undefined }),
    end_date: fc.option(date, { nil: undefined }),
    mode: fc.constantFrom("NONE" as const, "QFQ" as const, "HFQ" as const),
  });
  fc.assert(
    fc.property(
      fc.array(fc.tuple(ascendingDays, fc.uniqueArray(event, { selector: (e) => e.d, maxLength: 4 })), { minLength: 1, maxLength: 4 }),
      fc.integer({ min: 1, max: 40 }),
      fc.array(request, { minLength: 1, maxLength: 4 }),
      (all, window, requests) => {
        const rows = all.map(([days, evs], k) => {
          const h = history(days, k);
          const events: PriceEvent[] = evs.sort((a, b) => a.d - b.d).map((e) => ({ date: yyyymmdd(T0 + e.d * DAY), day: Math.floor((T0 + e.d * DAY) / DAY), m: e.m, c: e.c }) as PriceEvent);
          const basis = adjustBasis(h, events, Math.floor((T0 + asOfDay * DAY) / DAY), 2);
          return { h, events, r: { ...row(`SZ:00000${k}`, h), basis, events } };
        });
        const p = packPanel(
          rows.map((x) => x.r),
          window,
          asOf,
        );
        const index = panelRows(p);
        const kept: AdjustedRows = new Map();
        for (const { mode, ...w } of requests) {
          rows.forEach(({ h, events }, k) => {
            const i = index.get(`SZ:00000${k}`)!;
            const got = adjustedWindow(p, i, w, mode, kept);
            if (!panelWindow(p, i, w)) {
              assert.equal(got, undefined, "what the panel cannot answer, the kept rows cannot either");
              return;
            }
            assert.ok(got, "answered");
            const whole = adjustBars(h, events, mode, { asOf, decimals: 2 }).series;
            const want = wanted(Array.from(h.time), w);
            for (const f of FIELDS)
              assert.deepEqual(
                Array.from(got[f]),
                want.map((j) => whole[f][j]!),
                `${mode} ${f} of row ${k}`,
              );
          });
        }
      },
    ),
  );
});

test("property: a row adjusts as the whole history does (the row's basis, events, decimals and the panel's today); NONE is the raw bars", () => {
  fc.assert(
    fc.property(
      dailySeries(50).chain((s) => fc.tuple(fc.constant(s), eventsFor(s), fc.integer({ min: 1, max: 50 }), fc.constantFrom(2, 3))),
      ([h, recs, window, decimals]) => {
        const events = priceEvents(recs);
        const today = h.time[h.length - 1]!;
        const asOf = dateOf(today);
        const basis = adjustBasis(h, events, Math.floor(today / DAY), decimals);
        const other = { ...row("SZ:000002", history([0, 1], 7)), decimals: 2 };
        const p = packPanel([other, { symbol: "SH:600000", bars: sliceSeries(h, Math.max(0, h.length - window)), records: h.length, basis, events, decimals }], window, asOf);
        assert.deepEqual([p.asOf, p.window, [...p.records], [...p.decimals], p.symbols], [asOf, window, [2, h.length], [2, decimals], ["SZ:000002", "SH:600000"]], "the panel's own fields");
        assert.equal(p.basis[1], basis, "the row's basis");
        assert.equal(p.events[1], events, "the row's events");
        const raw = panelWindow(p, 1, { count: window })!;
        assert.equal(adjustRow(p, 1, raw, "NONE"), raw, "NONE: the raw bars themselves");
        for (const mode of ["QFQ", "HFQ"] as const) {
          const whole = adjustBars(h, events, mode, { decimals }).series;
          const got = adjustRow(p, 1, raw, mode);
          for (const f of ["open", "high", "low", "close"] as const) assert.deepEqual(Array.from(got[f]), Array.from(whole[f].subarray(h.length - raw.length)), `${mode} ${f}`);
        }
      },
    ),
    { numRuns: 200 },
  );
});
