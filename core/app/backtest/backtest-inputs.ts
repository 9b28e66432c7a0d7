/**
 * What the backtest use cases read from a request, as plain types: the HTTP
 * schemas (adapters/http/backtest/backtest-requests.ts) parse easy_tdx's bodies
 * into these, with its field names. Trading settings ride along under their
 * own names and are checked by the engine's rules (core/backtest/config.ts).
 */
import type { AdjustMode, BarCategory, Market } from "../../bars/index.ts";
import type { StrategyParams } from "../../../ports/plugins.ts";

/** The trading settings (`commission`, `slippage`, ...), by name. */
export interface Settings {
  readonly [setting: string]: unknown;
}

/** Inline bars, or a symbol to fetch (the latest `count`, or a date range). */
export interface DataFields {
  ohlcv?: unknown[] | null;
  symbol?: string | null;
  category: BarCategory;
  count: number;
  adjust: AdjustMode;
  start_date?: string | null;
  end_date?: string | null;
}

export interface BacktestBody extends Settings, DataFields {
  strategy: string;
  params: StrategyParams;
}

export interface FormulaBacktestBody extends Settings, DataFields {
  text: string;
  params: Record<string, number>;
  buy: string;
  sell: string;
}

export interface PortfolioBody extends Settings {
  strategy: string;
  params: StrategyParams;
  stocks: string[];
  weights?: number[] | null;
  category: BarCategory;
  start_date?: string | null;
  end_date?: string | null;
  count: number;
  adjust: AdjustMode;
}

export interface MultiStrategyItem {
  strategy: string;
  strategy_label: string;
  params: StrategyParams;
  symbol: string;
  category: BarCategory;
  start_date?: string | null;
  end_date?: string | null;
}

export interface MultiStrategyBody extends Settings {
  items: MultiStrategyItem[];
  count: number;
  adjust: AdjustMode;
}

export interface FormulaScreenBody {
  text: string;
  params: Record<string, number>;
  signal: string;
  symbols?: string[] | null;
  universe: "all" | Market;
  category: BarCategory;
  count: number;
  adjust: AdjustMode;
  sort_by?: string | null;
  descending: boolean;
}
