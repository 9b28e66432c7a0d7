import { sql } from "./kysely-runtime.ts";
import type { SavedStrategyKind, SavedStrategyRecord, StrategyLibrary } from "../../ports/strategy-library.ts";
import type { SavedStrategyTable } from "./sqlite-schema.ts";
import type { Database } from "./sqlite-database.ts";

function toRecord(r: SavedStrategyTable): SavedStrategyRecord {
  return {
    ...r,
    kind: r.kind as SavedStrategyKind,
    params: JSON.parse(r.params),
    context: JSON.parse(r.context),
    trade_config: JSON.parse(r.trade_config),
    snapshot: JSON.parse(r.snapshot),
    tags: JSON.parse(r.tags),
  };
}

/** The `saved_strategy` table; JSON fields as text (the database opens with synchronous=FULL, so a saved entry survives a crash). */
export function sqliteStrategyLibrary(db: Database): StrategyLibrary {
  return {
    async add(r) {
      const json = (v: unknown) => JSON.stringify(v);
      await db
        .insertInto("saved_strategy")
        .values({ ...r, params: json(r.params), context: json(r.context), trade_config: json(r.trade_config), snapshot: json(r.snapshot), tags: json(r.tags) })
        .execute();
    },
    async list() {
      const rows = await db.selectFrom("saved_strategy").selectAll().orderBy("created_at", "desc").orderBy(sql`rowid desc`).execute();
      return rows.map(toRecord);
    },
    async get(id) {
      const row = await db.selectFrom("saved_strategy").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toRecord(row);
    },
    async count() {
      const row = await db.selectFrom("saved_strategy").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async delete(id) {
      const res = await db.deleteFrom("saved_strategy").where("id", "=", id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
