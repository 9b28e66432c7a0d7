import type { z } from "zod";
import type { BarField, BarSeries } from "../core/bars/index.ts";
import type { SeriesMemo } from "../core/research/index.ts";

/** A numeric parameter of an indicator, with TDX's default. */
export interface IndicatorParam {
  readonly name: string;
  readonly default: number;
  readonly min?: number;
  readonly max?: number;
  readonly description?: string;
}

/** A technical indicator computed over a whole bar series. */
export interface IndicatorPlugin {
  readonly kind: "indicator";
  /** Upper-case id as TDX names it (`MACD`, `KDJ`, ...). */
  readonly id: string;
  /**
   * Position in listings (`/indicator/list`, `/backtest/strategies`), which go by
   * `order`, then id: built-ins carry TDX's menu order and easy_tdx's list order;
   * plugins without one come after them.
   */
  readonly order?: number;
  /** Display name as TDX writes it (Chinese, the wire's `title`). */
  readonly title: string;
  /** The display name in English, for the web app's English mode. */
  readonly titleEn?: string;
  readonly description?: string;
  readonly params: readonly IndicatorParam[];
  /** Output column names in order (`DIF`, `DEA`, `MACD`). */
  readonly outputs: readonly string[];
  /**
   * A formula-defined indicator's TDX text (parameters by name) and the bar
   * fields it reads (plugins/indicators/formula-indicator.ts); such a plugin
   * takes its output columns from `allocate` when given one.
   */
  readonly formula?: string;
  readonly inputs?: readonly BarField[];
  compute(series: BarSeries, params: Readonly<Record<string, number>>, allocate?: (n: number) => Float64Array): Record<string, Float64Array>;
}

/** Per-bar decisions of a strategy: 1 where the signal fires on that bar's close. */
export interface StrategySignals {
  readonly entries: Uint8Array;
  readonly exits: Uint8Array;
}

export type StrategyParamValue = number | boolean | string;
export type StrategyParams = Record<string, StrategyParamValue>;

/** A trading strategy: a pure function from bars to entry/exit signals. */
export interface StrategyPlugin<P extends StrategyParams = StrategyParams> {
  readonly kind: "strategy";
  readonly id: string;
  /**
   * Position in listings (`/indicator/list`, `/backtest/strategies`), which go by
   * `order`, then id: built-ins carry TDX's menu order and easy_tdx's list order;
   * plugins without one come after them.
   */
  readonly order?: number;
  /** Display name in Chinese (easy_tdx's `label`). */
  readonly title: string;
  /** What it does, in English (the wire's `description`). */
  readonly description: string;
  /** The display name in English and the description in Chinese, for the web app's other language. */
  readonly titleEn?: string;
  readonly descriptionZh?: string;
  /** Parameter schema (each field's meta `title` in Chinese, `title_en` in English) with defaults and bounds; `parse({})` gives the defaults. */
  readonly params: z.ZodType<P>;
  /** Points searched by optimisation when the request gives no grid. */
  readonly defaultGrid: { readonly [K in keyof P]?: readonly P[K][] };
  /**
   * Signals on `series`. A sweep passes a `memo` bound to `series` so that
   * indicator columns shared by many parameter sets are computed once; without
   * one everything is computed afresh. The flags are the same either way.
   */
  signals(series: BarSeries, params: P, memo?: SeriesMemo): StrategySignals;
}

/** An external data source (announcements, reports, ...); `create` builds the adapter. */
export interface DataSourcePlugin<T = unknown, D = unknown> {
  readonly kind: "datasource";
  readonly id: string;
  readonly title: string;
  create(deps: D): T;
}

export type Plugin = IndicatorPlugin | StrategyPlugin<any> | DataSourcePlugin<any, any>;

/** Everything registered at start-up, looked up by kind and id. */
export interface PluginRegistry {
  readonly indicators: ReadonlyMap<string, IndicatorPlugin>;
  readonly strategies: ReadonlyMap<string, StrategyPlugin<any>>;
  readonly dataSources: ReadonlyMap<string, DataSourcePlugin<any, any>>;
}
