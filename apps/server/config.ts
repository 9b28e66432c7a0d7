import { fileURLToPath } from "node:url";
import { join, resolve } from "node:path";
import { z } from "zod";

/** Where `npm run build:web` writes the bundle. */
const WEB_DIST_DIR = fileURLToPath(new URL("../web/dist/", import.meta.url));

/** A comma-separated list; absent or empty is `absent`. */
const list = (check: (entry: string) => boolean, what: string, absent = "") =>
  z
    .string()
    .optional()
    .transform((s) =>
      (s ?? absent)
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .refine((l) => l.every(check), { message: `each entry must be ${what}` });

/** Whether WEB_DIR serves another web UI than this service's own (which has its own login screen). */
export const isForeignWebDir = (dir: string): boolean => resolve(dir) !== resolve(WEB_DIST_DIR);

/**
 * The service's configuration, read once from environment variables (README
 * documents each). Nothing else in the project reads `process.env`.
 */
const EnvSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  DATA_DIR: z.string().min(1).default("./data"),
  QUOTE_SOURCE: z.enum(["sim", "vipdoc", "replay", "tdx"]).default("sim"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Comma-separated `host:port` list replacing the built-in public host list. */
  TDX_HOSTS: z.string().optional(),
  /** A TDX `vipdoc` directory (QUOTE_SOURCE=vipdoc, and offline scans). */
  VIPDOC_DIR: z.string().optional(),
  /** Capture directory replayed by QUOTE_SOURCE=replay. */
  REPLAY_DIR: z.string().optional(),
  /** When set, every TDX exchange is recorded under this directory. */
  TDX_RECORD: z.string().optional(),
  /** Seed of the simulator's generated demo market. */
  SIM_SEED: z.coerce.number().int().default(20260101),
  /** The simulator's universe: `demo` (~400 securities) or `full` (~5,500, the real market's size; apps/tdx-sim/demo/full-universe.ts). */
  SIM_UNIVERSE: z.enum(["demo", "full"]).default("demo"),
  /** How often subscribed WebSocket quotes are polled during trading hours. */
  WS_QUOTE_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Unsent WebSocket data a client may have queued before it is dropped as a slow consumer. */
  WS_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1 << 20),
  /** Most bytes one WebSocket message may have; a larger one closes the socket with 1009. */
  WS_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 << 20)
    .default(64 * 1024),
  /** Open WebSocket connections at once; beyond it an upgrade is answered 503. */
  WS_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(256),
  /** Quote codes one WebSocket may watch. */
  WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(100_000).default(500),
  /** Distinct quote codes watched by all WebSockets together. */
  WS_MAX_WATCHED: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** Host names (beyond IP literals and localhost) the service answers to: `name`, `.name` with subdomains, or `*`. */
  ALLOWED_HOSTS: list((e) => /^(\*|\.?[A-Za-z0-9_.-]+)$/.test(e), "a host name, .domain or *"),
  /** Foreign origins allowed to send state-changing requests and open WebSockets, `scheme://host[:port]`. */
  ALLOWED_ORIGINS: list((e) => /^https?:\/\/[^/?#\s]+$/i.test(e), "an origin such as https://app.example.com"),
  /** Proxies whose X-Forwarded-For entries are skipped: `private` (the spec's local/private test), IPv4 CIDRs, addresses, or `none`. */
  TRUSTED_PROXIES: list((e) => e === "private" || e === "none" || /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(e), "private, none, an address or an IPv4 CIDR", "private"),
  /** Directories (beyond VIPDOC_DIR) that the `vipdoc` query parameter of /market/strength may name. */
  VIPDOC_ROOTS: list(() => true, "a directory"),
  /** Directory of the built web application served at `/` (default: apps/web/dist). */
  WEB_DIR: z.string().min(1).default(WEB_DIST_DIR),
  /** Loopback port of the in-process simulator (0 = any free port). */
  SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** External data providers: `demo` answers from generated payloads on loopback; `live` dials cninfo, Sina and CFFEX. */
  EXTERNAL_DATA: z.enum(["demo", "live"]).default("demo"),
  /** Base-URL overrides of the providers (a proxy, a recorded replay); loopback only while EXTERNAL_DATA=demo. */
  CNINFO_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SINA_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  CFFEX_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Timeout of one request to an external provider (it is retried twice). */
  EXTERNAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Loopback port of the in-process demo provider server (0 = any free port). */
  EXTERNAL_DEMO_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Where background jobs run: `embedded` worker threads, or a BullMQ queue on REDIS_URL served by `npm run worker`. */
  TASK_BACKEND: z.enum(["embedded", "bullmq"]).default("embedded"),
  /** Redis of the BullMQ backend, `redis://[:password@]host:port[/db]`. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** BullMQ queue name (API and workers must agree). */
  BULLMQ_QUEUE: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default("tdx-forge-jobs"),
  /** Jobs one task keeps queued or running on BullMQ at once. */
  BULLMQ_PARALLELISM: z.coerce.number().int().min(1).max(256).default(8),
  /** Background tasks pending or running at once (every client together); a submission past it is answered 503 with Retry-After. */
  TASK_QUEUE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(64),
  /** A directory of the user's own plugin modules (strategies, indicators), loaded at start-up. */
  PLUGINS_DIR: z.string().min(1).optional(),
  /** `1`: after start-up, warm in the background what first requests would pay for (apps/server/warm-up.ts); `0`: don't. */
  WARM_UP: z.enum(["1", "0"]).default("1"),
  /** The market store (vipdoc tree + market.sqlite) written by `tdx-forge sync` (default: DATA_DIR/market). */
  MARKET_DIR: z.string().min(1).optional(),
  /** `1`: /bars, backtests, screens, scans and rotation read the market store where it holds the request complete; `0`: always the quote source. */
  STORE_READS: z.enum(["1", "0"]).default("1"),
  /** Daily sync after the close, `HH:MM` China time on weekdays (e.g. 15:30); unset: no schedule. */
  SYNC_AT: z
    .string()
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, "HH:MM")
    .optional(),
  /** Hosts of the host list a sync spreads its requests over. */
  SYNC_HOSTS: z.coerce.number().int().min(1).max(16).default(3),
  /** Connections (requests in flight) a sync keeps per host. */
  SYNC_CONNECTIONS: z.coerce.number().int().min(1).max(8).default(2),
  /** Securities (`SH:600000,SZ:000001`) whose minute bars a sync also keeps. */
  SYNC_MINUTES: list((e) => /^(SH|SZ|BJ):\d{6}$/.test(e), "MARKET:CODE such as SH:600000"),
  /** Which minute files those get: `lc5` (5-minute), `lc1` (1-minute) or both. */
  SYNC_MINUTE_KINDS: list((e) => e === "lc5" || e === "lc1", "lc5 or lc1", "lc5"),
  /** Worker threads of one `npm run worker` process (0 = one per core). */
  WORKER_THREADS: z.coerce.number().int().min(0).max(256).default(0),
});

