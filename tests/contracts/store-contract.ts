/**
 * One contract for the store ports (ports/*-store.ts, the external cache and the
 * strategy library), run against every database the service can open them on, as
 * kysely runs one suite per dialect: what is written reads back equal, orders are
 * the ports' orders, expiry and conflicts behave as documented, and a durable
 * backend keeps everything across a close and reopen.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { sqliteAuthStore } from "../../adapters/sqlite/sqlite-auth-store.ts";
import type { Database } from "../../adapters/sqlite/sqlite-database.ts";
import { sqliteExternalCache } from "../../adapters/sqlite/sqlite-external-cache.ts";
import { sqliteFundFlowStore } from "../../adapters/sqlite/sqlite-fund-flow-store.ts";
import { sqliteSettingsStore } from "../../adapters/sqlite/sqlite-settings-store.ts";
import { sqliteStrategyLibrary } from "../../adapters/sqlite/sqlite-strategy-library.ts";
import { sqliteTaskStore } from "../../adapters/sqlite/sqlite-task-store.ts";
import type { FundFlow } from "../../core/market/fund-flow.ts";
import type { PasswordRecord } from "../../ports/auth-store.ts";
import type { SavedStrategyRecord } from "../../ports/strategy-library.ts";
import type { TaskRecord } from "../../ports/task-store.ts";

export interface StoreBackend {
  /** Opens the database; a durable backend opens the same one again after a close. */
  open(): Promise<Database>;
  /** Whether what was written survives a close and reopen. */
  readonly durable: boolean;
}

const password = (salt: string, iterations = 600_000): PasswordRecord => ({ algorithm: "pbkdf2-sha256", iterations, salt, hash: `h-${salt}` });

const task = (id: string, status: TaskRecord["status"], created: number, used: number): TaskRecord => ({
  id,
  kind: "backtest",
  status,
  description: `task ${id}`,
  progress: status === "done" ? 1 : 0,
  message: status,
  error: null,
  attempts: status === "pending" ? 0 : 1,
  created_at: created,
  started_at: status === "pending" ? null : created + 1,
  finished_at: status === "done" || status === "failed" || status === "cancelled" ? used : null,
  used_at: used,
});

const flow = (k: number): FundFlow => ({ inflow: [k, k + 1, k + 2, k + 3], outflow: [k + 0.5, k + 1.5, k + 2.5, k + 3.5], trades: 100 + k });

const saved = (id: string, created: number): SavedStrategyRecord => ({
  id,
  name: `saved ${id}`,
  kind: "single",
  strategy: "ma_cross",
  strategy_label: "MA cross",
  params: { fast: 5, slow: 20 },
  context: { symbol: "SH.600000", category: "DAY" },
  trade_config: { cash: 100_000 },
  snapshot: { total_return: 0.125, sharpe: null },
  tags: ["趋势", "a"],
  notes: "kept",
  created_at: created,
  updated_at: created,
  app_version: "0.1.0",
});

