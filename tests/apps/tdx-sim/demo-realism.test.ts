/**
 * The demo market as a TDX user would check it: well-known names at their real
 * price level, index minute lines without spikes or a jump over the lunch break,
 * and, across commands at any moment, one story: today's daily bar is the quote,
 * the minute bars add up to it, the five-level book straddles the last price on
 * the tick grid inside the board's price limits.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../apps/tdx-sim/demo/demo-source.ts";
import { marketTime } from "../../../core/bars/market-time.ts";
import { roundHalfUp } from "../../../core/bars/round.ts";
import { limitFraction } from "../../../core/market/price-limit.ts";
import { boardOf } from "../../../core/market/trading-board.ts";
import type { Quote } from "../../../core/quotes/records.ts";
import { defined } from "../../support/defined.ts";

const market = new DemoMarket();
const source = new DemoSource(market);
const MARKET_ID = { SZ: 0, SH: 1, BJ: 2 } as const;
const LAST = 20261120;

// Real levels, late 2025 (public quotes, written here independently of the simulator's table).
const REAL: readonly ["SH" | "SZ", string, number][] = [
  ["SH", "600519", 1450], // 贵州茅台
  ["SH", "600000", 11.5], // 浦发银行
  ["SZ", "000001", 11.8], // 平安银行
  ["SH", "000001", 3900], // 上证指数
  ["SZ", "399001", 13000], // 深证成指
  ["SZ", "399006", 3000], // 创业板指
  ["SH", "000300", 4500], // 沪深300
];

test("well-known names trade at their real order of magnitude over the last year", () => {
  for (const [m, code, real] of REAL) {
    const s = market.find(m, code)!;
    const close = market.history(s, LAST).bars.close;
    for (let i = close.length - 250; i < close.length; i++) {
      const ratio = defined(close[i], `close[${i}]`) / real;
      assert.ok(ratio > 1 / 3 && ratio < 3, `${m}${code} ${s.name} at ${close[i]} against a real ${real}`);
    }
  }
});

test("index minute lines have no spike and no jump over the lunch break", () => {
  const indices = market.universe.filter((s) => s.kind === "index" && s.board === "INDEX");
  assert.ok(indices.length >= 6, "the main indices are there");
  for (const s of indices) {
    const h = market.history(s, LAST);
    for (const day of h.days.slice(-40)) {
      const m = market.minutes(s, day)!;
      const i = DemoMarket.dayIndex(h, day);
      const range = defined(h.bars.high[i], `${day}'s high`) - defined(h.bars.low[i], `${day}'s low`);
      const c = m.close;
      const at = (k: number) => defined(c[k], `${s.name} ${day} minute ${k}`);
      // 11:30 → 13:01: a step like any other, far below the day's range.
      assert.ok(Math.abs(at(120) - at(119)) <= range / 2, `${s.name} ${day}: ${c[119]} at 11:30, ${c[120]} at 13:01 (range ${range})`);
      for (let k = 1; k + 1 < c.length; k++) {
        const into = at(k) - at(k - 1);
        const out = at(k + 1) - at(k);
        const spike = Math.sign(into) === -Math.sign(out) && Math.min(Math.abs(into), Math.abs(out)) > range / 2;
        assert.ok(!spike, `${s.name} ${day} minute ${k}: ${c[k - 1]} → ${c[k]} → ${c[k + 1]} (range ${range})`);
      }
    }
  }
});

/** Lots behind a bar volume (indices count lots already). */
const lots = (s: { kind: string }, vol: number) => (s.kind === "index" ? vol : vol / 100);

/** The book's rules, checked against limits computed here from the quote's own pre-close. */
function checkBook(q: Quote, s: NonNullable<ReturnType<DemoMarket["find"]>>, barTime: number, where: string): void {
  const dec = market.decimals(s);
  const onGrid = (p: number) => Math.abs(p * 10 ** dec - Math.round(p * 10 ** dec)) < 1e-6;
  const bids = q.bids.filter((p) => p > 0);
  const asks = q.asks.filter((p) => p > 0);
  for (let k = 1; k < bids.length; k++) assert.ok(bids[k]! < bids[k - 1]!, `${where}: bids descend ${q.bids}`);
  for (let k = 1; k < asks.length; k++) assert.ok(asks[k]! > asks[k - 1]!, `${where}: asks ascend ${q.asks}`);
  for (const p of [...bids, ...asks, q.price, q.open, q.high, q.low]) assert.ok(onGrid(p), `${where}: ${p} on the ${dec}-decimal grid`);
  assert.ok(bids.every((p) => p < q.price) && asks.every((p) => p > q.price), `${where}: book ${q.bids} | ${q.price} | ${q.asks}`);
  q.bids.forEach((p, k) => assert.equal(p === 0, q.bidVols[k] === 0, `${where}: an empty bid level has no volume`));
  if (s.kind === "index") return;
  const f = limitFraction(boardOf(s.code, s.market), s.st, barTime);
  const up = roundHalfUp(q.preClose * (1 + f), dec);
  const down = roundHalfUp(q.preClose * (1 - f), dec);
  for (const p of [...bids, ...asks, q.high, q.low]) assert.ok(p >= down - 1e-9 && p <= up + 1e-9, `${where}: ${p} inside [${down}, ${up}]`);
  if (q.price === up) assert.equal(asks.length, 0, `${where}: nobody sells at limit-up`);
  else assert.ok(asks.length > 0, `${where}: asks below limit-up`);
  if (q.price === down) assert.equal(bids.length, 0, `${where}: nobody buys at limit-down`);
}