export type Config = z.infer<typeof EnvSchema>;

/** The market store's directory. */
export const marketDir = (c: Pick<Config, "MARKET_DIR" | "DATA_DIR">): string => c.MARKET_DIR ?? join(c.DATA_DIR, "market");

/** Parses `env`; an invalid value stops start-up with a message naming it. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(clean);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid configuration: ${why}`);
  }
  const c = parsed.data;
  if (c.QUOTE_SOURCE === "replay" && !c.REPLAY_DIR) throw new Error("invalid configuration: QUOTE_SOURCE=replay needs REPLAY_DIR");
  if (c.QUOTE_SOURCE === "vipdoc" && !c.VIPDOC_DIR) throw new Error("invalid configuration: QUOTE_SOURCE=vipdoc needs VIPDOC_DIR");
  if (c.TASK_BACKEND === "bullmq" && !c.REDIS_URL) throw new Error("invalid configuration: TASK_BACKEND=bullmq needs REDIS_URL");
  for (const k of ["CNINFO_BASE_URL", "SINA_BASE_URL", "CFFEX_BASE_URL"] as const) {
    const url = c[k];
    if (url && c.EXTERNAL_DATA === "demo" && !/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(new URL(url).hostname)) {
      throw new Error(`invalid configuration: EXTERNAL_DATA=demo dials only loopback addresses; ${k}=${url} needs EXTERNAL_DATA=live`);
    }
  }
  return c;
}
