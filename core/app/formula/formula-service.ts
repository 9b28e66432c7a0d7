/**
 * The formula endpoints' use cases (adapters/http/README.md 4.4): validate a TDX
 * formula without quotes, and evaluate it on bars the caller sends or the
 * quote server supplies (through `BarService`, as `/bars` selects them).
 * Formulas see VOL in lots (手) as TDX shows it: `/bars` volume of stocks is
 * in shares, so it is divided by 100; index volume already is in lots, and
 * inline bars are taken in whatever unit the caller used.
 */
import { type BarCategory, type AdjustMode, type BarTimeMode, classifySecurity, type Market, type BarSeries } from "../../bars/index.ts";
import {
  compileFormula,
  evaluatePlan,
  type CompiledFormula,
  formatDiagnostic,
  type FormulaValidation,
  type OutputStyle,
  periodCode,
  plotFormula,
  type PlotDrawing,
  validateFormula,
} from "../../formula/index.ts";
import type { BarAnswer, BarService } from "../bars/bar-service.ts";
import type { SecurityDirectory } from "../quotes/security-directory.ts";
import { fetchBarPages } from "./bar-pages.ts";
import { InvalidRequestError, NotFoundError } from "../app-errors.ts";

export type FormulaBars =
  | {
      readonly kind: "inline";
      readonly series: BarSeries;
      /** The records' time values as sent, under their key (`date` when they carry none). */
      readonly timeKey: "date" | "datetime";
      readonly labels: readonly unknown[] | null;
      readonly category: BarCategory;
    }
  | {
      readonly kind: "symbol";
      readonly market: Market;
      readonly code: string;
      readonly category: BarCategory;
      readonly start: number;
      readonly count: number;
      readonly adjust: AdjustMode;
      readonly barTime: BarTimeMode;
    };

export interface FormulaComputeRequest {
  readonly text: string;
  readonly params: Readonly<Record<string, number>>;
  readonly bars: FormulaBars;
  /** Detail rows of the latest N bars (0: none). */
  readonly tail: number;
  /** Also answer `plot`: every output over all bars with its drawing, and the drawing statements. */
  readonly plot?: boolean;
}

/** `plot` of the compute answer: what a chart needs to draw the formula over every evaluated bar. */
export interface FormulaPlotAnswer {
  readonly time: readonly unknown[];
  readonly lines: readonly {
    readonly name: string;
    readonly kind: "signal" | "numeric";
    readonly side: "buy" | "sell" | null;
    readonly style: OutputStyle;
    readonly values: (number | null)[];
  }[];
  readonly drawings: readonly PlotDrawing[];
}

export interface FormulaComputeAnswer {
  readonly symbol: string | null;
  readonly category: BarCategory;
  readonly count: number;
  readonly outputs: readonly { readonly name: string; readonly kind: "signal" | "numeric" }[];
  readonly signals: readonly string[];
  readonly values: readonly string[];
  readonly last_time: unknown;
  readonly last_row: Record<string, number | null>;
  readonly recent?: Record<string, unknown>[];
  /** How each output is drawn (its style words), by output name. */
  readonly styles: Record<string, OutputStyle>;
  readonly plot?: FormulaPlotAnswer;
  readonly warnings: CompiledFormula["warnings"];
  readonly future_functions: readonly string[];
  readonly adjust?: BarAnswer["adjust"];
}

const finite = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v : null);

export class FormulaService {
  constructor(
    private readonly bars: BarService,
    private readonly directory: SecurityDirectory,
  ) {}

  validate(text: string, params: Readonly<Record<string, number>>): FormulaValidation {
    return validateFormula(text, { params });
  }

  /** Compiles (the request was validated, so a failure here is a caller bug) and evaluates. */
  async compute(req: FormulaComputeRequest): Promise<FormulaComputeAnswer> {
    const compiled = compileFormula(req.text, { params: req.params, drawings: req.plot === true });
    if (!compiled.plan) throw new InvalidRequestError(compiled.errors.map(formatDiagnostic).join("\n"));
    const loaded = await this.#load(req.bars);
    const n = loaded.series.length;
    const columns = evaluatePlan(compiled.plan, loaded.series, { volUnit: loaded.volUnit, period: periodCode(req.bars.category) });
    // with `plot`, the drawings' argument columns follow the outputs
    const outputColumns = columns.slice(0, compiled.outputs.length);
    const answer: FormulaComputeAnswer = {
      symbol: req.bars.kind === "symbol" ? `${req.bars.market}:${req.bars.code}` : null,
      category: req.bars.category,
      count: n,
      outputs: compiled.outputs,
      signals: compiled.outputs.filter((o) => o.kind === "signal").map((o) => o.name),
      values: compiled.outputs.filter((o) => o.kind === "numeric").map((o) => o.name),
      last_time: n > 0 ? (loaded.labels?.[n - 1] ?? null) : null,
      last_row: Object.fromEntries(outputColumns.map((c) => [c.name, finite(c.values[n - 1])])),
      styles: Object.fromEntries(compiled.outputs.map((o, k) => [o.name, compiled.styles[k]!])),
      warnings: compiled.warnings,
      future_functions: compiled.futureFunctions,
      ...(loaded.adjust ? { adjust: loaded.adjust } : {}),
    };
    const full = req.plot ? { ...answer, plot: plotAnswer(compiled, columns, loaded.labels, n) } : answer;
    if (req.tail === 0 || outputColumns.length === 0) return full;
    const from = Math.max(0, n - req.tail);
    const recent: Record<string, unknown>[] = [];
    for (let i = from; i < n; i++) {
      const row: Record<string, unknown> = { [loaded.timeKey]: loaded.labels?.[i] ?? null };
      for (const c of outputColumns) row[c.name] = finite(c.values[i]);
      recent.push(row);
    }
    return { ...full, recent };
  }

  async #load(bars: FormulaBars): Promise<{
    series: BarSeries;
    labels: readonly unknown[] | null;
    timeKey: string;
    volUnit: number;
    adjust?: BarAnswer["adjust"];
  }> {
    if (bars.kind === "inline") return { series: bars.series, labels: bars.labels, timeKey: bars.timeKey, volUnit: 1 };
    const { market, code } = bars;
    const index = classifySecurity(market, code).kind === "index";
    const query = { market, code, category: bars.category, start: bars.start, count: bars.count, barTime: bars.barTime };
    const [paged, known] = await Promise.all([fetchBarPages((q) => (index ? this.bars.indexBars(q) : this.bars.bars(q, bars.adjust)), query), this.directory.find(market, code).catch(() => true)]);
    if (!known) throw new NotFoundError(`Unknown security ${market}:${code}`);
    return {
      series: paged.series,
      labels: paged.labels,
      timeKey: paged.timeKey,
      volUnit: index ? 1 : 100,
      ...(paged.adjust ? { adjust: paged.adjust } : {}),
    };
  }
}

function plotAnswer(compiled: CompiledFormula, columns: Parameters<typeof plotFormula>[1], labels: readonly unknown[] | null, n: number): FormulaPlotAnswer {
  const plot = plotFormula(compiled, columns);
  return {
    time: Array.from({ length: n }, (_, i) => labels?.[i] ?? null),
    lines: plot.lines.map(({ values, ...line }) => ({ ...line, values: Array.from(values, (v) => finite(v)) })),
    drawings: plot.drawings,
  };
}
