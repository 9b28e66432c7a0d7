/**
 * The store contract (store-contract.ts) on every database the service opens its
 * stores on: a SQLite file (WAL, migrations; reopened to prove durability) and an
 * in-memory SQLite database, both through the runtime's driver (better-sqlite3
 * under Node; Deno's node:sqlite is exercised by the Deno service test).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { openBetterSqlite3 } from "../../adapters/sqlite/sqlite-better-sqlite3.ts";
import { openDatabase } from "../../adapters/sqlite/sqlite-database.ts";
import { storeContract } from "./store-contract.ts";

const dir = mkdtempSync(join(tmpdir(), "tdx-forge-stores-"));
after(() => rmSync(dir, { recursive: true, force: true }));

storeContract("SQLite file", { durable: true, open: () => openDatabase(join(dir, "service.sqlite"), openBetterSqlite3) });
storeContract("SQLite in memory", { durable: false, open: () => openDatabase(":memory:", openBetterSqlite3) });
