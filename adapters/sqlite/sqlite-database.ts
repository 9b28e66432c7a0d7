import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Kysely as KyselyDb, MigrationProvider } from "kysely";
import { Kysely, Migrator, SqliteDialect } from "./kysely-runtime.ts";
import type { SqliteOpener } from "../../ports/sqlite-connection.ts";
import { migrationProvider } from "./sqlite-migrations.ts";
import type { Schema } from "./sqlite-schema.ts";

export type Database = KyselyDb<Schema>;

/**
 * Opens the service's SQLite file in WAL mode with full fsync (a saved strategy or
 * a password must survive a crash) and applies pending migrations. Another file
 * with its own schema (the market store's, adapters/store) passes its migrations.
 */
export async function openDatabase<S = Schema>(path: string, open: SqliteOpener, provider: MigrationProvider = migrationProvider): Promise<KyselyDb<S>> {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const connection = await open(path);
  connection.exec("PRAGMA journal_mode = WAL");
  connection.exec("PRAGMA synchronous = FULL");
  connection.exec("PRAGMA foreign_keys = ON");
  connection.exec("PRAGMA busy_timeout = 5000");
  const db = new Kysely<S>({ dialect: new SqliteDialect({ database: connection }) });
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    await db.destroy();
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`);
  }
  return db;
}
