/**
 * GET /api/v1/strategies/{id}/holdings over real HTTP: a saved strategy is
 * rerun up to today and each member's position at the latest bar is answered.
 * Checked against the bars the API serves (the latest close is the price, the
 * P&L is shares × (close − cost), the date is the last bar's, not the saved
 * end), for every kind the library holds; 404 for a missing id, 409 for a
 * record that cannot be run, and the answer matches its OpenAPI schema.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, cookieOf, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

/** Always in the market once bought: the position is held to the last bar. */
const HOLD = { formula: "B:C>0;", buy: "", sell: "" };
/** Never in the market. */
const NEVER = { formula: "B:C<0;", buy: "", sell: "" };

describe("holdings of a saved strategy", () => {
  let s: TestServer;
  let headers: Record<string, string>;
  const api = (method: string, path: string, json?: unknown) => call(s.url, method, path, { json, headers });
  const save = async (body: Record<string, unknown>) => {
    const r = await api("POST", "/api/v1/strategies", { name: "x", snapshot: {}, ...body });
    assert.equal(r.status, 201, r.text);
    return r.body.id as string;
  };
  const lastBar = async (market: string, code: string) => (await api("GET", `/api/v1/bars?market=${market}&code=${code}&category=DAY&adjust=QFQ&count=1`)).body.data.at(-1);

  before(async () => {
    s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) });
    await call(s.url, "POST", "/api/auth/setup", { json: { password: "forge-pass-1" } });
    headers = { cookie: cookieOf((await call(s.url, "POST", "/api/auth/login", { json: { password: "forge-pass-1" } })).headers)! };
  });
  after(async () => {
    await s?.dispose();
  });

  test("a single strategy saved over a past range holds at the latest bar, priced at its close", async () => {
    const id = await save({
      kind: "single",
      strategy: "formula",
      params: HOLD,
      context: { symbol: "SH:600000", category: "DAY", adjust: "QFQ", start_date: "2026-01-05", end_date: "2026-06-30" },
      trade_config: { cash: 500_000 },
    });
    const r = await api("GET", `/api/v1/strategies/${id}/holdings`);
    assert.equal(r.status, 200, r.text);
    const last = await lastBar("SH", "600000");
    const date = String(last.date).slice(0, 10);
    assert.equal(r.body.strategy_id, id);
    assert.equal(r.body.as_of, date, "up to today, not the saved end");
    assert.equal(r.body.holdings.length, 1);
    const h = r.body.holdings[0];
    assert.equal(h.key, "SH:600000");
    assert.equal(h.date, date);
    assert.ok(h.size > 0 && h.size % 100 === 0, `board lots held: ${h.size}`);
    assert.ok(h.size * h.cost <= 500_000, `bought with the saved capital: ${h.size} × ${h.cost}`);
    assert.ok(Math.abs(h.price - last.close) < 0.006, `the latest close: ${h.price} vs ${last.close}`);
    assert.ok(Math.abs(h.pnl - h.size * (last.close - h.cost)) <= h.size * 0.006 + 0.01, `P&L = shares × (close − cost): ${h.pnl}`);
    assert.ok(Math.abs(h.pnl_pct - h.pnl / (h.size * h.cost)) < 1e-9, "P&L share of the cost");
    assert.deepEqual(r.body.skipped, []);
  });

  test("a flat strategy says so: no shares, no cost, no P&L", async () => {
    const id = await save({ kind: "single", strategy: "formula", params: NEVER, context: { symbol: "SZ:000001", category: "DAY", count: 120 } });
    const r = await api("GET", `/api/v1/strategies/${id}/holdings`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      r.body.holdings.map((h: Record<string, unknown>) => [h.key, h.size, h.cost, h.pnl]),
      [["SZ:000001", 0, null, 0]],
    );
  });

  test("a portfolio and a multi-strategy group list every member; a member without bars is skipped", async () => {
    const portfolio = await save({ kind: "portfolio", strategy: "formula", params: HOLD, context: { stocks: ["SH:600000", "SZ:000001", "SH:600999"], category: "DAY", count: 120 } });
    const p = await api("GET", `/api/v1/strategies/${portfolio}/holdings`);
    assert.equal(p.status, 200, p.text);
    assert.deepEqual(p.body.holdings.map((h: { key: string }) => h.key).sort(), ["SH:600000", "SZ:000001"]);
    for (const h of p.body.holdings) {
      const [market, code] = h.key.split(":");
      assert.ok(h.size > 0 && Math.abs(h.price - (await lastBar(market, code)).close) < 0.006, `${h.key} held at its latest close`);
    }
    assert.deepEqual(
      p.body.skipped.map((x: { symbol: string }) => x.symbol),
      ["SH:600999"],
      "a code the market does not list",
    );

    const items = [
      { strategy: "formula", strategy_label: "持有", params: HOLD, symbol: "SH:600000", category: "DAY", start_date: "2026-03-02", end_date: "2026-04-30" },
      { strategy: "formula", strategy_label: "持有", params: HOLD, symbol: "SH:600000", category: "DAY" },
      { strategy: "formula", strategy_label: "空仓", params: NEVER, symbol: "SZ:000001", category: "DAY" },
    ];
    const multi = await save({ kind: "multi", strategy: "multi", context: { items, adjust: "QFQ", count: 120 } });
    const m = await api("GET", `/api/v1/strategies/${multi}/holdings`);
    assert.equal(m.status, 200, m.text);
    assert.deepEqual(
      m.body.holdings.map((h: { key: string; size: number }) => [h.key, h.size > 0]),
      [
        ["持有@SH:600000", true],
        ["持有@SH:600000#2", true],
        ["空仓@SZ:000001", false],
      ],
    );
    const date = String((await lastBar("SH", "600000")).date).slice(0, 10);
    assert.ok(
      m.body.holdings.every((h: { date: string }) => h.date === date),
      "every item up to today, the saved end dropped",
    );
  });

  test("404 for a missing id; 409 naming what makes a record unrunnable", async () => {
    assert.equal((await api("GET", "/api/v1/strategies/000000000000/holdings")).status, 404);
    const unknown = await save({ kind: "single", strategy: "no_such", context: { symbol: "SH:600000" } });
    const u = await api("GET", `/api/v1/strategies/${unknown}/holdings`);
    assert.equal(u.status, 409);
    assert.match(u.body.detail, /no_such/);
    const inline = await save({ kind: "single", strategy: "ma_cross", context: {} });
    const i = await api("GET", `/api/v1/strategies/${inline}/holdings`);
    assert.equal(i.status, 409);
    assert.match(i.body.detail, /cannot be rerun/);
    const badParam = await save({ kind: "single", strategy: "ma_cross", params: { fast: -3 }, context: { symbol: "SH:600000" } });
    const b = await api("GET", `/api/v1/strategies/${badParam}/holdings`);
    assert.equal(b.status, 409);
    assert.match(b.body.detail, /params\.fast/);
  });

  test("the route and its answer are in the OpenAPI document", async () => {
    const doc = (await call(s.url, "GET", "/openapi.json")).body;
    const op = doc.paths["/api/v1/strategies/{strategy_id}/holdings"]?.get;
    assert.ok(op, "documented");
    assert.deepEqual(Object.keys(op.responses).sort(), ["200", "401", "403", "404", "409", "422"]);
    const props = Object.keys(doc.components.schemas.SavedHolding.properties).sort();
    assert.deepEqual(props, ["cost", "date", "key", "pnl", "pnl_pct", "price", "size", "value"]);
  });
});
