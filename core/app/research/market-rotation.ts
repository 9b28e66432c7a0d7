/**
 * The rotation's market-store part (issue 21). At submission the stocks the
 * store holds complete are not fetched: the task input names them with their
 * trading rules and a panel reference, and only the rest is fetched and carried
 * as bars, as before. The run is one `market.rotation` job that reads the stored
 * members from its thread's panel (core/app/market/market-jobs.ts) and ranks all
 * members in the request's order, so ties rank as they would over fetched bars.
 *
 * Bound: with the store, a rotation may rank up to {@link ROTATION_MAX_STOCKS}
 * stocks (the whole market); at most {@link ROTATION_MAX_FETCHED} of them may
 * need the quote source (each is fetched while the request is open and carried
 * in the stored task input).
 */
import type { AdjustMode, BarCategory, PanelWindow } from "../../bars/index.ts";
import type { SecurityInfo } from "../../backtest/index.ts";
import type { MarketPanels, PanelRef } from "../../../ports/market-panel.ts";
import type { TaskContext } from "../../../ports/task-runner.ts";
import type { Skipped } from "../backtest/backtest-tasks.ts";
import type { RotationResult } from "../../research/index.ts";

export const ROTATION_MAX_STOCKS = 6000;
export const ROTATION_MAX_FETCHED = 100;

export interface StoredRotation {
  readonly ref: PanelRef;
  readonly bars: PanelWindow;
  readonly adjust: AdjustMode;
  /** Every stock of the request, in its order. */
  readonly order: readonly string[];
  /** The stocks read from the panel, with their trading rules. */
  readonly members: Readonly<Record<string, SecurityInfo>>;
}

export interface RotationSplit {
  readonly stored: StoredRotation | undefined;
  /** Stocks left to fetch, in order. */
  readonly rest: readonly string[];
  /** Stored stocks whose trading rules could not be looked up. */
  readonly skipped: readonly Skipped[];
}

interface RotationBars {
  readonly stocks: readonly string[];
  readonly category: BarCategory;
  readonly count: number;
  readonly adjust: AdjustMode;
  readonly start_date?: string | null | undefined;
  readonly end_date?: string | null | undefined;
}

/** Which stocks the store panel answers (daily bars by count only; a start date reads the old way). */
export async function splitRotation(panels: MarketPanels | undefined, body: RotationBars, security: (symbol: string) => Promise<SecurityInfo>): Promise<RotationSplit> {
  const cover = panels && body.category === "DAY" && !body.start_date ? await panels.cover(body.stocks, body.count) : undefined;
  if (!cover) return { stored: undefined, rest: body.stocks, skipped: [] };
  const members: Record<string, SecurityInfo> = {};
  const skipped: Skipped[] = [];
  const looked = await Promise.allSettled(body.stocks.map((s) => (cover.covered.has(s) ? security(s) : undefined)));
  looked.forEach((r, i) => {
    const s = body.stocks[i]!;
    if (!cover.covered.has(s)) return;
    if (r.status === "fulfilled") members[s] = r.value!;
    else skipped.push({ symbol: s, error: (r.reason as Error).message ?? String(r.reason) });
  });
  return {
    stored: { ref: cover.ref, bars: { count: body.count, end_date: body.end_date ?? undefined }, adjust: body.adjust, order: body.stocks, members },
    rest: body.stocks.filter((s) => !cover.covered.has(s)),
    skipped,
  };
}

/** `skipped` in the order of `order`. */
export function inOrder(order: readonly string[], skipped: readonly Skipped[]): Skipped[] {
  const at = new Map(order.map((s, i) => [s, i]));
  return [...skipped].sort((a, b) => (at.get(a.symbol) ?? 0) - (at.get(b.symbol) ?? 0));
}

/** Runs a rotation with stored members: the result, the stocks ranked (in order) and every stock skipped (in order). */
export async function rotateStored<M extends { readonly key: string }>(
  stored: StoredRotation,
  job: { readonly members: readonly M[]; readonly config: unknown; readonly options: unknown; readonly score: unknown },
  skippedBefore: readonly Skipped[],
  ctx: TaskContext,
): Promise<{ result: RotationResult; stocks: string[]; skipped: Skipped[] }> {
  const payload = { ...stored, given: job.members, config: job.config, options: job.options, score: job.score };
  const out = await ctx.pool.run<{ result: RotationResult; skipped: Skipped[] }>("market.rotation", payload, { signal: ctx.signal });
  const skipped = inOrder(stored.order, [...skippedBefore, ...out.skipped]);
  const gone = new Set(skipped.map((s) => s.symbol));
  return { result: out.result, stocks: stored.order.filter((s) => !gone.has(s)), skipped };
}
