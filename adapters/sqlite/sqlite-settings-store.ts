import type { SettingsStore } from "../../ports/settings-store.ts";
import type { Database } from "./sqlite-database.ts";

export function sqliteSettingsStore(db: Database): SettingsStore {
  return {
    async get<T>(key: string) {
      const row = await db.selectFrom("setting").select("value").where("key", "=", key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : undefined;
    },
    async set(key, value, now) {
      const json = JSON.stringify(value);
      await db
        .insertInto("setting")
        .values({ key, value: json, updated_at: now })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now }))
        .execute();
    },
  };
}
