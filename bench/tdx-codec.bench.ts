/**
 * TDX codec hot paths: decoding one full page of bars (800 daily bars, the largest
 * 0x052d reply), encoding it (the simulator's side), a full 80-security quotes
 * reply, cutting frames from a byte stream, and reading a 5,000-record vipdoc .day
 * file. Target for the 800-bar decode: under 30 µs.
 *
 * When a pytdx checkout exists (PYTDX_DIR, default /tmp/pytdx; never inside this
 * project), the same body is also parsed by pytdx's own parser through
 * bench/pytdx_bars.py and the ratio is printed; otherwise that comparison is skipped.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bench, do_not_optimize, group, measure, summary } from "mitata";
import { decodeBarsReply, encodeBarsReply } from "../adapters/tdx/tdx-codec-bars.ts";
import { decodeQuotesReply, encodeQuotesReply } from "../adapters/tdx/tdx-codec-quotes.ts";
import { ResponseSplitter } from "../adapters/tdx/tdx-frame-splitter.ts";
import { encodeResponse } from "../adapters/tdx/tdx-frame.ts";
import type { Quote } from "../core/quotes/index.ts";
import { BarCategory } from "../adapters/tdx/tdx-codec-bars.ts";
import { decodeDayFile, encodeDayFile } from "../adapters/vipdoc/vipdoc-day.ts";
import { marketTime, allocSeries, type BarSeries } from "../core/bars/index.ts";

const DAY = 86_400_000;

/** Deterministic random walk of `n` weekday bars from 2020-01-02, prices on 0.01. */
function dailyWalk(n: number): BarSeries {
  const s = allocSeries(n);
  let seed = 20240101;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  let p = 12;
  let t = marketTime(2020, 1, 2);
  for (let i = 0; i < n; i++) {
    while (new Date(t).getUTCDay() % 6 === 0) t += DAY;
    const o = Math.round(p * 100) / 100;
    p = Math.max(1, p * (1 + (rnd() - 0.5) * 0.06));
    const c = Math.round(p * 100) / 100;
    s.time[i] = t;
    s.open[i] = o;
    s.close[i] = c;
    s.high[i] = Math.round((Math.max(o, c) + rnd() * 0.3) * 100) / 100;
    s.low[i] = Math.round((Math.min(o, c) - rnd() * 0.3) * 100) / 100;
    s.vol[i] = Math.round(2e5 + rnd() * 2e6) * 100;
    s.amount[i] = Math.fround((s.vol[i]! * (o + c)) / 2);
    t += DAY;
  }
  return s;
}

const DAILY_LOTS = { category: BarCategory.DAY_LOTS };
const bars800 = dailyWalk(800);
const barsBody = encodeBarsReply(bars800, DAILY_LOTS);

const quotes: Quote[] = Array.from({ length: 80 }, (_, i) => {
  const p = 10 + i / 8;
  const lv = (d: number) => [0, 1, 2, 3, 4].map((k) => Math.round((p + d * (k + (d > 0 ? 1 : 0)) * 0.01) * 100) / 100);
  return {
    market: i % 2,
    code: String(600000 + i).padStart(6, "0"),
    active1: 3000 + i,
    price: Math.round(p * 100) / 100,
    preClose: Math.round((p - 0.1) * 100) / 100,
    open: Math.round((p - 0.05) * 100) / 100,
    high: Math.round((p + 0.2) * 100) / 100,
    low: Math.round((p - 0.2) * 100) / 100,
    serverTime: 14_305_999,
    unknownNegPrice: -Math.round(p * 100),
    vol: 1_377_271 + i,
    curVol: 110,
    amount: Math.fround(1.65e9 + i),
    sVol: 529_867,
    bVol: 847_404,
    unknown16: 0,
    unknown17: 250_502,
    bids: lv(-1),
    asks: lv(1),
    bidVols: [3503, 6644, 8870, 1609, 2438],
    askVols: [826, 374, 580, 1106, 1029],
    unknownStatus: 397,
    unknownTail: [0, 0, 0, 0],
    riseSpeed: -0.24,
    active2: 3000 + i,
  };
});
const quotesBody = encodeQuotesReply({ unknownHead: 0x3601, quotes });

const stream = new Uint8Array(Array.from({ length: 20 }, () => [...encodeResponse(0x052d, 1, barsBody)]).flat());
const dayFile = encodeDayFile(dailyWalk(5000), 100);

summary(() => {
  group("tdx codec", () => {
    bench("decode 0x052d reply, 800 daily bars", () => do_not_optimize(decodeBarsReply(barsBody, DAILY_LOTS)));
    bench("encode 0x052d reply, 800 daily bars", () => do_not_optimize(encodeBarsReply(bars800, DAILY_LOTS)));
    bench("decode 0x053e reply, 80 quotes", () => do_not_optimize(decodeQuotesReply(quotesBody)));
    bench("split 20 bars frames (zlib) from 4 KiB chunks", () => {
      const s = new ResponseSplitter();
      for (let at = 0; at < stream.length; at += 4096) do_not_optimize(s.push(stream.subarray(at, at + 4096)));
    });
    bench("decode vipdoc .day, 5000 records", () => do_not_optimize(decodeDayFile(dayFile, 100)));
  });
});

const pytdxDir = process.env.PYTDX_DIR ?? "/tmp/pytdx";
if (!existsSync(join(pytdxDir, "pytdx", "parser", "get_security_bars.py"))) {
  console.log(`tdx-codec: pytdx comparison skipped (no pytdx checkout at ${pytdxDir}; set PYTDX_DIR)`);
} else {
  const dir = mkdtempSync(join(tmpdir(), "tdx-bench-"));
  try {
    const bodyFile = join(dir, "bars800.body");
    writeFileSync(bodyFile, barsBody);
    const script = fileURLToPath(new URL("./pytdx_bars.py", import.meta.url));
    const py = spawnSync("python3", [script, bodyFile, String(DAILY_LOTS.category)], {
      env: { ...process.env, PYTDX_PATH: pytdxDir },
      encoding: "utf8",
    });
    if (py.status !== 0) {
      console.log(`tdx-codec: pytdx comparison failed: ${py.stderr.trim()}`);
    } else {
      const theirs = JSON.parse(py.stdout) as { us_per_parse: number; bars: number; last_close: number };
      const ours = await measure(() => do_not_optimize(decodeBarsReply(barsBody, DAILY_LOTS)));
      const oursUs = ours.avg / 1000;
      const same = theirs.bars === 800 && theirs.last_close === bars800.close[799];
      console.log(
        `tdx-codec: 800 daily bars: this codec ${oursUs.toFixed(1)} µs, pytdx ${theirs.us_per_parse.toFixed(0)} µs ` +
          `→ ${(theirs.us_per_parse / oursUs).toFixed(0)}× faster${same ? "" : " (WARNING: pytdx decoded different bars)"}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
