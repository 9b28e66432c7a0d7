/** Shapes of the backtest, task and strategy-library answers the web app reads (see GET /openapi.json). */
import type { Category } from "./types.ts";

export type ParamValue = number | string | boolean;
export type Params = Record<string, ParamValue>;

export interface StrategyParamInfo {
  readonly name: string;
  readonly type: "int" | "float" | "bool" | "str";
  readonly default: ParamValue | null;
  readonly label: string;
  readonly label_en?: string;
  readonly min_value?: number;
  readonly max_value?: number;
  readonly choices?: readonly string[];
  readonly description?: string;
}

export interface StrategyInfo {
  readonly name: string;
  readonly label: string;
  readonly label_en?: string;
  readonly description: string;
  readonly description_zh?: string;
  readonly params: readonly StrategyParamInfo[];
  readonly preset_grid: Readonly<Record<string, readonly ParamValue[]>>;
}

export interface StrategyList {
  readonly strategies: readonly StrategyInfo[];
  readonly count: number;
}

export type TaskStatus = "pending" | "running" | "done" | "failed" | "cancelled";

export const TERMINAL: ReadonlySet<TaskStatus> = new Set(["done", "failed", "cancelled"]);

export interface TaskSummary {
  readonly task_id: string;
  readonly kind: string;
  readonly status: TaskStatus;
  readonly description: string;
  readonly progress: number;
  readonly message: string;
  readonly created_at: number;
  readonly started_at: number | null;
  readonly finished_at: number | null;
  readonly elapsed: number;
  readonly error: string | null;
  readonly attempts: number;
}

export interface TaskState extends TaskSummary {
  readonly result: unknown;
}

export interface TaskList {
  readonly tasks: readonly TaskSummary[];
  readonly count: number;
}

export interface TaskAccepted {
  readonly task_id: string;
  readonly status: TaskStatus;
}

/** Every metric is a number or null (undefined or infinite). */
export type Performance = Readonly<Record<string, number | null>>;

export interface EquityPoint {
  readonly datetime: string;
  readonly cash: number | null;
  readonly position_value: number | null;
  readonly total: number | null;
  readonly drawdown: number | null;
  readonly drawdown_pct: number | null;
}

export interface Trade {
  readonly datetime: string;
  readonly direction: "BUY" | "SELL";
  readonly size: number | null;
  readonly price: number | null;
  readonly commission: number | null;
  readonly pnl: number | null;
  readonly rejected: boolean;
  readonly reason: string | null;
  readonly action: "open_long" | "close_long" | "open_short" | "close_short";
  readonly entry_datetime: string | null;
  readonly entry_price: number | null;
  readonly holding_days: number | null;
  readonly holding_bars: number | null;
  readonly return_pct: number | null;
}

/** The position at a bar's close (one row per bar). */
export interface PositionPoint {
  readonly datetime: string;
  readonly size: number;
  readonly avg_price: number | null;
  readonly market_value: number | null;
  readonly unrealized_pnl: number | null;
}

export interface BacktestResult {
  readonly performance: Performance;
  readonly equity_curve: readonly EquityPoint[];
  readonly trades: readonly Trade[];
  readonly positions?: readonly PositionPoint[];
  readonly config: Readonly<Record<string, unknown>> & { readonly security?: { code: string; exchange: string; board?: string; st?: boolean } };
  readonly warnings?: readonly string[];
}

export interface PortfolioResult {
  readonly total_performance: Performance;
  readonly individual_results: Readonly<Record<string, BacktestResult>>;
  readonly equity_allocation: Readonly<Record<string, number>>;
  readonly combined_equity: readonly EquityPoint[];
  readonly config: Readonly<Record<string, unknown>>;
  readonly skipped?: readonly { symbol: string; error: string }[];
}

export interface ScreenResult {
  readonly signal: string;
  readonly columns: readonly string[];
  readonly rows: readonly Readonly<Record<string, string | number | null>>[];
  readonly total: number;
  readonly matched: number;
  readonly error_count: number;
  readonly errors: readonly { symbol: string; name: string; error: string }[];
  readonly future_functions: readonly string[];
}

export type SavedKind = "single" | "portfolio" | "multi";

export interface SavedStrategyCreate {
  readonly name: string;
  readonly kind: SavedKind;
  readonly strategy: string;
  readonly strategy_label: string;
  readonly params: Params;
  readonly context: Readonly<Record<string, unknown>>;
  readonly trade_config: Readonly<Record<string, unknown>>;
  readonly snapshot: Readonly<Record<string, number | null>>;
  readonly tags: readonly string[];
  readonly notes: string;
}

export interface SavedStrategy extends SavedStrategyCreate {
  readonly id: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly app_version: string;
}

export interface SavedStrategyList {
  readonly strategies: readonly SavedStrategy[];
  readonly count: number;
}

/** One row of a multi-strategy request. */
export interface MultiItem {
  readonly strategy: string;
  readonly strategy_label: string;
  readonly params: Params;
  readonly symbol: string;
  readonly category: Category;
  readonly start_date?: string | null;
  readonly end_date?: string | null;
}

/** A `task` message of the WebSocket. */
export interface TaskEvent {
  readonly task_id: string;
  readonly status: TaskStatus;
  readonly progress: number;
  readonly message: string | null;
}
