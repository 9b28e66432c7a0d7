/**
 * Calls of the service's endpoints the pages use (one function per endpoint),
 * through the typed client: paths, queries and bodies are checked against the
 * generated OpenAPI types, and answers are typed by them (types.ts).
 */
import type { paths } from "../../../client/openapi-types.ts";
import { api, call, request, type RequestOptions } from "./http.ts";
import { t } from "../app/i18n.ts";
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

export const authStatus = () => as<AuthStatus>(api.GET("/api/auth/status"), quiet);
export const authSetup = (password: string) => call(api.POST("/api/auth/setup", { body: { password } }), quiet);
export const authLogin = (password: string) => call(api.POST("/api/auth/login", { body: { password } }), quiet);
export const authLogout = () => call(api.POST("/api/auth/logout"), quiet);
export const authChangePassword = (old_password: string, new_password: string) => call(api.POST("/api/auth/change-password", { body: { old_password, new_password } }), quiet);

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

/** The server's OpenAPI document, reduced to what the pages read (it is outside the gate, and not one of its own routes). */
export async function apiDocument(): Promise<ApiDocument> {
  const doc = await request<{ paths?: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, JsonSchema> } }>("GET", "/openapi.json");
  const routes = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths ?? {})) for (const m of Object.keys(ops)) routes.add(`${m.toUpperCase()} ${path}`);
  return { routes, schemas: doc.components?.schemas ?? {} };
}

type Pending = Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** An answer as the page reads it (types.ts): the request is checked against the generated types, the answer is read as stated there. */
const as = <T>(pending: Pending, opts?: RequestOptions) => call(pending, opts) as Promise<unknown> as Promise<T>;
/** A frame answer with the row shape the route's description lists (the contract leaves frame rows open). */
const frame = <Row>(pending: Pending, opts?: RequestOptions) => as<Frame<Row>>(pending, opts);

export const marketSession = () => as<MarketSession>(api.GET("/api/v1/market/session"));
export const quotes = (stocks: readonly Sym[], opts?: RequestOptions) =>
  frame<QuoteRow>(api.POST("/api/v1/quotes", { body: { stocks: stocks.map(({ market, code }) => ({ market, code })) }, signal: opts?.signal }), opts);
export const securityListAll = (pages: number) => frame<SecurityRow>(api.GET("/api/v1/security/list-all", { params: { query: { pages } } }));

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

/**
 * Index bars, minute lines and ticks are documented for SH and SZ only: a BJ
 * code sent there comes back as the route's 422, shown as any other error.
 */
const shOrSz = (m: Market) => m as "SH" | "SZ";

/** K-line bars, volume in lots (手) for stocks and indices alike (see market/volume-unit.ts). */
export const bars = async (q: BarQuery, opts?: RequestOptions): Promise<Frame<BarRow>> => {
  const common = { market: q.market, code: q.code, category: q.category, start: q.start, count: q.count, bar_time: q.barTime };
  // asked locally: the route would answer 422 for a BJ index (spec 4.2), a console error on every visit
  if (q.index && q.market === "BJ") throw new Error(t("symbol.bjIndexBars"));
  if (q.index) return frame<BarRow>(api.GET("/api/v1/bars/index", { params: { query: { ...common, market: shOrSz(q.market) } }, signal: opts?.signal }), opts);
  const stock = await frame<BarRow>(api.GET("/api/v1/bars", { params: { query: { ...common, adjust: q.adjust } }, signal: opts?.signal }), opts);
  return { ...stock, data: stockBarsInLots(stock.data) };
};

export const minute = (s: Sym, opts?: RequestOptions) => frame<MinuteRow>(api.GET("/api/v1/minute", { params: { query: { market: shOrSz(s.market), code: s.code } }, signal: opts?.signal }), opts);
export const transactions = (s: Sym, count: number, opts?: RequestOptions) =>
  frame<TickRow>(api.GET("/api/v1/transaction", { params: { query: { market: shOrSz(s.market), code: s.code, count } }, signal: opts?.signal }), opts);

/** Chan analysis of the very bars on screen (sent inline), so every stroke lands on a drawn bar whatever the period or kind. */
export const chanAnalyze = (ohlcv: readonly BarRow[], opts?: RequestOptions) => as<ChanResult>(api.POST("/api/v1/chanlun/analyze", { body: { ohlcv: [...ohlcv] }, signal: opts?.signal }), opts);

/** easy_tdx's `--multi-level`: the last stroke of the shown period, read at a lower period (`multi_level` of the answer; its shape is the caller's, the schema leaves it open). */
export const chanMultiLevel = <T>(q: Sym & { category: Category; adjust: Adjust; count: number; level: Category }, opts?: RequestOptions) =>
  as<{ multi_level: T | null }>(
    api.POST("/api/v1/chanlun/analyze", {
      body: { market: q.market, code: q.code, category: q.category, adjust: q.adjust, count: q.count, multi_level: q.level },
      signal: opts?.signal,
    }),
    opts,
  );

export const indicatorList = () => as<IndicatorInfo[]>(api.GET("/api/v1/indicator/list"));
export const indicatorCompute = (data: readonly BarRow[], indicators: readonly string[], params: Record<string, Record<string, number>>, opts?: RequestOptions) =>
  frame<Record<string, number | string | null>>(
    api.POST("/api/v1/indicator/compute", { body: { data: [...data], indicators: [...indicators], params, keep_ohlcv: false }, signal: opts?.signal }),
    opts,
  );

export const formulaValidate = (text: string, params: Record<string, number>, opts?: RequestOptions) =>
  as<FormulaValidation>(api.POST("/api/v1/formula/validate", { body: { text, params }, signal: opts?.signal }), opts);
/** Evaluates a formula on the given bars: the latest `tail` rows, and `plot` (every bar, drawn as TDX draws it). */
export const formulaCompute = (text: string, params: Record<string, number>, ohlcv: readonly BarRow[], tail: number, opts?: RequestOptions) =>
  as<FormulaComputation & { plot: FormulaPlot }>(api.POST("/api/v1/formula/compute", { body: { text, params, ohlcv: [...ohlcv], tail, plot: true }, signal: opts?.signal }), opts);

export const serverHosts = () => as<HostList>(api.GET("/api/v1/server/hosts"));
export const serverTest = (timeout: number) => as<HostInfo[]>(api.POST("/api/v1/server/test", { body: { timeout } }));
export const serverSwitch = (host: string) => as<SwitchResult>(api.POST("/api/v1/server/switch", { body: { host } }));

export const marketStat = () => frame<MarketStat>(api.GET("/api/v1/market/stat"));
type StrengthQuery = NonNullable<paths["/api/v1/market/strength"]["get"]["parameters"]["query"]>;
export const marketStrength = (preset: StrengthQuery["preset"], universe: StrengthQuery["universe"], top_n: number) =>
  frame<StrengthRow>(api.GET("/api/v1/market/strength", { params: { query: { preset, universe, top_n } } }));
export const coreLeaders = () => frame<LeaderRow>(api.GET("/api/v1/market/core-leaders"));
type BoardRankingQuery = NonNullable<paths["/api/v1/board-mac/ranking"]["get"]["parameters"]["query"]>;
export const boardRanking = (board_type: BoardRankingQuery["board_type"], ascending: boolean, top_n: number) =>
  frame<BoardRankRow>(api.GET("/api/v1/board-mac/ranking", { params: { query: { board_type, ascending, top_n } } })) as Promise<Frame<BoardRankRow> & { source?: string }>;
