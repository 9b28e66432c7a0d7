/**
 * The mac client and the extended-market client against the simulator over real
 * TCP, every command checked against the demo market; then the board service
 * falling back to the derived source when the mac host dies, with capital flow
 * refused rather than replaced.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ServerFileCache } from "../../../../adapters/tdx/files/server-file-cache.ts";
import { DerivedBoardSource } from "../../../../adapters/tdx/mac/derived-board-source.ts";
import { MacService } from "../../../../core/app/boards/mac-service.ts";
import { MarketSnapshot } from "../../../../core/app/market/market-snapshot.ts";
import { SecurityDirectory } from "../../../../core/app/quotes/security-directory.ts";
import { ExClient, EX_POOL_OPTIONS } from "../../../../adapters/tdx/ex/ex-client.ts";
import { MacClient } from "../../../../adapters/tdx/mac/mac-client.ts";
import { FIELDS_MEMBERS, Field } from "../../../../core/quotes/mac-query.ts";
import { EXCLUDE_FLAGS } from "../../../../adapters/tdx/mac/mac-fields.ts";
import { TdxClient } from "../../../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../../../adapters/tdx/tdx-pool.ts";
import { TdxUnavailableError } from "../../../../adapters/tdx/tdx-transport.ts";
import { DemoMarket } from "../../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../../apps/tdx-sim/demo/demo-source.ts";
import { EX_INSTRUMENTS, ExDemo } from "../../../../apps/tdx-sim/ex/ex-demo.ts";
import { exHandlers } from "../../../../apps/tdx-sim/ex/ex-handlers.ts";
import { type Simulator, startSimulator } from "../../../../apps/tdx-sim/sim-server.ts";
import { marketTimeOf } from "../../../../core/bars/market-time.ts";
import { TDX_MARKET } from "../../../../core/bars/security-kind.ts";
import { FakeClock, silentLog } from "../../../support/server.ts";
import { defined } from "../../../support/defined.ts";

// Friday 2026-11-20 14:00 in Shanghai.
const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const now = marketTimeOf(clock.now());
const market = new DemoMarket();
const source = new DemoSource(market);
const f32 = Math.fround;
const list = { sortType: 0x0e, order: "DESC" as const, start: 0, count: 100_000, fields: FIELDS_MEMBERS, exclude: 0 };
const pct = (r: { values: Record<string, number> } | undefined) => {
  const v = defined(r, "a row").values;
  return (defined(v.close, "close") / defined(v.pre_close, "pre_close") - 1) * 100;
};
const SIM = { requestTimeoutMs: 60_000 };

describe("mac and extended-market clients ↔ simulator", () => {
  let macSim: Simulator;
  let stdSim: Simulator;
  let exSim: Simulator;
  const pools: TdxPool[] = [];
  let mac: MacClient;
  let std: TdxClient;
  let ex: ExClient;
  before(async () => {
    macSim = await startSimulator({ source, clock });
    stdSim = await startSimulator({ source, clock });
    exSim = await startSimulator({ handlers: exHandlers(new ExDemo(market.seed)), heads: [0x01], clock });
    const pool = (s: Simulator, o = {}) => {
      const p = new TdxPool([{ name: "sim", host: s.host, port: s.port }], { ...SIM, ...o });
      pools.push(p);
      return p;
    };
    mac = new MacClient(pool(macSim));
    std = new TdxClient(pool(stdSim));
    ex = new ExClient(pool(exSim, EX_POOL_OPTIONS));
  });
  after(async () => {
    for (const p of pools) await p.close();
    for (const s of [macSim, stdSim, exSim]) await s.close();
  });

  test("board list: every board, change % descending, its leader; the value slot 0 for change %", async () => {
    const boards = await mac.boards("ALL", "CHANGE_PCT");
    assert.equal(boards.length, market.boards.filter((b) => b.kind !== "ZS").length);
    for (let i = 1; i < boards.length; i++) {
      const [prev, next] = [defined(boards[i - 1], `board ${i - 1}`), defined(boards[i], `board ${i}`)];
      assert.ok(prev.price / prev.preClose >= next.price / next.preClose - 1e-6, "boards[i - 1].price / boards[i - 1].preClose >= boards[i].price / boards[i].preClose - 1e-6");
    }
    assert.ok(
      boards.every((b) => b.sortValue === 0),
      "boards.every((b) => b.sortValue === 0)",
    );
    const b = boards.find((x) => x.code === "881001")!;
    const q = source.quote({ market: 1, code: "881001" }, now)!;
    assert.equal(b.price, f32(q.price));
    const members = market.board("881001")!.members.map((m) => source.quote({ market: TDX_MARKET[m.market], code: m.code }, now)!);
    const best = members.reduce((a, x) => (x.price / x.preClose > a.price / a.preClose ? x : a));
    assert.equal(b.leader?.code, best.code);
  });

  test("board metrics come from the ranked board list: 20-day change matches the board's closes", async () => {
    const boards = await mac.boards("HY", "CHANGE_20D");
    assert.equal(boards.length, 28);
    const c = market.dailyAt(market.find("SH", "881005")!, now).bars.close;
    const last = defined(c[c.length - 1], "the last close");
    const want = (last / defined(c[c.length - 21], "the close 20 sessions before") - 1) * 100;
    assert.ok(Math.abs(boards.find((x) => x.code === "881005")!.sortValue - want) < 1e-3, 'Math.abs(boards.find((x) => x.code === "881005")!.sortValue - want) < 1e-3');
    const closes = await mac.boardCloses("881005", 21);
    assert.equal(closes.close.length, 21);
    assert.equal(closes.close[20], f32(last));
  });

  test("members, ranked lists with exclusions, boards of a stock", async () => {
    const rows = await mac.members("881001", list);
    assert.deepEqual(new Set(rows.map((r) => r.code)), new Set(market.board("881001")!.members.map((m) => m.code)));
    for (let i = 1; i < rows.length; i++) assert.ok(pct(rows[i - 1]) >= pct(rows[i]) - 1e-6, "pct(rows[i - 1]) >= pct(rows[i]) - 1e-6");
    assert.ok(
      rows.every((r) => Field.MAIN_NET in r.values || "main_net_amount" in r.values),
      'rows.every((r) => Field.MAIN_NET in r.values || "main_net_amount" in r.values)',
    );
    assert.deepEqual(await mac.members("889999", list), []);
    const all = await mac.quoteList(6, { ...list, exclude: EXCLUDE_FLAGS.ST | EXCLUDE_FLAGS.KC | EXCLUDE_FLAGS.BJ });
    const want = market.universe.filter((s) => s.kind === "stock" && !s.st && s.board !== "STAR" && s.board !== "BSE");
    assert.equal(all.length, want.length);
    const asc = await mac.quoteList(14, { ...list, order: "ASC", count: 100 });
    assert.ok(
      asc.every((r) => r.code.startsWith("30")),
      'asc.every((r) => r.code.startsWith("30"))',
    );
    for (let i = 1; i < asc.length; i++) assert.ok(pct(asc[i - 1]) <= pct(asc[i]) + 1e-6, "pct(asc[i - 1]) <= pct(asc[i]) + 1e-6");
    const paged = await mac.quoteList(6, { ...list, start: 80, count: 100 });
    const whole = await mac.quoteList(6, { ...list, count: 180 });
    assert.deepEqual(
      paged.map((r) => r.code),
      whole.slice(80).map((r) => r.code),
      "pages append in order",
    );
    const belong = await mac.belong({ market: 1, code: "600519" });
    const s = market.find("SH", "600519")!;
    assert.deepEqual(new Set(belong.map((b) => b.code)), new Set(market.boards.filter((b) => b.kind !== "ZS" && b.members.includes(s)).map((b) => b.code)));
  });

  test("capital flow agrees with the main-net field; symbol info with the standard quote; server sessions", async () => {
    const f = defined(await mac.capitalFlow({ market: 1, code: "600519" }), "600519's capital flow");
    const row = defined(
      (await mac.quoteList(6, { ...list, fields: [Field.MAIN_NET, Field.MAIN_NET_5D] })).find((r) => r.code === "600519"),
      "600519 in the list",
    );
    const net = (flow: readonly number[], what: string) => defined(flow[0], `${what} inflow`) - defined(flow[1], `${what} outflow`);
    const mainNet = defined(row.values.main_net_amount, "main_net_amount");
    const mainNet5d = defined(row.values.main_net_5d_amount, "main_net_5d_amount");
    assert.ok(
      Math.abs(net(f.today, "today's") - mainNet) <= Math.abs(mainNet) * 1e-6 + 2,
      "Math.abs(f.today[0] - f.today[1] - row.values.main_net_amount) <= Math.abs(row.values.main_net_amount) * 1e-6 + 2",
    );
    assert.ok(
      Math.abs(net(f.fiveDay, "five days'") - mainNet5d) <= Math.abs(mainNet5d) * 1e-6 + 10,
      "Math.abs(f.fiveDay[0] - f.fiveDay[1] - row.values.main_net_5d_amount) <= Math.abs(row.values.main_net_5d_amount) * 1e-6 + 10",
    );
    const info = defined(await mac.symbolInfo({ market: 1, code: "600519" }), "600519's symbol info");
    const q = defined((await std.quotes([{ market: 1, code: "600519" }]))[0], "600519's standard quote");
    assert.equal(info.close, f32(q.price));
    assert.equal(info.name, "贵州茅台");
    assert.equal(info.time, 140000);
    const server = await mac.serverInfo();
    assert.deepEqual(server.sessions1.slice(0, 4), [570, 690, 780, 900]);
    assert.equal(server.lastTradingDay, 20261120);
    assert.equal(server.previousTradingDay, 20261119);
  });

  test("auction equals the standard command's; the monitor's events are today's, in time order, named", async () => {
    const a = await mac.auction({ market: 0, code: "000001" });
    const b = await std.auction({ market: 0, code: "000001" });
    assert.deepEqual([...a.second], [...b.second]);
    assert.deepEqual([...a.unmatched], [...b.unmatched]);
    const events = await mac.unusual(0, 0, 500);
    assert.ok(events.length > 0, "events.length > 0");
    for (let i = 1; i < events.length; i++) {
      const [prev, next] = [defined(events[i - 1], `event ${i - 1}`), defined(events[i], `event ${i}`)];
      assert.ok(
        prev.hour * 10000 + prev.minuteSecond <= next.hour * 10000 + next.minuteSecond,
        "events[i - 1].hour * 10000 + events[i - 1].minuteSecond <= events[i].hour * 10000 + events[i].minuteSecond",
      );
    }
    assert.ok(
      events.every((e) => e.market === 0 && market.find("SZ", e.code)?.name === e.name && e.hour * 100 + Math.floor(e.minuteSecond / 100) <= 1400),
      'events.every((e) => e.market === 0 && market.find("SZ", e.code)?.name === e.name && e.hour * 100 + Math.floor(e.minuteSecond / 100) <= 1400)',
    );
    assert.deepEqual(await mac.unusual(0, 70_000, 10), []);
  });

  test("extended market: bars, quote, minute line, trades paged backwards", async () => {
    const demo = new ExDemo(market.seed);
    const x = EX_INSTRUMENTS.find((i) => i.code === "IFL0")!;
    const days = defined(await ex.bars(x, 4, 0, 10), "IFL0's daily bars");
    assert.equal(days.length, 10);
    assert.equal(days.close[9], f32(demo.daily(x, now).bars.close.at(-1)!));
    const min5 = defined(await ex.bars(x, 0, 0, 700), "IFL0's 5-minute bars");
    assert.equal(min5.length, 700);
    assert.ok(
      min5.position.every((p) => p > 0),
      "futures carry open interest",
    );
    const q = await ex.quote({ market: 31, code: "00700" });
    const first = defined(EX_INSTRUMENTS[0], "the first extended instrument");
    assert.equal(q?.price, f32(demo.quote(first, now).price));
    assert.equal(await ex.quote({ market: 31, code: "99999" }), undefined);
    assert.equal(defined(await ex.minute({ market: 31, code: "00700" }), "00700's minute line").length, 180);
    const all = demo.trades(first, now);
    const t = defined(await ex.trades({ market: 31, code: "00700" }, 0, 3000), "00700's trades");
    assert.equal(t.length, Math.min(3000, all.length));
    assert.deepEqual([...t.price], [...all.price.slice(all.length - t.length)], "oldest first, ending at the newest");
    // The server's empty reply for an instrument it does not know: undefined on every call, not an unreadable reply.
    const nope = { market: 31, code: "NOPE1" };
    assert.equal(await ex.bars(nope, 4, 0, 10), undefined);
    assert.equal(await ex.minute(nope), undefined);
    assert.equal(await ex.trades(nope, 0, 3000), undefined);
  });

  test("the board service: mac while it answers, derived when it dies, capital flow refused", async () => {
    const fileCache = new ServerFileCache(std, clock);
    const dir = new SecurityDirectory(std, clock);
    const derived = new DerivedBoardSource(std, dir, fileCache, new MarketSnapshot(std, dir), clock);
    const svc = new MacService(mac, derived, clock, silentLog);
    const before = await svc.boardList("HY", "CHANGE_PCT", 500);
    assert.equal(before.source, "mac");
    const fromDerived = await derived.boards("HY", "CHANGE_PCT");
    assert.deepEqual(new Set(fromDerived.map((b) => b.code)), new Set(before.value.map((b) => b.code)));
    assert.deepEqual(
      (await derived.members("881001", list)).map((r) => r.code),
      (await mac.members("881001", list)).map((r) => r.code),
      "same members in the same order",
    );
    const macChange = await svc.changeRanking("HY", 20, 5, undefined, false);
    await macSim.close();
    const afterDeath = await svc.boardList("HY", "CHANGE_PCT", 500);
    assert.equal(afterDeath.source, "derived");
    assert.deepEqual(
      afterDeath.value.map((b) => b.code),
      before.value.map((b) => b.code),
    );
    const derivedChange = await svc.changeRanking("HY", 20, 5, undefined, false);
    assert.equal(derivedChange.source, "derived");
    assert.deepEqual(
      derivedChange.value.map((r) => [r.code, r.change_pct]),
      macChange.value.map((r) => [r.code, r.change_pct]),
    );
    assert.equal((await svc.summary("881001", 0x0e, "DESC")).value.main_net_amount, null, "no capital flow from the derived source");
    await assert.rejects(svc.capitalFlow(1, "600519"), TdxUnavailableError);
    await assert.rejects(svc.unusual(0, 0, 10), TdxUnavailableError);
    assert.equal((await svc.auction(0, "000001")).source, "derived");
  });
});
