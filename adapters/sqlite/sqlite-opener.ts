import type { SqliteOpener } from "../../ports/sqlite-connection.ts";
import { openBetterSqlite3 } from "./sqlite-better-sqlite3.ts";
import { openNodeSqlite } from "./sqlite-node-sqlite.ts";

/** The driver for this runtime: `node:sqlite` under Deno, better-sqlite3 under Node. */
export function defaultSqliteOpener(): SqliteOpener {
  return "Deno" in globalThis ? openNodeSqlite : openBetterSqlite3;
}
