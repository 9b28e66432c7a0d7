/**
 * Shapes of the service's JSON answers the web app reads, taken from the
 * generated OpenAPI types (apps/client/openapi-types.ts, from GET
 * /openapi.json) under the names the pages use; a `Pick` names the fields the
 * pages read. Two kinds of answer the contract leaves open are stated here:
 * the rows of `{count, columns, data}` frames (their columns are listed in each
 * route's description) and the chan result's parts.
 */
import type { paths } from "../../../client/openapi-types.ts";
import type { Schemas } from "./http.ts";

/** `{count, columns, data}`: every table the API returns, with its rows as the route describes them. */
export type Frame<Row> = Readonly<Pick<Schemas["DataFrameResponse"], "count">> & { readonly columns: readonly string[]; readonly data: readonly Row[] };

type BarsQuery = NonNullable<paths["/api/v1/bars"]["get"]["parameters"]["query"]>;
export type Market = BarsQuery["market"];
export type Category = NonNullable<BarsQuery["category"]>;
export type Adjust = NonNullable<BarsQuery["adjust"]>;

export const CATEGORIES: readonly Category[] = ["MIN_1", "MIN_5", "MIN_15", "MIN_30", "MIN_60", "MIN_120", "DAY", "WEEK", "MONTH", "SEASON", "YEAR"];
export const ADJUSTS: readonly Adjust[] = ["QFQ", "NONE", "HFQ"];

export type AuthStatus = Schemas["AuthStatus"];
export type MarketSession = Schemas["MarketSession"];

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

/** A bar row: `date` for daily and longer bars, `datetime` for minute bars (a type, so it is a JSON record the request bodies accept). */
export type BarRow = {
  readonly date?: string;
  readonly datetime?: string;
  readonly open: number;
  readonly close: number;
  readonly high: number;
  readonly low: number;
  readonly vol: number | null;
  readonly amount: number | null;
  readonly change_pct?: number | null;
};

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

export type HostInfo = Schemas["HostInfo"];
export type HostList = Schemas["HostListResponse"];
export type SwitchResult = Schemas["SwitchResponse"];
export type IndicatorParam = Schemas["IndicatorParam"];
export type IndicatorInfo = Pick<Schemas["IndicatorInfo"], "id" | "title" | "params" | "outputs" | "lines"> & Partial<Pick<Schemas["IndicatorInfo"], "title_en">>;

/** The chan answer's parts the pages draw (the contract leaves ChanlunResult open). */
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

/** `code` and `params` say the problem in the chosen language (formula-texts.ts); older servers send `message` alone. */
export type FormulaDiagnostic = Omit<Schemas["FormulaDiagnostic"], "code" | "params"> & Partial<Pick<Schemas["FormulaDiagnostic"], "code" | "params">>;
export type FormulaOutput = Schemas["FormulaOutput"];
export type FormulaValidation = Schemas["FormulaValidateResponse"];
export type FormulaComputation = Schemas["FormulaComputeResponse"];

/** How TDX draws an output (its style words), as the compute answer gives it. */
export interface FormulaStyle {
  readonly plot: "line" | "stick" | "colorstick" | "volstick" | "linestick" | "pointdot" | "crossdot" | "circledot" | "none";
  readonly line: "solid" | "dotted" | "dashed";
  readonly color: string | null;
  readonly thick: number | null;
}

export type SignalSide = "buy" | "sell" | null;

export interface FormulaPlot {
  readonly time: readonly unknown[];
  readonly lines: readonly {
    readonly name: string;
    readonly kind: "signal" | "numeric";
    readonly side: SignalSide;
    readonly style: FormulaStyle;
    readonly values: readonly (number | null)[];
  }[];
  readonly drawings: readonly {
    readonly fn: "DRAWICON" | "DRAWTEXT" | "STICKLINE";
    readonly name: string | null;
    readonly text: string | null;
    readonly icon: number | null;
    readonly width: number | null;
    readonly empty: boolean | null;
    readonly side: SignalSide;
    readonly style: FormulaStyle;
    readonly points: readonly { readonly at: number; readonly price: number; readonly to?: number }[];
  }[];
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
