/**
 * The market-time encoding (core/bars/market-time.ts: Shanghai wall-clock time written as if it
 * were UTC) against `Date`'s own ISO text, and the round trip through YYYYMMDD numbers, on random
 * instants from 1990 to 2100.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { formatDate, formatDateTime, formatIsoMarket, fromYyyymmdd, marketTime, marketTimeOf, yyyymmdd } from "../../../core/bars/market-time.ts";

const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }).map((t) => Math.floor(t / 1000) * 1000);

test("a market time formats as its UTC reading; YYYYMMDD numbers round-trip to the day's start", () => {
  fc.assert(
    fc.property(instant, (t) => {
      const iso = new Date(t).toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
      assert.equal(formatDate(t), iso.slice(0, 10));
      assert.equal(formatDateTime(t), `${iso.slice(0, 10)} ${iso.slice(11, 16)}`);
      assert.equal(formatIsoMarket(t), `${iso.slice(0, 19)}+08:00`);
      const n = yyyymmdd(t);
      assert.equal(n, Number(iso.slice(0, 10).replaceAll("-", "")));
      assert.equal(fromYyyymmdd(n), Date.parse(`${iso.slice(0, 10)}T00:00:00Z`));
      const [y, mo, d, h, mi, s] = [0, 5, 8, 11, 14, 17].map((at) => Number(iso.slice(at, at + (at === 0 ? 4 : 2))));
      assert.equal(marketTime(y!, mo!, d!, h!, mi!, s!), t, "marketTime takes a 1-based month");
      assert.equal(marketTime(y!, mo!, d!), fromYyyymmdd(n), "marketTime defaults to midnight");
    }),
    { numRuns: 300, seed: 139 },
  );
});

test("marketTimeOf: a real instant read on Shanghai's clock (UTC+8 all year, no DST)", () => {
  assert.equal(formatIsoMarket(marketTimeOf(Date.parse("2024-10-16T01:31:00Z"))), "2024-10-16T09:31:00+08:00");
  assert.equal(formatDateTime(marketTimeOf(Date.parse("2024-07-01T16:00:00Z"))), "2024-07-02 00:00");
  assert.equal(formatDate(marketTimeOf(Date.parse("2024-01-01T15:59:59Z"))), "2024-01-01");
});
