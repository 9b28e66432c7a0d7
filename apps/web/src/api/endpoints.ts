/** Typed calls of the service's endpoints the pages use (one function per endpoint). */
import { get, post, query, type RequestOptions } from "./http.ts";
import { stockBarsInLots } from "../market/volume-unit.ts";
import type {
  Adjust,
  AuthStatus,
  BarRow,
  BoardRankRow,
  Category,
  ChanResult,
  FormulaComputation,
  FormulaPlot,
  FormulaValidation,
  Frame,
  HostInfo,
  HostList,
  IndicatorInfo,
  LeaderRow,
  Market,
  MarketSession,
  MarketStat,
  MinuteRow,
  QuoteRow,
  SecurityRow,
  StrengthRow,
  SwitchResult,
  TickRow,
} from "./types.ts";

export interface Sym {
  readonly market: Market;
  readonly code: string;
}

const quiet: RequestOptions = { quiet: true };

export const authStatus = () => get<AuthStatus>("/api/auth/status", quiet);
export const authSetup = (password: string) => post<{ ok: boolean }>("/api/auth/setup", { password }, quiet);
export const authLogin = (password: string) => post<{ ok: boolean }>("/api/auth/login", { password }, quiet);
export const authLogout = () => post<{ ok: boolean }>("/api/auth/logout", {}, quiet);
export const authChangePassword = (old_password: string, new_password: string) =>
  post<{ ok: boolean; message: string }>("/api/auth/change-password", { old_password, new_password }, quiet);

/** A JSON Schema as the OpenAPI document writes it (only the parts the pages read). */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly default?: unknown;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly anyOf?: readonly JsonSchema[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
}

export interface ApiDocument {
  /** Paths the running server documents, as `METHOD /path`. */
  readonly routes: ReadonlySet<string>;
  /** Its component schemas by name (request bodies, the Performance metrics with their definitions). */
  readonly schemas: Readonly<Record<string, JsonSchema>>;
}

/** The server's OpenAPI document, reduced to what the pages read (it is outside the gate). */
export async function apiDocument(): Promise<ApiDocument> {
  const doc = await get<{ paths?: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, JsonSchema> } }>("/openapi.json");
  const routes = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths ?? {})) for (const m of Object.keys(ops)) routes.add(`${m.toUpperCase()} ${path}`);
  return { routes, schemas: doc.components?.schemas ?? {} };
}

export const marketSession = () => get<MarketSession>("/api/v1/market/session");
export const quotes = (stocks: readonly Sym[], opts?: RequestOptions) =>
  post<Frame<QuoteRow>>("/api/v1/quotes", { stocks: stocks.map(({ market, code }) => ({ market, code })) }, opts);
export const securityListAll = (pages: number) => get<Frame<SecurityRow>>(`/api/v1/security/list-all${query({ pages })}`);

export interface BarQuery extends Sym {
  readonly category: Category;
  readonly adjust: Adjust;
  readonly count: number;
  readonly index: boolean;
  /** Bars back from the newest (paging). */
  readonly start?: number;
  /** Stamp minute bars at their end (as backtest results do) instead of their start. */
  readonly barTime?: "start" | "end";
}

/** K-line bars, volume in lots (手) for stocks and indices alike (see market/volume-unit.ts). */
export const bars = async (q: BarQuery, opts?: RequestOptions): Promise<Frame<BarRow>> => {
  const common = { market: q.market, code: q.code, category: q.category, start: q.start, count: q.count, bar_time: q.barTime };
  if (q.index) return get<Frame<BarRow>>(`/api/v1/bars/index${query(common)}`, opts);
  const frame = await get<Frame<BarRow>>(`/api/v1/bars${query({ ...common, adjust: q.adjust })}`, opts);
  return { ...frame, data: stockBarsInLots(frame.data) };
};

export const minute = (s: Sym, opts?: RequestOptions) => get<Frame<MinuteRow>>(`/api/v1/minute${query({ market: s.market, code: s.code })}`, opts);
export const transactions = (s: Sym, count: number, opts?: RequestOptions) =>
  get<Frame<TickRow>>(`/api/v1/transaction${query({ market: s.market, code: s.code, count })}`, opts);

/** Chan analysis of the very bars on screen (sent inline), so every stroke lands on a drawn bar whatever the period or kind. */
export const chanAnalyze = (ohlcv: readonly BarRow[], opts?: RequestOptions) => post<ChanResult>("/api/v1/chanlun/analyze", { ohlcv }, opts);

export const indicatorList = () => get<IndicatorInfo[]>("/api/v1/indicator/list");
export const indicatorCompute = (
  data: readonly BarRow[],
  indicators: readonly string[],
  params: Record<string, Record<string, number>>,
  opts?: RequestOptions,
) => post<Frame<Record<string, number | string | null>>>("/api/v1/indicator/compute", { data, indicators, params, keep_ohlcv: false }, opts);

export const formulaValidate = (text: string, params: Record<string, number>, opts?: RequestOptions) =>
  post<FormulaValidation>("/api/v1/formula/validate", { text, params }, opts);
/** Evaluates a formula on the given bars: the latest `tail` rows, and `plot` (every bar, drawn as TDX draws it). */
export const formulaCompute = (text: string, params: Record<string, number>, ohlcv: readonly BarRow[], tail: number, opts?: RequestOptions) =>
  post<FormulaComputation & { plot: FormulaPlot }>("/api/v1/formula/compute", { text, params, ohlcv, tail, plot: true }, opts);

export const serverHosts = () => get<HostList>("/api/v1/server/hosts");
export const serverTest = (timeout: number) => post<HostInfo[]>("/api/v1/server/test", { timeout });
export const serverSwitch = (host: string) => post<SwitchResult>("/api/v1/server/switch", { host });

export const marketStat = () => get<Frame<MarketStat>>("/api/v1/market/stat");
export const marketStrength = (preset: string, universe: string, top_n: number) =>
  get<Frame<StrengthRow>>(`/api/v1/market/strength${query({ preset, universe, top_n })}`);
export const coreLeaders = () => get<Frame<LeaderRow>>("/api/v1/market/core-leaders");
export const boardRanking = (board_type: string, ascending: boolean, top_n: number) =>
  get<Frame<BoardRankRow> & { source?: string }>(`/api/v1/board-mac/ranking${query({ board_type, ascending, top_n })}`);
