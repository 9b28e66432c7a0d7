import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  decodeHistoryTransactionsReply,
  decodeHistoryTransactionsRequest,
  decodeTransactionsReply,
  decodeTransactionsRequest,
  encodeHistoryTransactionsReply,
  encodeHistoryTransactionsRequest,
  encodeTransactionsReply,
  encodeTransactionsRequest,
} from "../../../adapters/tdx/tdx-codec-transactions.ts";
import type { TickSeries } from "../../../core/quotes/records.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { bin, fromHex, hex, json } from "./fixture-bytes.ts";

const ATST = "tdx/protocol/0fc5_transactions_sz000001_20260902.body.bin";
type Expected = { num_records: number; first: { hour: number; minute: number; price: number; vol: number } };

test("today's ticks of SZ 000001 (atst capture): values of the design doc", { skip: skipUnless(ATST) }, () => {
  const body = bin(ATST);
  const t = decodeTransactionsReply(body);
  assert.equal(t.length, 10);
  assert.ok(
    t.minute.every((m) => m === 11 * 60 + 29),
    "t.minute.every((m) => m === 11 * 60 + 29)",
  );
  assert.deepEqual([t.price[0], t.vol[0], t.orders[0], t.direction[0]], [11.9, 488, 199, 1]);
  assert.deepEqual([t.price[9], t.vol[9], t.orders[9], t.direction[9]], [11.91, 13, 2, 0]);
  assert.equal(
    t.vol.reduce((a, b) => a + b, 0),
    913,
  );
  assert.deepEqual(encodeTransactionsReply(t), body);
});

const today = [
  ["tdx-recorded/transaction.hex", "tdx-recorded/transaction.json"],
  ["tdx-ex/std-0x0fc5-transaction.body.hex", "tdx-ex/std-0x0fc5-transaction.meta.json"],
];
for (const [file, meta] of today as [string, string][]) {
  test(`today's ticks ${file}: the json's values, closing auction last`, { skip: skipUnless(file) }, () => {
    const body = hex(file);
    const e = json<Expected>(meta);
    const t = decodeTransactionsReply(body);
    assert.equal(t.length, e.num_records);
    assert.deepEqual([t.minute[0], t.price[0], t.vol[0]], [e.first.hour * 60 + e.first.minute, e.first.price, e.first.vol]);
    assert.deepEqual([t.minute[9], t.price[9], t.vol[9], t.orders[9], t.direction[9]], [15 * 60, 9.89, 8404, 287, 2]);
    assert.deepEqual(encodeTransactionsReply(t), body);
  });
}

const history = [
  ["tdx-recorded/history_transaction.hex", "tdx-recorded/history_transaction.json"],
  ["tdx-ex/std-0x0fb5-history-transaction.body.hex", "tdx-ex/std-0x0fb5-history-transaction.meta.json"],
];
for (const [file, meta] of history as [string, string][]) {
  test(`historical ticks ${file}: the json's values, no order counts`, { skip: skipUnless(file) }, () => {
    const body = hex(file);
    const e = json<Expected>(meta);
    const { preClose, ticks } = decodeHistoryTransactionsReply(body);
    assert.equal(ticks.length, e.num_records);
    assert.deepEqual([ticks.minute[0], ticks.price[0], ticks.vol[0]], [e.first.hour * 60 + e.first.minute, e.first.price, e.first.vol]);
    assert.ok(ticks.orders.every(Number.isNaN), "ticks.orders.every(Number.isNaN)");
    assert.deepEqual(Array.from(ticks.direction.subarray(0, 3)), [0, 1, 1]);
    assert.equal(preClose, Math.fround(10.27));
    assert.deepEqual(encodeHistoryTransactionsReply({ preClose, ticks }), body);
  });
}

function arbTicks(withOrders: boolean, decimals: number) {
  const n = fc.integer({ min: 0, max: 2 ** 36 });
  return fc.array(fc.tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 3_000_000 }), n, n, fc.integer({ min: 0, max: 9 }), fc.integer({ min: -5, max: 5 })), { maxLength: 100 }).map(
    (rows): TickSeries => ({
      length: rows.length,
      minute: Float64Array.from(rows, (r) => r[0]),
      price: Float64Array.from(rows, (r) => r[1] / 10 ** decimals),
      vol: Float64Array.from(rows, (r) => r[2]),
      orders: Float64Array.from(rows, (r) => (withOrders ? r[3] : NaN)),
      direction: Float64Array.from(rows, (r) => r[4]),
      reserved: Float64Array.from(rows, (r) => r[5]),
    }),
  );
}

test("tick replies round-trip, today's and historical, 2 and 3 decimals", () => {
  for (const decimals of [2, 3]) {
    fc.assert(
      fc.property(arbTicks(true, decimals), (t) => {
        assert.deepEqual(decodeTransactionsReply(encodeTransactionsReply(t, { decimals }), { decimals }), t);
      }),
      { numRuns: 50 },
    );
    fc.assert(
      fc.property(arbTicks(false, decimals), fc.integer({ min: 0, max: 100000 }), (ticks, pc) => {
        const reply = { preClose: Math.fround(pc / 100), ticks };
        assert.deepEqual(decodeHistoryTransactionsReply(encodeHistoryTransactionsReply(reply, { decimals }), { decimals }), reply);
      }),
      { numRuns: 50 },
    );
  }
});

test("tick requests: the atst request bytes, and round trips", () => {
  assert.deepEqual(encodeTransactionsRequest({ market: 0, code: "000001", start: 0, count: 10 }), fromHex("0000 303030303031 0000 0a00"));
  fc.assert(
    fc.property(
      fc.constantFrom(0, 1, 2),
      fc.stringMatching(/^[0-9]{6}$/),
      fc.integer({ min: 0, max: 0xffff }),
      fc.integer({ min: 0, max: 2000 }),
      fc.integer({ min: 19900101, max: 20991231 }),
      (market, code, start, count, date) => {
        assert.deepEqual(decodeTransactionsRequest(encodeTransactionsRequest({ market, code, start, count })), { market, code, start, count });
        const past = encodeHistoryTransactionsRequest({ date, market, code, start, count });
        assert.equal(past.length + 2, 0x12);
        assert.deepEqual(decodeHistoryTransactionsRequest(past), { date, market, code, start, count });
      },
    ),
  );
});

test("tick request and reply errors are named by their command", () => {
  const req = encodeTransactionsRequest({ market: 0, code: "000001", start: 0, count: 10 });
  assert.throws(() => decodeTransactionsRequest(req.subarray(0, 11)), /^TdxDecodeError: 0x0fc5 request/);
  const hist = encodeHistoryTransactionsRequest({ date: 20260902, market: 0, code: "000001", start: 0, count: 10 });
  assert.throws(() => decodeHistoryTransactionsRequest(hist.subarray(0, 15)), /^TdxDecodeError: 0x0fb5 request/);
  // one tick announced, its minute word cut
  assert.throws(() => decodeTransactionsReply(Uint8Array.of(1, 0, 0x1f)), /^TdxDecodeError: 0x0fc5 reply/);
  assert.throws(() => decodeHistoryTransactionsReply(Uint8Array.of(1, 0, 0, 0, 0, 0, 0x1f)), /^TdxDecodeError: 0x0fb5 reply/);
});
