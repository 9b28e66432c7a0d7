/**
 * `sync`: brings the market store (MARKET_DIR, default DATA_DIR/market) up to date
 * from the configured quote source (the built-in simulator unless QUOTE_SOURCE
 * says otherwise), in this process and on the real data directory — unlike other
 * in-process commands, whose data directory is thrown away, the store is the
 * point. Killing it loses nothing; running it again continues. With `--server URL`
 * the service runs the sync as a background task and the CLI follows it.
 * `store`: what the store holds.
 */
import pino from "pino";
import { recordOf } from "./cli-output.ts";
import { type Command, flag, str } from "./cli-command.ts";
import { type OptionValues, UsageError } from "./cli-args.ts";
import { runTask } from "./cli-tasks.ts";
import type { Env } from "./cli-context.ts";
import type { SyncOptions } from "../../ports/market-store.ts";

const SYMBOL = /^(SH|SZ|BJ):\d{6}$/;

function syncOptions(opts: OptionValues): SyncOptions {
  const minutes = (str(opts, "minutes") ?? "")
    .split(",")
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const bad = minutes.find((m) => !SYMBOL.test(m));
  if (bad) throw new UsageError(`--minutes: ${JSON.stringify(bad)} is not MARKET:CODE such as SH:600000`);
  const kinds = flag(opts, "lc1") ? (["lc5", "lc1"] as const) : undefined;
  return { ...(minutes.length ? { minutes } : {}), ...(kinds ? { minuteKinds: [...kinds] } : {}) };
}

/** The store of the environment's configuration, opened in this process. */
async function openStore(env: Env) {
  const [{ loadConfig, marketDir }, { MarketStore }, { defaultSqliteOpener }, { systemClock }] = await Promise.all([
    import("../server/config.ts"),
    import("../../adapters/store/market-store.ts"),
    import("../../adapters/sqlite/sqlite-opener.ts"),
    import("../../adapters/system/system-clock.ts"),
  ]);
  const config = loadConfig({ LOG_LEVEL: "warn", ...env });
  return { config, clock: systemClock, store: await MarketStore.open(marketDir(config), defaultSqliteOpener(), systemClock) };
}

export const storeCommands: readonly Command[] = [
  {
    name: "sync",
    summary: "Sync the local market store (TDX vipdoc files + SQLite) from the quote source: first run whole, then incremental.",
    args: [],
    options: [
      { name: "minutes", type: "string", meta: "SYMBOLS", help: "also keep 5-minute bars of these (SH:600000,SZ:000001; default SYNC_MINUTES)" },
      { name: "lc1", type: "boolean", default: false, help: "keep 1-minute bars too for --minutes" },
    ],
    examples: ["sync", "sync --minutes SH:600000,SZ:000001 --lc1", "sync --server http://127.0.0.1:8000"],
    async run(ctx, { opts }, io) {
      const requested = syncOptions(opts);
      if (ctx.server) {
        const body = { ...(requested.minutes ? { minutes: requested.minutes } : {}), ...(requested.minuteKinds ? { minute_kinds: requested.minuteKinds } : {}) };
        return recordOf(await runTask(await ctx.api(), "/api/v1/store/sync", body, io));
      }
      const { config, clock, store } = await openStore(ctx.env);
      const log = pino({ level: config.LOG_LEVEL }, pino.destination(2));
      const [{ startQuotes }, { runStoreSync, syncDefaults }] = await Promise.all([import("../server/quote-profiles/index.ts"), import("../server/store-wiring.ts")]);
      // No service database here: the host list is taken in its configured order.
      const quotes = await startQuotes({ config, clock, log, settings: { get: async () => undefined, set: async () => {} } });
      try {
        const report = await runStoreSync(config, store, quotes, clock, { ...syncDefaults(config), ...requested }, io.progress);
        for (const f of report.failed) io.note(`failed: ${f.symbol}: ${f.error}`);
        return recordOf({ store: store.dir, ...report, failed: report.failed.length });
      } finally {
        await quotes.close();
        await store.close();
      }
    },
  },
  {
    name: "store",
    summary: "What the local market store holds: securities, bar files, the last sync.",
    args: [],
    options: [],
    async run(ctx) {
      if (ctx.server) return recordOf((await (await ctx.api()).get("/api/v1/store")) as Record<string, unknown>);
      const { store } = await openStore(ctx.env);
      try {
        return recordOf({ ...(await store.state()) });
      } finally {
        await store.close();
      }
    },
  },
];
