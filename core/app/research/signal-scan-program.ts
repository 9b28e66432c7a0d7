/**
 * The signal scan task: bars are fetched once per distinct (symbol, category),
 * the latest 800 (QFQ), several at a time through the quote connection pool; a
 * fetch failure becomes the error of the rows that needed it. The targets are
 * then scanned in batches on the job pool, each batch carrying only its bars.
 */
import type { BarSeries } from "../../bars/index.ts";
import type { TaskProgram } from "../../../ports/task-runner.ts";
import type { BarLoader } from "../backtest/bar-loader.ts";
import { fanOut } from "./fan-out.ts";
import type { MarketPanels } from "../../../ports/market-panel.ts";
import { chunkRanges } from "../../research/index.ts";
import { mergeScanRows, scanStored } from "../../../core/app/research/market-scan.ts";
import { seriesKey, type ScanBatch, type ScanRow, type ScanTarget } from "./signal-scan-job.ts";
import { fillTemplate, TASK_MESSAGES } from "../../text/index.ts";

export const SCAN_BARS = 800;
/** Bar fetches in flight at once. */
const FETCHES = 8;

export interface SignalScanTaskInput {
  readonly window: number;
  readonly targets: readonly ScanTarget[];
}

export function signalScan(loader: BarLoader, panels?: MarketPanels): TaskProgram<SignalScanTaskInput> {
  return {
    async run(input, ctx) {
      const started = performance.now();
      const stored = await scanStored(panels, input.targets, input.window, SCAN_BARS, ctx);
      const targets = stored.rest;
      const wanted = new Map<string, ScanTarget>();
      for (const t of targets) if (t.error === null) wanted.set(seriesKey(t), t);
      const series: Record<string, BarSeries | string> = {};
      let fetched = 0;
      await fanOut(
        ctx,
        [...wanted],
        async ([key, t]) => {
          series[key] = await loader.fetch(t.symbol, { category: t.category, count: SCAN_BARS, adjust: "QFQ" }).catch((e: Error) => `bars not fetched: ${e.message}`);
        },
        () => ctx.progress((0.8 * ++fetched) / wanted.size, fillTemplate(TASK_MESSAGES.fetched, { done: fetched, total: wanted.size })),
        FETCHES,
      );
      const batches: ScanBatch[] = chunkRanges(targets.length, ctx.pool.size * 2).map(([from, to]) => {
        const part = targets.slice(from, to);
        const mine = Object.fromEntries(part.filter((t) => t.error === null).map((t) => [seriesKey(t), series[seriesKey(t)]!]));
        return { window: input.window, targets: part, series: mine };
      });
      let scanned = 0;
      const others = (
        await fanOut(
          ctx,
          batches,
          (b) => ctx.pool.run<ScanRow[]>("research.scan", b, { signal: ctx.signal }),
          () => ctx.progress(0.8 + (0.2 * ++scanned) / batches.length, fillTemplate(TASK_MESSAGES.scanned, { done: scanned, total: batches.length })),
        )
      ).flat();
      const rows = mergeScanRows(input.targets.length, stored, others);
      const has = (r: ScanRow, d: "BUY" | "SELL") => r.recent_signals.some((s) => s.direction === d);
      return {
        rows,
        total: rows.length,
        buy_count: rows.filter((r) => has(r, "BUY")).length,
        sell_count: rows.filter((r) => has(r, "SELL")).length,
        error_count: rows.filter((r) => r.error !== null).length,
        elapsed: Math.round(performance.now() - started) / 1000,
      };
    },
  };
}
