import type { CachedValue, ExternalCache } from "../../ports/external-cache.ts";
import type { Database } from "./sqlite-database.ts";

/** Provider answers as JSON text in the service's SQLite file (table `external_cache`). */
export function sqliteExternalCache(db: Database): ExternalCache {
  return {
    async get<T>(source: string, key: string, now: number): Promise<CachedValue<T> | undefined> {
      const row = await db.selectFrom("external_cache").select(["value", "fetched_at", "expires_at"]).where("source", "=", source).where("key", "=", key).executeTakeFirst();
      if (!row || (row.expires_at !== null && row.expires_at <= now)) return undefined;
      return { value: JSON.parse(row.value) as T, fetchedAt: row.fetched_at, expiresAt: row.expires_at };
    },
    async put(source, key, value, fetchedAt, expiresAt) {
      const json = JSON.stringify(value);
      await db
        .insertInto("external_cache")
        .values({ source, key, value: json, fetched_at: fetchedAt, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(["source", "key"]).doUpdateSet({ value: json, fetched_at: fetchedAt, expires_at: expiresAt }))
        .execute();
    },
    async purgeExpired(now) {
      const r = await db.deleteFrom("external_cache").where("expires_at", "is not", null).where("expires_at", "<=", now).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
