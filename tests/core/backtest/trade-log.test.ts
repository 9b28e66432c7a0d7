/**
 * The fill and refusal logs (core/backtest/trade-log.ts) keep every row they are given, whatever
 * capacity they were made with (at least 4, then doubling), each column as written; `clear` empties
 * them for reuse; a fill's fees are its commission, stamp tax and transfer fee.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Refusal, type RefusalCode } from "../../../core/backtest/execution-rules.ts";
import { FillLog, RefusalLog } from "../../../core/backtest/trade-log.ts";

const FILL_COLUMNS = ["bar", "leg", "side", "shares", "price", "slippage", "commission", "stamp", "transfer", "pnl", "basis", "entryBar", "avgAfter"] as const;
/** A distinct value per row and column that every column type holds exactly (Int8Array: −128…127). */
const cell = (i: number, c: number) => ((i * 13 + c * 7) % 200) - 100;

test("a fill log keeps every row, each column as written, from any capacity", () => {
  for (const capacity of [0, 1, 4, 5, 37]) {
    const log = new FillLog(capacity);
    for (let i = 0; i < 70; i++) {
      const r = log.add();
      assert.equal(r, i, "rows are numbered in order");
      FILL_COLUMNS.forEach((col, c) => {
        log[col][r] = cell(i, c);
      });
    }
    assert.equal(log.count, 70, "rows counted");
    for (let i = 0; i < 70; i++) {
      FILL_COLUMNS.forEach((col, c) => assert.equal(log[col][i], cell(i, c), `capacity ${capacity}, row ${i}, ${col}`));
    }
    assert.equal(log.fees(3), cell(3, 6) + cell(3, 7) + cell(3, 8), "fees: commission + stamp tax + transfer fee");
    log.clear();
    assert.equal(log.count, 0, "cleared");
    assert.equal(log.add(), 0, "the first row after clearing is row 0");
  }
});

test("a refusal log keeps every row, each column as written, from any capacity", () => {
  for (const capacity of [0, 1, 4, 5, 37]) {
    const log = new RefusalLog(capacity);
    for (let i = 0; i < 70; i++) log.push(i * 3, i % 5, i % 2 === 0 ? 1 : -1, (i % 7) as RefusalCode, i * 100, 10 + i / 4);
    assert.equal(log.count, 70, "rows counted");
    for (let i = 0; i < 70; i++) {
      assert.deepEqual(
        [log.bar[i], log.leg[i], log.side[i], log.reason[i], log.shares[i], log.price[i]],
        [i * 3, i % 5, i % 2 === 0 ? 1 : -1, i % 7, i * 100, 10 + i / 4],
        `capacity ${capacity}, row ${i}`,
      );
    }
    log.clear();
    assert.equal(log.count, 0, "cleared");
    log.push(1, 2, 1, Refusal.suspended, 4, 5);
    assert.deepEqual([log.count, log.bar[0], log.price[0]], [1, 1, 5], "the first row after clearing is row 0");
  }
});
