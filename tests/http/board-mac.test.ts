/**
 * Boards, mac data, ranked quotes and the extended market over real HTTP against
 * the in-process simulators (the mac set on the standard port, the extended market
 * on its own listener): answers, the `source` they name, every bound of the spec's
 * tables a 422 and unknown board codes a 404.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

// Friday 2026-11-20 14:00 in Shanghai.
const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));

describe("board, mac and extended-market endpoints", () => {
  let s: TestServer;
  const get = (path: string) => call(s.url, "GET", path);
  const status = async (path: string) => (await get(path)).status;
  const bad = async (base: string, cases: string[]) => {
    for (const c of cases) assert.equal(await status(`${base}${base.includes("?") ? "&" : "?"}${c}`), 422, `${base} ${c}`);
  };
  before(async () => (s = await startTestServer({ clock })));
  after(() => s.dispose());

  test("board list: change % descending by default, sort_value the chosen metric; bounds", async () => {
    const r = await get("/api/v1/board-mac/list");
    assert.equal(r.status, 200);
    assert.equal(r.body.source, "mac");
    assert.equal(r.body.count, 500);
    assert.deepEqual(r.body.columns.slice(0, 7), ["market", "code", "name", "price", "pre_close", "change_pct", "sort_value"]);
    const rows = r.body.data;
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].change_pct >= rows[i].change_pct, "rows[i - 1].change_pct >= rows[i].change_pct");
    assert.ok(
      rows.every((x: { sort_value: number; change_pct: number; price: number; pre_close: number }) => x.sort_value === 0 && Math.abs(x.change_pct - (x.price / x.pre_close - 1) * 100) < 0.01),
      "rows.every((x: { sort_value: number; change_pct: number; price: number; pre_close: number }) => x.sort_value === 0 && Math.abs(x.change_pct - (x.price / x.pre_close - 1) * 100) < 0.01)",
    );
    const hy = await get("/api/v1/board-mac/list?board_type=hy&sort_column=CHANGE_20D");
    assert.equal(hy.body.count, 28);
    for (let i = 1; i < hy.body.count; i++) assert.ok(hy.body.data[i - 1].sort_value >= hy.body.data[i].sort_value, "hy.body.data[i - 1].sort_value >= hy.body.data[i].sort_value");
    assert.equal((await get("/api/v1/board-mac/list?count=50000")).body.count, 871);
    await bad("/api/v1/board-mac/list", ["count=0", "count=50001", "board_type=ZS", "sort_column=CHANGE_2D"]);
  });

  test("members and summary: 404 for unknown boards; sort types by name or code; bounds", async () => {
    const m = await get("/api/v1/board-mac/members?board_symbol=881001&count=5&sort_type=0x0e&sort_order=asc");
    assert.equal(m.status, 200);
    assert.equal(m.body.count, 5);
    for (let i = 1; i < 5; i++) assert.ok(m.body.data[i - 1].change_pct <= m.body.data[i].change_pct, "m.body.data[i - 1].change_pct <= m.body.data[i].change_pct");
    assert.ok(m.body.columns.includes("main_net_amount") && m.body.columns.includes("buy_price_limit"), 'm.body.columns.includes("main_net_amount") && m.body.columns.includes("buy_price_limit")');
    const byVolume = await get("/api/v1/board-mac/members?board_symbol=881001&sort_type=VOLUME");
    for (let i = 1; i < byVolume.body.count; i++) assert.ok(byVolume.body.data[i - 1].vol >= byVolume.body.data[i].vol, "byVolume.body.data[i - 1].vol >= byVolume.body.data[i].vol");
    for (const code of ["889999", "abc", "000300"]) {
      const r = await get(`/api/v1/board-mac/members?board_symbol=${code}`);
      assert.equal(r.status, 404, code);
      assert.match(r.body.detail, /Unknown board code/);
    }
    await bad("/api/v1/board-mac/members?board_symbol=881001", ["count=0", "count=100001", "sort_type=FOO", "sort_type=0x999", "sort_order=UP"]);
    assert.equal(await status("/api/v1/board-mac/members"), 422);
    const sum = await get("/api/v1/board-mac/summary?board_symbol=881001");
    assert.equal(sum.status, 200);
    const d = sum.body.data;
    assert.equal(d.source, "mac");
    assert.equal(d.member_count, d.members.length);
    assert.equal(d.up_count + d.down_count <= d.member_count, true);
    assert.ok(
      Math.abs(d.main_net_amount - d.members.reduce((a: number, x: { main_net_amount: number }) => a + x.main_net_amount, 0)) < Math.abs(d.main_net_amount) * 1e-5 + 1,
      "Math.abs(d.main_net_amount - d.members.reduce((a: number, x: { main_net_amount: number }) => a + x.main_net_amount, 0)) < Math.abs(d.main_net_amount) * 1e-5 + 1",
    );
    assert.equal(await status("/api/v1/board-mac/summary?board_symbol=889999"), 404);
  });

  test("belong, ranking and N-day change ranking; bounds", async () => {
    const b = await get("/api/v1/board-mac/belong?market=SH&code=600519");
    assert.equal(b.status, 200);
    assert.deepEqual(b.body.columns, ["board_type", "market", "board_code", "board_name", "close", "pre_close", "change_pct"]);
    assert.ok(
      b.body.data.some((x: { board_type: string }) => x.board_type === "HY"),
      'b.body.data.some((x: { board_type: string }) => x.board_type === "HY")',
    );
    await bad("/api/v1/board-mac/belong?code=600519", ["market=BJ"]);
    const r = await get("/api/v1/board-mac/ranking?top_n=5&sort_by=amount");
    assert.equal(r.body.count, 5);
    for (let i = 1; i < 5; i++) assert.ok(r.body.data[i - 1].amount >= r.body.data[i].amount, "r.body.data[i - 1].amount >= r.body.data[i].amount");
    await bad("/api/v1/board-mac/ranking", ["top_n=0", "top_n=201", "sort_by=speed", "board_type=ALL", "ascending=maybe"]);
    const c = await get("/api/v1/board-mac/change-ranking?board_type=GN&days=60&top_n=200");
    assert.equal(c.status, 200);
    assert.equal(c.body.count, 200);
    for (let i = 1; i < 200; i++) assert.ok(c.body.data[i - 1].change_pct >= c.body.data[i].change_pct, "c.body.data[i - 1].change_pct >= c.body.data[i].change_pct");
    const old = await get("/api/v1/board-mac/change-ranking?days=1&target_date=20260601&ascending=true&top_n=3");
    assert.equal(old.body.count, 3);
    assert.ok(old.body.data[0].change_pct <= old.body.data[1].change_pct, "old.body.data[0].change_pct <= old.body.data[1].change_pct");
    await bad("/api/v1/board-mac/change-ranking", ["days=0", "days=251", "top_n=0", "top_n=201", "target_date=20261301", "target_date=x"]);
  });

  test("capital flow, symbol info, server info, quote list, auction, unusual; bounds", async () => {
    const f = await get("/api/v1/mac/capital-flow?market=SH&code=600519");
    assert.equal(f.status, 200);
    const row = f.body.data[0];
    assert.equal(f.body.source, "mac");
    assert.equal(row.main_net, row.main_in - row.main_out);
    assert.equal(row.date, "2026-11-20");
    const info = await get("/api/v1/mac/symbol-info?market=SZ&code=000001");
    assert.equal(info.body.data[0].name, "平安银行");
    assert.equal(info.body.data[0].time, "2026-11-20 14:00:00");
    const server = await get("/api/v1/mac/server-info");
    assert.deepEqual(server.body.data[0].sessions_1[0], { open: "9:30", close: "11:30" });
    const list = await get("/api/v1/mac/quote-list?category=a&count=200&exclude=ST,kc,BJ&sort_type=TOTAL_AMOUNT");
    assert.equal(list.body.count, 200);
    assert.ok(
      list.body.data.every((x: { code: string; name: string }) => !x.code.startsWith("68") && !/ST/.test(x.name) && !/^(8|92)/.test(x.code)),
      'list.body.data.every((x: { code: string; name: string }) => !x.code.startsWith("68") && !/ST/.test(x.name) && !/^(8|92)/.test(x.code))',
    );
    for (let i = 1; i < 200; i++) assert.ok(list.body.data[i - 1].amount >= list.body.data[i].amount, "list.body.data[i - 1].amount >= list.body.data[i].amount");
    await bad("/api/v1/mac/quote-list", ["category=HK", "count=0", "count=5001", "start=-1", "exclude=ST,XX", "sort_type=SPEEDY"]);
    const a = await get("/api/v1/mac/auction?market=SZ&code=000001");
    assert.match(a.body.data[0].time, /^09:15:00$/);
    const u = await get("/api/v1/mac/unusual?market=SH&count=5");
    assert.equal(u.body.count, 5);
    assert.ok(
      u.body.data.every((e: { desc: string }) => e.desc.length > 0 && !e.desc.startsWith("异动类型")),
      'u.body.data.every((e: { desc: string }) => e.desc.length > 0 && !e.desc.startsWith("异动类型"))',
    );
    await bad("/api/v1/mac/unusual?market=SH", ["count=0", "count=501", "start=-1"]);
    await bad("/api/v1/mac/unusual", ["market=BJ"]);
    await bad("/api/v1/mac/capital-flow?market=SZ", ["code=1"]);
  });

  test("an unknown code is a 404 on every per-symbol mac endpoint and leaves the mac hosts in use for everyone", async () => {
    for (const path of ["/api/v1/mac/symbol-info", "/api/v1/mac/capital-flow", "/api/v1/mac/auction", "/api/v1/board-mac/belong"]) {
      const r = await get(`${path}?market=SZ&code=999999`);
      assert.equal(r.status, 404, path);
      assert.equal(r.body.detail, "Unknown security SZ:999999", path);
    }
    const ranking = await get("/api/v1/board-mac/ranking?top_n=3&sort_by=main_net_amount");
    assert.equal(ranking.status, 200);
    assert.equal(ranking.body.source, "mac", "the unknown code did not mark the mac hosts as down");
    assert.ok(
      ranking.body.data.every((r: { main_net_amount: number | null }) => typeof r.main_net_amount === "number"),
      "capital flow still comes from the mac hosts",
    );
    assert.equal((await get("/api/v1/mac/symbol-info?market=SZ&code=000001")).body.source, "mac");
  });

  test("extended market: market by name or number; bounds", async () => {
    const b = await get("/api/v1/ex/bars?market=HK_MAIN_BOARD&code=00700&count=5");
    assert.equal(b.status, 200);
    assert.equal(b.body.count, 5);
    assert.equal(b.body.columns[0], "date");
    const m = await get("/api/v1/ex/bars?market=47&code=IFL0&category=MIN_1&count=700");
    assert.equal(m.body.count, 700);
    assert.equal(m.body.data.at(-1).datetime, "2026-11-20T14:00:00");
    await bad("/api/v1/ex/bars?market=31&code=00700", ["count=0", "count=701", "category=MIN_120", "start=-1"]);
    await bad("/api/v1/ex/bars?code=00700", ["market=NASDAQ", "market=300"]);
    const q = await get("/api/v1/ex/quote?market=hk_main_board&code=00700");
    assert.equal(q.body.data[0].code, "00700");
    assert.equal(await status("/api/v1/ex/quote?market=31&code=99999"), 404);
    assert.equal((await get("/api/v1/ex/minute?market=31&code=00700")).body.count, 180);
    const t = await get("/api/v1/ex/transaction?market=31&code=00700&count=3000");
    assert.ok(t.body.count > 1800, "two pages");
    assert.ok(
      t.body.data.every((x: { side: string }) => ["B", "S", "N"].includes(x.side)),
      't.body.data.every((x: { side: string }) => ["B", "S", "N"].includes(x.side))',
    );
    await bad("/api/v1/ex/transaction?market=31&code=00700", ["count=0", "count=3001"]);
  });

  test("extended market: an unknown instrument is a 404 on every endpoint, without the protocol's internals", async () => {
    for (const path of ["bars", "quote", "minute", "transaction"]) {
      const r = await get(`/api/v1/ex/${path}?market=HK_MAIN_BOARD&code=NOPE1`);
      assert.equal(r.status, 404, path);
      assert.equal(r.body.detail, "Unknown instrument 31:NOPE1", path);
    }
  });
});
