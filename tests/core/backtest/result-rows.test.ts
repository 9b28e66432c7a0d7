/**
 * The JSON rows of a result (core/backtest/result-rows.ts) against the rules of its doc comments
 * written again plainly here, on logs and tracks built by hand or at random:
 * - equity rows: `position_value` = total − cash; `drawdown` = the running peak of the total so far
 *   minus the total, `drawdown_pct` = drawdown ÷ peak while the peak is positive, else 0; money
 *   rounded to 1e-6 CNY, fractions to 1e-8;
 * - trade rows: the fills and refusals of one leg (every leg with −1) in time order, fills before
 *   refusals on one bar; a fill is closing when its P&L is a number; easy_tdx's `commission` is the
 *   sum of the three fees, `pnl` and `cost_basis` 0 on opening fills; a closing fill's round trip
 *   (entry date and price = basis ÷ shares, days and bars held, return = P&L ÷ basis); a refusal is
 *   of a closing order when it was sized (shares > 0: an exit is for the position, an entry refused
 *   is NaN before sizing, 0 for want of cash), with its reason's name;
 * - position rows: the average entry price after the leg's last fill at or before the bar,
 *   `unrealized_pnl` = value − size × average;
 * - non-finite numbers become null.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { Refusal } from "../../../core/backtest/execution-rules.ts";
import { METRIC_NAMES, type Performance } from "../../../core/backtest/metric-docs.ts";
import { equityRows, equityTable, jsonNumber, performanceJson, positionRows, tableRows, tradeRows, type TradeRow } from "../../../core/backtest/result-rows.ts";
import { FillLog, RefusalLog } from "../../../core/backtest/trade-log.ts";

const DAY = 86_400_000;
/** `YYYY-MM-DDTHH:MM:SS` of a UTC instant, from Date (the wire shape of every row's time). */
const iso = (t: number) => new Date(t).toISOString().slice(0, 19);
const nullIfNotFinite = (x: number) => (Number.isFinite(x) ? x : null);
/** Two days and some hours apart, so that holding days are fractional on some rows. */
const timeOf = (bar: number) => Date.UTC(2024, 0, 2) + bar * 2 * DAY + (bar % 3) * 3_600_000;

test("jsonNumber and performanceJson: finite numbers kept, NaN and infinities null, every metric in order", () => {
  assert.deepEqual([1.5, 0, -2, Number.NaN, Infinity, -Infinity].map(jsonNumber), [1.5, 0, -2, null, null, null]);
  const p = Object.fromEntries(METRIC_NAMES.map((name, i) => [name, i % 3 === 0 ? Number.NaN : i % 3 === 1 ? i / 4 : -Infinity])) as Performance;
  const json = performanceJson(p);
  assert.deepEqual(Object.keys(json), [...METRIC_NAMES], "every metric, in METRIC_NAMES order");
  METRIC_NAMES.forEach((name, i) => assert.equal(json[name], i % 3 === 1 ? i / 4 : null, name));
});

/** A track of totals and cash in eighths of a CNY (exact in doubles, so money rounding leaves them as they are). */
const trackArb = fc.array(fc.tuple(fc.integer({ min: -400, max: 4000 }), fc.integer({ min: -400, max: 4000 })), { maxLength: 30 }).map((rows) => ({
  length: rows.length,
  time: Float64Array.from(rows, (_, t) => timeOf(t)),
  equity: Float64Array.from(rows, ([e]) => e / 8),
  cash: Float64Array.from(rows, ([, c]) => c / 8),
  held: new Uint8Array(rows.length),
}));

test("equity rows against their definitions: position value, drawdown from the running peak, its fraction while the peak is positive", () => {
  fc.assert(
    fc.property(trackArb, (track) => {
      const rows = equityRows(track);
      assert.equal(rows.length, track.length, "one row per bar");
      let peak = Number.NEGATIVE_INFINITY;
      rows.forEach((row, t) => {
        const total = track.equity[t]!;
        peak = Math.max(peak, total);
        assert.equal(row.datetime, iso(track.time[t]!), `bar ${t}: its time`);
        assert.equal(row.total, total, `bar ${t}: total`);
        assert.equal(row.cash, track.cash[t], `bar ${t}: cash`);
        assert.equal(row.position_value, total - track.cash[t]!, `bar ${t}: position value = total − cash`);
        assert.equal(row.drawdown, peak - total, `bar ${t}: drawdown below the peak so far`);
        if (peak > 0) {
          const pct = (peak - total) / peak;
          assert.ok(Math.abs(row.drawdown_pct! - pct) <= 0.51e-8, `bar ${t}: drawdown_pct ${row.drawdown_pct} is ${pct} to 1e-8`);
          assert.ok(Math.abs(row.drawdown_pct! * 1e8 - Math.round(row.drawdown_pct! * 1e8)) < 1e-4, `bar ${t}: drawdown_pct ${row.drawdown_pct} has 8 decimals at most`);
        } else assert.equal(row.drawdown_pct, 0, `bar ${t}: no fraction of a peak that is not positive (${peak})`);
      });
    }),
    { numRuns: 300 },
  );
});

