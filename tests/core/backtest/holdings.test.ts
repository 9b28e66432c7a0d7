/**
 * What a run holds at its last bar (core/backtest/holdings.ts), against its header's rule written
 * again here: the last `positions` row gives the shares, the average cost, the latest close as
 * market value ÷ shares and the unrealised P&L, whose fraction is of the cost of the shares held;
 * a flat member has no cost and no price and a P&L of 0; a missing or non-finite number is null;
 * held members come first, each group in the members' order.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { holdingOf, holdingsOf, type Holding, type PositionPoint } from "../../../core/backtest/holdings.ts";

test("a hand-worked holding: 1,000 shares at 7.03 worth 7,500", () => {
  const row: PositionPoint = { datetime: "2026-01-09T15:00:00", size: 1000, avg_price: 7.03, market_value: 7500, unrealized_pnl: 470 };
  const first: PositionPoint = { datetime: "2026-01-08T15:00:00", size: 500, avg_price: 7, market_value: 3600, unrealized_pnl: 100 };
  assert.deepEqual(holdingOf("SH:600000", { positions: [first, row] }), {
    key: "SH:600000",
    date: "2026-01-09",
    size: 1000,
    cost: 7.03,
    price: 7.5, // 7,500 ÷ 1,000
    value: 7500,
    pnl: 470,
    pnl_pct: 470 / 7030, // of the cost of the shares held, 1,000 × 7.03
  });
  // A short of 200 at 10 now worth −1,800: the cost is of 200 shares, the price positive.
  const short = holdingOf("S", { positions: [{ datetime: "2026-01-09T00:00:00", size: -200, avg_price: 10, market_value: -1800, unrealized_pnl: 200 }] });
  assert.deepEqual([short?.price, short?.pnl_pct], [9, 200 / 2000]);
  // Flat at the end: no cost, no price, P&L 0, whatever the row says.
  assert.deepEqual(holdingOf("F", { positions: [{ datetime: "2026-01-09T00:00:00", size: 0, avg_price: 7, market_value: 0, unrealized_pnl: 5 }] }), {
    key: "F",
    date: "2026-01-09",
    size: 0,
    cost: null,
    price: null,
    value: 0,
    pnl: 0,
    pnl_pct: null,
  });
  assert.equal(holdingOf("none", {}), null, "no positions: no row");
  assert.equal(holdingOf("none", { positions: [] }), null, "an empty positions table: no row");
});

const numberish = fc.oneof(
  fc.constant(null),
  fc.constant(Number.NaN),
  fc.constant(Number.POSITIVE_INFINITY),
  fc.constant(0),
  fc.integer({ min: -3, max: 3 }).map((k) => k * 100),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
);
const pointArb: fc.Arbitrary<PositionPoint> = fc.record({
  datetime: fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2030, 0, 1) }).map((t) => new Date(t).toISOString().slice(0, 19)),
  size: numberish,
  avg_price: numberish,
  market_value: numberish,
  unrealized_pnl: numberish,
});

/** The rule, written again plainly. */
function expected(key: string, positions: readonly PositionPoint[] | undefined): Holding | null {
  if (positions === undefined || positions.length === 0) return null;
  const last = positions[positions.length - 1]!;
  const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
  const size = finite(last.size) ?? 0;
  const value = finite(last.market_value);
  if (size === 0) return { key, date: last.datetime.substring(0, 10), size, cost: null, price: null, value, pnl: 0, pnl_pct: null };
  const cost = finite(last.avg_price);
  const pnl = finite(last.unrealized_pnl);
  const price = value === null ? null : value / size;
  const pnl_pct = cost === null || pnl === null || cost === 0 ? null : pnl / (cost * (size < 0 ? -size : size));
  return { key, date: last.datetime.substring(0, 10), size, cost, price, value, pnl, pnl_pct };
}

test("any last row, numbers missing or not finite, against the rule written again", () => {
  fc.assert(
    fc.property(fc.option(fc.array(pointArb, { maxLength: 3 }), { nil: undefined }), (positions) => {
      assert.deepEqual(holdingOf("K", positions === undefined ? {} : { positions }), expected("K", positions));
    }),
    { numRuns: 500 },
  );
});

test("held members first, then flat ones, each in the members' order; members without rows left out", () => {
  fc.assert(
    fc.property(fc.array(fc.option(fc.array(pointArb, { maxLength: 2 }), { nil: undefined }), { maxLength: 6 }), (tables) => {
      const members = Object.fromEntries(tables.map((positions, i) => [`m${i}`, positions === undefined ? {} : { positions }]));
      const rows = tables.flatMap((positions, i) => expected(`m${i}`, positions) ?? []);
      const held = rows.filter((h) => h.size > 0 || h.size < 0);
      const flat = rows.filter((h) => !(h.size > 0 || h.size < 0));
      assert.deepEqual(holdingsOf(members), [...held, ...flat]);
    }),
  );
});
