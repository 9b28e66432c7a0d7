/**
 * The market-wide jobs over the store panel (issue 21), loaded by every worker
 * thread and `npm run worker` beside the other job modules: each job carries a
 * panel reference and a chunk of symbols, loads (or reuses) its thread's panel
 * through the panel loader its thread's context carries (the store's, in
 * adapters/store/store-panel.ts) and runs the same per-security code as
 * the jobs fed by the bar loader — the formula screen's batch, the signal scan's
 * batch, the rotation — on the panel's bars, adjusted as /bars adjusts them.
 * So a chunk's answer does not depend on where its bars came from.
 */
import { adjustedWindow, type AdjustedRows, type BarPanel, panelRows, type PanelWindow, type AdjustMode, type BarSeries } from "../../bars/index.ts";
import type { BacktestConfig, SecurityInfo } from "../../backtest/index.ts";
import type { RotationOptions } from "../../research/index.ts";
import type { LoadPanel, PanelRef } from "../../../ports/market-panel.ts";
import type { PluginRegistry } from "../../../ports/plugins.ts";
import type { JobHandler } from "../../../ports/task-runner.ts";
import { screenBatch, type ScreenBatch } from "../backtest/formula-screen.ts";
import type { Skipped } from "../backtest/backtest-tasks.ts";
import { rotate, type RotationScore } from "../research/rotation-job.ts";
import type { StoredRotation } from "../research/market-rotation.ts";
import { scanBatch, seriesKey, type ScanTarget } from "../research/signal-scan-job.ts";

export interface MarketScreenJob extends Omit<ScreenBatch, "items"> {
  readonly ref: PanelRef;
  readonly items: readonly { readonly symbol: string; readonly name: string }[];
  readonly count: number;
  readonly adjust: AdjustMode;
}

export interface MarketScanJob {
  readonly ref: PanelRef;
  readonly window: number;
  readonly targets: readonly ScanTarget[];
  readonly count: number;
}

/** A rotation's stored part (market-rotation.ts) with the members given by the submission and the run's settings. */
export interface MarketRotationJob extends StoredRotation {
  /** Members whose bars came with the submission. */
  readonly given: readonly { readonly key: string; readonly security: SecurityInfo; readonly bars: BarSeries }[];
  readonly config: BacktestConfig;
  readonly options: RotationOptions;
  readonly score: RotationScore;
}

/** A panel with its row index and the rows adjusted so far, kept beside it for the thread's later jobs (and dropped with it). */
interface PanelUse {
  readonly panel: BarPanel;
  readonly rows: Map<string, number>;
  readonly adjusted: AdjustedRows;
}
const uses = new WeakMap<BarPanel, PanelUse>();

async function panelOf(load: LoadPanel, ref: PanelRef): Promise<PanelUse> {
  const panel = await load(ref);
  let use = uses.get(panel);
  if (!use) uses.set(panel, (use = { panel, rows: panelRows(panel), adjusted: new Map() }));
  return use;
}

/** `symbol`'s bars for `w`, adjusted; a message when the panel lacks them (the store changed since the job was planned). */
function barsOf(p: PanelUse, symbol: string, w: PanelWindow, adjust: AdjustMode): BarSeries | string {
  const i = p.rows.get(symbol);
  const bars = i === undefined ? undefined : adjustedWindow(p.panel, i, w, adjust, p.adjusted);
  return bars ?? `${symbol}: not in the market store's panel`;
}

export async function screenFromPanel(load: LoadPanel, job: MarketScreenJob) {
  const p = await panelOf(load, job.ref);
  const items = job.items.map((it) => ({ ...it, bars: barsOf(p, it.symbol, { count: job.count }, job.adjust) }));
  const ok = items.filter((it): it is typeof it & { bars: BarSeries } => typeof it.bars !== "string");
  const outcomes = new Map(screenBatch({ text: job.text, params: job.params, signal: job.signal, items: ok }).map((o) => [o.symbol, o]));
  return items.map((it) => outcomes.get(it.symbol) ?? { symbol: it.symbol, name: it.name, error: it.bars as string });
}

export async function scanFromPanel(load: LoadPanel, registry: PluginRegistry, job: MarketScanJob) {
  const p = await panelOf(load, job.ref);
  const series: Record<string, BarSeries | string> = {};
  for (const t of job.targets) if (t.error === null) series[seriesKey(t)] ??= barsOf(p, t.symbol, { count: job.count }, "QFQ");
  return scanBatch(registry, { window: job.window, targets: job.targets, series });
}

/** The rotation over panel and given members, and the panel members skipped for too few bars (in `order`). */
export async function rotateFromPanel(load: LoadPanel, job: MarketRotationJob) {
  const p = await panelOf(load, job.ref);
  const given = new Map(job.given.map((g) => [g.key, g]));
  const skipped: Skipped[] = [];
  const members = job.order.flatMap((key) => {
    const g = given.get(key);
    if (g) return [g];
    const security = job.members[key];
    if (!security) return [];
    const bars = barsOf(p, key, job.bars, job.adjust);
    if (typeof bars === "string") return (skipped.push({ symbol: key, error: bars }), []);
    if (bars.length < 2) return (skipped.push({ symbol: key, error: `${key}: ${bars.length} bar(s) in the requested range; a backtest needs at least 2` }), []);
    return [{ key, security, bars }];
  });
  if (members.length < 2) throw new RangeError(`Bars for ${members.length} of the stocks; at least 2 needed`);
  return { result: rotate({ members, config: job.config, options: job.options, score: job.score }), skipped };
}

export function createJobs({ registry, loadPanel }: { registry: PluginRegistry; loadPanel: LoadPanel }): Record<string, JobHandler> {
  return {
    "market.screen": (job: MarketScreenJob) => screenFromPanel(loadPanel, job),
    "market.scan": (job: MarketScanJob) => scanFromPanel(loadPanel, registry, job),
    "market.rotation": (job: MarketRotationJob) => rotateFromPanel(loadPanel, job),
  };
}
