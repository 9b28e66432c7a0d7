/**
 * Issue 3 targets over real HTTP on loopback: `GET /api/v1/bars` (800 daily bars,
 * QFQ) p50 under 2 ms; `security/list-all` under 1 s. The service runs in its own
 * process (as `npm start` does, on the built-in simulator) so that client work is
 * not counted; requests go over one keep-alive connection.
 */
import { bench, do_not_optimize, group } from "mitata";
import { startService } from "./service-process.ts";

// Steady state: the background start-up warm-up (WARM_UP=1, the default) is over before timing.
const service = await startService("quotes");
await service.warmed;
const { get } = service;
for (let i = 0; i < 50; i++) await get("/api/v1/bars?market=SH&code=600519&count=800&adjust=QFQ");

group("quote endpoints over HTTP (service process + in-process simulator)", () => {
  bench("GET /bars 800 daily QFQ", async () => do_not_optimize(await get("/api/v1/bars?market=SH&code=600519&count=800&adjust=QFQ")));
  bench("GET /bars 800 daily NONE", async () => do_not_optimize(await get("/api/v1/bars?market=SH&code=600519&count=800&adjust=NONE")));
  bench("GET /security/list-all", async () => do_not_optimize(await get("/api/v1/security/list-all?pages=10")));
});
