import type { SqliteStatement } from "kysely";
import type { SqliteConnection, SqliteOpener } from "../../ports/sqlite-connection.ts";

// Typed locally and imported by a computed specifier: @types/node 20 has no
// `node:sqlite`, and Node 20 itself does not ship it.
interface StatementSync {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...params: unknown[]): IterableIterator<unknown>;
  columns(): unknown[];
}
interface DatabaseSync {
  prepare(sql: string): StatementSync;
  exec(sql: string): void;
  close(): void;
}

/** `node:sqlite` (Deno 2, Node 22.5+), adapted to kysely's statement shape. */
export const openNodeSqlite: SqliteOpener = async (path) => {
  const specifier = "node:sqlite";
  const mod = (await import(specifier)) as { DatabaseSync: new (path: string) => DatabaseSync };
  const db = new mod.DatabaseSync(path);
  const connection: SqliteConnection = {
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    prepare(sql): SqliteStatement {
      const st = db.prepare(sql);
      return {
        reader: st.columns().length > 0,
        all: (p) => st.all(...p),
        run: (p) => st.run(...p),
        iterate: (p) => st.iterate(...p),
      };
    },
  };
  return connection;
};