test("at any moment, quote, daily bar, minute line, minute bars and book tell one story", () => {
  const pool = market.universe.filter((s) => s.board !== "BOARD_INDEX");
  fc.assert(
    fc.property(fc.integer({ min: 0, max: pool.length - 1 }), fc.integer({ min: 0, max: 45 }), fc.integer({ min: 0, max: 24 * 60 - 1 }), (which, daysBack, minute) => {
      const s = defined(pool[which], "the drawn security");
      const ref = { market: MARKET_ID[s.market], code: s.code };
      const now = marketTime(2026, 10, 7, 0, 0) + daysBack * 86_400_000 + minute * 60_000;
      const where = `${s.market}${s.code} at ${new Date(now).toISOString()}`;
      const q = source.quote(ref, now);
      if (!q) return; // not listed yet
      const daily = source.bars(ref, 9, 0, 1, now);
      const i = daily.length - 1;
      assert.deepEqual(
        [q.open, q.high, q.low, q.price, q.vol, q.amount],
        [daily.open[i], daily.high[i], daily.low[i], daily.close[i], lots(s, defined(daily.vol[i], "today's volume")), daily.amount[i]],
        `${where}: quote = today's daily bar`,
      );
      const line = source.minute(ref, now);
      assert.ok(line.length > 0, `${where}: a minute line`);
      assert.equal(line.price[line.length - 1], q.price, `${where}: the minute line ends at the last price`);
      assert.equal(
        line.vol.reduce((a, v) => a + v, 0),
        q.vol,
        `${where}: the minute line's volume is the day's`,
      );
      const mins = source.bars(ref, 8, 0, line.length, now);
      let hi = -Infinity;
      let lo = Infinity;
      let vol = 0;
      for (let k = 0; k < mins.length; k++) {
        hi = Math.max(hi, defined(mins.high[k], `minute bar ${k}'s high`));
        lo = Math.min(lo, defined(mins.low[k], `minute bar ${k}'s low`));
        vol += defined(mins.vol[k], `minute bar ${k}'s volume`);
      }
      assert.deepEqual([mins.open[0], hi, lo, mins.close[mins.length - 1], vol], [q.open, q.high, q.low, q.price, daily.vol[i]], `${where}: minute bars add up to the day`);
      checkBook(q, s, defined(daily.time[i], "today's bar time"), where);
    }),
    { numRuns: 300, seed: 20261126 },
  );
});

test("at limit-up nobody sells: the ask side is empty, the bid side on the grid below", () => {
  // A closed day where a stock closed at its limit, found in the history, read after the close.
  let checked = 0;
  for (const s of market.universe.filter((x) => x.kind === "stock").slice(0, 80)) {
    const h = market.history(s, LAST);
    for (let i = h.days.length - 60; i < h.days.length && checked < 5; i++) {
      const ev = h.xdxr.some((x) => x.date === h.days[i]);
      if (ev) continue;
      const time = defined(h.bars.time[i], `bar ${i}'s time`);
      const f = limitFraction(boardOf(s.code, s.market), s.st, time);
      if (h.bars.close[i] !== roundHalfUp(defined(h.bars.close[i - 1], `close[${i - 1}]`) * (1 + f), 2)) continue;
      const d = defined(h.days[i], `day ${i}`);
      const now = marketTime(Math.floor(d / 1e4), Math.floor(d / 100) % 100, d % 100, 16, 0);
      const q = source.quote({ market: MARKET_ID[s.market], code: s.code }, now)!;
      assert.deepEqual(
        [q.asks, q.askVols],
        [
          [0, 0, 0, 0, 0],
          [0, 0, 0, 0, 0],
        ],
        `${s.code} ${d}`,
      );
      checkBook(q, s, time, `${s.code} ${d}`);
      checked++;
    }
  }
  assert.ok(checked > 0, "some limit-up closes were found");
});
