/**
 * The formula screen's market-store part (issue 21): the securities whose daily
 * bars the store holds complete are screened by `market.screen` jobs over the
 * store panel (core/app/market/market-jobs.ts), the list cut into chunks spread
 * over the job pool (worker threads, or BullMQ workers); the caller screens the
 * rest as before, fetching their bars. Outcomes are keyed by symbol and ordered
 * by the caller from the input, so the answer is the same for any number of
 * workers and any split between store and quote source.
 */
import { chunkRanges } from "../../research/index.ts";
import type { MarketPanels } from "../../../ports/market-panel.ts";
import type { TaskContext } from "../../../ports/task-runner.ts";
import type { ScreenTaskInput } from "./backtest-tasks.ts";
import type { ScreenOutcome } from "./formula-screen.ts";

/** Chunks per pool slot: enough to keep every slot busy when chunks take unequal time. */
export const CHUNKS_PER_SLOT = 2;

export type ScreenItemRef = ScreenTaskInput["items"][number];

/** Screens the covered items into `outcomes`; returns the items left for the bar loader. */
export async function screenStored(
  panels: MarketPanels | undefined,
  input: ScreenTaskInput,
  ctx: TaskContext,
  outcomes: Map<string, ScreenOutcome>,
  onDone: (n: number) => void,
): Promise<readonly ScreenItemRef[]> {
  if (!panels || input.category !== "DAY") return input.items;
  const cover = await panels.cover(
    input.items.map((i) => i.symbol),
    input.count,
  );
  if (!cover) return input.items;
  const stored = input.items.filter((i) => cover.covered.has(i.symbol));
  const chunks = chunkRanges(stored.length, ctx.pool.size * CHUNKS_PER_SLOT);
  await Promise.all(
    chunks.map(async ([from, to]) => {
      const job = { ref: cover.ref, text: input.text, params: input.params, signal: input.signal, items: stored.slice(from, to), count: input.count, adjust: input.adjust };
      for (const o of await ctx.pool.run<ScreenOutcome[]>("market.screen", job, { signal: ctx.signal })) outcomes.set(o.symbol, o);
      onDone(to - from);
    }),
  );
  return input.items.filter((i) => !cover.covered.has(i.symbol));
}
