import type { SqliteConnection, SqliteOpener } from "../../ports/sqlite-connection.ts";

/** better-sqlite3, the Node driver. Loaded lazily: Deno cannot load its native addon. */
export const openBetterSqlite3: SqliteOpener = async (path) => {
  const { default: Database } = await import("better-sqlite3");
  return new Database(path) as unknown as SqliteConnection;
};
