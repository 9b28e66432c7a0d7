/**
 * Issue 4 target: `GET /market/stat` over the whole simulated market under 1 s
 * (a quote for every A-share, 80 per request, all requests in flight at once).
 * The service runs in its own process on the built-in simulator, as `npm start`
 * does; requests go over one keep-alive connection.
 */
import { bench, do_not_optimize, group } from "mitata";
import { startService } from "./service-process.ts";

const { get, warmed } = await startService("market");
await warmed;
const t0 = performance.now();
await get("/api/v1/market/stat");
console.log(`market/stat first call (after the start-up warm-up): ${(performance.now() - t0).toFixed(0)} ms`);

group("market-wide endpoints over HTTP (service process + in-process simulator)", () => {
  bench("GET /market/stat (every A-share quoted)", async () => do_not_optimize(await get("/api/v1/market/stat")));
  bench("GET /market/core-leaders (159 quotes)", async () => do_not_optimize(await get("/api/v1/market/core-leaders")));
  bench("GET /fund-flow (all of today's ticks)", async () => do_not_optimize(await get("/api/v1/fund-flow?market=SH&code=600519")));
});
