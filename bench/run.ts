/**
 * `npm run bench [-- <filter>]`: loads every `bench/*.bench.ts` (or those whose
 * name contains the filter) and runs them in one mitata session, then prints
 * each bench's median and mean and the issue's targets with their figures
 * (bench/targets.ts).
 */
import { readdirSync } from "node:fs";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { run } from "mitata";
import { Results, targetTable } from "./targets.ts";

const dir = fileURLToPath(new URL(".", import.meta.url));
const filter = process.argv[2] ?? "";
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts") && f.includes(filter))
  .sort();
for (const f of files) await import(pathToFileURL(dir + f).href);
const results = new Results((await run()).benchmarks);
console.log(`\n${results.table()}\n\n${targetTable(results)}`);
// Some benchmarks keep a server, a simulator or worker threads open for their iterations.
process.exit(0);
