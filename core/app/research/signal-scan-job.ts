/**
 * The signal scan (spec 4.12 rule 3): every saved strategy expanded into
 * strategy × symbol targets — a single strategy on its symbol, a portfolio's
 * strategy on each of its stocks, each item of a multi-strategy group on its
 * own symbol — and, per target, the latest signals on fresh bars read as the
 * engine reads them (core/research/signal-scan.ts). Nothing is backtested and
 * no saved entry changes. A target that cannot be scanned (a damaged entry, an
 * unknown strategy, bad parameters, no bars) becomes a row with its `error`;
 * the rest of the scan goes on. Rows are easy_tdx's SignalScanRow.
 */
import { BAR_CATEGORY_NAMES, type BarCategory, type BarSeries, formatDateTime } from "../../bars/index.ts";
import { exchangeOf } from "../../backtest/index.ts";
import { scanSignals, type Direction } from "../../research/index.ts";
import type { PluginRegistry, StrategyParams } from "../../../ports/plugins.ts";
import type { SavedStrategyKind, SavedStrategyRecord } from "../../../ports/strategy-library.ts";
import { SYMBOL_PATTERN } from "../backtest/bar-loader.ts";

/** What names a target and the row it becomes: the saved entry, the strategy and the symbol. */
interface ScanSubject {
  readonly strategy_id: string;
  readonly strategy_name: string;
  readonly kind: SavedStrategyKind;
  readonly strategy: string;
  readonly strategy_label: string;
  readonly params: StrategyParams;
  readonly symbol: string;
}

export interface ScanTarget extends ScanSubject {
  readonly category: BarCategory;
  /** The saved trade settings the engine's signal reading depends on. */
  readonly warmup_bars: number;
  readonly allow_short: boolean;
  /** Set when the entry could not be expanded into a scannable target. */
  readonly error: string | null;
}

