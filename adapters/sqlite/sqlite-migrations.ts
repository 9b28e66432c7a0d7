import { type Kysely, type Migration, type MigrationProvider, sql } from "kysely";

/**
 * Versioned schema migrations, applied in key order at start-up. Never edit a
 * released migration: add the next one. Key ranges by feature area, so areas
 * developed side by side never collide: 00xx core, 01xx market data caches,
 * 02xx tasks and saved strategies, 03xx external data.
 */
const migrations: Record<string, Migration> = {
  "0001_auth": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("auth_password") // one row: id is always 1
        .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn("algorithm", "text", (c) => c.notNull())
        .addColumn("iterations", "integer", (c) => c.notNull())
        .addColumn("salt", "text", (c) => c.notNull())
        .addColumn("hash", "text", (c) => c.notNull())
        .addColumn("created_at", "integer", (c) => c.notNull())
        .addColumn("updated_at", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("auth_session")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("created_at", "integer", (c) => c.notNull())
        .addColumn("expires_at", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("auth_session_expires").on("auth_session").column("expires_at").execute();
    },
  },
  "0002_settings": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("setting")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", "integer", (c) => c.notNull())
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
