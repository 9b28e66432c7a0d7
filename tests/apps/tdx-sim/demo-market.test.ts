import assert from "node:assert/strict";
import { test } from "node:test";
import { marketTime } from "../../../core/bars/market-time.ts";
import { isTradingDay } from "../../../apps/tdx-sim/demo/calendar.ts";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { limitFraction } from "../../../core/market/price-limit.ts";
import { boardOf } from "../../../core/market/trading-board.ts";
import { roundHalfUp } from "../../../core/bars/round.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import { defined } from "../../support/defined.ts";

const market = new DemoMarket();
const LAST = 20261120;

/** Bar i of a series, every column present (a missing one fails the test). */
function row(b: BarSeries, i: number) {
  const at = (column: Float64Array, name: string) => defined(column[i], `${name}[${i}]`);
  return { time: at(b.time, "time"), open: at(b.open, "open"), high: at(b.high, "high"), low: at(b.low, "low"), close: at(b.close, "close"), vol: at(b.vol, "vol"), amount: at(b.amount, "amount") };
}

test("the universe has a few hundred securities on every market, with ST names, indices and the core pool", () => {
  const u = market.universe;
  assert.ok(u.length >= 300, `${u.length}`);
  for (const m of ["SH", "SZ", "BJ"] as const) assert.ok(market.list(m).length >= 10, m);
  assert.ok(
    u.some((s) => s.st && s.name.includes("ST")),
    'u.some((s) => s.st && s.name.includes("ST"))',
  );
  assert.ok(u.filter((s) => s.kind === "index").length >= 2, 'u.filter((s) => s.kind === "index").length >= 2');
  assert.equal(market.find("SH", "600519")?.name, "贵州茅台");
  assert.equal(new Set(u.map((s) => s.market + s.code)).size, u.length, "no duplicates");
});

test("a seed gives the same market every time; another seed another one", () => {
  const a = new DemoMarket(7).history(new DemoMarket(7).find("SZ", "000001")!, LAST);
  const b = new DemoMarket(7).history(new DemoMarket(7).find("SZ", "000001")!, LAST);
  assert.deepEqual(a.bars.close, b.bars.close);
  const c = new DemoMarket(8).history(new DemoMarket(8).find("SZ", "000001")!, LAST);
  assert.notDeepEqual(a.bars.close, c.bars.close);
});

test("history up to a day does not depend on how far the calendar reaches", () => {
  const s = market.find("SH", "600000")!;
  const early = new DemoMarket().history(s, 20200630);
  const late = market.history(s, LAST);
  assert.deepEqual(early.bars.close, late.bars.close.subarray(0, early.bars.length));
});

test("bars are trading days only, OHLC consistent, within the daily price limit", () => {
  let limitUps = 0;
  let gaps = 0;
  for (const s of market.universe.filter((x) => x.kind === "stock").slice(0, 60)) {
    const h = market.history(s, LAST);
    const b = h.bars;
    for (let i = 0; i < b.length; i++) {
      const day = defined(h.days[i], `day ${i}`);
      const { time, open, high, low, close, vol, amount } = row(b, i);
      assert.ok(isTradingDay(day), "isTradingDay(h.days[i])");
      assert.ok(low <= Math.min(open, close) && high >= Math.max(open, close), `${s.code} ${day}`);
      assert.ok(vol > 0 && amount > 0, "b.vol[i] > 0 && b.amount[i] > 0");
      if (i === 0) continue;
      const prev = row(b, i - 1);
      const ev = h.xdxr.find((x) => x.date === day && x.category === 1);
      // The ex-rights reference price is published on the 0.01 tick (the limits are computed from it).
      const ref = ev ? roundHalfUp((prev.close * 10 - ev.c1 + ev.c4 * ev.c2) / (10 + ev.c3 + ev.c4), 2) : prev.close;
      const f = limitFraction(boardOf(s.code, s.market), s.st, time);
      assert.ok(high <= roundHalfUp(ref * (1 + f), 2) + 1e-9, `${s.code} ${day} above limit`);
      assert.ok(low >= roundHalfUp(ref * (1 - f), 2) - 1e-9, `${s.code} ${day} below limit`);
      if (close === roundHalfUp(ref * (1 + f), 2)) limitUps++;
      if (time - prev.time > 5 * 86_400_000) gaps++;
    }
  }
  assert.ok(limitUps > 50, `limit-up days: ${limitUps}`);
  assert.ok(gaps > 5, `suspension gaps: ${gaps}`);
});

