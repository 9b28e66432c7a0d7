import type { SqliteDatabase } from "kysely";

/**
 * A synchronous SQLite connection in the shape kysely's SQLite dialect drives,
 * plus `exec` for pragmas. better-sqlite3 (Node) and `node:sqlite` (Deno, newer
 * Node) both fit behind it, so storage code never names a driver.
 */
export interface SqliteConnection extends SqliteDatabase {
  exec(sql: string): void;
}

/** Opens (creating if needed) the database file at `path`. */
export type SqliteOpener = (path: string) => Promise<SqliteConnection>;
