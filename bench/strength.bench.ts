/**
 * `market/strength` over 5000 securities × 250 days (the vipdoc tree generated
 * here with the vipdoc writer), against a straightforward numpy script measured
 * in the same run (bench/strength_numpy.py: its own in-process timing of reading
 * and scoring every file, without interpreter start-up; median of 5 passes).
 * Targets: cold (the files read into a fresh panel, then scored) no slower than
 * the script; warm (the panel held) under 20 ms and at least 10× faster than the
 * script; the scan after one file changed (the watcher names it, its row is
 * rewritten) within 5 ms; and warm at 50,000 securities within 20 ms (an
 * in-memory panel of that size holding its rows' terms, as a held panel does;
 * the peer is the same scan computing every row's terms, as before issue 22).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bench, do_not_optimize, group, summary } from "mitata";
import { StrengthService, type StrengthQuery } from "../core/app/market/strength-service.ts";
import { VipdocLocator } from "../adapters/vipdoc/vipdoc-locator.ts";
import { VipdocStrengthPanels } from "../adapters/vipdoc/vipdoc-strength-panels.ts";
import { encodeDayFile } from "../adapters/vipdoc/vipdoc-day.ts";
import { VipdocDailyPanel } from "../adapters/vipdoc/vipdoc-daily-panel.ts";
import { mulberry32, normal } from "../apps/tdx-sim/demo/prng.ts";
import { fromYyyymmdd, allocSeries, type BarSeries } from "../core/bars/index.ts";
import { CORE_LEADERS, type DailyPanel, PANEL_WINDOW, rankStrength, strengthFeatures, strengthWeights } from "../core/market/index.ts";
import { fmtMs, fmtRatio, mean, median, target } from "./targets.ts";

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
function history(days: number): BarSeries {
  const s = allocSeries(days);
  let p = 5 + Math.abs(gauss()) * 20;
  for (let d = 0; d < days; d++) {
    p = Math.max(0.5, Math.round(p * (1 + gauss() * 0.02) * 100) / 100);
    s.time[d] = fromYyyymmdd(20250102) + d * 86_400_000;
    s.open[d] = s.high[d] = s.low[d] = s.close[d] = p;
    const vol = 1e6 + Math.floor(Math.abs(gauss()) * 1e6);
    s.vol[d] = vol;
    s.amount[d] = vol * p;
  }
  return s;
}
const fileOf = (m: string, code: string) => join(root, m, "lday", `${m}${code}.day`);
for (const m of ["sh", "sz"]) mkdirSync(join(root, m, "lday"), { recursive: true });
for (const [m, code] of codes) writeFileSync(fileOf(m, code), encodeDayFile(history(DAYS), 100));

const script = fileURLToPath(new URL("strength_numpy.py", import.meta.url));
const numpy = JSON.parse(execFileSync("python3", [script, root, "--runs", "5"], { encoding: "utf8" })) as { seconds: number[]; ranked: number; top: string[] };
const numpyMs = numpy.seconds.map((s) => s * 1000);

const weights = strengthWeights("steady");
const filter = { minListedDays: 65, minAmount: 0 };
const opts = { window: PANEL_WINDOW, accept: (_m: string, c: string) => /^(60|68|00|30)/.test(c) };
const ours = (() => {
  const p = new VipdocDailyPanel(root, opts);
  const panel = p.current();
  const r = rankStrength(panel, weights, filter, 50);
  p.close();
  return {
    ranked: rankStrength(panel, weights, filter).length,
    top: Array.from(r.row, (i) => {
      const s = panel.securities[i]!; // a ranking's rows index the panel
      return s.market + s.code;
    }),
  };
})();
console.log(
  `strength: numpy script in process, ${numpyMs.length} passes: median ${fmtMs(median(numpyMs))}, mean ${fmtMs(mean(numpyMs))} (reading + scoring ${SECURITIES} files); ` +
    `ranked ${numpy.ranked} vs ours ${ours.ranked}; same top 50: ${JSON.stringify(numpy.top) === JSON.stringify(ours.top)}`,
);

const warmPanel = new VipdocDailyPanel(root, opts);
warmPanel.current();
const query: StrengthQuery = { preset: "steady", custom: {}, topN: 50, universe: "all", minListedDays: 65, minAmount: 0 };
const panels = new VipdocStrengthPanels(new VipdocLocator({ configured: root }));
const service = new StrengthService(panels, CORE_LEADERS, async () => undefined);
await service.scan(query);

/**
 * The scan right after one file changed: a new bar is appended to a file, the
 * watcher's event is given time to arrive, then the scan is timed (it applies
 * the change first). Each round checks the change was picked up.
 */