export interface ScanRow extends ScanSubject {
  readonly category: string;
  readonly latest_signal: Direction | null;
  readonly signal_date: string | null;
  readonly recent_signals: { date: string; direction: Direction }[];
  readonly position: "holding" | "flat" | "short" | null;
  readonly last_close: number | null;
  readonly last_bar_date: string | null;
  readonly error: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** "SZ:000001" as given, or a bare six-digit code with its market inferred; undefined when neither. */
function symbolOf(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  const s = raw.trim().toUpperCase();
  if (SYMBOL_PATTERN.test(s)) return s;
  const code = s.split(":").pop()!;
  return /^\d{6}$/.test(code) ? `${exchangeOf(code)}:${code}` : undefined;
}

const categoryOf = (raw: unknown): BarCategory | undefined => (raw === undefined || raw === null ? "DAY" : BAR_CATEGORY_NAMES.find((c) => c === String(raw).toUpperCase()));

export function expandTargets(records: readonly SavedStrategyRecord[]): ScanTarget[] {
  return records.flatMap((r): ScanTarget[] => {
    const tc = r.trade_config ?? {};
    const common = {
      strategy_id: r.id,
      strategy_name: r.name,
      kind: r.kind,
      warmup_bars: typeof tc.warmup_bars === "number" && Number.isInteger(tc.warmup_bars) && tc.warmup_bars >= 0 ? tc.warmup_bars : 0,
      allow_short: tc.allow_short === true,
    };
    const broken = (message: string): ScanTarget => ({
      ...common,
      strategy: r.strategy,
      strategy_label: r.strategy_label,
      params: {},
      symbol: "",
      category: "DAY",
      error: message,
    });
    const target = (strategy: unknown, label: unknown, params: unknown, rawSymbol: unknown, rawCategory: unknown): ScanTarget => {
      const symbol = symbolOf(rawSymbol);
      const category = categoryOf(rawCategory);
      if (typeof strategy !== "string" || strategy === "") return broken("missing strategy");
      if (symbol === undefined) return { ...broken(`bad symbol ${JSON.stringify(rawSymbol ?? null)}`), strategy };
      if (category === undefined) return { ...broken(`bad category ${JSON.stringify(rawCategory)}`), strategy, symbol };
      return {
        ...common,
        strategy,
        strategy_label: typeof label === "string" ? label : "",
        params: (isObject(params) ? params : {}) as StrategyParams,
        symbol,
        category,
        error: null,
      };
    };
    const ctx = isObject(r.context) ? r.context : {};
    if (r.kind === "multi") {
      if (!Array.isArray(ctx.items) || ctx.items.length === 0) return [broken("the group has no items (damaged entry)")];
      return ctx.items.map((item) => (isObject(item) ? target(item.strategy, item.strategy_label, item.params, item.symbol, item.category) : broken("damaged group item")));
    }
    const symbols = r.kind === "portfolio" && Array.isArray(ctx.stocks) && ctx.stocks.length > 0 ? ctx.stocks : [ctx.symbol];
    return symbols.map((s) => target(r.strategy, r.strategy_label, r.params, s, ctx.category));
  });
}

/** The key of a target's bars: one fetch per distinct (symbol, category). */
export const seriesKey = (t: Pick<ScanTarget, "symbol" | "category">): string => `${t.symbol}|${t.category}`;

export interface ScanBatch {
  readonly window: number;
  readonly targets: readonly ScanTarget[];
  /** Bars by series key; a key without bars could not be fetched (its message instead). */
  readonly series: Readonly<Record<string, BarSeries | string>>;
}

function row(t: ScanTarget, fields: Partial<ScanRow>): ScanRow {
  return {
    strategy_id: t.strategy_id,
    strategy_name: t.strategy_name,
    kind: t.kind,
    strategy: t.strategy,
    strategy_label: t.strategy_label,
    params: t.params,
    symbol: t.symbol,
    category: t.category,
    latest_signal: null,
    signal_date: null,
    recent_signals: [],
    position: null,
    last_close: null,
    last_bar_date: null,
    error: null,
    ...fields,
  };
}

/** easy_tdx's signal dates: `str(timestamp)[:16]`, "YYYY-MM-DD HH:MM" for every bar size (web/signal_scan.py lines 245, 257). */
const scanDate = (t: number): string => formatDateTime(t);

function scanOne(registry: PluginRegistry, t: ScanTarget, window: number, bars: BarSeries | string | undefined): ScanRow {
  if (t.error !== null) return row(t, { error: t.error });
  if (bars === undefined || typeof bars === "string") return row(t, { error: bars ?? "no bars" });
  if (bars.length === 0) return row(t, { error: "no bars (suspended, delisted or a bad code)" });
  const plugin = registry.strategies.get(t.strategy);
  if (!plugin) return row(t, { error: `unknown strategy ${t.strategy} (saved by another version?)` });
  const parsed = plugin.params.safeParse(t.params);
  if (!parsed.success) return row(t, { error: `bad parameters: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}` });
  try {
    const scan = scanSignals(plugin.signals(bars, parsed.data), window, t.warmup_bars, t.allow_short);
    const recent = scan.recent.map((s) => ({ date: scanDate(bars.time[s.bar]!), direction: s.direction }));
    const last = recent[recent.length - 1];
    const close = bars.close[bars.length - 1]!;
    return row(t, {
      latest_signal: last?.direction ?? null,
      signal_date: last?.date ?? null,
      recent_signals: recent,
      position: scan.position > 0 ? "holding" : scan.position < 0 ? "short" : "flat",
      last_close: Number.isFinite(close) ? close : null,
      last_bar_date: scanDate(bars.time[bars.length - 1]!),
    });
  } catch (e) {
    return row(t, { error: (e as Error).message });
  }
}

export function scanBatch(registry: PluginRegistry, b: ScanBatch): ScanRow[] {
  return b.targets.map((t) => scanOne(registry, t, b.window, t.error === null ? b.series[seriesKey(t)] : undefined));
}
