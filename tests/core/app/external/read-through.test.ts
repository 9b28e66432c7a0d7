/**
 * The provider-answer cache: SQLite entries with lifetimes (forever when null),
 * purging, survival across a reopen of the database file; read-through from
 * memory and from SQLite, expiry, refresh, shared concurrent fetches.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ReadThrough } from "../../../../core/app/external/read-through.ts";
import { type Database, openDatabase } from "../../../../adapters/sqlite/sqlite-database.ts";
import { sqliteExternalCache } from "../../../../adapters/sqlite/sqlite-external-cache.ts";
import { defaultSqliteOpener } from "../../../../adapters/sqlite/sqlite-opener.ts";
import type { ExternalCache } from "../../../../ports/external-cache.ts";
import { FakeClock } from "../../../support/server.ts";

describe("external cache", () => {
  let dir: string;
  let file: string;
  let db: Database;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "tdx-forge-extcache-"));
    file = join(dir, "service.sqlite");
    db = await openDatabase(file, defaultSqliteOpener());
  });
  after(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  test("entries expire at their time, forever entries never; purge deletes the expired", async () => {
    const cache = sqliteExternalCache(db);
    await cache.put("s", "short", { a: 1 }, 1000, 2000);
    await cache.put("s", "forever", [1, 2], 1000, null);
    await cache.put("other", "short", "x", 1000, 5000);
    assert.deepEqual(await cache.get("s", "short", 1999), { value: { a: 1 }, fetchedAt: 1000, expiresAt: 2000 });
    assert.equal(await cache.get("s", "short", 2000), undefined);
    assert.deepEqual((await cache.get("s", "forever", 9e15))?.value, [1, 2]);
    assert.equal(await cache.get("s", "missing", 0), undefined);
    assert.equal(await cache.purgeExpired(3000), 1);
    assert.equal((await cache.get("other", "short", 3000))?.value, "x");
    await cache.put("s", "forever", [3], 4000, null);
    assert.deepEqual(await cache.get("s", "forever", 0), { value: [3], fetchedAt: 4000, expiresAt: null });
  });

  test("entries survive closing and reopening the database", async () => {
    await sqliteExternalCache(db).put("s", "kept", { rows: ["平安银行"] }, 10, null);
    await db.destroy();
    db = await openDatabase(file, defaultSqliteOpener());
    assert.deepEqual((await sqliteExternalCache(db).get("s", "kept", 20))?.value, { rows: ["平安银行"] });
  });

  test("read-through: memory, then SQLite after a restart, expiry, refresh, one fetch for concurrent misses", async () => {
    const clock = new FakeClock(1_000_000);
    const cache = sqliteExternalCache(db);
    let fetches = 0;
    const fetch = async () => ({ n: ++fetches });
    const ttl = (_: unknown, now: number) => now + 60_000;
    const rt = new ReadThrough("rt", cache, clock);
    const [a, b] = await Promise.all([rt.load("k", fetch, ttl), rt.load("k", fetch, ttl)]);
    assert.deepEqual([a.value, a.cached, b.value, fetches], [{ n: 1 }, false, { n: 1 }, 1]);
    assert.deepEqual(await rt.load("k", fetch, ttl), { value: { n: 1 }, fetchedAt: 1_000_000, cached: true });
    // A new instance (a restart) answers from SQLite.
    const again = new ReadThrough("rt", cache, clock);
    assert.deepEqual(await again.load("k", fetch, ttl), { value: { n: 1 }, fetchedAt: 1_000_000, cached: true });
    clock.advance(60_000);
    assert.deepEqual(await again.load("k", fetch, ttl), { value: { n: 2 }, fetchedAt: 1_060_000, cached: false });
    assert.equal((await again.load("k", fetch, ttl, true)).value.n, 3);
    assert.deepEqual(await rt.load("k", fetch, ttl), { value: { n: 3 }, fetchedAt: 1_060_000, cached: true }, "an expired memory entry falls back to SQLite");
    assert.equal(fetches, 3);
  });

  test("a failing fetch is not cached; a failing cache write still answers", async () => {
    const clock = new FakeClock(0);
    const rt = new ReadThrough("rt-fail", sqliteExternalCache(db), clock);
    await assert.rejects(
      rt.load(
        "k",
        async () => Promise.reject(new Error("provider down")),
        () => null,
      ),
      /provider down/,
    );
    assert.equal(
      (
        await rt.load(
          "k",
          async () => 7,
          () => null,
        )
      ).cached,
      false,
    );
    const broken: ExternalCache = { get: async () => undefined, put: async () => Promise.reject(new Error("disk full")), purgeExpired: async () => 0 };
    const warnings: unknown[] = [];
    const noop = () => {};
    const rt2 = new ReadThrough("x", broken, clock, { debug: noop, info: noop, error: noop, warn: (o: unknown) => void warnings.push(o) });
    assert.equal(
      (
        await rt2.load(
          "k",
          async () => 5,
          () => null,
        )
      ).value,
      5,
    );
    assert.equal(warnings.length, 1);
  });
});
