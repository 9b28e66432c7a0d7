/**
 * The inline-records parser stores clean records on a fast path and sends every
 * other record through the full checks: for any input (clean, slightly off or
 * broken) it must give exactly what the full checks alone give: the same
 * columns, flags and 422 items. Dates are also checked against Date.UTC.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parseOhlcvRecords, type OhlcvOptions, type OhlcvResult } from "../../../../core/app/bars/ohlcv-records.ts";

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Comparable form: typed arrays as plain arrays (NaN compares equal to NaN under deepStrictEqual). */
function plainResult(r: OhlcvResult) {
  if (!r.ok) return { ok: false, errors: r.errors };
  const s = r.series;
  const cols = Object.fromEntries((["time", "open", "high", "low", "close", "vol", "amount"] as const).map((k) => [k, Array.from(s[k])]));
  return { ok: true, length: s.length, cols, intraday: r.intraday, timeKey: r.timeKey, rows: r.rows };
}

function assertSame(rows: unknown[], field = "ohlcv", opts: OhlcvOptions = {}) {
  assert.deepStrictEqual(plainResult(parseOhlcvRecords(rows, field, opts)), plainResult(parseOhlcvRecords(rows, field, { ...opts, checkEveryRecord: true })));
}

const price = fc.double({ min: 0.01, max: 5000, noNaN: true });
const oddNumber = fc.constantFrom<unknown>("12.5", " 7 ", "", "x", null, true, NaN, Infinity, -Infinity, [], {}, 0, -3);
const oddTime = fc.constantFrom<unknown>(
  "2024-02-30",
  "2023-02-29",
  "2024-02-29",
  "1900-02-29",
  "2000-02-29",
  "0050-01-01",
  "0000-02-29",
  "0999-12-31",
  "2024/01/03",
  "20240104",
  20240105,
  "2024-01-05 09:31",
  "2024-01-05T09:31:07",
  " 2024-01-06",
  "2024-13-01",
  "2024-00-10",
  "2024-01-00",
  "2024-01-32",
  "2024-1-05",
  "２０２４-01-05",
  "abcd-ef-gh",
  "2024-01-0a",
  null,
  undefined,
  12.5,
  "",
);

/** One record of a mostly increasing daily walk, sometimes with one field made odd. */
const recordArb = (timeKey: string) =>
  fc.record({
    step: fc.integer({ min: -1, max: 3 }),
    o: price,
    h: price,
    l: price,
    c: price,
    vol: fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: undefined }),
    amount: fc.option(fc.double({ min: 0, max: 1e10, noNaN: true }), { nil: undefined }),
    odd: fc.option(
      fc.oneof(
        fc.record({ field: fc.constantFrom("open", "high", "low", "close", "vol", "volume", "amount"), value: oddNumber }),
        fc.record({ field: fc.constant(timeKey), value: oddTime }),
        fc.record({ field: fc.constant("*row"), value: fc.constantFrom<unknown>(7, null, "x", [1, 2], []) }),
        fc.record({ field: fc.constant("*swap"), value: fc.constant(null) }),
      ),
      { freq: 4 },
    ),
  });

const inputArb = fc
  .tuple(fc.constantFrom("datetime", "date", "trade_date", "time"), fc.integer({ min: Date.UTC(1000, 0, 1) / DAY, max: Date.UTC(2090, 0, 1) / DAY }))
  .chain(([timeKey, startDay]) => fc.tuple(fc.constant(timeKey), fc.constant(startDay), fc.array(recordArb(timeKey), { minLength: 1, maxLength: 40 })))
  .map(([timeKey, startDay, recs]) => {
    let day = startDay;
    return recs.map((r) => {
      day += r.step;
      const high = Math.max(r.o, r.h, r.l, r.c);
      const low = Math.min(r.o, r.h, r.l, r.c);
      const row: Record<string, unknown> = { [timeKey]: iso(day * DAY), open: r.o, high, low, close: r.c };
      if (r.vol !== undefined) row.vol = r.vol;
      if (r.amount !== undefined) row.amount = r.amount;
      if (!r.odd) return row;
      if (r.odd.field === "*row") return r.odd.value;
      if (r.odd.field === "*swap") return { ...row, high: low, low: high };
      const out = { ...row };
      if (r.odd.value === undefined) delete out[r.odd.field];
      else out[r.odd.field] = r.odd.value;
      return out;
    });
  });

