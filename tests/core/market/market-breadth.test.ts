/** Up/down counting of `/market/stat`. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { marketBreadth } from "../../../core/market/market-breadth.ts";

const q = (price: number, preClose: number, vol = 100, limit = 0.1, tick = 0.01) => ({ price, preClose, vol, amount: price * vol * 100, limit, tick });

test("up, down, flat, suspended and limit moves at the board's limit within half a tick", () => {
  const b = marketBreadth([
    q(11, 10), // +10 %: up and limit-up
    q(10.99, 10), // up, one tick short
    q(9, 10), // limit-down
    q(10, 10), // flat
    q(12, 10, 0), // no volume: suspended
    q(12, 10, 100, 0.2), // +20 % on a 20 % board
    q(13, 10, 100, NaN), // no limit (a new listing)
    q(10.5, 10, 100, 0.05), // ST board limit reached
  ]);
  assert.deepEqual(
    { up: b.up, down: b.down, flat: b.flat, suspended: b.suspended, total: b.total, limitUp: b.limitUp, limitDown: b.limitDown },
    { up: 5, down: 1, flat: 1, suspended: 1, total: 8, limitUp: 3, limitDown: 1 },
  );
  assert.equal(b.volume, 700);
  assert.equal(b.up + b.down + b.flat + b.suspended, b.total);
});
