/** Shapes of the service's JSON answers the web app reads (see GET /openapi.json). */

/** `{count, columns, data}`: every table the API returns. */
export interface Frame<Row> {
  readonly count: number;
  readonly columns: readonly string[];
  readonly data: readonly Row[];
}

export type Market = "SH" | "SZ" | "BJ";
export type Category = "MIN_1" | "MIN_5" | "MIN_15" | "MIN_30" | "MIN_60" | "MIN_120" | "DAY" | "WEEK" | "MONTH" | "SEASON" | "YEAR";
export type Adjust = "NONE" | "QFQ" | "HFQ";

export const CATEGORIES: readonly Category[] = ["MIN_1", "MIN_5", "MIN_15", "MIN_30", "MIN_60", "MIN_120", "DAY", "WEEK", "MONTH", "SEASON", "YEAR"];
export const ADJUSTS: readonly Adjust[] = ["QFQ", "NONE", "HFQ"];

export interface AuthStatus {
  readonly configured: boolean;
  readonly authenticated: boolean;
}

export interface MarketSession {
  readonly is_trading: boolean;
  readonly phase: "pre_open" | "morning" | "lunch_break" | "afternoon" | "closed" | "weekend";
  readonly now: string;
  readonly timezone: string;
  readonly windows: readonly { start: string; end: string }[];
  readonly next_change: string;
}

export interface QuoteRow {
  readonly market: Market;
  readonly code: string;
  readonly price: number;
  readonly pre_close: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly change: number | null;
  readonly change_pct: number | null;
  readonly vol: number;
  readonly amount: number;
  readonly bid1: number;
  readonly bid_vol1: number;
  readonly ask1: number;
  readonly ask_vol1: number;
  readonly server_time?: string | null;
  readonly [level: string]: unknown;
}

export interface SecurityRow {
  readonly market: Market;
  readonly code: string;
  readonly name: string;
  readonly kind?: string;
}

/** A bar row: `date` for daily and longer bars, `datetime` for minute bars. */
export interface BarRow {
  readonly date?: string;
  readonly datetime?: string;
  readonly open: number;
  readonly close: number;
  readonly high: number;
  readonly low: number;
  readonly vol: number | null;
  readonly amount: number | null;
  readonly change_pct?: number | null;
}

export interface MinuteRow {
  readonly time: string;
  readonly price: number;
  readonly vol: number;
}

export interface TickRow {
  readonly time: string;
  readonly price: number;
  readonly vol: number;
  readonly num: number;
  readonly buyorsell: number;
}

export interface HostInfo {
  readonly host: string;
  readonly name: string;
  readonly latency_ms: number | null;
  readonly reachable: boolean;
  readonly is_current: boolean;
  readonly error?: string | null;
}

export interface HostList {
  readonly hosts: readonly HostInfo[];
  readonly current_host: string;
  readonly total: number;
  readonly source: string;
}

export interface SwitchResult {
  readonly ok: boolean;
  readonly host: string;
  readonly message: string;
}

export interface IndicatorParam {
  readonly name: string;
  readonly default: number;
  readonly min: number | null;
  readonly max: number | null;
}

export interface IndicatorInfo {
  readonly id: string;
  readonly title: string;
  readonly title_en?: string;
  readonly params: readonly IndicatorParam[];
  readonly outputs: readonly string[];
  readonly lines: readonly string[];
}

export interface ChanStroke {
  readonly index: number;
  readonly dir: "up" | "down";
  readonly is_sure: boolean;
  readonly begin_time: string;
  readonly begin_price: number;
  readonly end_time: string;
  readonly end_price: number;
}

export interface ChanPivot {
  readonly index: number;
  readonly is_sure: boolean;
  readonly begin_time: string;
  readonly end_time: string;
  readonly zg: number;
  readonly zd: number;
}

export interface ChanPoint {
  readonly time: string;
  readonly is_buy: boolean;
  readonly types: readonly string[];
  readonly price: number;
  readonly is_sure: boolean;
}

export interface ChanResult {
  readonly strokes: readonly ChanStroke[];
  readonly segments: readonly ChanStroke[];
  readonly pivots: readonly ChanPivot[];
  readonly bsp: readonly ChanPoint[];
}

export interface FormulaDiagnostic {
  readonly line: number;
  readonly column: number;
  readonly message: string;
  /** The kind of problem and its values, to say it in the chosen language (formula-texts.ts). */
  readonly code?: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface FormulaOutput {
  readonly name: string;
  readonly kind: "signal" | "numeric";
}

export interface FormulaValidation {
  readonly ok: boolean;
  readonly errors: readonly FormulaDiagnostic[];
  readonly warnings: readonly FormulaDiagnostic[];
  readonly outputs: readonly FormulaOutput[];
  readonly ignored: readonly string[];
  readonly future_functions: readonly string[];
  readonly params: readonly { name: string; value: number | null }[];
}

export interface FormulaComputation {
  readonly symbol: string | null;
  readonly category: Category;
  readonly count: number;
  readonly outputs: readonly FormulaOutput[];
  readonly last_time?: string | null;
  readonly last_row: Readonly<Record<string, number | null>>;
  readonly recent?: readonly Readonly<Record<string, unknown>>[];
  readonly warnings: readonly FormulaDiagnostic[];
  readonly future_functions: readonly string[];
}

export interface MarketStat {
  readonly up_count: number;
  readonly down_count: number;
  readonly neutral_count: number;
  readonly suspended_count: number;
  readonly total_count: number;
  readonly total_amount: number | null;
  readonly limit_up_count: number;
  readonly limit_down_count: number;
}

export interface StrengthRow {
  readonly rank: number;
  readonly code: string;
  readonly market: Market;
  readonly name: string;
  readonly last_close: number;
  readonly ret_5: number | null;
  readonly ret_20: number | null;
  readonly ret_60: number | null;
  readonly strength: number | null;
}

export interface LeaderRow extends QuoteRow {
  readonly group: string;
  readonly name: string;
}

export interface BoardRankRow {
  readonly code: string;
  readonly name: string;
  readonly change_pct: number | null;
  readonly amount: number | null;
  readonly main_net_amount: number | null;
  readonly up_count: number | null;
  readonly down_count: number | null;
  readonly member_count: number | null;
}
