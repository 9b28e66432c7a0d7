/**
 * SIM_UNIVERSE=full: a universe of the real market's size on its real boards,
 * built without generating any history, deterministic per seed, and paged by
 * 1000 over real TCP exactly as a TDX server pages its security lists.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../apps/tdx-sim/demo/demo-source.ts";
import { type Simulator, startSimulator } from "../../../apps/tdx-sim/sim-server.ts";
import { loadConfig } from "../../../apps/server/config.ts";
import { classifySecurity } from "../../../core/bars/security-kind.ts";
import type { SecurityInfo } from "../../../core/quotes/records.ts";
import { FakeClock } from "../../support/server.ts";

const full = new DemoMarket(20260101, "full");
const count = (f: (s: (typeof full.universe)[number]) => boolean) => full.universe.filter(f).length;

test("about 5,500 securities, per market and board as the real market has them", () => {
  assert.equal(full.historiesGenerated, 0, "no history generated to build the universe");
  const stocks = full.universe.filter((s) => s.kind === "stock");
  const byBoard = (b: string) => stocks.filter((s) => s.board === b).length;
  // Late-2025 counts of the real market, ±10 %.
  const real: [string, number][] = [
    ["SH_MAIN", 1700],
    ["STAR", 590],
    ["SZ_MAIN", 1500],
    ["CHINEXT", 1380],
    ["BSE", 270],
  ];
  for (const [board, n] of real) assert.ok(Math.abs(byBoard(board) - n) <= n * 0.1, `${board}: ${byBoard(board)} against ${n}`);
  const listed = count((s) => s.board !== "BOARD_INDEX");
  assert.ok(listed >= 5300 && listed <= 5800, `${listed} stocks, indices and funds`);
  assert.ok(count((s) => s.kind === "index" && s.board === "INDEX") >= 10, "the main indices");
  assert.ok(count((s) => s.kind === "fund") >= 100, "ETFs");
  for (const m of ["SH", "SZ", "BJ"] as const) assert.ok(full.list(m).length > 250, m);
  assert.equal(new Set(full.universe.map((s) => s.market + s.code)).size, full.universe.length, "no duplicate code");
  // Each code is on the board its prefix says (the classifier is the protocol layer's, not the generator's).
  for (const s of full.universe) assert.deepEqual(classifySecurity(s.market, s.code), { kind: s.kind, board: s.board }, `${s.market}${s.code}`);
  for (const p of ["300", "301", "688", "920", "83", "87"])
    assert.ok(
      stocks.some((s) => s.code.startsWith(p)),
      `codes ${p}xxx`,
    );
});

test("listing dates spread over 1990–2025 in code order; ST names and suspended stocks", () => {
  const stocks = full.universe.filter((s) => s.kind === "stock");
  const years = new Set(stocks.map((s) => Math.floor(s.listDate / 10000)));
  for (let y = 1991; y <= 2025; y++) assert.ok(years.has(y), `listings in ${y}`);
  const year = (code: string) => Math.floor(full.find("SH", code)!.listDate / 10000);
  assert.ok(year("600006") < 2000 && year(full.universe.find((s) => s.code.startsWith("605"))!.code) >= 2020, "600xxx old, 605xxx young");
  const st = stocks.filter((s) => s.st);
  assert.ok(st.length > 50 && st.every((s) => /^\*?ST/.test(s.name)), `${st.length} ST names`);
  const suspended = stocks.filter((s) => s.suspendedFrom !== undefined);
  assert.ok(suspended.length > 5, `${suspended.length} suspended`);
  const s = suspended.find((x) => x.listDate < 20200101)!;
  const h = full.history(s, 20261120);
  assert.ok(h.days.length > 0 && h.days.at(-1)! < s.suspendedFrom!, `${s.code} trades until ${s.suspendedFrom}, last bar ${h.days.at(-1)}`);
});

test("the same seed gives the same universe", () => {
  const again = new DemoMarket(20260101, "full").universe;
  assert.deepEqual(again, full.universe);
  assert.notDeepEqual(
    new DemoMarket(7, "full").universe.map((s) => s.name),
    full.universe.map((s) => s.name),
  );
});

test("SIM_UNIVERSE selects it; the default stays the demo market", () => {
  assert.equal(loadConfig({}).SIM_UNIVERSE, "demo");
  assert.equal(loadConfig({ SIM_UNIVERSE: "full" }).SIM_UNIVERSE, "full");
  assert.throws(() => loadConfig({ SIM_UNIVERSE: "huge" }), "an unknown universe is refused");
});

let sim: Simulator;
let pool: TdxPool;
let client: TdxClient;
before(async () => {
  sim = await startSimulator({ source: new DemoSource(full), clock: new FakeClock() });
  pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { size: 2 });
  client = new TdxClient(pool);
});
after(async () => {
  await pool.close();
  await sim.close();
});

test("security lists page by 1000 over real TCP", async () => {
  for (const [id, m] of [
    [1, "SH"],
    [0, "SZ"],
    [2, "BJ"],
  ] as const) {
    const n = await client.securityCount(id);
    assert.equal(n, full.list(m).length, `${m} count`);
    const all: SecurityInfo[] = [];
    for (let start = 0; ; start += 1000) {
      const page = await client.securityList(id, start);
      if (start < n) assert.equal(page.length, Math.min(1000, n - start), `${m} page at ${start}`);
      if (page.length === 0) break;
      all.push(...page);
    }
    assert.deepEqual(
      all.map((s) => s.code),
      full.list(m).map((s) => s.code),
      `${m}: the pages join into the whole list`,
    );
    assert.deepEqual(
      all.map((s) => s.name),
      full.list(m).map((s) => s.name),
      `${m}: names survive the GBK wire`,
    );
  }
  assert.ok((await client.securityCount(1)) > 3000, "SH takes four pages");
});