test("equity rows by hand: a peak of exactly 0, a loss below it, noise rounded off", () => {
  // totals 0, −5, 3, 2: peaks 0, 0, 3, 3; drawdowns 0, 5, 0, 1; fractions 0 (peak 0, twice), 0, 1/3
  const track = {
    length: 4,
    time: Float64Array.from([0, 1, 2, 3], timeOf),
    equity: Float64Array.from([0, -5, 3, 2]),
    // fee arithmetic's float noise (the module note's example) is rounded to 1e-6 CNY
    cash: Float64Array.from([0, 226.00680000032298, 1, 2]),
    held: new Uint8Array(4),
  };
  const rows = equityRows(track);
  assert.deepEqual(
    rows.map((r) => [r.total, r.cash, r.drawdown, r.drawdown_pct]),
    [
      [0, 0, 0, 0],
      [-5, 226.0068, 5, 0],
      [3, 1, 0, 0],
      [2, 2, 1, 0.33333333],
    ],
  );
  assert.equal(rows[1]!.position_value, -231.0068, "−5 − 226.0068, rounded to 1e-6");
  const table = equityTable(track);
  assert.equal(table.time, track.time, "the table keeps the track's times");
  assert.equal(table.length, 4, "its length");
});

test("tableRows: one row per bar up to the table's length, its time as text and its numbers, non-finite ones null", () => {
  const time = Float64Array.from([0, 1, 2, 3], timeOf);
  const rows = tableRows({ length: 3, time, fields: ["a", "b"] as const, columns: { a: Float64Array.from([1, Number.NaN, 3]), b: Float64Array.from([Infinity, -0.5, -Infinity]) } });
  assert.deepEqual(rows, [
    { datetime: iso(time[0]!), a: 1, b: null },
    { datetime: iso(time[1]!), a: null, b: -0.5 },
    { datetime: iso(time[2]!), a: 3, b: null },
  ]);
});

interface FillSpec {
  bar: number;
  leg: number;
  side: 1 | -1;
  closing: boolean;
  entryBack: number;
  v: readonly number[];
}
interface RefusalSpec {
  bar: number;
  leg: number;
  side: 1 | -1;
  reason: number;
  shares: number;
  price: number;
}

/** A value of a money column: eighths, sometimes NaN or infinite. */
const moneyArb = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: -8000, max: 80_000 }).map((x) => x / 8) }, { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity) });
const fillArb = fc.record({
  bar: fc.integer({ min: 0, max: 12 }),
  leg: fc.integer({ min: 0, max: 2 }),
  side: fc.constantFrom(1 as const, -1 as const),
  closing: fc.boolean(),
  entryBack: fc.integer({ min: 0, max: 5 }),
  // shares, price, slippage, commission, stamp, transfer, pnl, basis, avgAfter
  v: fc.tuple(
    fc.integer({ min: 1, max: 5000 }).map((s) => s * 100),
    moneyArb,
    moneyArb,
    moneyArb,
    moneyArb,
    moneyArb,
    moneyArb,
    moneyArb,
    moneyArb,
  ),
});
const refusalArb = fc.record({
  bar: fc.integer({ min: 0, max: 12 }),
  leg: fc.integer({ min: 0, max: 2 }),
  side: fc.constantFrom(1 as const, -1 as const),
  reason: fc.integer({ min: 1, max: 7 }),
  shares: fc.oneof(
    fc.constant(Number.NaN),
    fc.constant(0),
    fc.integer({ min: 1, max: 5000 }).map((s) => s * 100),
  ),
  price: moneyArb,
});

/** The logs as the kernels write them: rows in time order. */
function logsOf(fills: FillSpec[], refusals: RefusalSpec[]) {
  const f = new FillLog(0);
  for (const s of fills) {
    const i = f.add();
    const [shares, price, slippage, commission, stamp, transfer, pnl, basis, avgAfter] = s.v as number[];
    f.bar[i] = s.bar;
    f.leg[i] = s.leg;
    f.side[i] = s.side;
    f.shares[i] = shares!;
    f.price[i] = price!;
    f.slippage[i] = slippage!;
    f.commission[i] = commission!;
    f.stamp[i] = stamp!;
    f.transfer[i] = transfer!;
    // an opening fill has no P&L, basis or entry step; a closing one has a number (maybe infinite) as P&L
    f.pnl[i] = s.closing ? (Number.isNaN(pnl!) ? 0 : pnl!) : Number.NaN;
    f.basis[i] = s.closing ? basis! : Number.NaN;
    f.entryBar[i] = s.closing ? Math.max(0, s.bar - s.entryBack) : -1;
    f.avgAfter[i] = avgAfter!;
  }
  const r = new RefusalLog(0);
  for (const s of refusals) r.push(s.bar, s.leg, s.side, s.reason as never, s.shares, s.price);
  return { f, r };
}

