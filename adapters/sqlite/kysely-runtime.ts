/**
 * Kysely's values (the query builder, the migrator, the SQLite dialect, the
 * `sql` tag), loaded from the package's CommonJS build. Its ES build is 262
 * small modules, and under tsx every ES module costs a round trip to the
 * loader's hooks thread: importing it alone took 0.6–1.2 s on this (loaded)
 * machine against 0.2–0.4 s for the CommonJS build (the same code) required in
 * the thread. In the service's start-up, where other modules load meanwhile,
 * the gain is smaller: the modules through the hooks went from 957 to 696, and
 * launch → first `/health` from 4.02 to 3.86 s (medians of 8, alternating, with
 * other work on the machine). Deno runs `createRequire` on the same
 * node_modules. Only this module
 * loads values from the package (tests/architecture/kysely-runtime.test.ts), so
 * no ES copy loads beside it; types still come from its declarations.
 */
import { createRequire } from "node:module";
import type * as KyselyPackage from "kysely";

const kysely = createRequire(import.meta.url)("kysely") as typeof KyselyPackage;

export const { Kysely, Migrator, SqliteDialect, sql } = kysely;
