/**
 * Issue 4 target: `market/strength` over 5000 securities × 250 days. Cold (the
 * files read into a fresh columnar panel, then scored) must be no slower than a
 * straightforward numpy script measured in the same run (bench/strength_numpy.py,
 * its own best-of-3 timing of reading and scoring every file, without interpreter
 * start-up); warm (the panel already held) under 20 ms and at least 10× faster
 * than the script. The vipdoc tree is generated here with the vipdoc writer.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bench, do_not_optimize, group, summary } from "mitata";
import { StrengthService } from "../adapters/http/market/strength-service.ts";
import { VipdocLocator } from "../adapters/http/market/vipdoc-locator.ts";
import { encodeDayFile } from "../adapters/vipdoc/vipdoc-day.ts";
import { VipdocDailyPanel } from "../adapters/vipdoc/vipdoc-daily-panel.ts";
import { mulberry32, normal } from "../apps/tdx-sim/demo/prng.ts";
import { fromYyyymmdd } from "../core/bars/market-time.ts";
import { allocSeries } from "../core/bars/series.ts";
import { CORE_LEADERS } from "../core/market/core-leaders.ts";
import { PANEL_WINDOW, rankStrength, strengthWeights } from "../core/market/strength.ts";

const SECURITIES = 5000;
const DAYS = 250;

const root = mkdtempSync(join(tmpdir(), "tdx-forge-bench-strength-"));
const gauss = normal(mulberry32(42));
const codes: ["sh" | "sz", string][] = [];
for (let i = 0; i < SECURITIES; i++) {
  const sh = i % 2 === 0;
  const base = sh ? (i % 4 === 0 ? 600000 : 688000) : i % 4 === 1 ? 1 : 300000;
  codes.push([sh ? "sh" : "sz", String(base + Math.floor(i / 4)).padStart(6, "0")]);
}
for (const m of ["sh", "sz"]) mkdirSync(join(root, m, "lday"), { recursive: true });
for (const [m, code] of codes) {
  const s = allocSeries(DAYS);
  let p = 5 + Math.abs(gauss()) * 20;
  for (let d = 0; d < DAYS; d++) {
    p = Math.max(0.5, Math.round(p * (1 + gauss() * 0.02) * 100) / 100);
    s.time[d] = fromYyyymmdd(20250102) + d * 86_400_000;
    s.open[d] = s.high[d] = s.low[d] = s.close[d] = p;
    s.vol[d] = 1e6 + Math.floor(Math.abs(gauss()) * 1e6);
    s.amount[d] = s.vol[d] * p;
  }
  writeFileSync(join(root, m, "lday", `${m}${code}.day`), encodeDayFile(s, 100));
}

const script = fileURLToPath(new URL("strength_numpy.py", import.meta.url));
const numpy = JSON.parse(execFileSync("python3", [script, root, "--runs", "3"], { encoding: "utf8" })) as { seconds: number; ranked: number; top: string[] };

const weights = strengthWeights("steady");
const filter = { minListedDays: 65, minAmount: 0 };
const opts = { window: PANEL_WINDOW, accept: (_m: string, c: string) => /^(60|68|00|30)/.test(c) };
const ours = (() => {
  const p = new VipdocDailyPanel(root, opts);
  const panel = p.current();
  const r = rankStrength(panel, weights, filter, 50);
  p.close();
  return { ranked: rankStrength(panel, weights, filter).length, top: Array.from(r.row, (i) => panel.securities[i].market + panel.securities[i].code) };
})();
console.log(
  `strength: numpy script best of 3 = ${(numpy.seconds * 1000).toFixed(1)} ms (reading + scoring ${SECURITIES} files); ` +
    `ranked ${numpy.ranked} vs ours ${ours.ranked}; same top 50: ${JSON.stringify(numpy.top) === JSON.stringify(ours.top)}`,
);

const warmPanel = new VipdocDailyPanel(root, opts);
warmPanel.current();
const service = new StrengthService(new VipdocLocator({ configured: root }), CORE_LEADERS, async () => undefined);
await service.scan({ preset: "steady", custom: {}, topN: 50, universe: "all", minListedDays: 65, minAmount: 0 });

summary(() => {
  group(`market/strength, ${SECURITIES} securities × ${DAYS} days`, () => {
    bench("cold: read every file into a new panel + score", () => {
      const p = new VipdocDailyPanel(root, { ...opts, watch: false });
      do_not_optimize(rankStrength(p.current(), weights, filter, 50));
    });
    bench("warm: held panel + score", () => do_not_optimize(rankStrength(warmPanel.current(), weights, filter, 50)));
    bench("warm: StrengthService.scan (locate, panel, score, rows)", async () =>
      do_not_optimize(await service.scan({ preset: "steady", custom: {}, topN: 50, universe: "all", minListedDays: 65, minAmount: 0 })),
    );
    bench("numpy script as a subprocess (incl. interpreter start)", () => do_not_optimize(execFileSync("python3", [script, root, "--runs", "1"])));
  });
});
