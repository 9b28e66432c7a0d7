/**
 * The board source contract (board-source-contract.ts) against both
 * implementations over real TCP to the simulator: the mac client against the
 * simulator's mac commands, and the derived source rebuilding boards from the
 * standard protocol (board files, quotes, daily bars). Then, where their data
 * overlap, the two answer alike.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ServerFileCache } from "../../adapters/tdx/files/server-file-cache.ts";
import { DerivedBoardSource } from "../../adapters/tdx/mac/derived-board-source.ts";
import { MarketSnapshot } from "../../core/app/market/market-snapshot.ts";
import { SecurityDirectory } from "../../core/app/quotes/security-directory.ts";
import { MacClient } from "../../adapters/tdx/mac/mac-client.ts";
import { TdxClient } from "../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../adapters/tdx/tdx-pool.ts";
import { DemoMarket } from "../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../apps/tdx-sim/demo/demo-source.ts";
import { startSimulator } from "../../apps/tdx-sim/sim-server.ts";
import { FakeClock } from "../support/server.ts";
import { boardSourceContract, LIST } from "./board-source-contract.ts";

// Friday 2026-11-20 14:00 in Shanghai.
const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const market = new DemoMarket();
const demo = new DemoSource(market);
const world = { market, demo, now: clock.now() };

async function simulated() {
  const sim = await startSimulator({ source: demo, clock });
  const pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { requestTimeoutMs: 60_000 });
  return {
    pool,
    async close() {
      await pool.close();
      await sim.close();
    },
  };
}

function derived(quotes: TdxClient) {
  const dir = new SecurityDirectory(quotes, clock);
  return new DerivedBoardSource(quotes, dir, new ServerFileCache(quotes, clock), new MarketSnapshot(quotes, dir), clock);
}

boardSourceContract(
  "mac client ↔ simulator",
  world,
  async () => {
    const [mac, std] = [await simulated(), await simulated()];
    return {
      source: new MacClient(mac.pool),
      quotes: new TdxClient(std.pool),
      async close() {
        await mac.close();
        await std.close();
      },
    };
  },
  true,
);

boardSourceContract(
  "derived from the standard protocol ↔ simulator",
  world,
  async () => {
    const std = await simulated();
    const quotes = new TdxClient(std.pool);
    return { source: derived(quotes), quotes, close: () => std.close() };
  },
  false,
);

let mac: Awaited<ReturnType<typeof simulated>>;
let std: Awaited<ReturnType<typeof simulated>>;
before(async () => {
  [mac, std] = [await simulated(), await simulated()];
});
after(async () => {
  await mac?.close();
  await std?.close();
});

test("where the data overlap, mac and derived answer alike: boards, members in order, closes, ranked codes", async () => {
  const a = new MacClient(mac.pool);
  const b = derived(new TdxClient(std.pool));
  const codes = (rows: readonly { code: string }[]) => rows.map((r) => r.code);
  assert.deepEqual(new Set(codes(await b.boards("HY", "CHANGE_PCT"))), new Set(codes(await a.boards("HY", "CHANGE_PCT"))));
  assert.deepEqual(codes(await b.members("881001", LIST)), codes(await a.members("881001", LIST)));
  const [ca, cb] = [await a.boardCloses("881005", 30), await b.boardCloses("881005", 30)];
  assert.deepEqual([...cb.date], [...ca.date]);
  assert.deepEqual([...cb.close].map(Math.fround), [...ca.close]);
  assert.deepEqual(codes(await b.quoteList(6, { ...LIST, count: 50 })), codes(await a.quoteList(6, { ...LIST, count: 50 })));
});
