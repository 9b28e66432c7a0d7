/**
 * The position book against a second bookkeeping written here: average cost as a
 * cost pool and a share pool (a closing fill takes its share of each), entry fees
 * as a pool released pro rata, and the T+1 lock as a queue of buy lots by day sold
 * oldest first (a lot bought on day d may not be sold on day d: SSE/SZSE trading
 * rules, 当日买入的股票当日不得卖出). Random fill sequences, long and short,
 * partial and whole closes, several buys a day.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { PositionBook } from "../../../core/backtest/position-book.ts";

/** One fill: `close` is a fraction of the open size to close (a reducing fill) or absent (opening/adding). */
interface Step {
  readonly side: 1 | -1;
  readonly shares: number;
  readonly cents: number;
  readonly fee: number;
  readonly nextDay: boolean;
  readonly close: number;
}

class ModelBook {
  dir = 0;
  size = 0;
  cost = 0;
  fees = 0;
  entryBar = -1;
  lastExitBar = -1;
  /** Long buy lots still held, oldest first. */
  lots: { day: number; shares: number }[] = [];

  fill(side: 1 | -1, q: number, price: number, fee: number, bar: number, day: number): number {
    if (this.size === 0 || side === this.dir) {
      if (this.size === 0) {
        this.dir = side;
        this.entryBar = bar;
      }
      this.size += q;
      this.cost += price * q;
      this.fees += fee;
      if (side === 1) this.lots.push({ day, shares: q });
      return Number.NaN;
    }
    const avg = this.cost / this.size;
    const released = (this.fees * q) / this.size;
    const pnl = this.dir * (price - avg) * q - fee - released;
    this.cost -= avg * q;
    this.fees -= released;
    this.size -= q;
    this.lastExitBar = bar;
    let left = side === -1 ? q : 0;
    while (left > 0) {
      const lot = this.lots[0]!;
      const take = Math.min(left, lot.shares);
      lot.shares -= take;
      left -= take;
      if (lot.shares === 0) this.lots.shift();
    }
    if (this.size === 0) {
      this.dir = 0;
      this.cost = 0;
      this.fees = 0;
    }
    return pnl;
  }

  get shares(): number {
    return this.dir * this.size;
  }

  get avg(): number {
    return this.size === 0 ? 0 : this.cost / this.size;
  }

  sellable(day: number, tPlusOne: boolean): number {
    if (this.dir !== 1) return 0;
    const today = this.lots.filter((l) => l.day === day).reduce((a, l) => a + l.shares, 0);
    return tPlusOne ? this.size - today : this.size;
  }
}

const near = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) <= 1e-7 * Math.max(1, Math.abs(b)), `${what}: ${a} ≉ ${b}`);

const step: fc.Arbitrary<Step> = fc.record({
  side: fc.constantFrom(1 as const, -1 as const),
  shares: fc.integer({ min: 1, max: 2000 }),
  cents: fc.integer({ min: 1, max: 5000 }),
  fee: fc.integer({ min: 0, max: 50 }),
  nextDay: fc.boolean(),
  close: fc.double({ min: 0, max: 1, noNaN: true }),
});

test("fills of any sequence book the same shares, average price, P&L, fees and T+1 lock as the pooled model", () => {
  fc.assert(
    fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
      const book = new PositionBook();
      const model = new ModelBook();
      let day = 3;
      steps.forEach((s, bar) => {
        if (s.nextDay) day++;
        const price = s.cents / 100;
        // Reducing fills close between 1 share and the whole position; adding fills keep their size.
        const reducing = model.size > 0 && s.side !== model.dir;
        const q = reducing ? Math.max(1, Math.round(s.close * model.size)) : s.shares;
        const pnl = book.apply(s.side, q, price, s.fee, bar, day);
        const expected = model.fill(s.side, q, price, s.fee, bar, day);
        if (reducing) near(pnl, expected, `P&L of fill ${bar}`);
        else assert.ok(Number.isNaN(pnl), `an opening or adding fill ${bar} realises nothing`);
        assert.equal(book.shares, model.shares, `shares after fill ${bar}`);
        near(book.avgPrice, model.avg, `average price after fill ${bar}`);
        near(book.entryFees, model.fees, `entry fees after fill ${bar}`);
        assert.equal(book.entryBar, model.entryBar, `entry bar after fill ${bar}`);
        assert.equal(book.lastExitBar, model.lastExitBar, `last exit bar after fill ${bar}`);
        assert.equal(book.sellable(day, true), model.sellable(day, true), `sellable under T+1 on day ${day} after fill ${bar}`);
        assert.equal(book.sellable(day, false), model.sellable(day, false), `sellable without T+1 after fill ${bar}`);
        assert.equal(book.sellable(day + 1, true), model.sellable(day + 1, true), `sellable the next day after fill ${bar}`);
      });
    }),
    { seed: 23, numRuns: 500 },
  );
});

test("a hand-checked round trip: two buys a day, a partial sell the next day, the rest later", () => {
  const book = new PositionBook();
  const fields = () => [book.shares, book.avgPrice, book.entryFees, book.entryBar, book.lastExitBar, book.lockedShares, book.lockDay];
  // −1: no bar or day yet (a first refused order must not count bar 1 as an exit bar).
  assert.deepEqual(fields(), [0, 0, 0, -1, -1, 0, -1], "a new book is empty");
  assert.ok(Number.isNaN(book.apply(1, 300, 10, 3, 0, 5)), "the first buy opens");
  assert.ok(Number.isNaN(book.apply(1, 100, 14, 1, 1, 5)), "the second buy adds");
  assert.equal(book.avgPrice, 11, "(300 × 10 + 100 × 14) / 400");
  assert.equal(book.entryBar, 0, "adding keeps the bar the position opened on");
  assert.equal(book.entryFees, 4, "both buys' fees are held");
  assert.equal(book.sellable(5, true), 0, "both buys of day 5 are locked on day 5");
  // 100 shares at 12 on day 6: gross (12 − 11) × 100, minus its own 2 and a quarter of the 4 held.
  assert.equal(book.apply(-1, 100, 12, 2, 2, 6), 100 - 2 - 1, "the partial sell's P&L");
  assert.equal(book.shares, 300, "300 shares left");
  assert.equal(book.avgPrice, 11, "a sell leaves the average price");
  assert.equal(book.entryFees, 3, "three quarters of the entry fees are still held");
  assert.equal(book.lastExitBar, 2, "the partial sell is the last exit");
  assert.equal(book.apply(-1, 300, 10, 0, 3, 7), -300 - 3, "closing the rest at 10");
  assert.equal(book.shares, 0, "flat");
  assert.equal(book.avgPrice, 0, "a flat book has no average price");
  assert.equal(book.entryFees, 0, "a flat book holds no fees");
  assert.equal(book.sellable(7, true), 0, "nothing to sell when flat");
  // A short: selling opens, nothing is sellable, buying back realises the fall.
  assert.ok(Number.isNaN(book.apply(-1, 200, 20, 0, 4, 7)), "a sell from flat opens a short");
  assert.equal(book.entryBar, 4, "the short opened on bar 4");
  assert.equal(book.sellable(8, true), 0, "a short has nothing to sell");
  assert.equal(book.sellable(8, false), 0, "a short has nothing to sell without T+1 either");
  assert.equal(book.apply(1, 200, 18, 0, 5, 8), 400, "covering at 18 gains (20 − 18) × 200");
  book.reset();
  assert.deepEqual(fields(), [0, 0, 0, -1, -1, 0, -1], "reset empties every field");
});
