/**
 * Issue 10 target: a cached external-data answer is served in under 5 ms over
 * HTTP. The service runs in its own process in demo mode (providers generated
 * on loopback), caches are warmed, then cached answers are requested over one
 * keep-alive connection. A second group reads a cached 40-period report from
 * SQLite with a cold memory layer: the first request after a restart.
 */
import { join } from "node:path";
import { bench, do_not_optimize, group } from "mitata";
import { ReadThrough } from "../core/app/external/read-through.ts";
import { openDatabase } from "../adapters/sqlite/sqlite-database.ts";
import { sqliteExternalCache } from "../adapters/sqlite/sqlite-external-cache.ts";
import { defaultSqliteOpener } from "../adapters/sqlite/sqlite-opener.ts";
import { systemClock } from "../adapters/system/system-clock.ts";
import { startService } from "./service-process.ts";

const { get, dataDir, warmed } = await startService("external", { EXTERNAL_DATA: "demo" });
await warmed;

const ANNOUNCEMENTS = "/api/v1/announcements?code=000001&count=30";
const REPORT = "/api/v1/finsrc/financial-report?code=600000&type=lrb&num=8";
const REPORT_40 = "/api/v1/finsrc/financial-report?code=600000&type=fzb&num=40";
const RANK = "/api/v1/ccpm/rank?product=IF&date=2026-11-20";
for (const p of [ANNOUNCEMENTS, REPORT, REPORT_40, RANK]) await get(p);

group("cached external data over HTTP (target < 5 ms)", () => {
  bench("GET /announcements (30 rows)", async () => do_not_optimize(await get(ANNOUNCEMENTS)));
  bench("GET /finsrc/financial-report lrb num=8", async () => do_not_optimize(await get(REPORT)));
  bench("GET /finsrc/financial-report fzb num=40", async () => do_not_optimize(await get(REPORT_40)));
  bench("GET /ccpm/rank IF (80 rows)", async () => do_not_optimize(await get(RANK)));
});

// The service's database is in WAL mode: a second connection reads what the service wrote.
const db = await openDatabase(join(dataDir, "service.sqlite"), defaultSqliteOpener());
const cache = sqliteExternalCache(db);
const missing = () => Promise.reject(new Error("not cached"));
group("cached report from SQLite, memory cold (first request after a restart)", () => {
  bench("40-period balance sheet", async () => do_not_optimize(await new ReadThrough("demo:sina-finance", cache, systemClock).load("600000:fzb", missing, () => null)));
});
