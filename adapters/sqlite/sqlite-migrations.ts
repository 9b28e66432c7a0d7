import type { Kysely, Migration, MigrationProvider } from "kysely";
import { sql } from "./kysely-runtime.ts";

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
  "0201_tasks": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("task") // background tasks; input and result as JSON text
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("input", "text", (c) => c.notNull())
        .addColumn("progress", "real", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("result", "text")
        .addColumn("error", "text")
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("created_at", "integer", (c) => c.notNull())
        .addColumn("started_at", "integer")
        .addColumn("finished_at", "integer")
        .addColumn("used_at", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("task_used").on("task").column("used_at").execute();
      await db.schema.createIndex("task_status").on("task").column("status").execute();
    },
  },
  "0202_saved_strategies": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("saved_strategy") // the strategy library; JSON fields as text
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("strategy", "text", (c) => c.notNull())
        .addColumn("strategy_label", "text", (c) => c.notNull())
        .addColumn("params", "text", (c) => c.notNull())
        .addColumn("context", "text", (c) => c.notNull())
        .addColumn("trade_config", "text", (c) => c.notNull())
        .addColumn("snapshot", "text", (c) => c.notNull())
        .addColumn("tags", "text", (c) => c.notNull())
        .addColumn("notes", "text", (c) => c.notNull())
        .addColumn("created_at", "integer", (c) => c.notNull())
        .addColumn("updated_at", "integer", (c) => c.notNull())
        .addColumn("app_version", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("saved_strategy_created").on("saved_strategy").column("created_at").execute();
    },
  },
  "0203_task_bytes": {
    async up(db: Kysely<any>) {
      // the size of each task's stored JSON, so pruning to a byte budget reads no input or result
      await db.schema
        .alterTable("task")
        .addColumn("bytes", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`UPDATE task SET bytes = length(CAST(input AS BLOB)) + coalesce(length(CAST(result AS BLOB)), 0)`.execute(db);
      // covering index of the pruning query (finished tasks, most recently used first, their sizes)
      await db.schema.createIndex("task_status_used_bytes").on("task").columns(["status", "used_at", "bytes"]).execute();
    },
  },
  "0301_external_cache": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("external_cache") // provider answers; expires_at null = kept forever
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("fetched_at", "integer", (c) => c.notNull())
        .addColumn("expires_at", "integer")
        .addPrimaryKeyConstraint("external_cache_pk", ["source", "key"])
        .execute();
      await db.schema.createIndex("external_cache_expires").on("external_cache").column("expires_at").execute();
    },
  },
  "0101_fund_flow_day": {
    async up(db: Kysely<any>) {
      let t = db.schema
        .createTable("fund_flow_day")
        .addColumn("market", "integer", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull())
        .addColumn("date", "integer", (c) => c.notNull());
      for (const side of ["in", "out"]) for (const b of ["super", "large", "medium", "small"]) t = t.addColumn(`${b}_${side}`, "real", (c) => c.notNull());
      await t
        .addColumn("trades", "integer", (c) => c.notNull())
        .addColumn("computed_at", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("fund_flow_day_pk", ["market", "code", "date"])
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
