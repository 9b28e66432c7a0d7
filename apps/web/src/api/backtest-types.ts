/**
 * Shapes of the backtest, task and strategy-library answers the web app reads:
 * the generated OpenAPI types (apps/client/openapi-types.ts) under the names
 * the pages use; a `Pick` names the fields the pages read. Answers carry every
 * defaulted field (`Required`); the generated types leave them optional, as a
 * request may.
 */
import type { Schemas } from "./http.ts";

export type ParamValue = NonNullable<Schemas["MultiStrategyItem"]["params"]>[string];
export type Params = Record<string, ParamValue>;

export type StrategyParamInfo = Omit<Schemas["StrategyParam"], "input" | "max_length">;
export type StrategyInfo = Pick<Schemas["StrategySchema"], "name" | "label" | "description" | "preset_grid"> &
  Partial<Pick<Schemas["StrategySchema"], "label_en" | "description_zh">> & { readonly params: readonly StrategyParamInfo[] };
export type StrategyList = Schemas["StrategySchemaResponse"];
export type TaskStatus = Schemas["TaskSummary"]["status"];

export const TERMINAL: ReadonlySet<TaskStatus> = new Set(["done", "failed", "cancelled"]);

export type TaskSummary = Schemas["TaskSummary"];
export type TaskState = Schemas["TaskStateResponse"];
export type TaskList = Schemas["TaskListResponse"];
export type TaskAccepted = Schemas["TaskSubmitResponse"];

/** Every metric is a number or null (undefined or infinite); the pages look them up by name. */
export type Performance = Readonly<Partial<Schemas["Performance"]>> & Readonly<Record<string, number | null>>;
export type EquityPoint = Schemas["EquityPoint"];
/** The position at a bar's close (one row per bar). */
export type PositionPoint = Schemas["Position"];
export type Trade = Omit<Schemas["Trade"], "slippage" | "cost_basis" | "brokerage" | "stamp_tax" | "transfer_fee">;

/** `config` carries the resolved `security`, as the schema's description says. */
export type BacktestResult = Omit<Schemas["BacktestResultResponse"], "performance" | "trades" | "positions" | "config"> & {
  readonly performance: Performance;
  readonly trades: readonly Trade[];
  readonly positions?: readonly PositionPoint[];
  readonly config: Readonly<Record<string, unknown>> & { readonly security?: { code: string; exchange: string; board?: string; st?: boolean } };
  readonly warnings?: readonly string[];
};
export type PortfolioResult = Omit<Schemas["PortfolioResult"], "total_performance" | "individual_results"> & {
  readonly total_performance: Performance;
  readonly individual_results: Readonly<Record<string, BacktestResult>>;
};

/** The formula screen's task result (FormulaScreenResult, which the task routes describe in prose only). */
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

export type SavedStrategyCreate = Omit<Schemas["SavedStrategyCreate"], "tags"> & { readonly tags?: readonly string[] };
export type SavedKind = SavedStrategyCreate["kind"];
export type SavedStrategy = Required<Schemas["SavedStrategy"]>;
export type SavedStrategyList = Schemas["SavedStrategyListResponse"];
export type SavedHoldings = Schemas["SavedHoldingsResponse"];
/** One row of a multi-strategy request. */
export type MultiItem = Schemas["MultiStrategyItem"];

/** A `task` message of the WebSocket (outside the OpenAPI document, which describes HTTP). */
export interface TaskEvent {
  readonly task_id: string;
  readonly status: TaskStatus;
  readonly progress: number;
  readonly message: string | null;
}
