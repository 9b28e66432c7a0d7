/**
 * The TDX protocol simulator on its own: `npm run sim -- [--port 7709] [--host 127.0.0.1]
 * [--seed N] [--universe demo|full] [--vipdoc DIR]`. Any TDX client (pytdx, mootdx, this project with
 * `QUOTE_SOURCE=tdx TDX_HOSTS=127.0.0.1:7709`) can connect to it.
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { systemClock } from "../../adapters/system/system-clock.ts";
import { DemoMarket } from "./demo/demo-market.ts";
import { DemoSource } from "./demo/demo-source.ts";
import { startSimulator } from "./sim-server.ts";
import { VipdocSource } from "./vipdoc/vipdoc-source.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "7709" },
    host: { type: "string", default: "127.0.0.1" },
    seed: { type: "string", default: "20260101" },
    universe: { type: "string", default: "demo" },
    vipdoc: { type: "string" },
  },
});
const port = Number(values.port);
const seed = Number(values.seed);
const universe = values.universe;
if (!Number.isInteger(port) || port < 0 || port > 65535 || !Number.isInteger(seed) || (universe !== "demo" && universe !== "full")) {
  console.error("usage: npm run sim -- [--port 7709] [--host 127.0.0.1] [--seed N] [--universe demo|full] [--vipdoc DIR]");
  process.exit(2);
}
const source = values.vipdoc ? await VipdocSource.open(values.vipdoc) : new DemoSource(new DemoMarket(seed, universe));
const sim = await startSimulator({ source, clock: systemClock, host: values.host, port });
console.log(`TDX simulator (${source.name}${values.vipdoc ? "" : `, ${universe} universe`}) listening on ${sim.host}:${sim.port}`);
const stop = async () => {
  await sim.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
