import { join } from "node:path";
import { serve } from "@hono/node-server";
import { WebSocketServer } from "ws";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import pino from "pino";
import { pbkdf2Hasher } from "../../adapters/crypto/pbkdf2-hasher.ts";
import { randomSessionTokens } from "../../adapters/crypto/session-tokens.ts";
import { createHttpApp } from "../../adapters/http/app.ts";
import type { HttpDeps } from "../../adapters/http/http-env.ts";
import { AuthService } from "../../core/app/auth/auth-service.ts";
import { BarService } from "../../core/app/bars/bar-service.ts";
import { FormulaService } from "../../core/app/formula/formula-service.ts";
import { IndicatorService } from "../../core/app/indicators/indicator-service.ts";
import { SecurityDirectory } from "../../core/app/quotes/security-directory.ts";
import { HostService } from "../../adapters/tdx/tdx-host-service.ts";
import { QuoteFanout } from "../../adapters/http/ws/quote-fanout.ts";
import { attachWebSockets, upgradeWebSocket } from "../../adapters/http/ws/node-websocket.ts";
import { trustedProxies, type HostRules, isIpLiteral } from "../../core/auth/index.ts";
import { WsHub } from "../../adapters/http/ws/ws-hub.ts";
import { taskFeed } from "../../adapters/http/ws/task-feed.ts";
import { sqliteAuthStore } from "../../adapters/sqlite/sqlite-auth-store.ts";
import { sqliteSettingsStore } from "../../adapters/sqlite/sqlite-settings-store.ts";
import { openDatabase } from "../../adapters/sqlite/sqlite-database.ts";
import { defaultSqliteOpener } from "../../adapters/sqlite/sqlite-opener.ts";
import { systemClock } from "../../adapters/system/system-clock.ts";
import { loadPlugins } from "../../plugins/index.ts";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";
import type { PasswordHasher } from "../../ports/password-hasher.ts";
import { type Config, isForeignWebDir } from "./config.ts";
import { wireBacktest } from "./backtest-wiring.ts";
import { wireExternal } from "./external-wiring.ts";
import { wireMarketData } from "./market-data-wiring.ts";
import { wireStore } from "./store-wiring.ts";
import { StorePanels } from "../../adapters/store/store-panels.ts";
import { STORE_SYNC_TASK } from "../../core/app/store/store-service.ts";
import { startQuotes } from "./quote-profiles/index.ts";
import { serveWebApp } from "./web-static.ts";
import { pageLoginGate } from "../../adapters/http/auth/login-page.ts";
import { VERSION } from "./version.ts";
import { warmUp } from "./warm-up.ts";
import type { DemoMarket } from "../tdx-sim/demo/demo-market.ts";

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:8000`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Builds and serves the service. */
export async function startServer(config: Config, overrides: Overrides = {}): Promise<RunningServer> {
  return listen(await buildApp(config, overrides), config);
}

/** Test seams (a fixed clock, a quieter logger, a cheaper password hasher) and the CLI's in-process peer (no socket). */
export interface Overrides {
  clock?: Clock;
  log?: Logger;
  hasher?: PasswordHasher;
  peerAddress?: HttpDeps["peerAddress"];
}

export interface ServiceApp {
  readonly app: ReturnType<typeof createHttpApp>;
  readonly log: Logger;
  /** Accepts the WebSocket upgrades the app approves. */
  readonly wss: WebSocketServer;
  /** The background start-up warm-up (see warm-up.ts); stops early when the service closes. */
  warmUp(): Promise<void>;
  /** The in-process simulator's generated market, where the quote profile runs one (what the warm-up warms). */
  readonly demo: DemoMarket | undefined;
  close(): Promise<void>;
}

/** The composition root: config → adapters → services → hono app. */
export async function buildApp(config: Config, overrides: Overrides = {}): Promise<ServiceApp> {
  const log = overrides.log ?? pino({ level: config.LOG_LEVEL });
  const clock = overrides.clock ?? systemClock;
  const registry = await loadPlugins(config.PLUGINS_DIR ? { pluginsDir: config.PLUGINS_DIR } : {});
  const db = await openDatabase(join(config.DATA_DIR, "service.sqlite"), defaultSqliteOpener());
  const auth = await AuthService.create({
    store: sqliteAuthStore(db),
    hasher: overrides.hasher ?? pbkdf2Hasher(),
    tokens: randomSessionTokens,
    clock,
  });
  const settings = sqliteSettingsStore(db);
  const quotes = await startQuotes({ config, clock, log, settings });
  /** Shut down in reverse order of start-up (see `close`). */
  const warming = new AbortController();
  /** What `/health` says of the warm-up (`warm_up`): "off" unless it runs, then "running" and "done" (how benchmarks tell it is over without a log). */
  let warmState: "off" | "running" | "done" = "off";
  const closers: (() => Promise<void>)[] = [() => db.destroy(), () => quotes.close()];
  const market = await wireStore(config, clock, log, quotes);
  closers.push(() => market.close());
  const bars = new BarService(quotes.quotes, clock, log, config.STORE_READS === "1" ? market.store : undefined);
  const directory = new SecurityDirectory(quotes.quotes, clock);
  const external = await wireExternal(config, clock, log, db, registry);
  closers.push(() => external.close());
  const indicators = new IndicatorService(registry);
  const formulas = new FormulaService(bars, directory);
  const marketData = await wireMarketData(config, clock, log, db, quotes, directory, market.store);
  closers.push(() => marketData.close());
  const panels = config.STORE_READS === "1" ? new StorePanels(market.store, clock) : undefined;
  const backtest = await wireBacktest({ db, clock, log, registry, bars, directory, config, ...(panels ? { panels } : {}) }, VERSION, new Map([[STORE_SYNC_TASK, market.service.program()]]));
  closers.push(() => backtest.close());
  market.schedule(() => market.service.submit(backtest.area.tasks));
  const wss = new WebSocketServer({ noServer: true, maxPayload: config.WS_MAX_MESSAGE_BYTES });
  const fanout = new QuoteFanout(quotes.quotes, clock, log, config.WS_QUOTE_INTERVAL_MS);
  const hub = new WsHub(fanout, clock, log, taskFeed(backtest.area.tasks), {
    maxBuffered: config.WS_MAX_BUFFERED_BYTES,
    connections: config.WS_MAX_CONNECTIONS,
    perSocket: config.WS_MAX_SUBSCRIPTIONS,
    watched: config.WS_MAX_WATCHED,
  });
  auth.onSessionsEnded((key) => hub.endSessions(key));
  closers.push(async () => {
    hub.close();
    for (const c of wss.clients) c.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
  // SERVICES: each feature area builds its services above this line (and pushes to `closers`).
  const app = createHttpApp({
    auth,
    clock,
    log,
    version: VERSION,
    peerAddress: overrides.peerAddress ?? ((c) => getConnInfo(c).remote.address),
    edge: { names: hostRules(config), trustedProxy: trustedProxies(config.TRUSTED_PROXIES) },
    health: () => ({
      quote_source: config.QUOTE_SOURCE,
      quote_connections: quotes.pool?.connected ?? null,
      ws_clients: hub.clients,
      ws_watched: fanout.watched,
      ws_quote_polls: fanout.polls,
      plugins: registry.strategies.size + registry.indicators.size,
      warm_up: warmState,
    }),
    quotes: quotes.quotes,
    bars,
    directory,
    hosts: new HostService(quotes.pool, quotes.candidates, settings, clock, config.QUOTE_SOURCE, quotes.dialsRemote),
    registry,
    ws: { hub, upgrade: upgradeWebSocket },
    external: external.services,
    llm: external.llm,
    indicators,
    formulas,
    marketData: marketData.services,
    backtest: backtest.area,
    research: backtest.research,
    store: market.service,
    // DEPS: pass each feature area's services above this line.
  });
  // A foreign UI (e.g. easy_tdx's) has no login screen: its pages go through this service's login page first.
  if (isForeignWebDir(config.WEB_DIR)) app.get("*", pageLoginGate(auth));
  // The web application answers every GET the API does not (registered last).
  serveWebApp(app, config.WEB_DIR);
  return {
    app,
    log,
    wss,
    demo: quotes.demo,
    async warmUp() {
      warmState = "running";
      await warmUp({
        startWorkers: backtest.startWorkers,
        optimisation: backtest.warmOptimisation,
        demo: quotes.demo,
        market: marketData.services,
        registry,
        now: () => clock.now(),
        log,
        signal: warming.signal,
      });
      if (!warming.signal.aborted) warmState = "done";
    },
    async close() {
      warming.abort();
      for (const close of closers.reverse()) await close();
    },
  };
}

/**
 * The names this service answers to beyond IP literals and localhost:
 * `ALLOWED_HOSTS`, and `HOST` when it is a name (an address is always accepted).
 */
function hostRules(config: Config): HostRules {
  const host = config.HOST.toLowerCase();
  const named = isIpLiteral(host) || isIpLiteral(`[${host}]`) ? [] : [host];
  return { hosts: [...config.ALLOWED_HOSTS.map((h) => h.toLowerCase()), ...named], origins: config.ALLOWED_ORIGINS.map((o) => o.toLowerCase()) };
}

/** Serves an app on `host:port` (0 = ephemeral). */
export async function listen(service: ServiceApp, config: Config): Promise<RunningServer> {
  const { app, log } = service;
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, () => resolve(s));
    s.once("error", reject);
    attachWebSockets(s as Server, app.fetch, service.wss);
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  log.info({ url: `http://${host}:${port}`, quote_source: config.QUOTE_SOURCE, data_dir: config.DATA_DIR }, "listening");
  if (config.WARM_UP === "1") void service.warmUp();

  return {
    url: `http://${host}:${port}`,
    port,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await service.close();
    },
  };
}