const REASONS: Record<number, string> = { 1: "limit_up", 2: "limit_down", 3: "suspended", 4: "t_plus_one", 5: "cash", 6: "no_price" };

/** A fill as a row, from TradeRow's doc comment. */
function fillRowOf(f: FillLog, i: number, time: Float64Array): TradeRow {
  const closing = !Number.isNaN(f.pnl[i]!);
  const side = f.side[i]!;
  const action = side === 1 ? (closing ? "close_short" : "open_long") : closing ? "close_long" : "open_short";
  const bar = f.bar[i]!;
  const entry = f.entryBar[i]!;
  return {
    datetime: iso(time[bar]!),
    direction: side === 1 ? "BUY" : "SELL",
    size: f.shares[i]!,
    price: nullIfNotFinite(f.price[i]!),
    commission: nullIfNotFinite(f.commission[i]! + f.stamp[i]! + f.transfer[i]!),
    slippage: nullIfNotFinite(f.slippage[i]!),
    pnl: closing ? nullIfNotFinite(f.pnl[i]!) : 0,
    cost_basis: closing ? nullIfNotFinite(f.basis[i]!) : 0,
    rejected: false,
    reason: null,
    action,
    brokerage: nullIfNotFinite(f.commission[i]!),
    stamp_tax: nullIfNotFinite(f.stamp[i]!),
    transfer_fee: nullIfNotFinite(f.transfer[i]!),
    entry_datetime: closing ? iso(time[entry]!) : null,
    entry_price: closing ? nullIfNotFinite(f.basis[i]! / f.shares[i]!) : null,
    holding_days: closing ? (time[bar]! - time[entry]!) / DAY : null,
    holding_bars: closing ? bar - entry : null,
    return_pct: closing ? nullIfNotFinite(f.pnl[i]! / f.basis[i]!) : null,
  };
}

/** A refused order as a row: no fees or P&L, its reason's name. */
function refusalRowOf(r: RefusalLog, j: number, time: Float64Array): TradeRow {
  const side = r.side[j]!;
  const closing = r.shares[j]! > 0;
  return {
    datetime: iso(time[r.bar[j]!]!),
    direction: side === 1 ? "BUY" : "SELL",
    size: nullIfNotFinite(r.shares[j]!),
    price: nullIfNotFinite(r.price[j]!),
    commission: 0,
    slippage: 0,
    pnl: 0,
    cost_basis: 0,
    rejected: true,
    reason: REASONS[r.reason[j]!] ?? null,
    action: side === 1 ? (closing ? "close_short" : "open_long") : closing ? "close_long" : "open_short",
    brokerage: 0,
    stamp_tax: 0,
    transfer_fee: 0,
    entry_datetime: null,
    entry_price: null,
    holding_days: null,
    holding_bars: null,
    return_pct: null,
  };
}

test("trade rows against TradeRow's definitions: one leg or all, in time order, fills before refusals on a bar", () => {
  const time = Float64Array.from({ length: 13 }, (_, b) => timeOf(b));
  fc.assert(
    fc.property(fc.array(fillArb, { maxLength: 12 }), fc.array(refusalArb, { maxLength: 12 }), fc.integer({ min: -1, max: 2 }), (fillSpecs, refusalSpecs, leg) => {
      const byBar = <T extends { bar: number }>(a: T[]) => [...a].sort((x, y) => x.bar - y.bar);
      const { f, r } = logsOf(byBar(fillSpecs), byBar(refusalSpecs));
      // every row of the leg with its sort key: bar, then fills (0) before refusals (1), then log order
      const keyed: { bar: number; kind: number; at: number; row: TradeRow }[] = [];
      for (let i = 0; i < f.count; i++) if (leg === -1 || f.leg[i] === leg) keyed.push({ bar: f.bar[i]!, kind: 0, at: i, row: fillRowOf(f, i, time) });
      for (let j = 0; j < r.count; j++) if (leg === -1 || r.leg[j] === leg) keyed.push({ bar: r.bar[j]!, kind: 1, at: j, row: refusalRowOf(r, j, time) });
      keyed.sort((a, b) => a.bar - b.bar || a.kind - b.kind || a.at - b.at);
      assert.deepEqual(
        tradeRows(time, f, r, leg),
        keyed.map((k) => k.row),
      );
    }),
    { numRuns: 400 },
  );
});

