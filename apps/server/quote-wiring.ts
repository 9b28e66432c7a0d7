/**
 * Builds the quote source chosen by `QUOTE_SOURCE`. Every mode but `replay` runs
 * the same TCP client and pool; `sim` and `vipdoc` start the protocol simulator
 * in-process on loopback, so offline use exercises the code path of live hosts.
 * Nothing beyond loopback is dialled unless the user chose `tdx`.
 */
import { randomUUID } from "node:crypto";
import { captureRecorder } from "../../adapters/replay/capture-recorder.ts";
import { ReplayTransport } from "../../adapters/replay/replay-transport.ts";
import { TdxClient } from "../../adapters/tdx/tdx-client.ts";
import { DEFAULT_TDX_HOSTS, hostKey, parseHostList, type TdxHost } from "../../adapters/tdx/tdx-hosts.ts";
import { TdxPool } from "../../adapters/tdx/tdx-pool.ts";
import type { TdxTransport } from "../../adapters/tdx/tdx-transport.ts";
import { PREFERRED_HOST_KEY } from "../../adapters/http/server/host-service.ts";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";
import type { SettingsStore } from "../../ports/settings-store.ts";
import { DemoMarket } from "../tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../tdx-sim/demo/demo-source.ts";
import { type Simulator, startSimulator } from "../tdx-sim/sim-server.ts";
import type { SimSource } from "../tdx-sim/sim-source.ts";
import { VipdocSource } from "../tdx-sim/vipdoc/vipdoc-source.ts";
import type { Config } from "./config.ts";

export interface QuoteWiring {
  readonly client: TdxClient;
  readonly pool: TdxPool | undefined;
  readonly candidates: readonly TdxHost[];
  readonly simulator: Simulator | undefined;
  /** The simulator's generated market, when it serves the quotes (QUOTE_SOURCE=sim). */
  readonly demo: DemoMarket | undefined;
  close(): Promise<void>;
}

async function simSource(config: Config): Promise<{ source: SimSource; demo?: DemoMarket }> {
  if (config.QUOTE_SOURCE === "vipdoc") return { source: await VipdocSource.open(config.VIPDOC_DIR!) };
  const demo = new DemoMarket(config.SIM_SEED);
  return { source: new DemoSource(demo), demo };
}

export async function wireQuotes(config: Config, clock: Clock, log: Logger, settings: SettingsStore): Promise<QuoteWiring> {
  if (config.QUOTE_SOURCE === "replay") {
    const replay = new ReplayTransport(config.REPLAY_DIR!);
    log.info({ dir: config.REPLAY_DIR, exchanges: replay.size }, "quote source: replay");
    return { client: new TdxClient(replay), pool: undefined, candidates: [], simulator: undefined, demo: undefined, close: () => replay.close() };
  }

  let simulator: Simulator | undefined;
  let demo: DemoMarket | undefined;
  let candidates: TdxHost[];
  if (config.QUOTE_SOURCE === "tdx") {
    candidates = config.TDX_HOSTS ? parseHostList(config.TDX_HOSTS) : [...DEFAULT_TDX_HOSTS];
    const preferred = await settings.get<string>(PREFERRED_HOST_KEY);
    const i = candidates.findIndex((h) => hostKey(h) === preferred);
    if (i > 0) candidates = [candidates[i], ...candidates.slice(0, i), ...candidates.slice(i + 1)];
  } else {
    const sim = await simSource(config);
    demo = sim.demo;
    simulator = await startSimulator({ source: sim.source, clock, port: config.SIM_PORT, log });
    candidates = [{ name: "本地模拟主站", host: simulator.host, port: simulator.port }];
  }
  const onExchange = config.TDX_RECORD ? captureRecorder(config.TDX_RECORD, `${new Date(clock.now()).toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`) : undefined;
  const pool = new TdxPool(candidates, { onExchange });
  const transport: TdxTransport = pool;
  log.info(
    { source: config.QUOTE_SOURCE, hosts: candidates.length, first: hostKey(candidates[0]), recording: config.TDX_RECORD ?? null },
    `quote source: ${config.QUOTE_SOURCE}`,
  );
  return {
    client: new TdxClient(transport),
    pool,
    candidates,
    simulator,
    demo,
    async close() {
      await pool.close();
      await simulator?.close();
    },
  };
}
