/**
 * The signal scan's market-store part (issue 21): targets on daily bars of
 * securities the store holds complete are scanned by `market.scan` jobs over the
 * store panel (core/app/market/market-jobs.ts), in chunks spread over the job
 * pool; the caller fetches and scans the rest as before. Rows are merged back in
 * target order, so the answer is the same for any number of workers and any
 * split between store and quote source.
 */
import { chunkRanges } from "../../research/index.ts";
import type { MarketPanels } from "../../../ports/market-panel.ts";
import type { TaskContext } from "../../../ports/task-runner.ts";
import type { ScanRow, ScanTarget } from "./signal-scan-job.ts";
import { CHUNKS_PER_SLOT } from "../backtest/market-screen.ts";

export interface StoredScan {
  /** Rows of the targets scanned over the panel, by target index. */
  readonly rows: ReadonlyMap<number, ScanRow>;
  /** The targets left for the bar loader, in order. */
  readonly rest: readonly ScanTarget[];
}

export async function scanStored(panels: MarketPanels | undefined, targets: readonly ScanTarget[], window: number, bars: number, ctx: TaskContext): Promise<StoredScan> {
  const rows = new Map<number, ScanRow>();
  const daily = targets.flatMap((t, i) => (t.error === null && t.category === "DAY" ? [i] : []));
  const cover = panels && daily.length ? await panels.cover([...new Set(daily.map((i) => targets[i]!.symbol))], bars) : undefined;
  if (!cover) return { rows, rest: targets };
  const mine = daily.filter((i) => cover.covered.has(targets[i]!.symbol));
  await Promise.all(
    chunkRanges(mine.length, ctx.pool.size * CHUNKS_PER_SLOT).map(async ([from, to]) => {
      const at = mine.slice(from, to);
      const job = { ref: cover.ref, window, count: bars, targets: at.map((i) => targets[i]!) };
      const out = await ctx.pool.run<ScanRow[]>("market.scan", job, { signal: ctx.signal });
      out.forEach((r, k) => rows.set(at[k]!, r));
    }),
  );
  return { rows, rest: targets.filter((_, i) => !rows.has(i)) };
}

/** Every target's row in target order: the panel's where it has one, else the next of `others` (the rest's rows, in order). */
export function mergeScanRows(count: number, stored: StoredScan, others: readonly ScanRow[]): ScanRow[] {
  let k = 0;
  return Array.from({ length: count }, (_, i) => stored.rows.get(i) ?? others[k++]!);
}
