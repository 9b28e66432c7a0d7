import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { marketTime } from "../../../../core/bars/market-time.ts";
import { parseOhlcvRecords } from "../../../../core/app/bars/ohlcv-records.ts";

const row = (date: unknown, extra: Record<string, unknown> = {}) => ({ date, open: 1, high: 2, low: 0.5, close: 1.5, ...extra });

test("time formats: dates, datetimes, compact and numeric YYYYMMDD", () => {
  const r = parseOhlcvRecords([row("2024-01-02"), row("2024/01/03"), row(20240104), row("2024-01-05 09:31")], "ohlcv");
  assert.ok(r.ok, "r.ok");
  assert.deepEqual([...r.series.time], [marketTime(2024, 1, 2), marketTime(2024, 1, 3), marketTime(2024, 1, 4), marketTime(2024, 1, 5, 9, 31)]);
  assert.equal(r.intraday, true);
  assert.ok(Number.isNaN(r.series.vol[0]), "vol is optional");
});

test("property: a YYYY-MM-DD string is accepted exactly when it is a real calendar date", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ minLength: 10, maxLength: 10 }),
        fc.date({ min: new Date("1990-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      ),
      (d) => {
        const valid = /^\d{4}-\d{2}-\d{2}$/.test(d) && new Date(`${d}T00:00:00Z`).toISOString?.().slice(0, 10) === d;
        return parseOhlcvRecords([row(d)], "x").ok === valid;
      },
    ),
    { numRuns: 5000 },
  );
});

test("the time column is the one the first record uses; optional only when asked", () => {
  const noTime = [{ open: 1, high: 1, low: 1, close: 1 }];
  assert.equal(parseOhlcvRecords(noTime, "d").ok, false);
  const r = parseOhlcvRecords(noTime, "d", { requireTime: false });
  assert.ok(r.ok && r.timeKey === null && Number.isNaN(r.series.time[0]), "r.ok && r.timeKey === null && Number.isNaN(r.series.time[0])");
  const mixed = parseOhlcvRecords([{ datetime: "2024-01-02 09:31", open: 1, high: 1, low: 1, close: 1 }, row("2024-01-02")], "d");
  assert.ok(!mixed.ok && mixed.errors[0]?.loc.join(".") === "body.d.1.datetime", '!mixed.ok && mixed.errors[0].loc.join(".") === "body.d.1.datetime"');
});

test("every problem names its row and column", () => {
  const r = parseOhlcvRecords([row("2024-01-03"), row("2024-01-02", { close: "x" }), row("2024-01-02", { high: 0.1 }), { open: 1 }, 7], "data");
  assert.ok(!r.ok, "!r.ok");
  const locs = r.errors.map((e) => e.loc.slice(1).join("."));
  assert.ok(
    r.errors.every((e) => e.loc[0] === "body"),
    'r.errors.every((e) => e.loc[0] === "body")',
  );
  for (const l of ["data.1.date", "data.1.close", "data.2.date", "data.2.high", "data.3.date", "data.3.high", "data.4"]) assert.ok(locs.includes(l), l);
  assert.match(r.errors.find((e) => e.loc.slice(1).join(".") === "data.2.date")!.msg, /row 2 duplicates the time of row 1/);
});

test("at most 20 problems are collected, the first 20 in row order", () => {
  const rows = Array.from({ length: 30 }, (_, i) => ({ date: `2024-01-${String(i + 1).padStart(2, "0")}`, open: 1, high: 1, low: 1, close: "x" }));
  const r = parseOhlcvRecords(rows, "data");
  assert.ok(!r.ok, "the records are refused");
  assert.equal(r.errors.length, 20);
  assert.deepEqual(
    r.errors.map((e) => e.loc[2]),
    Array.from({ length: 20 }, (_, i) => i),
  );
});