export function storeContract(name: string, backend: StoreBackend): void {
  describe(`store contract: ${name}`, () => {
    const opened: Database[] = [];
    const open = async () => {
      const db = await backend.open();
      opened.push(db);
      return db;
    };
    after(async () => {
      for (const db of opened) await db.destroy().catch(() => undefined);
    });

    test("auth: one first password, sessions by digest, expiry, a replaced password revokes every session", async () => {
      const s = sqliteAuthStore(await open());
      assert.equal(await s.getPassword(), undefined);
      assert.equal(await s.createPassword(password("a"), 1), true);
      assert.equal(await s.createPassword(password("b"), 2), false, "only the first password is stored");
      assert.deepEqual(await s.getPassword(), password("a"));
      await s.updatePasswordHash(password("a2", 700_000), 3);
      assert.deepEqual(await s.getPassword(), password("a2", 700_000));
      await s.createSession("old", 1, 100);
      await s.createSession("new", 1, 500);
      assert.equal(await s.findSession("old"), 100);
      assert.equal(await s.deleteExpiredSessions(100), 1, "expired at its expiry time");
      assert.equal(await s.findSession("old"), undefined);
      assert.equal(await s.findSession("new"), 500);
      await s.deleteSession("new");
      assert.equal(await s.findSession("new"), undefined);
      await s.createSession("x", 1, 900);
      await s.replacePasswordAndRevokeSessions(password("c"), 4);
      assert.deepEqual(await s.getPassword(), password("c"));
      assert.equal(await s.findSession("x"), undefined);
    });

    test("settings: absent is undefined, JSON values round-trip, a set replaces", async () => {
      const s = sqliteSettingsStore(await open());
      assert.equal(await s.get("host"), undefined);
      const value = { name: "主站", port: 7709, weights: [0.5, -1e-9, 12345678.125], nested: { on: true, none: null } };
      await s.set("host", value, 1);
      assert.deepEqual(await s.get("host"), value);
      await s.set("host", "plain", 2);
      assert.equal(await s.get("host"), "plain");
    });

    test("tasks: records, input and result; most recently used first; states oldest first; prune keeps the newest finished", async () => {
      const s = sqliteTaskStore(await open());
      const records = [task("a", "done", 10, 50), task("b", "pending", 20, 20), task("c", "failed", 30, 60), task("d", "running", 5, 40), task("e", "done", 1, 45)];
      for (const r of records) await s.insert(r, JSON.stringify({ id: r.id }));
      assert.deepEqual(await s.get("b"), records[1]);
      assert.equal(await s.input("c"), '{"id":"c"}');
      assert.equal(await s.result("a"), null);
      await s.update("a", { result: '{"total":6}', message: "done!" });
      assert.equal(await s.result("a"), '{"total":6}');
      assert.equal((await s.get("a"))?.message, "done!");
      assert.equal(await s.get("zz"), undefined);
      assert.deepEqual(
        (await s.recent(10)).map((t) => t.id),
        ["c", "a", "e", "d", "b"],
      );
      assert.deepEqual(
        (await s.recent(2)).map((t) => t.id),
        ["c", "a"],
      );
      assert.deepEqual(
        (await s.withStatus(["pending", "running"])).map((t) => t.id),
        ["d", "b"],
      );
      assert.deepEqual(await s.withStatus([]), []);
      await s.prune(2, Number.MAX_SAFE_INTEGER);
      assert.deepEqual((await s.recent(10)).map((t) => t.id).sort(), ["a", "b", "c", "d"], "the oldest finished task goes; unfinished ones stay");
    });

    test("tasks: prune keeps the most recently used finished tasks within a byte budget of input and result (UTF-8), the latest always", async () => {
      const s = sqliteTaskStore(await open());
      // the file backend still holds the previous test's unfinished tasks
      const mine = async () => (await s.recent(20)).map((t) => t.id).filter((id) => id.startsWith("z"));
      const ids = ["p", "q", "r", "s", "t"];
      // used p (oldest) … t (newest); "s" is still running and never counts nor goes
      for (const [i, id] of ids.entries()) await s.insert(task(`z${id}`, id === "s" ? "running" : "done", i, 100 + i), "x".repeat(100));
      await s.update("zq", { result: "é".repeat(50) }); // 100 UTF-8 bytes: q holds 200
      await s.update("zr", { result: "{}" }); // r holds 102
      await s.update("zt", { result: "y".repeat(400), message: "done" }); // t holds 500
      // from the newest: t 500, r 602, q 802 (752 if é counted once) > 780, p 902
      await s.prune(1000, 780);
      assert.deepEqual(await mine(), ["zt", "zs", "zr"]);
      await s.prune(1000, 100);
      assert.deepEqual(await mine(), ["zt", "zs"], "t alone is past the budget, and stays: the latest finished task");
      await s.prune(0, 1000);
      assert.deepEqual(await mine(), ["zs"], "keep 0: every finished task goes");
    });

    test("fund flow: only the asked days of that security; a day put again is replaced", async () => {
      const s = sqliteFundFlowStore(await open());
      await s.putDay(1, "600000", 20261118, flow(1), 1);
      await s.putDay(1, "600000", 20261120, flow(2), 1);
      await s.putDay(0, "600000", 20261119, flow(3), 1);
      const got = await s.getDays(1, "600000", [20261118, 20261119, 20261120, 20261121]);
      assert.deepEqual([...got.keys()].sort(), [20261118, 20261120]);
      assert.deepEqual(got.get(20261120), flow(2));
      assert.equal((await s.getDays(1, "600000", [])).size, 0);
      await s.putDay(1, "600000", 20261120, flow(7), 2);
      assert.deepEqual((await s.getDays(1, "600000", [20261120])).get(20261120), flow(7));
    });

    test("external cache: stale at its expiry time, forever without one, purged by count, put replaces", async () => {
      const s = sqliteExternalCache(await open());
      await s.put("cninfo", "p1", { rows: [1, 2] }, 100, 200);
      await s.put("cffex", "day", [{ a: "多" }], 100, null);
      assert.deepEqual(await s.get("cninfo", "p1", 199), { value: { rows: [1, 2] }, fetchedAt: 100, expiresAt: 200 });
      assert.equal(await s.get("cninfo", "p1", 200), undefined);
      assert.equal(await s.get("sina", "p1", 0), undefined, "keys belong to their source");
      assert.deepEqual((await s.get("cffex", "day", Number.MAX_SAFE_INTEGER))?.value, [{ a: "多" }]);
      assert.equal(await s.purgeExpired(200), 1);
      assert.equal(await s.purgeExpired(200), 0);
      await s.put("cffex", "day", "again", 300, 400);
      assert.deepEqual(await s.get("cffex", "day", 301), { value: "again", fetchedAt: 300, expiresAt: 400 });
    });

    test("strategy library: newest first, equal records back, delete says whether it found one", async () => {
      const s = sqliteStrategyLibrary(await open());
      assert.equal(await s.count(), 0);
      for (const [id, t] of [
        ["x", 10],
        ["y", 30],
        ["z", 20],
      ] as const)
        await s.add(saved(id, t));
      assert.deepEqual(
        (await s.list()).map((r) => r.id),
        ["y", "z", "x"],
      );
      assert.deepEqual(await s.get("z"), saved("z", 20));
      assert.equal(await s.get("nope"), undefined);
      assert.equal(await s.delete("z"), true);
      assert.equal(await s.delete("z"), false);
      assert.equal(await s.count(), 2);
    });

    test("a close and reopen keeps every store's data", { skip: backend.durable ? false : "not a durable backend" }, async () => {
      let db = await open();
      await sqliteSettingsStore(db).set("reopen", { k: 1 }, 1);
      await sqliteTaskStore(db).insert(task("r", "done", 1, 2), "{}");
      await sqliteStrategyLibrary(db).add(saved("r", 99));
      await sqliteExternalCache(db).put("s", "k", [3], 1, null);
      await sqliteFundFlowStore(db).putDay(1, "000001", 20260105, flow(9), 1);
      await db.destroy();
      db = await open();
      assert.deepEqual(await sqliteSettingsStore(db).get("reopen"), { k: 1 });
      assert.deepEqual(await sqliteTaskStore(db).get("r"), task("r", "done", 1, 2));
      assert.deepEqual(await sqliteStrategyLibrary(db).get("r"), saved("r", 99));
      assert.deepEqual((await sqliteExternalCache(db).get("s", "k", 5))?.value, [3]);
      assert.deepEqual((await sqliteFundFlowStore(db).getDays(1, "000001", [20260105])).get(20260105), flow(9));
      assert.deepEqual(await sqliteAuthStore(db).getPassword(), password("c"), "the auth test's password too");
    });
  });
}