test("xdxr events include cash dividends, bonus shares and rights issues", () => {
  const all = market.universe.flatMap((s) => market.history(s, LAST).xdxr);
  assert.ok(
    all.some((x) => x.category === 1 && x.c1 > 0),
    "all.some((x) => x.category === 1 && x.c1 > 0)",
  );
  assert.ok(
    all.some((x) => x.category === 1 && x.c3 > 0),
    "all.some((x) => x.category === 1 && x.c3 > 0)",
  );
  assert.ok(
    all.some((x) => x.category === 1 && x.c4 > 0 && x.c2 > 0),
    "all.some((x) => x.category === 1 && x.c4 > 0 && x.c2 > 0)",
  );
  assert.ok(
    all.some((x) => x.category === 2),
    "all.some((x) => x.category === 2)",
  );
});

test("a day's minute bars and ticks add up exactly to its daily bar", () => {
  for (const code of ["000001", "300750", "002415"]) {
    const s = market.find("SZ", code)!;
    const h = market.history(s, LAST);
    const day = defined(h.days[h.days.length - 3], "the third-last day");
    const i = DemoMarket.dayIndex(h, day);
    const m = market.minutes(s, day)!;
    assert.equal(m.length, 240);
    let hi = -Infinity,
      lo = Infinity,
      v = 0,
      a = 0;
    for (let k = 0; k < m.length; k++) {
      const bar = row(m, k);
      hi = Math.max(hi, bar.high);
      lo = Math.min(lo, bar.low);
      v += bar.vol;
      a += bar.amount;
      assert.ok(bar.low <= Math.min(bar.open, bar.close) && bar.high >= Math.max(bar.open, bar.close), "m.low[k] <= Math.min(m.open[k], m.close[k]) && m.high[k] >= Math.max(m.open[k], m.close[k])");
    }
    assert.deepEqual([m.open[0], hi, lo, m.close[239], v, a], [h.bars.open[i], h.bars.high[i], h.bars.low[i], h.bars.close[i], h.bars.vol[i], h.bars.amount[i]]);
    assert.equal(m.time[0], marketTime(Math.floor(day / 1e4), Math.floor(day / 100) % 100, day % 100, 9, 31));
    assert.equal(m.time[239], marketTime(Math.floor(day / 1e4), Math.floor(day / 100) % 100, day % 100, 15, 0));
    const t = market.ticks(s, day)!;
    let tv = 0;
    for (let k = 0; k < t.length; k++) tv += defined(t.vol[k], `tick ${k}'s volume`);
    assert.equal(tv * 100, h.bars.vol[i]);
    assert.equal(t.price[t.length - 1], h.bars.close[i]);
  }
});

test("during the session, today's daily bar is the minutes done so far", () => {
  const s = market.find("SH", "600519")!;
  const day = 20261120;
  const full = market.history(s, day);
  const before = market.dailyAt(s, marketTime(2026, 11, 20, 9, 0));
  assert.equal(before.days.at(-1), 20261119);
  const mid = market.dailyAt(s, marketTime(2026, 11, 20, 10, 0, 30));
  assert.equal(mid.days.at(-1), day);
  const m = market.minutes(s, day)!;
  assert.equal(mid.bars.close.at(-1), m.close[29]);
  assert.equal(market.minutesAt(s, marketTime(2026, 11, 20, 10, 0, 30)).length, 30);
  const after = market.dailyAt(s, marketTime(2026, 11, 20, 16, 0));
  assert.deepEqual(after.bars.close, full.bars.close);
  assert.equal(market.minutesAt(s, marketTime(2026, 11, 21, 10, 0)).length, 0, "Saturday");
});
