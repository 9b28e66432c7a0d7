/**
 * Issue 22, item 5: the first requests after start-up. The service is started
 * as `npm start` starts it, once with its background warm-up (WARM_UP=1, the
 * default; figures taken after the log says it is done) and once without
 * (WARM_UP=0, the peer: what a first user paid before). In each, the market
 * page's four requests are sent at once as the page sends them, then the
 * first optimisation (ma_cross's preset grid on one symbol, to done), then
 * both again (the steady state). `/health` is timed from launch in both, to
 * show the warm-up does not delay it. A first request happens once per
 * process, so each figure is the median of three starts of each kind
 * (alternating, each service stopped before the next starts): on this
 * machine a single start's first page took anywhere from 42 to 134 ms.
 */
import { type RunningService, startService } from "./service-process.ts";
import { fmtMs, median, target } from "./targets.ts";

const MARKET_PAGE = [
  "/api/v1/market/stat",
  "/api/v1/market/strength?preset=steady&universe=all&top_n=30",
  "/api/v1/market/core-leaders",
  "/api/v1/board-mac/ranking?board_type=HY&top_n=20&ascending=false",
];

async function marketPage(s: RunningService): Promise<number> {
  const t0 = performance.now();
  await Promise.all(MARKET_PAGE.map((p) => s.get(p)));
  return performance.now() - t0;
}

async function optimisation(s: RunningService): Promise<number> {
  const t0 = performance.now();
  const r = await s.json("POST", "/api/v1/backtest/optimize/run/async", { strategy: "ma_cross", symbol: "SZ:000001" });
  if (r.status !== 202) throw new Error(`optimize: ${r.status} ${JSON.stringify(r.body)}`);
  for (;;) {
    const t = await s.json("GET", `/api/v1/backtest/tasks/${r.body.task_id}`);
    if (t.body.status === "done") return performance.now() - t0;
    if (t.body.status !== "pending" && t.body.status !== "running") throw new Error(`optimize task ${t.body.status}: ${JSON.stringify(t.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Firsts {
  health: number;
  page: number;
  optimise: number;
  pageAgain: number;
  optimiseAgain: number;
}

async function firsts(warm: boolean): Promise<Firsts> {
  const t0 = performance.now();
  const s = await startService(warm ? "first-warm" : "first-cold", warm ? {} : { WARM_UP: "0" });
  const health = performance.now() - t0;
  await s.warmed;
  const page = await marketPage(s);
  const optimise = await optimisation(s);
  const f = { health, page, optimise, pageAgain: await marketPage(s), optimiseAgain: await optimisation(s) };
  await s.stop();
  return f;
}

const STARTS = 3;
const runs: { warm: Firsts[]; cold: Firsts[] } = { warm: [], cold: [] };
for (let k = 0; k < STARTS; k++) {
  runs.warm.push(await firsts(true));
  runs.cold.push(await firsts(false));
}
/** Each figure's median over the starts of one kind. */
const medians = (fs: Firsts[]): Firsts => ({
  health: median(fs.map((f) => f.health)),
  page: median(fs.map((f) => f.page)),
  optimise: median(fs.map((f) => f.optimise)),
  pageAgain: median(fs.map((f) => f.pageAgain)),
  optimiseAgain: median(fs.map((f) => f.optimiseAgain)),
});
const warm = medians(runs.warm);
const cold = medians(runs.cold);
for (const [name, fs] of [
  ["warm-up", runs.warm],
  ["no warm-up", runs.cold],
] as const) {
  for (const f of fs) {
    console.log(
      `first requests (${name}): /health ${fmtMs(f.health)} after launch; market page first ${fmtMs(f.page)}, then ${fmtMs(f.pageAgain)}; optimisation first ${fmtMs(f.optimise)}, then ${fmtMs(f.optimiseAgain)}`,
    );
  }
}

// "as fast as later ones": within 1.5× of the second request or 50 ms of it (medians of the starts, on a busy machine).
const asLater = (first: number, later: number) => first <= Math.max(1.5 * later, later + 50);
target("5. first market page after start-up as fast as later ones (warm-up in the background)", () => ({
  measured: `${fmtMs(warm.page)} (then ${fmtMs(warm.pageAgain)}; medians of ${STARTS} starts)`,
  peer: `without warm-up ${fmtMs(cold.page)}`,
  met: asLater(warm.page, warm.pageAgain),
}));
target("5. first optimisation after start-up as fast as later ones", () => ({
  measured: `${fmtMs(warm.optimise)} (then ${fmtMs(warm.optimiseAgain)}; medians of ${STARTS} starts)`,
  peer: `without warm-up ${fmtMs(cold.optimise)}`,
  met: asLater(warm.optimise, warm.optimiseAgain),
}));
target("5. warm-up does not delay /health", () => ({
  measured: `${fmtMs(warm.health)} (median of ${STARTS} starts)`,
  peer: `without warm-up ${fmtMs(cold.health)}`,
  met: warm.health <= Math.max(1.5 * cold.health, cold.health + 200),
}));
