/**
 * The market store's SQLite file (`<store>/market.sqlite`, issue 21): what `.day`
 * files do not hold. A file of its own beside the vipdoc tree, so the store is one
 * directory that can be copied, and `tdx-forge sync` can write it while the
 * service reads it (WAL, busy timeout).
 *
 * - `security`: the synced universe with names, kinds and boards;
 * - `xdxr`: each security's ex-rights records as the quote server sent them (JSON);
 * - `finance`: each stock's finance snapshot (JSON) and when it was fetched;
 * - `sync_state`: per security and file kind, the records on disk, the last bar's
 *   time, when they were fetched, and whether the file holds every value exactly
 *   (0 once a volume beyond the u32 word was clamped); committed only after the
 *   file is fsync'd;
 * - `sync_run`: one row per sync (start, end, outcome, failures).
 */
import type { Generated, Kysely, Migration, MigrationProvider } from "kysely";
import { sql } from "../sqlite/kysely-runtime.ts";
import type { SqliteOpener } from "../../ports/sqlite-connection.ts";
import { openDatabase } from "../sqlite/sqlite-database.ts";

export interface StoreSchema {
  security: { market: string; code: string; name: string; kind: string; board: string; decimals: number };
  xdxr: { market: string; code: string; records: string };
  finance: { market: string; code: string; snapshot: string; fetched_at: number };
  sync_state: { market: string; code: string; kind: string; records: number; last_time: number; fetched_at: number; exact: number };
  sync_run: { id: Generated<number>; started_at: number; finished_at: number | null; status: string; summary: string };
}

export type StoreDatabase = Kysely<StoreSchema>;

const migrations: Record<string, Migration> = {
  "0001_market_store": {
    async up(db: Kysely<any>) {
      const keyed = (name: string) =>
        db.schema
          .createTable(name)
          .addColumn("market", "text", (c) => c.notNull())
          .addColumn("code", "text", (c) => c.notNull());
      await keyed("security")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("board", "text", (c) => c.notNull())
        .addColumn("decimals", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("security_pk", ["market", "code"])
        .execute();
      await keyed("xdxr")
        .addColumn("records", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("xdxr_pk", ["market", "code"])
        .execute();
      await keyed("finance")
        .addColumn("snapshot", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("finance_pk", ["market", "code"])
        .execute();
      await keyed("sync_state")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("records", "integer", (c) => c.notNull())
        .addColumn("last_time", "integer", (c) => c.notNull())
        .addColumn("fetched_at", "integer", (c) => c.notNull())
        .addColumn("exact", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("sync_state_pk", ["market", "code", "kind"])
        .execute();
      // readers ask for the newest fetch on every store read (market-store.ts): an index makes it one lookup
      await db.schema.createIndex("sync_state_fetched").on("sync_state").column("fetched_at").execute();
      await db.schema
        .createTable("sync_run")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        .addColumn("started_at", "integer", (c) => c.notNull())
        .addColumn("finished_at", "integer")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        .execute();
    },
  },
  // the sync refreshes a finance snapshot weekly (store-sync.ts), so it keeps when it fetched it; 0: unknown, refreshed next time
  "0002_finance_fetched_at": {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable("finance")
        .addColumn("fetched_at", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * WAL with `synchronous = NORMAL`: a commit survives the process being killed (only
 * a power loss can take the last ones back), and the bar files, not these rows,
 * are the truth a sync resumes from, so a full fsync per security buys nothing.
 */
export async function openStoreDatabase(path: string, open: SqliteOpener): Promise<StoreDatabase> {
  const db = await openDatabase<StoreSchema>(path, open, provider);
  await sql`PRAGMA synchronous = NORMAL`.execute(db);
  return db;
}
