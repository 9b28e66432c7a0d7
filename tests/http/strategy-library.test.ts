/**
 * The saved-strategy library over real HTTP (spec 4.13): 201 on create with
 * easy_tdx's fields, newest first, 404 on GET and 400 on DELETE of a missing id,
 * validation, and entries surviving a restart.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { VERSION } from "../../apps/server/version.ts";
import { call, FakeClock, startTestServer } from "../support/server.ts";

const entry = (name: string) => ({
  name,
  kind: "single",
  strategy: "ma_cross",
  strategy_label: "双均线交叉",
  params: { fast: 5, slow: 20 },
  context: { symbol: "SZ:000001", category: "DAY", start_date: "2024-01-01", end_date: null },
  trade_config: { cash: 1_000_000, commission: 0.0003 },
  snapshot: { total_return: 0.12, sharpe: 1.1 },
  tags: ["趋势"],
  notes: "",
});

test("create, list newest first, get, delete; 404 and 400 for missing ids; kept across a restart", async () => {
  const clock = new FakeClock(Date.UTC(2026, 6, 4, 15, 30, 22));
  let s = await startTestServer({ clock });
  try {
    const a = await call(s.url, "POST", "/api/v1/strategies", { json: entry("稳健均线") });
    assert.equal(a.status, 201);
    assert.match(a.body.id, /^[0-9a-f]{12}$/);
    assert.equal(a.body.created_at, "2026-07-04T15:30:22Z");
    assert.equal(a.body.updated_at, a.body.created_at);
    assert.equal(a.body.app_version, VERSION);
    assert.deepEqual({ ...a.body, id: undefined, created_at: undefined, updated_at: undefined, app_version: undefined }, {
      ...entry("稳健均线"),
      id: undefined,
      created_at: undefined,
      updated_at: undefined,
      app_version: undefined,
    });
    const minimal = await call(s.url, "POST", "/api/v1/strategies", { json: { name: "组合", kind: "portfolio", strategy: "macd" } });
    assert.equal(minimal.status, 201);
    assert.deepEqual([minimal.body.params, minimal.body.context, minimal.body.tags, minimal.body.notes, minimal.body.strategy_label], [{}, {}, [], "", ""]);
    clock.advance(1000);
    const c = await call(s.url, "POST", "/api/v1/strategies", { json: entry("后存的") });

    s = await s.restart();
    const list = await call(s.url, "GET", "/api/v1/strategies");
    assert.equal(list.status, 200);
    assert.equal(list.body.count, 3);
    assert.deepEqual(list.body.strategies.map((x: { id: string }) => x.id), [c.body.id, minimal.body.id, a.body.id], "newest first (same second: later first)");
    assert.deepEqual((await call(s.url, "GET", `/api/v1/strategies/${a.body.id}`)).body, a.body);
    assert.equal((await call(s.url, "GET", "/api/v1/strategies/000000000000")).status, 404);

    const del = await call(s.url, "DELETE", `/api/v1/strategies/${a.body.id}`);
    assert.equal(del.status, 200);
    assert.deepEqual(del.body, { deleted: a.body.id });
    const again = await call(s.url, "DELETE", `/api/v1/strategies/${a.body.id}`);
    assert.equal(again.status, 400);
    assert.match(again.body.detail, /does not exist/);
    assert.equal((await call(s.url, "GET", "/api/v1/strategies")).body.count, 2);
  } finally {
    await s.dispose();
  }
});

test("validation: name length in characters, kind, notes", async () => {
  const s = await startTestServer();
  try {
    const loc = async (json: unknown) => (await call(s.url, "POST", "/api/v1/strategies", { json })).body.detail.map((d: { loc: unknown[] }) => d.loc.join("."));
    assert.deepEqual(await loc({ ...entry(""), kind: "single" }), ["body.name"]);
    assert.deepEqual(await loc(entry("名".repeat(121))), ["body.name"]);
    assert.equal((await call(s.url, "POST", "/api/v1/strategies", { json: entry("名".repeat(120)) })).status, 201, "120 characters fit");
    assert.deepEqual(await loc({ ...entry("x"), kind: "basket" }), ["body.kind"]);
    assert.deepEqual(await loc({ ...entry("x"), notes: "n".repeat(2001) }), ["body.notes"]);
    assert.deepEqual(await loc({ name: "x", kind: "single" }), ["body.strategy"]);
  } finally {
    await s.dispose();
  }
});
