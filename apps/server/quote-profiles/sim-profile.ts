/**
 * `sim` (the default): the protocol simulator on loopback with the generated demo
 * market, reached through the real TCP client and pools, so offline use runs the
 * code path of live hosts (handshake, framing, zlib, pools, heartbeats). The mac
 * commands go to the same listener; the extended market to a second one.
 */
import { EX_POOL_OPTIONS } from "../../../adapters/tdx/ex/ex-client.ts";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import { DemoMarket } from "../../tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../tdx-sim/demo/demo-source.ts";
import { ExDemo } from "../../tdx-sim/ex/ex-demo.ts";
import { exHandlers } from "../../tdx-sim/ex/ex-handlers.ts";
import { startSimulator } from "../../tdx-sim/sim-server.ts";
import type { QuoteProfile } from "./quote-profile.ts";
import { recording } from "./recording.ts";

/**
 * The simulator generates the demo market's histories on first use (seconds for
 * the whole board universe), so the mac and extended pools wait longer than a
 * remote host's.
 */
const SIM_POOL = { requestTimeoutMs: 60_000 };

export const simProfile: QuoteProfile = {
  name: "sim",
  describe: (c) => `built-in simulator, ${c.SIM_UNIVERSE} market seed ${c.SIM_SEED}`,
  async start(ctx) {
    const { config, clock, log } = ctx;
    const market = new DemoMarket(config.SIM_SEED, config.SIM_UNIVERSE);
    const sim = await startSimulator({ source: new DemoSource(market), clock, port: config.SIM_PORT, log });
    const exSim = await startSimulator({ handlers: exHandlers(new ExDemo(config.SIM_SEED)), heads: [0x01], clock, log });
    const candidates = [{ name: "本地模拟主站", host: sim.host, port: sim.port }];
    const pool = new TdxPool(candidates, { onExchange: recording(ctx) });
    const mac = new TdxPool([{ name: "本地模拟MAC", host: sim.host, port: sim.port }], SIM_POOL);
    const ex = new TdxPool([{ name: "本地模拟扩展行情", host: exSim.host, port: exSim.port }], { ...EX_POOL_OPTIONS, ...SIM_POOL });
    const quotes = new TdxClient(pool);
    return {
      quotes,
      pool,
      candidates,
      dialsRemote: false,
      financialFiles: quotes,
      mac,
      ex,
      demo: market,
      async close() {
        await Promise.all([pool.close(), mac.close(), ex.close()]);
        await Promise.all([sim.close(), exSim.close()]);
      },
    };
  },
};
