/**
 * Issue 6 target over real HTTP on loopback: `POST /api/v1/backtest/run` with
 * 10,000 inline daily bars (MA 5/20 cross, default A-share rules) under 20 ms
 * end to end: request JSON parse and row checks, signals, kernel, result rows
 * and response JSON. The service runs in its own process (as `npm start`), so
 * the client's work is not counted; one keep-alive connection. The second group
 * times the request's own stages in this process, to show where the time goes
 * (the rest is the body read, the middleware, the socket and GC).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bench, do_not_optimize, group } from "mitata";
import { backtestResultJson } from "../adapters/http/backtest/result-json.ts";
import { parseOhlcvRecords } from "../adapters/http/validation/ohlcv-records.ts";
import { backtestTables } from "../core/backtest/index.ts";
import { maCross } from "../plugins/strategies/ma-cross.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => resolve(p));
  });
});
// Started as `npm start` starts it: a larger young generation, since a request here allocates ~10 MB.
const child = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "apps/server/main.ts"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), "tdx-forge-bench-backtest-")), LOG_LEVEL: "silent" },
  stdio: "ignore",
});
process.once("exit", () => child.kill("SIGTERM"));

/** 10,000 daily bars of a deterministic random walk, as easy_tdx's OHLCV records (no amount, to stay under the 1 MiB body limit). */
function records(n: number) {
  let seed = 12345;
  const noise = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  let price = 10;
  const t0 = Date.UTC(1990, 0, 1);
  return Array.from({ length: n }, (_, i) => {
    const open = Math.round(price * (1 + noise() * 0.01) * 100) / 100;
    price = Math.max(1, Math.round(open * (1 + noise() * 0.05) * 100) / 100);
    const high = Math.max(open, price);
    const low = Math.min(open, price);
    return { datetime: new Date(t0 + i * 86_400_000).toISOString().slice(0, 10), open, high, low, close: price, vol: 1_000_000 + i };
  });
}

const body = JSON.stringify({ strategy: "ma_cross", params: { fast: 5, slow: 20 }, ohlcv: records(10_000) });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const request = (method: string, path: string, payload?: string) =>
  new Promise<number>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, agent, headers: payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {} }, (r) => {
      let n = 0;
      r.on("data", (c: Buffer) => (n += c.length));
      r.on("end", () => (r.statusCode === 200 ? resolve(n) : reject(new Error(`${path}: ${r.statusCode}`))));
    });
    req.on("error", reject);
    req.end(payload);
  });
for (;;) {
  try {
    await request("GET", "/health");
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 50));
  }
}
for (let i = 0; i < 30; i++) await request("POST", "/api/v1/backtest/run", body);

group(`POST /backtest/run over HTTP (service process): 10,000 bars, body ${(body.length / 1024).toFixed(0)} KiB`, () => {
  bench("POST /backtest/run 10,000 daily bars, MA 5/20", async () => do_not_optimize(await request("POST", "/api/v1/backtest/run", body)));
});

const rows = (JSON.parse(body) as { ohlcv: unknown[] }).ohlcv;
const parsed = parseOhlcvRecords(rows, "ohlcv");
if (!parsed.ok) throw new Error("bench records rejected");
const bars = parsed.series;
const run = () => backtestTables(bars, maCross.signals(bars, { fast: 5, slow: 20 }), {}, { code: "000001", market: "SZ" });
const tables = run();

group("POST /backtest/run stages in process: 10,000 bars", () => {
  bench("JSON.parse of the body (the JSON middleware)", () => do_not_optimize(JSON.parse(body)));
  bench("inline records → columns (parseOhlcvRecords)", () => do_not_optimize(parseOhlcvRecords(rows, "ohlcv")));
  bench("signals, kernel, metrics, result tables", () => do_not_optimize(run()));
  bench(`response JSON (${(backtestResultJson(tables).length / 1e6).toFixed(1)} MB)`, () => do_not_optimize(backtestResultJson(tables)));
});
