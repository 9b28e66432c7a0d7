/**
 * Start-up warm-up, run in the background once the server listens (so
 * `/health` answers at once): the costs the first requests would otherwise pay.
 * The worker threads start and load their job modules (the first optimisation
 * waited for them); the simulator's demo market generates every security's
 * history (the first market page asks for all of them), then the market page's
 * own requests run once at the service layer (the whole-market snapshot, the
 * core-leader quotes, the strength scan with its vipdoc export, the board
 * ranking), so the first page a user opens is served as fast as later ones, and
 * an optimisation of every strategy's grid on a demo stock (the first
 * optimisation paid for its bar fetch and for compiling the grid path in the
 * threads and here); every built-in
 * indicator runs once through the formula engine and its kernel on a short
 * series (the first formula paid for lazy compilation of the parser, planner
 * and evaluator and for the fused loops of the common shapes), then their
 * formula texts are compiled again, round after round, until the compiler is
 * optimised: compiled once each at start-up it still ran unoptimised, so the
 * first ten new texts a user sent took 2–6 ms each and later ones about 0.4
 * (MACD+KDJ+BOLL-sized texts on 800 bars; the texts compiled here are the
 * built-ins', whose fused loops are already made, so no shape is added).
 * Work on the event loop runs in small slices with a yield between them, so a
 * request arriving meanwhile waits for one slice at most.
 */
import { setImmediate as yieldToEvents } from "node:timers/promises";
import { allocSeries, type BarSeries } from "../../core/bars/index.ts";
import { compileFormula, evaluatePlan } from "../../core/formula/index.ts";
import { isFormulaIndicator } from "../../plugins/indicators/formula-indicator.ts";
import type { Logger } from "../../ports/logger.ts";
import type { PluginRegistry } from "../../ports/plugins.ts";
import type { MarketDataServices } from "../../adapters/http/http-env.ts";
import { type DemoMarket, HISTORY_LIMIT } from "../tdx-sim/demo/demo-market.ts";

export interface WarmUpParts {
  /** Starts what the job pool would start on first use. */
  readonly startWorkers?: () => void;
  /** The in-process simulator's demo market, when it serves the quotes. */
  readonly demo?: DemoMarket;
  /** The services behind the market page (GET /market/stat, /market/strength, /market/core-leaders, /board-mac/ranking). */
  readonly market?: MarketDataServices;
  /** Runs the optimisation path once on a symbol's bars (apps/server/warm-jobs.ts; embedded job pool only). */
  readonly optimisation?: (symbol: string, signal: AbortSignal) => Promise<void>;
  readonly registry: PluginRegistry;
  readonly now: () => number;
  readonly log: Logger;
  /** Aborted when the service stops: the remaining slices are skipped. */
  readonly signal: AbortSignal;
}

/** Securities generated per slice (a few ms each slice). */
const DEMO_SLICE = 16;

/**
 * Rounds of compiling every built-in indicator's text (41 texts, 15–25 ms a
 * round here): after ten, a new text took 0.42–0.46 ms (median of 60, against
 * 0.76–0.80 with none) and the first ten 0.6–1.7 ms on average (against 2.1–3.4).
 */
const COMPILER_ROUNDS = 10;

/** 300 bars of a deterministic walk: long enough for every indicator's windows. */
function warmSeries(): BarSeries {
  const n = 300;
  const s = allocSeries(n);
  let p = 10;
  for (let i = 0; i < n; i++) {
    const o = p;
    p = Math.max(1, p + Math.sin(i * 0.7) * 0.3 + ((i * 37) % 11) * 0.01 - 0.05);
    s.time[i] = Date.UTC(2020, 0, 1) + i * 86_400_000;
    s.open[i] = o;
    s.close[i] = p;
    s.high[i] = Math.max(o, p) + 0.1;
    s.low[i] = Math.min(o, p) - 0.1;
    const vol = 1e6 + i;
    s.vol[i] = vol;
    s.amount[i] = vol * p;
  }
  return s;
}

/** Runs every step; failures are logged, never thrown (the service works without). */
export async function warmUp(parts: WarmUpParts): Promise<void> {
  const started = performance.now();
  const done: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<void> | void) => {
    if (parts.signal.aborted) return;
    const t0 = performance.now();
    try {
      await run();
      done[name] = Math.round(performance.now() - t0);
    } catch (e) {
      // a step cut short by the service stopping has not failed
      if (!parts.signal.aborted) parts.log.warn({ step: name, err: e }, "warm-up step failed");
    }
  };
  await yieldToEvents();
  await step("workers", () => parts.startWorkers?.());
  await step("indicators", async () => {
    const series = warmSeries();
    for (const p of parts.registry.indicators.values()) {
      if (parts.signal.aborted) return;
      p.compute(series, {});
      if ("computeByFormula" in p && typeof p.computeByFormula === "function") p.computeByFormula(series, {});
      await yieldToEvents();
    }
  });
  await step("formula compiler", async () => {
    const series = warmSeries();
    const texts = [...parts.registry.indicators.values()].filter(isFormulaIndicator).map((p) => ({ text: p.formula, params: Object.fromEntries(p.params.map((q) => [q.name, q.default])) }));
    for (let r = 0; r < COMPILER_ROUNDS; r++)
      for (const { text, params } of texts) {
        if (parts.signal.aborted) return;
        const plan = compileFormula(text, { params }).plan;
        if (plan) evaluatePlan(plan, series);
        await yieldToEvents();
      }
  });
  const demo = parts.demo;
  // A universe larger than the history cache (SIM_UNIVERSE=full) cannot be held warm: it is generated on use.
  if (demo && demo.universe.length <= HISTORY_LIMIT) {
    await step("demo histories", async () => {
      const now = parts.now();
      const all = demo.universe;
      for (let i = 0; i < all.length && !parts.signal.aborted; i += DEMO_SLICE) {
        for (const s of all.slice(i, i + DEMO_SLICE)) demo.tailAt(s, now, 2);
        await yieldToEvents();
      }
    });
    const market = parts.market;
    if (market) await step("market page", () => warmMarketPage(market));
    const optimisation = parts.optimisation;
    const stock = demo.universe.find((s) => s.kind === "stock");
    if (optimisation && stock) await step("optimisation", () => optimisation(`${stock.market}:${stock.code}`, parts.signal));
  }
  if (!parts.signal.aborted) parts.log.info({ ms: Math.round(performance.now() - started), steps: done }, "warm-up done");
}

/** The market page's first requests with the page's defaults (apps/web/src/pages/MarketPage.vue). */
async function warmMarketPage(m: MarketDataServices): Promise<void> {
  await m.snapshot.take();
  await m.snapshot.quotes(m.corePool);
  await m.strength.scan({ preset: "steady", custom: {}, topN: 30, universe: "all", minListedDays: 65, minAmount: 0 });
  await m.mac.ranking("HY", 20, "change_pct", false);
}