test("property: any mix of clean and odd records parses exactly as without the fast path", () => {
  fc.assert(
    fc.property(inputArb, fc.boolean(), (rows, requireTime) => assertSame(rows, "ohlcv", { requireTime })),
    { numRuns: 3000 },
  );
});

test("property: clean records (the benchmark's shape) give the same columns", () => {
  const clean = inputArb.map((rows) => rows.filter((r) => r !== null && typeof r === "object" && !Array.isArray(r)));
  fc.assert(
    fc.property(clean, (rows) => assertSame(rows)),
    { numRuns: 1000 },
  );
});

test("every calendar day from 1000 to 2100 is the day Date.UTC gives; impossible days are refused", () => {
  const rows: { date: string }[] = [];
  const days: number[] = [];
  for (let t = Date.UTC(1000, 0, 1); t < Date.UTC(2100, 0, 1); t += DAY) {
    rows.push({ date: iso(t), open: 1, high: 1, low: 1, close: 1 } as { date: string });
    days.push(t);
  }
  const r = parseOhlcvRecords(rows, "d");
  assert.ok(r.ok, "r.ok");
  assert.deepEqual(Array.from(r.series.time), days);
  for (const bad of ["2024-02-30", "2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00"]) {
    const e = parseOhlcvRecords([{ date: bad, open: 1, high: 1, low: 1, close: 1 }], "d");
    assert.equal(e.ok, false, bad);
  }
  assert.ok(parseOhlcvRecords([{ date: "2000-02-29", open: 1, high: 1, low: 1, close: 1 }], "d").ok, "2000 is a leap year");
});

test("each kind of bad record gives the same 422 items as before", () => {
  const ok = (date: string, extra: Record<string, unknown> = {}) => ({ date, open: 10, high: 11, low: 9, close: 10.5, vol: 100, ...extra });
  const cases: unknown[][] = [
    [ok("2024-01-02"), ok("2024-01-02")], // duplicate time
    [ok("2024-01-03"), ok("2024-01-02")], // earlier time
    [ok("2024-01-02"), ok("2024-02-30")], // not a date
    [ok("2024-01-02"), { open: 1, high: 1, low: 1, close: 1 }], // time missing
    [ok("2024-01-02"), ok("2024-01-03", { close: "abc" })], // float_parsing
    [ok("2024-01-02"), ok("2024-01-03", { open: true })], // float_type
    [ok("2024-01-02"), ok("2024-01-03", { low: undefined })], // missing column
    [ok("2024-01-02"), ok("2024-01-03", { vol: null })], // vol present but null
    [ok("2024-01-02"), ok("2024-01-03", { vol: undefined, volume: "x" })], // alias
    [ok("2024-01-02"), ok("2024-01-03", { amount: "" })],
    [ok("2024-01-02"), ok("2024-01-03", { high: 8 })], // high below low
    [ok("2024-01-02"), 7, null, [ok("2024-01-04")]], // not objects
    Array.from({ length: 30 }, (_, i) => ok("2024-01-02", { close: i % 2 ? "x" : 1 })), // more than 20 problems
  ];
  for (const rows of cases) {
    const r = parseOhlcvRecords(rows, "ohlcv");
    assert.equal(r.ok, false, JSON.stringify(rows).slice(0, 80));
    assertSame(rows);
  }
});

test("numeric strings and compact dates still go through the full path", () => {
  const rows = [
    { datetime: "2024-01-02 09:31", open: "10.5", high: 11, low: 9, close: 10, volume: 5 },
    { datetime: "20240103", open: 10, high: "11", low: 9, close: 10 },
    { datetime: "2024-01-04", open: 10, high: 11, low: 9, close: 10, vol: 1, amount: 2, extra: "kept" },
  ];
  const r = parseOhlcvRecords(rows, "ohlcv");
  assert.ok(
    r.ok && r.intraday && r.series.open[0] === 10.5 && r.series.vol[0] === 5 && r.series.amount[2] === 2,
    "r.ok && r.intraday && r.series.open[0] === 10.5 && r.series.vol[0] === 5 && r.series.amount[2] === 2",
  );
  assertSame(rows);
});
