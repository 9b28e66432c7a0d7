import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { sql } from "kysely";
import { pbkdf2Hasher } from "../../../adapters/crypto/pbkdf2-hasher.ts";
import { randomSessionTokens } from "../../../adapters/crypto/session-tokens.ts";
import { sqliteAuthStore } from "../../../adapters/sqlite/sqlite-auth-store.ts";
import { openDatabase } from "../../../adapters/sqlite/sqlite-database.ts";
import { migrationProvider } from "../../../adapters/sqlite/sqlite-migrations.ts";
import { openBetterSqlite3 } from "../../../adapters/sqlite/sqlite-better-sqlite3.ts";
import { sqliteTaskStore } from "../../../adapters/sqlite/sqlite-task-store.ts";

const dir = mkdtempSync(join(tmpdir(), "tdx-forge-sqlite-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("opens in WAL mode, applies migrations once, and reopens without loss", async () => {
  const file = join(dir, "a", "service.sqlite");
  let db = await openDatabase(file, openBetterSqlite3);
  const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
  assert.equal(mode.rows[0]?.journal_mode, "wal");
  const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  const declared = Object.keys(await migrationProvider.getMigrations()).sort();
  assert.deepEqual(
    applied.rows.map((r) => r.name),
    declared,
  );
  assert.deepEqual(declared.slice(0, 2), ["0001_auth", "0002_settings"]);
  const store = sqliteAuthStore(db);
  assert.equal(await store.createPassword({ algorithm: "pbkdf2-sha256", iterations: 600000, salt: "s", hash: "h" }, 1), true);
  assert.equal(await store.createPassword({ algorithm: "pbkdf2-sha256", iterations: 600000, salt: "t", hash: "i" }, 2), false, "only one password row");
  await store.createSession("abc", 1, 1000);
  await db.destroy();
  db = await openDatabase(file, openBetterSqlite3);
  const again = sqliteAuthStore(db);
  assert.deepEqual(await again.getPassword(), { algorithm: "pbkdf2-sha256", iterations: 600000, salt: "s", hash: "h" });
  assert.equal(await again.findSession("abc"), 1000);
  assert.equal(await again.deleteExpiredSessions(1000), 1);
  assert.equal(await again.findSession("abc"), undefined);
  await db.destroy();
});

test("replacing the password revokes every session in one transaction", async () => {
  const db = await openDatabase(join(dir, "b.sqlite"), openBetterSqlite3);
  const store = sqliteAuthStore(db);
  await store.createPassword({ algorithm: "pbkdf2-sha256", iterations: 600000, salt: "s", hash: "h" }, 1);
  await store.createSession("x", 1, 10);
  await store.createSession("y", 1, 10);
  await store.replacePasswordAndRevokeSessions({ algorithm: "pbkdf2-sha256", iterations: 700000, salt: "s2", hash: "h2" }, 2);
  assert.equal((await store.getPassword())?.iterations, 700000);
  assert.equal(await store.findSession("x"), undefined);
  assert.equal(await store.findSession("y"), undefined);
  await db.destroy();
});

test("PBKDF2: ≥600,000 iterations, random salt, parameters stored, constant-time verify", async () => {
  const h = pbkdf2Hasher();
  const a = await h.hash("correct horse");
  const b = await h.hash("correct horse");
  assert.equal(a.algorithm, "pbkdf2-sha256");
  assert.ok(a.iterations >= 600_000, "a.iterations >= 600_000");
  assert.notEqual(a.salt, b.salt);
  assert.notEqual(a.hash, b.hash);
  assert.equal(Buffer.from(a.hash, "base64").length, 32);
  assert.equal(await h.verify("correct horse", a), true);
  assert.equal(await h.verify("correct horsf", a), false);
  assert.equal(h.needsRehash(a), false);
  assert.equal(pbkdf2Hasher(700_000).needsRehash(a), true, "raising the policy flags old records");
  assert.throws(() => pbkdf2Hasher(1000));
});

test("session tokens: 256 bits, distinct, stored only as a SHA-256 digest", () => {
  const t = randomSessionTokens.issue();
  assert.equal(Buffer.from(t, "base64url").length, 32);
  assert.notEqual(randomSessionTokens.issue(), t);
  const d = randomSessionTokens.digest(t);
  assert.match(d, /^[0-9a-f]{64}$/);
  assert.ok(!d.includes(t), "!d.includes(t)");
});

test("0203_task_bytes: tasks stored before it get their input and result sizes (UTF-8 bytes), which pruning by bytes reads", async () => {
  const file = join(dir, "c.sqlite");
  const all = await migrationProvider.getMigrations();
  const before = { getMigrations: async () => Object.fromEntries(Object.entries(all).filter(([name]) => name < "0203")) };
  let db = await openDatabase<any>(file, openBetterSqlite3, before);
  const row = (id: string, used: number, input: string, result: string | null) => ({
    id,
    kind: "backtest",
    status: "done",
    description: "",
    input,
    progress: 1,
    message: "done",
    result,
    error: null,
    attempts: 1,
    created_at: used,
    started_at: used,
    finished_at: used,
    used_at: used,
  });
  await db
    .insertInto("task")
    .values([row("old", 1, "x".repeat(300), "y".repeat(300)), row("new", 2, '{"name":"均线"}', null)])
    .execute();
  await db.destroy();
  db = await openDatabase(file, openBetterSqlite3);
  const sizes = await sql<{ id: string; bytes: number }>`SELECT id, bytes FROM task ORDER BY id`.execute(db);
  assert.deepEqual(sizes.rows, [
    { id: "new", bytes: 17 },
    { id: "old", bytes: 600 },
  ]);
  await sqliteTaskStore(db).prune(1000, 500);
  const left = await sql<{ id: string }>`SELECT id FROM task`.execute(db);
  assert.deepEqual(left.rows, [{ id: "new" }], "the older task is past the budget");
  await db.destroy();
});
