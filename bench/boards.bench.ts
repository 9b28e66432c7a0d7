/**
 * Issue 8 target: the list of all boards (871 in the demo universe) with their
 * 20-day change under 500 ms via the simulator. Measured three ways: the mac
 * client against an in-process simulator over TCP (warm: same market minute),
 * the same when every call lands in a new market minute (the simulator then
 * recomputes every board's and member's values), and the HTTP endpoint of a
 * service process running on its built-in simulator.
 */
import { bench, do_not_optimize, group } from "mitata";
import { MacClient } from "../adapters/tdx/mac/mac-client.ts";
import { TdxPool } from "../adapters/tdx/tdx-pool.ts";
import { DemoMarket } from "../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../apps/tdx-sim/demo/demo-source.ts";
import { startSimulator } from "../apps/tdx-sim/sim-server.ts";
import { startService } from "./service-process.ts";

let t = Date.UTC(2026, 10, 20, 2, 0);
const fixed = { now: () => Date.UTC(2026, 10, 20, 6, 0) };
const moving = { now: () => t };
const source = new DemoSource(new DemoMarket());
const sim = await startSimulator({ source, clock: fixed });
const movingSim = await startSimulator({ source, clock: moving });
const client = (s: { host: string; port: number }) => new MacClient(new TdxPool([{ name: "sim", host: s.host, port: s.port }], { requestTimeoutMs: 120_000 }));
const mac = client(sim);
const macMoving = client(movingSim);
const t0 = performance.now();
const first = await mac.boards("ALL", "CHANGE_20D");
console.log(`board list: ${first.length} boards; first call (simulator generating every history) ${(performance.now() - t0).toFixed(0)} ms`);

const { get, warmed } = await startService("boards");
await warmed;
const LIST = "/api/v1/board-mac/list?board_type=ALL&count=50000&sort_column=CHANGE_20D";
await get(LIST);

group("board list of all boards with 20-day change (mac set via the simulator)", () => {
  bench("MacClient ↔ simulator, warm", async () => do_not_optimize(await mac.boards("ALL", "CHANGE_20D")));
  bench("MacClient ↔ simulator, a new market minute every call", async () => {
    t += 60_000;
    do_not_optimize(await macMoving.boards("ALL", "CHANGE_20D"));
  });
  bench("GET /board-mac/list?count=50000&sort_column=CHANGE_20D (service process)", async () => do_not_optimize(await get(LIST)));
});
