import { Buffer } from "node:buffer";
import { sql } from "./kysely-runtime.ts";
import type { TaskStatus } from "../../ports/task-runner.ts";
import type { TaskPatch, TaskRecord, TaskStore } from "../../ports/task-store.ts";
import type { Database } from "./sqlite-database.ts";

const SUMMARY = ["id", "kind", "status", "description", "progress", "message", "error", "attempts", "created_at", "started_at", "finished_at", "used_at"] as const;

const FINISHED: TaskStatus[] = ["done", "failed", "cancelled"];

type Row = { [K in (typeof SUMMARY)[number]]: K extends "status" ? string : TaskRecord[K] };

const toRecord = (r: Row): TaskRecord => ({ ...r, status: r.status as TaskStatus });

/**
 * The `task` table: summaries, input and result JSON kept apart so lists never
 * read the large columns. `bytes` keeps the UTF-8 size of input and result, so
 * pruning to a byte budget reads only an index.
 */
export function sqliteTaskStore(db: Database): TaskStore {
  return {
    async insert(task, input) {
      await db
        .insertInto("task")
        .values({ ...task, input, result: null, bytes: Buffer.byteLength(input) })
        .execute();
    },
    async update(id, patch: TaskPatch) {
      const { result } = patch;
      const size = result === undefined ? {} : { bytes: sql<number>`length(CAST(input AS BLOB)) + ${result === null ? 0 : Buffer.byteLength(result)}` };
      await db
        .updateTable("task")
        .set({ ...patch, ...size })
        .where("id", "=", id)
        .execute();
    },
    async get(id) {
      const row = await db.selectFrom("task").select(SUMMARY).where("id", "=", id).executeTakeFirst();
      return row && toRecord(row);
    },
    async result(id) {
      const row = await db.selectFrom("task").select("result").where("id", "=", id).executeTakeFirst();
      return row?.result ?? null;
    },
    async input(id) {
      const row = await db.selectFrom("task").select("input").where("id", "=", id).executeTakeFirst();
      return row?.input;
    },
    async recent(limit) {
      const rows = await db.selectFrom("task").select(SUMMARY).orderBy("used_at", "desc").orderBy(sql`rowid desc`).limit(limit).execute();
      return rows.map(toRecord);
    },
    async withStatus(statuses) {
      if (statuses.length === 0) return [];
      const rows = await db.selectFrom("task").select(SUMMARY).where("status", "in", statuses).orderBy("created_at").orderBy(sql`rowid`).execute();
      return rows.map(toRecord);
    },
    async prune(keep, maxBytes) {
      // running count and running size of the finished tasks, most recently used first
      await sql`DELETE FROM task WHERE rowid IN (
        SELECT r FROM (
          SELECT rowid AS r, row_number() OVER w AS n, sum(bytes) OVER w AS total
          FROM task WHERE status IN (${sql.join(FINISHED)})
          WINDOW w AS (ORDER BY used_at DESC, rowid DESC ROWS UNBOUNDED PRECEDING)
        ) WHERE n > ${keep} OR (n > 1 AND total > ${maxBytes})
      )`.execute(db);
    },
  };
}
