/**
 * The indicator endpoints' use cases (adapters/http/README.md 4.10) over the plugin
 * registry: describe every indicator, and compute requested ones on
 * caller-supplied bars. Column names carry the indicator id (`MACD_DIF`,
 * `KDJ_K`) because outputs of different indicators share names (MACD's and
 * DMA's DIF, MA's and CR's MA1); an output named like its indicator keeps
 * the bare id (`MACD`, `CCI`), as easy_tdx names its single-line indicators.
 */
import type { BarSeries } from "../../bars/index.ts";
import { ColumnArena, type IndicatorRequest, type Result, resolveIndicatorRequests } from "../../indicators/index.ts";
import type { IndicatorPlugin, PluginRegistry } from "../../../ports/plugins.ts";
import type { OhlcvRecords } from "../bars/ohlcv-records.ts";

export interface IndicatorInfo {
  /** easy_tdx's key for the id. */
  readonly name: string;
  readonly id: string;
  readonly title: string;
  /** The display name in English (the web app's English mode); the title when the plugin has none. */
  readonly title_en: string;
  readonly description: string;
  readonly params: { name: string; default: number; min: number | null; max: number | null; description: string | null }[];
  /** easy_tdx's field: `{name: default}`. */
  readonly default_params: Record<string, number>;
  /** Column names in compute tables, in order. */
  readonly outputs: string[];
  /** The indicator's own line names (TDX's), in the same order. */
  readonly lines: string[];
  /** Bar fields read (formula-defined indicators). */
  readonly inputs: string[] | null;
  /** The TDX formula text that defines it, parameters by name. */
  readonly formula: string | null;
}

interface IndicatorColumn {
  readonly name: string;
  readonly values: Float64Array;
}

/** A column of the compute table: numbers computed on, or input values passed through. */
export interface TableColumn {
  readonly name: string;
  readonly values: Float64Array | readonly unknown[];
}

export interface IndicatorTable {
  readonly columns: readonly TableColumn[];
  readonly rows: number;
}

const indicatorColumn = (id: string, line: string) => (line === id ? id : `${id}_${line}`);

export interface FrameRequest {
  readonly records: OhlcvRecords;
  readonly requests: readonly IndicatorRequest[];
  /** Keep every input key (else only the time key). */
  readonly keepOhlcv: boolean;
  /** Only the last N rows (computed over all). */
  readonly tail?: number | null;
}

export class IndicatorService {
  /**
   * Output columns of a request live here until its answer is written (in the
   * same synchronous call), so requests reuse memory instead of paging in
   * fresh columns.
   */
  readonly #arena = new ColumnArena();

  constructor(private readonly registry: PluginRegistry) {}

  list(): IndicatorInfo[] {
    return [...this.registry.indicators.values()].map((p) => describe(p));
  }

  /** Indicator names (`MACD`, `MACD(12,26,9)`) and the structured params map, checked; problems are located. */
  resolve(indicators: readonly string[], params: Readonly<Record<string, Readonly<Record<string, number>>>> | null | undefined): Result<IndicatorRequest[]> {
    return resolveIndicatorRequests(indicators, params ?? undefined, (id) => this.registry.indicators.get(id));
  }

  /**
   * The `/indicator/compute` table: the kept input keys (first-seen order; an
   * input key named like an output column gives way), then every output
   * column. Output columns live in the arena until the next call, so the
   * caller writes the table out before it computes another.
   */
  frame(req: FrameRequest): IndicatorTable {
    const { rows, series, timeKey: key } = req.records;
    this.#arena.reset();
    const columns = this.#columns(series, req.requests);
    const names = new Set(columns.map((col) => col.name));
    const echoed = req.keepOhlcv ? inputKeys(rows) : key ? [key] : [];
    const from = req.tail ? Math.max(0, rows.length - req.tail) : 0;
    const kept = rows.slice(from);
    // The OHLCV fields are echoed as the numbers computed on (they may arrive as numeric strings).
    const parsed: Record<string, Float64Array> = { open: series.open, high: series.high, low: series.low, close: series.close, vol: series.vol, amount: series.amount };
    const table: TableColumn[] = [
      ...echoed.filter((k) => !names.has(k)).map((k): TableColumn => (parsed[k] ? { name: k, values: parsed[k].subarray(from) } : { name: k, values: kept.map((row) => row[k] ?? null) })),
      ...columns.map((col) => ({ name: col.name, values: col.values.subarray(from) })),
    ];
    return { columns: table, rows: kept.length };
  }

  /** Every output column of the resolved requests, in request order, formula plugins' from the arena. */
  #columns(series: BarSeries, requests: readonly IndicatorRequest[]): IndicatorColumn[] {
    return requests.flatMap((r) => {
      const p = this.registry.indicators.get(r.id)!;
      const lines = p.formula !== undefined ? p.compute(series, r.params, this.#arena.take) : p.compute(series, r.params);
      return p.outputs.map((line) => ({ name: indicatorColumn(p.id, line), values: lines[line]! }));
    });
  }
}

/** Keys of the records in first-seen order. */
function inputKeys(rows: readonly Record<string, unknown>[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) for (const k of Object.keys(row)) keys.add(k);
  return [...keys];
}

function describe(p: IndicatorPlugin): IndicatorInfo {
  return {
    name: p.id,
    id: p.id,
    title: p.title,
    title_en: p.titleEn ?? p.title,
    description: p.description ?? p.title,
    params: p.params.map((q) => ({
      name: q.name,
      default: q.default,
      min: q.min ?? null,
      max: q.max ?? null,
      description: q.description ?? null,
    })),
    default_params: Object.fromEntries(p.params.map((q) => [q.name, q.default])),
    outputs: p.outputs.map((line) => indicatorColumn(p.id, line)),
    lines: [...p.outputs],
    inputs: p.formula !== undefined && p.inputs ? [...p.inputs] : null,
    formula: p.formula ?? null,
  };
}
