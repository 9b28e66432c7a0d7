/** Calls of the backtest, task and strategy-library endpoints (one function per endpoint), through the typed client. */
import { api, call, query, type RequestOptions, runTimeApi } from "./http.ts";
import type { SavedHoldings, SavedStrategy, SavedStrategyCreate, SavedStrategyList, StrategyList, TaskAccepted, TaskList, TaskState, TaskSummary } from "./backtest-types.ts";

type Pending = Promise<{ data?: unknown; error?: unknown; response: Response }>;
/** An answer as the page reads it (backtest-types.ts); the request is checked against the generated types. */
const as = <T>(pending: Pending, opts?: RequestOptions) => call(pending, opts) as Promise<unknown> as Promise<T>;

export const backtestStrategies = () => as<StrategyList>(api.GET("/api/v1/backtest/strategies"));

/** The background submissions: each answers 202 with a task id. */
export const SUBMIT_PATHS = {
  backtest: "/api/v1/backtest/run/async",
  portfolio: "/api/v1/backtest/portfolio/run/async",
  multi: "/api/v1/backtest/multi-strategy/run/async",
  formulaScreen: "/api/v1/formula/screen/run/async",
  signalScan: "/api/v1/backtest/signal-scan/run/async",
  optimize: "/api/v1/backtest/optimize/run/async",
  optimizeAll: "/api/v1/backtest/optimize-all/run/async",
  walkForward: "/api/v1/backtest/wf/run/async",
  evaluate: "/api/v1/backtest/evaluate/run/async",
  multiSeed: "/api/v1/backtest/multiseed/run/async",
  rotation: "/api/v1/backtest/rotation/run/async",
} as const;

export type SubmitKind = keyof typeof SUBMIT_PATHS;

/**
 * `params` go in the query (the walk-forward and evaluation take `n_windows` there).
 * The forms build their bodies from the strategy schemas at run time, so the body is checked by the route.
 */
export const submitTask = (kind: SubmitKind, body: unknown, params: Record<string, number> = {}) => as<TaskAccepted>(runTimeApi.POST(SUBMIT_PATHS[kind], { body, params: { query: params } }));

export const taskList = (limit: number, opts?: RequestOptions) => as<TaskList>(api.GET("/api/v1/backtest/tasks", { params: { query: { limit } }, signal: opts?.signal }), opts);
export const taskState = (id: string, opts?: RequestOptions) => as<TaskState>(api.GET("/api/v1/backtest/tasks/{task_id}", { params: { path: { task_id: id } }, signal: opts?.signal }), opts);
export const cancelTask = (id: string) => as<TaskSummary>(api.DELETE("/api/v1/backtest/tasks/{task_id}", { params: { path: { task_id: id } } }));
/** Address of a finished task's export (a download, so a plain link). */
export const taskExportUrl = (id: string, format: "csv" | "json") => `/api/v1/backtest/tasks/${encodeURIComponent(id)}/export${query({ format })}`;

export const savedStrategies = (opts?: RequestOptions) => as<SavedStrategyList>(api.GET("/api/v1/strategies", { signal: opts?.signal }), opts);
export const savedStrategy = (id: string) => as<SavedStrategy>(api.GET("/api/v1/strategies/{strategy_id}", { params: { path: { strategy_id: id } } }));
/** What a saved strategy holds today: rerun up to the latest bar by the server (GET /strategies/{id}/holdings). */
export const savedHoldings = (id: string, opts?: RequestOptions) =>
  as<SavedHoldings>(api.GET("/api/v1/strategies/{strategy_id}/holdings", { params: { path: { strategy_id: id } }, signal: opts?.signal }), opts);
export const saveStrategy = ({ tags, ...rest }: SavedStrategyCreate) => as<SavedStrategy>(api.POST("/api/v1/strategies", { body: { ...rest, ...(tags ? { tags: [...tags] } : {}) } }));
export const deleteSavedStrategy = (id: string) => as<Record<string, string>>(api.DELETE("/api/v1/strategies/{strategy_id}", { params: { path: { strategy_id: id } } }));
