/**
 * The saved-strategy library over real HTTP (spec 4.13): 201 on create with
 * easy_tdx's fields, newest first, 404 on GET and 400 on DELETE of a missing id,
 * validation, entries surviving a restart, and the size and count limits.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { join } from "node:path";
import Database from "better-sqlite3";
import { MAX_SAVED_STRATEGIES, MAX_SAVED_STRATEGY_BYTES } from "../../core/app/strategies/strategy-library-service.ts";
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
    assert.deepEqual(
      { ...a.body, id: undefined, created_at: undefined, updated_at: undefined, app_version: undefined },
      {
        ...entry("稳健均线"),
        id: undefined,
        created_at: undefined,
        updated_at: undefined,
        app_version: undefined,
      },
    );
    const minimal = await call(s.url, "POST", "/api/v1/strategies", { json: { name: "组合", kind: "portfolio", strategy: "macd" } });
    assert.equal(minimal.status, 201);
    assert.deepEqual([minimal.body.params, minimal.body.context, minimal.body.tags, minimal.body.notes, minimal.body.strategy_label], [{}, {}, [], "", ""]);
    clock.advance(1000);
    const c = await call(s.url, "POST", "/api/v1/strategies", { json: entry("后存的") });

    s = await s.restart();
    const list = await call(s.url, "GET", "/api/v1/strategies");
    assert.equal(list.status, 200);
    assert.equal(list.body.count, 3);
    assert.deepEqual(
      list.body.strategies.map((x: { id: string }) => x.id),
      [c.body.id, minimal.body.id, a.body.id],
      "newest first (same second: later first)",
    );
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

test("limits: 413 past the size of one entry, 409 past the count; entries saved before the limits are kept and listed", async () => {
  let s = await startTestServer();
  try {
    const big = { ...entry("大"), snapshot: { blob: "x".repeat(MAX_SAVED_STRATEGY_BYTES) } };
    const tooBig = await call(s.url, "POST", "/api/v1/strategies", { json: big });
    assert.equal(tooBig.status, 413);
    assert.match(tooBig.body.detail, new RegExp(`${MAX_SAVED_STRATEGY_BYTES} bytes`));
    const room = MAX_SAVED_STRATEGY_BYTES - new TextEncoder().encode(JSON.stringify({ ...entry("刚好"), snapshot: { blob: "" } })).length;
    assert.equal((await call(s.url, "POST", "/api/v1/strategies", { json: { ...entry("刚好"), snapshot: { blob: "x".repeat(room) } } })).status, 201, "an entry of exactly the limit is saved");

    // As an older version would have left them: the library full, one entry of 1 MB among them.
    await s.close();
    const db = new Database(join(s.dataDir, "service.sqlite"));
    const insert = db.prepare(
      "insert into saved_strategy (id, name, kind, strategy, strategy_label, params, context, trade_config, snapshot, tags, notes, created_at, updated_at, app_version) values (?, ?, 'single', 'ma_cross', '', '{}', '{}', '{}', ?, '[]', '', ?, ?, 'old')",
    );
    db.transaction(() => {
      for (let i = 1; i < MAX_SAVED_STRATEGIES; i++) insert.run(`old${String(i).padStart(9, "0")}`, `old ${i}`, i === 1 ? JSON.stringify({ blob: "y".repeat(1_000_000) }) : "{}", i, i);
    })();
    db.close();
    s = await startTestServer({ dataDir: s.dataDir });
    const listed = await call(s.url, "GET", "/api/v1/strategies");
    assert.equal(listed.body.count, MAX_SAVED_STRATEGIES, "every entry kept");
    assert.equal(listed.body.strategies.find((x: { name: string }) => x.name === "old 1").snapshot.blob.length, 1_000_000, "the 1 MB entry as it was");
    const full = await call(s.url, "POST", "/api/v1/strategies", { json: entry("再一个") });
    assert.equal(full.status, 409);
    assert.match(full.body.detail, new RegExp(`${MAX_SAVED_STRATEGIES} saved strategies`));
    assert.equal((await call(s.url, "DELETE", "/api/v1/strategies/old000000002")).status, 200);
    assert.equal((await call(s.url, "POST", "/api/v1/strategies", { json: entry("再一个") })).status, 201, "room after a delete");
    assert.equal((await call(s.url, "GET", "/api/v1/strategies")).body.count, MAX_SAVED_STRATEGIES);
  } finally {
    await s.dispose();
  }
});

test("the OpenAPI document lists 413 on every operation with a body", async () => {
  const s = await startTestServer();
  try {
    const doc = (await call(s.url, "GET", "/openapi.json")).body;
    const withBody = Object.entries<any>(doc.paths).flatMap(([path, ops]) =>
      Object.entries<any>(ops)
        .filter(([, op]) => op.requestBody)
        .map(([m, op]) => [`${m} ${path}`, op] as const),
    );
    assert.ok(withBody.length >= 25, `every body route (${withBody.length})`);
    for (const [name, op] of withBody) assert.ok(op.responses["413"], `${name} documents 413`);
  } finally {
    await s.dispose();
  }
});
