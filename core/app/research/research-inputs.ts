/**
 * What the research use cases read from a request, as plain types: the HTTP
 * schemas (adapters/http/research/research-requests.ts, run-all-requests.ts)
 * parse easy_tdx's bodies into these. Trading settings ride along by name.
 */
import type { AdjustMode, BarCategory } from "../../bars/index.ts";
import type { CombinationMode } from "../../backtest/index.ts";
import type { GateKey } from "../../research/index.ts";
import type { StrategyParams } from "../../../ports/plugins.ts";
import type { DataFields, Settings } from "../backtest/backtest-inputs.ts";

/** Values to search per parameter. */
export type GridValues = Record<string, (number | string | boolean)[]>;

interface Ranked {
  /** The metric the ranking is sorted by. */
  objective: string;
  min_trades: number;
}

export interface OptimizeBody extends Settings, DataFields, Ranked {
  strategy: string;
  param_grid?: GridValues | null;
  params: StrategyParams;
}

export interface OptimizeAllBody extends Settings, DataFields, Ranked {
  strategies?: string[] | null;
}

export interface RunAllBody extends Settings, DataFields, Ranked {
  strategies?: string[] | null;
  combo_sizes: number[];
  combo_mode: CombinationMode;
}

export interface WalkForwardBody extends Settings, DataFields {
  strategy: string;
  params: StrategyParams;
  param_grid?: GridValues | null;
  objective: string;
  in_sample_ratio: number;
  anchored: boolean;
  context_bars: number;
}

/** A pool of stocks fetched alike. */
interface Pool {
  stocks: string[];
  category: BarCategory;
  count: number;
  adjust: AdjustMode;
  start_date?: string | null;
  end_date?: string | null;
}

export interface MultiSeedBody extends Settings, Pool {
  strategy: string;
  params: StrategyParams;
  n_seeds: number;
  seeds?: number[] | null;
  sample_size?: number | null;
  window_ratio: number;
  gates: Record<GateKey, number>;
}

export interface RotationBody extends Settings, Pool {
  score: "momentum" | "formula";
  period: number;
  formula_text?: string | null;
  score_col?: string | null;
  slots: number;
  keep_rank?: number | null;
  refresh: "daily" | "weekly" | "monthly";
  take_profit?: number | null;
  stop_loss?: number | null;
}

export interface SignalScanBody {
  window_bars: number;
}
