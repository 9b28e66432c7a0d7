/**
 * Issue 21 targets, on the universe the simulator serves (`SIM_UNIVERSE` is
 * passed through to the service's configuration: the demo market by default, the
 * full-size one where the simulator offers it), with the service in this process,
 * the simulator behind the real TCP client and the clock held on a Saturday:
 *
 * - first full sync of the daily history < 5 min; incremental sync after one more
 *   session < 30 s (each measured once, POST /store/sync to done over HTTP);
 * - the store within 1.5× the size TDX's own `.day` files take for the same bars
 *   (32 bytes a record: the vipdoc tree plus market.sqlite, against records × 32);
 * - from the store: a MACD golden-cross formula screen over every stock < 1 s on
 *   2 worker threads; a signal scan of 20 saved strategies over up to 500 symbols
 *   < 2 s; a monthly-ranked rotation over 5 years (the API ranks at most 100
 *   stocks) < 5 s. Peer: the same screen over the quote source before the sync.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { bench, do_not_optimize, group } from "mitata";
import { call, FakeClock, startTestServer } from "../tests/support/server.ts";
import { fmtMs, target } from "./targets.ts";

const clock = new FakeClock(Date.UTC(2026, 10, 21, 2, 0, 0));
const env: Record<string, string> = { WORKER_THREADS: "2", ...(process.env.SIM_UNIVERSE ? { SIM_UNIVERSE: process.env.SIM_UNIVERSE } : {}) };
const server = await startTestServer({ clock, env });

async function done(id: string): Promise<any> {
  for (;;) {
    const r = await call(server.url, "GET", `/api/v1/backtest/tasks/${id}`);
    if (["done", "failed", "cancelled"].includes(r.body.status)) {
      if (r.body.status !== "done") throw new Error(`task ${id} ${r.body.status}: ${r.body.error}`);
      return r.body.result;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
async function task(path: string, json: unknown): Promise<any> {
  const r = await call(server.url, "POST", path, { json });
  if (r.status !== 202) throw new Error(`POST ${path}: ${r.status} ${r.text}`);
  return done(r.body.task_id);
}
async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const v = await f();
  return [performance.now() - t0, v];
}
const bytesUnder = (dir: string): number =>
  readdirSync(dir).reduce((n, f) => {
    const p = join(dir, f);
    const s = statSync(p);
    return n + (s.isDirectory() ? bytesUnder(p) : s.size);
  }, 0);

const SCREEN = { text: "DIF:=EMA(C,12)-EMA(C,26);DEA:=EMA(DIF,9);B:CROSS(DIF,DEA);", universe: "all", count: 800 };
const [upstreamScreenMs, upstreamScreen] = await timed(() => task("/api/v1/formula/screen/run/async", SCREEN));

const [firstMs, first] = await timed(() => task("/api/v1/store/sync", {}));
clock.t = Date.UTC(2026, 10, 23, 8, 0, 0); // Monday 16:00 in Shanghai: one more session
const [nextMs, next] = await timed(() => task("/api/v1/store/sync", {}));
const market = join(server.dataDir, "market");
const state = (await call(server.url, "GET", "/api/v1/store")).body;
const stored = bytesUnder(market);
const tdx = state.files.day.records * 32;
console.log(
  `store: ${first.securities} securities; first sync ${fmtMs(firstMs)} (${first.requests} requests, ${first.bars_added} bars); ` +
    `incremental ${fmtMs(nextMs)} (${next.requests} requests, ${next.bars_added} bars); ` +
    `store ${(stored / 1e6).toFixed(1)} MB vs .day ${(tdx / 1e6).toFixed(1)} MB; screen over the quote source ${fmtMs(upstreamScreenMs)} (${upstreamScreen.total} stocks)`,
);

const stocks = (await call(server.url, "GET", "/api/v1/bars?market=SZ&code=000001&count=1")).body.source === "store" ? upstreamScreen.total : 0;
const list = (await call(server.url, "GET", "/api/v1/security/list-all?pages=10")).body as { data: { market: string; code: string }[] };
const symbols = list.data.map((row) => `${row.market}:${row.code}`);
const scanSymbols = symbols.slice(0, 500);
const strategyIds = ["ma_cross", "macd", "rsi_reversal", "boll_breakout", "donchian"];
for (let k = 0; k < 20; k++) {
  const per = Math.ceil(scanSymbols.length / 20);
  const mine = scanSymbols.slice(k * per, (k + 1) * per);
  await call(server.url, "POST", "/api/v1/strategies", { json: { name: `s${k}`, kind: "portfolio", strategy: strategyIds[k % 5], context: { stocks: mine } } });
}
const ROTATION = { stocks: symbols.slice(0, 100), count: 1250, refresh: "monthly", score: "momentum", period: 20, slots: 5 };

const SCREEN_NAME = "formula screen (MACD golden cross) over every stock, from the store";
const SCAN_NAME = `signal scan of 20 saved strategies over ${scanSymbols.length} symbols, from the store`;
const ROT_NAME = `rotation over ${ROTATION.stocks.length} stocks, 5 years, ranked monthly, from the store`;
group(`market store (${first.securities} securities, ${stocks} stocks screened)`, () => {
  bench(SCREEN_NAME, async () => do_not_optimize(await task("/api/v1/formula/screen/run/async", SCREEN)));
  bench(SCAN_NAME, async () => do_not_optimize(await task("/api/v1/backtest/signal-scan/run/async", { window_bars: 5 })));
  bench(ROT_NAME, async () => do_not_optimize(await task("/api/v1/backtest/rotation/run/async", ROTATION)));
});

target("21. first full sync < 5 min", () => ({ measured: fmtMs(firstMs), peer: `${first.securities} securities`, met: firstMs < 300_000 }));
target("21. incremental daily sync < 30 s", () => ({ measured: fmtMs(nextMs), peer: `${next.requests} requests`, met: nextMs < 30_000 }));
target("21. store ≤ 1.5× TDX's .day size", () => ({ measured: `${(stored / tdx).toFixed(3)}×`, peer: `${(tdx / 1e6).toFixed(1)} MB of .day`, met: stored <= 1.5 * tdx }));
target("21. screen over all stocks from the store < 1 s", (r) => ({ measured: fmtMs(r.median(SCREEN_NAME)), peer: `over the quote source ${fmtMs(upstreamScreenMs)}`, met: r.median(SCREEN_NAME) < 1000 }));
target("21. signal scan 20 strategies × ≤ 500 symbols < 2 s", (r) => ({ measured: fmtMs(r.median(SCAN_NAME)), peer: "", met: r.median(SCAN_NAME) < 2000 }));
target("21. rotation 5 years monthly < 5 s", (r) => ({ measured: fmtMs(r.median(ROT_NAME)), peer: "at most 100 stocks per rotation", met: r.median(ROT_NAME) < 5000 }));