test("trade rows by hand: a round trip over two bars, a refused exit and a refused entry", () => {
  const time = Float64Array.from([Date.UTC(2024, 0, 2), Date.UTC(2024, 0, 3), Date.UTC(2024, 0, 5, 12)]);
  const { f, r } = logsOf(
    [
      // buy 1,000 at 10 on bar 0 (fees 5 + 0 + 0.1), sell them at 11 on bar 2: basis 10,000, P&L 950
      { bar: 0, leg: 0, side: 1, closing: false, entryBack: 0, v: [1000, 10, 0, 5, 0, 0.1, 0, 0, 10] },
      { bar: 2, leg: 0, side: -1, closing: true, entryBack: 2, v: [1000, 11, 0, 5, 5.5, 0.125, 950, 10_000, 0] },
    ],
    [
      { bar: 1, leg: 0, side: -1, reason: Refusal.t_plus_one, shares: 1000, price: 10.5 },
      { bar: 2, leg: 0, side: 1, reason: Refusal.cash, shares: 0, price: 11 },
    ],
  );
  const rows = tradeRows(time, f, r, -1);
  assert.deepEqual(
    rows.map((x) => [x.datetime, x.direction, x.action, x.rejected, x.reason, x.size]),
    [
      ["2024-01-02T00:00:00", "BUY", "open_long", false, null, 1000],
      // the exit, sized to the position, refused by T+1: a closing order
      ["2024-01-03T00:00:00", "SELL", "close_long", true, "t_plus_one", 1000],
      // the fill comes before the refusal on bar 2
      ["2024-01-05T12:00:00", "SELL", "close_long", false, null, 1000],
      // an entry refused for want of cash is sized 0: an opening order
      ["2024-01-05T12:00:00", "BUY", "open_long", true, "cash", 0],
    ],
  );
  const sell = rows[2]!;
  // 3.5 days (Jan 2 00:00 to Jan 5 12:00) over 2 bars; entry price 10,000 / 1,000; return 950 / 10,000
  assert.deepEqual(
    [sell.commission, sell.brokerage, sell.stamp_tax, sell.transfer_fee, sell.pnl, sell.cost_basis, sell.entry_datetime, sell.entry_price, sell.holding_days, sell.holding_bars, sell.return_pct],
    [10.625, 5, 5.5, 0.125, 950, 10_000, "2024-01-02T00:00:00", 10, 3.5, 2, 0.095],
  );
  const buy = rows[0]!;
  assert.deepEqual([buy.commission, buy.pnl, buy.cost_basis, buy.entry_datetime, buy.entry_price, buy.holding_days, buy.holding_bars, buy.return_pct], [5.1, 0, 0, null, null, null, null, null]);
});

test("position rows: the leg's average entry price after its last fill at or before the bar, unrealised P&L = value − size × average", () => {
  const time = Float64Array.from({ length: 10 }, (_, b) => timeOf(b));
  const posArb = fc.record({
    fills: fc.array(fillArb, { maxLength: 10 }),
    rows: fc.array(
      fc.tuple(
        fc.integer({ min: -50, max: 50 }).map((s) => s * 100),
        fc.integer({ min: -80_000, max: 80_000 }).map((v) => v / 8),
      ),
      { minLength: 10, maxLength: 10 },
    ),
    length: fc.integer({ min: 0, max: 10 }),
    leg: fc.integer({ min: -1, max: 2 }),
  });
  fc.assert(
    fc.property(posArb, ({ fills, rows, length, leg }) => {
      // whole averages (no −0), so that size × average and the difference are exact
      const specs = [...fills].sort((x, y) => x.bar - y.bar).map((s) => ({ ...s, bar: s.bar % 10, v: s.v.map((x, k) => (k === 8 ? Math.round(Number.isFinite(x) ? x : 3) + 0 : x)) }));
      specs.sort((x, y) => x.bar - y.bar);
      const { f } = logsOf(specs, []);
      const shares = Float64Array.from(rows, ([s]) => s);
      const value = Float64Array.from(rows, ([, v]) => v);
      const out = positionRows(time, shares, value, length, f, leg);
      assert.equal(out.length, length, "one row per bar up to the length");
      out.forEach((row, t) => {
        let avg = 0;
        for (let i = 0; i < f.count; i++) if (f.bar[i]! <= t && (leg === -1 || f.leg[i] === leg)) avg = f.avgAfter[i]!;
        assert.deepEqual(row, { datetime: iso(time[t]!), size: shares[t], avg_price: avg, market_value: value[t], unrealized_pnl: value[t]! - shares[t]! * avg }, `bar ${t}`);
      });
    }),
    { numRuns: 300 },
  );
});
