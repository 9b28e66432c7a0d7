/**
 * Builds the external-data services (adapters/http/README.md 4.11) and the LLM settings
 * (4.15). Each capability is served by the provider plugin that declares it.
 * Its base URL is the real provider with `EXTERNAL_DATA=live`; by default it is
 * the demo replay server, started here in-process on loopback (like the TDX
 * simulator) with payloads generated in the providers' formats, so the
 * endpoints work offline and nothing is dialled by accident. A base-URL
 * override wins in both modes (in demo mode `loadConfig` accepts only loopback).
 */
import { join } from "node:path";
import { AnnouncementService } from "../../core/app/external/announcement-service.ts";
import { CcpmService } from "../../core/app/external/ccpm-service.ts";
import type { ExternalServices } from "../../core/app/external/external-services.ts";
import { FinancialReportService } from "../../core/app/external/financial-report-service.ts";
import { LlmConfigService } from "../../core/app/llm/llm-service.ts";
import { llmConfigFile } from "../../adapters/llm/llm-config-file.ts";
import type { Database } from "../../adapters/sqlite/sqlite-database.ts";
import { sqliteExternalCache } from "../../adapters/sqlite/sqlite-external-cache.ts";
import type { Clock } from "../../ports/clock.ts";
import type { ExternalCapabilities, ExternalCapability, ExternalDataSourcePlugin } from "../../ports/external-data.ts";
import type { Logger } from "../../ports/logger.ts";
import type { PluginRegistry } from "../../ports/plugins.ts";
import { demoProviderRoutes } from "../provider-replay/demo/demo-providers.ts";
import { mountRoutes, type ReplayServer, startReplayServer } from "../provider-replay/replay-server.ts";
import type { Config } from "./config.ts";

export interface ExternalWiring {
  readonly services: ExternalServices;
  readonly llm: LlmConfigService;
  /** The demo provider server (absent in live mode). */
  readonly replay: ReplayServer | undefined;
  close(): Promise<void>;
}

const RETRIES = 2;
const BACKOFF_MS = 250;

function overrides(config: Config): Record<string, string | undefined> {
  return { cninfo: config.CNINFO_BASE_URL, "sina-finance": config.SINA_BASE_URL, "cffex-ccpm": config.CFFEX_BASE_URL };
}

function providerFor<C extends ExternalCapability>(registry: PluginRegistry, capability: C): ExternalDataSourcePlugin<C> {
  const p = [...registry.dataSources.values()].find((d) => (d as Partial<ExternalDataSourcePlugin>).provides === capability);
  if (!p) throw new Error(`no data-source plugin provides ${capability}`);
  return p as ExternalDataSourcePlugin<C>;
}

const trimSlash = (u: string) => u.replace(/\/+$/, "");

/** The LLM settings file, in the data directory. */
const LLM_FILE = "llm.json";

export async function wireExternal(config: Config, clock: Clock, log: Logger, db: Database, registry: PluginRegistry): Promise<ExternalWiring> {
  const live = config.EXTERNAL_DATA === "live";
  const announcements = providerFor(registry, "announcements");
  const reports = providerFor(registry, "financial-reports");
  const ranks = providerFor(registry, "position-ranks");
  const plugins: readonly ExternalDataSourcePlugin[] = [announcements, reports, ranks];
  // loadConfig has refused non-loopback overrides in demo mode.
  const override = overrides(config);

  let replay: ReplayServer | undefined;
  if (!live && plugins.some((p) => !override[p.id])) {
    const demo = demoProviderRoutes(config.SIM_SEED, clock);
    replay = await startReplayServer({ routes: plugins.flatMap((p) => mountRoutes(p.demoPrefix, demo[p.provides])), port: config.EXTERNAL_DEMO_PORT, log });
  }

  const source = <C extends ExternalCapability>(p: ExternalDataSourcePlugin<C>): ExternalCapabilities[C] => {
    const baseUrl = trimSlash(override[p.id] ?? (live ? p.live.baseUrl : replay!.url + p.demoPrefix));
    const fileBaseUrl = live ? trimSlash(p.live.fileBaseUrl ?? p.live.baseUrl) : `${baseUrl}/static`;
    return p.create({
      baseUrl,
      fileBaseUrl,
      timeoutMs: config.EXTERNAL_TIMEOUT_MS,
      retries: RETRIES,
      backoffMs: BACKOFF_MS,
      minIntervalMs: live ? p.politeIntervalMs : 0,
      log,
    });
  };

  /** Answers are cached per provider and mode: generated demo data must never be served once live. */
  const namespace = (p: ExternalDataSourcePlugin) => `${config.EXTERNAL_DATA}:${p.id}`;
  const cache = sqliteExternalCache(db);
  const purged = await cache.purgeExpired(clock.now());
  log.info({ mode: config.EXTERNAL_DATA, demo_server: replay?.url ?? null, purged }, `external data: ${config.EXTERNAL_DATA}`);

  return {
    services: {
      announcements: new AnnouncementService(source(announcements), cache, namespace(announcements), clock, log),
      reports: new FinancialReportService(source(reports), cache, namespace(reports), clock, log),
      ccpm: new CcpmService(source(ranks), cache, namespace(ranks), clock, log),
    },
    llm: new LlmConfigService(llmConfigFile(join(config.DATA_DIR, LLM_FILE), log), LLM_FILE),
    replay,
    close: async () => replay?.close(),
  };
}