async function afterOneChange(rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let k = 0; k < rounds; k++) {
    const [m, code] = codes[(k * 997) % SECURITIES]!;
    const days = DAYS + 1 + k;
    writeFileSync(fileOf(m, code), encodeDayFile(history(days), 100));
    await new Promise((r) => setTimeout(r, 60));
    const t0 = performance.now();
    await service.scan(query);
    times.push(performance.now() - t0);
    const p = panels.panel(root);
    const row = p.securities.findIndex((s) => s.market === m && s.code === code);
    if (p.bars[row] !== days) throw new Error("the changed file was not picked up by the scan");
  }
  return times;
}
const changed = await afterOneChange(21);
console.log(`strength: scan after one file changed, ${changed.length} rounds: median ${fmtMs(median(changed))}, mean ${fmtMs(mean(changed))}`);

/** An in-memory panel of `n` securities (random closes, full window), without or with its rows' terms. */
function bigPanel(n: number): DailyPanel {
  const w = PANEL_WINDOW;
  const close = new Float64Array(n * w);
  const amount = new Float64Array(n * w);
  for (let i = 0; i < n; i++) {
    let p = 5 + Math.abs(gauss()) * 20;
    for (let d = 0; d < w; d++) {
      p = Math.max(0.5, Math.round(p * (1 + gauss() * 0.02) * 100) / 100);
      close[i * w + d] = p;
      amount[i * w + d] = 1e8;
    }
  }
  return { n, window: w, bars: new Float64Array(n).fill(DAYS), close, amount };
}
const BIG = 50_000;
const big = bigPanel(BIG);
const bigHeld: DailyPanel = { ...big, features: strengthFeatures(big) };

const COLD = "cold: read every file into a new panel + score";
const WARM = "warm: held panel + score";
const BIG_WARM = `warm: ${BIG.toLocaleString("en")} securities, held panel + score`;
const BIG_TERMS = `${BIG.toLocaleString("en")} securities, every row's terms computed per scan`;
summary(() => {
  group(`market/strength, ${SECURITIES} securities × ${DAYS} days`, () => {
    bench(COLD, () => {
      const p = new VipdocDailyPanel(root, { ...opts, watch: false });
      do_not_optimize(rankStrength(p.current(), weights, filter, 50));
    });
    bench(WARM, () => do_not_optimize(rankStrength(warmPanel.current(), weights, filter, 50)));
    bench("warm: StrengthService.scan (locate, panel, score, rows)", async () => do_not_optimize(await service.scan(query)));
  });
});
summary(() => {
  group(`market/strength, ${BIG.toLocaleString("en")} securities in memory`, () => {
    bench(BIG_WARM, () => do_not_optimize(rankStrength(bigHeld, weights, filter, 50)));
    bench(BIG_TERMS, () => do_not_optimize(rankStrength(big, weights, filter, 50)));
  });
});

const numpyMedian = median(numpyMs);
const peerNumpy = `numpy script ${fmtMs(numpyMedian)} in process`;
target("4. strength cold (5,000 files) no slower than numpy", (r) => {
  const ms = r.median(COLD);
  return { measured: `${fmtMs(ms)} (${fmtRatio(numpyMedian / ms)} numpy)`, peer: peerNumpy, met: ms <= numpyMedian };
});
target("4. strength warm (5,000 files) ≤ 20 ms and ≥ 10× numpy", (r) => {
  const ms = r.median(WARM);
  return { measured: `${fmtMs(ms)} (${fmtRatio(numpyMedian / ms)} numpy)`, peer: peerNumpy, met: ms <= 20 && numpyMedian / ms >= 10 };
});
target("4. strength scan after one file changed ≤ 5 ms", (r) => {
  const ms = median(changed);
  return { measured: fmtMs(ms), peer: `a full re-read ${fmtMs(r.median(COLD))}`, met: ms <= 5 };
});
target("4. strength warm at 50,000 securities ≤ 20 ms", (r) => {
  const ms = r.median(BIG_WARM);
  return { measured: fmtMs(ms), peer: `${fmtMs(r.median(BIG_TERMS))} computing every row's terms per scan`, met: ms <= 20 };
});
