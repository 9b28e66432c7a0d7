/** Typed calls of the backtest, task and strategy-library endpoints (one function per endpoint). */
import { get, post, query, request, type RequestOptions } from "./http.ts";
import type { SavedStrategy, SavedStrategyCreate, SavedStrategyList, StrategyList, TaskAccepted, TaskList, TaskState, TaskSummary } from "./backtest-types.ts";

export const backtestStrategies = () => get<StrategyList>("/api/v1/backtest/strategies");

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

/** `params` go in the query (the walk-forward and evaluation take `n_windows` there). */
export const submitTask = (kind: SubmitKind, body: unknown, params: Record<string, number> = {}) => post<TaskAccepted>(`${SUBMIT_PATHS[kind]}${query(params)}`, body);

export const taskList = (limit: number, opts?: RequestOptions) => get<TaskList>(`/api/v1/backtest/tasks${query({ limit })}`, opts);
export const taskState = (id: string, opts?: RequestOptions) => get<TaskState>(`/api/v1/backtest/tasks/${encodeURIComponent(id)}`, opts);
export const cancelTask = (id: string) => request<TaskSummary>("DELETE", `/api/v1/backtest/tasks/${encodeURIComponent(id)}`);
/** Address of a finished task's export (a download, so a plain link). */
export const taskExportUrl = (id: string, format: "csv" | "json") => `/api/v1/backtest/tasks/${encodeURIComponent(id)}/export${query({ format })}`;

export const savedStrategies = (opts?: RequestOptions) => get<SavedStrategyList>("/api/v1/strategies", opts);
export const savedStrategy = (id: string) => get<SavedStrategy>(`/api/v1/strategies/${encodeURIComponent(id)}`);
export const saveStrategy = (body: SavedStrategyCreate) => post<SavedStrategy>("/api/v1/strategies", body);
export const deleteSavedStrategy = (id: string) => request<Record<string, string>>("DELETE", `/api/v1/strategies/${encodeURIComponent(id)}`);
