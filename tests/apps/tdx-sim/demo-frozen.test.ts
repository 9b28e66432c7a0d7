/**
 * Nothing changes outside the session: over real TCP, quotes (book included),
 * minute lines and ticks read at 15:05 and at 20:00, on the weekend after, and
 * before the next open are identical; during the session they do move.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../apps/tdx-sim/demo/demo-source.ts";
import { type Simulator, startSimulator } from "../../../apps/tdx-sim/sim-server.ts";
import { FakeClock } from "../../support/server.ts";
import { defined } from "../../support/defined.ts";

const clock = new FakeClock();
const REFS = [
  { market: 1, code: "600519" },
  { market: 0, code: "000001" },
  { market: 0, code: "399006" },
  { market: 1, code: "510300" },
];
let sim: Simulator;
let pool: TdxPool;
let client: TdxClient;

before(async () => {
  sim = await startSimulator({ source: new DemoSource(new DemoMarket()), clock });
  pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { size: 1 });
  client = new TdxClient(pool);
});
after(async () => {
  await pool.close();
  await sim.close();
});

/** Everything a client sees of the market at a Shanghai wall time. */
async function read(y: number, mo: number, d: number, h: number, mi: number) {
  clock.t = Date.UTC(y, mo - 1, d, h - 8, mi);
  const quotes = await client.quotes(REFS);
  const minutes = await Promise.all(REFS.map((r) => client.minute(r)));
  const ticks = await Promise.all(REFS.map((r) => client.transactions(r, 0, 200)));
  return { quotes, minutes, ticks };
}

test("quotes, books, minute lines and ticks are frozen after the close, over the weekend and before the open", async () => {
  // Friday 2026-11-20; the next session is Monday 2026-11-23.
  const close = await read(2026, 11, 20, 15, 5);
  assert.equal(close.minutes[0]?.length, 240, "the whole day's minute line");
  const quote = defined(close.quotes[0], "the first quote");
  assert.ok(quote.bids.some((p) => p > 0) && quote.bidVols.some((v) => v > 0), "a book is there");
  assert.deepEqual(await read(2026, 11, 20, 20, 0), close, "15:05 and 20:00 the same day");
  assert.deepEqual(await read(2026, 11, 21, 11, 0), close, "Saturday");
  assert.deepEqual(await read(2026, 11, 23, 8, 30), close, "Monday before the open");
});

test("during the session the quote and its book move with the minutes", async () => {
  const a = await read(2026, 11, 20, 10, 0);
  const b = await read(2026, 11, 20, 10, 1);
  assert.notDeepEqual(a.quotes, b.quotes, "one minute later the quotes differ");
  assert.equal(b.minutes[0]?.length, defined(a.minutes[0], "the minute line at 10:00").length + 1, "one more minute on the line");
});
