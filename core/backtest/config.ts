/**
 * The backtest request's trading settings, described once as a field table. The
 * table drives the validator here and is exported so the HTTP layer can build its
 * zod schema (and OpenAPI text) from the same defaults, bounds and wording.
 * Defaults follow easy_tdx's BacktestRequest; the A-share switches are additions.
 * Every number has an upper bound (issue 15: an unbounded cash of 2.1e18 pushed
 * share counts past 2^53); 1e12 CNY is far above any real account.
 */
import { choiceList } from "../text/index.ts";

export type Execution = "next_open" | "next_close";
export type Sizing = "all_in" | "fixed_fraction" | "fixed_amount";
export type Rebalance = "none" | "periodic";

export interface BacktestConfig {
  readonly cash: number;
  readonly commission: number;
  readonly min_commission: number;
  readonly stamp_tax: number | "auto";
  readonly transfer_fee: number | "auto";
  readonly slippage: number;
  readonly execution: Execution;
  readonly t_plus_one: boolean;
  readonly board_lot: boolean;
  readonly price_limit: boolean;
  readonly suspension: boolean;
  readonly sizing: Sizing;
  readonly sizing_fraction: number;
  readonly sizing_amount: number;
  readonly allow_short: boolean;
  readonly close_at_end: boolean;
  readonly warmup_bars: number;
  readonly annual_days: number;
  readonly risk_free_rate: number;
}

/** How a portfolio's stocks share the capital (see PORTFOLIO_FIELDS.allocation). */
export type Allocation = "independent" | "shared";

export interface PortfolioConfig extends BacktestConfig {
  readonly allocation: Allocation;
  readonly rebalance: Rebalance;
  readonly rebalance_every: number;
}

export type FieldSpec =
  | {
      readonly kind: "number";
      readonly default: number;
      readonly min: number;
      readonly max: number;
      /** `min` itself is not allowed. */
      readonly exclusiveMin?: boolean;
      readonly integer?: boolean;
      readonly description: string;
    }
  | {
      readonly kind: "rate_or_auto";
      readonly default: "auto";
      readonly min: number;
      readonly max: number;
      /** Rates include their minimum and are fractions (read without asking the kind). */
      readonly exclusiveMin?: never;
      readonly integer?: never;
      readonly description: string;
    }
  | { readonly kind: "enum"; readonly values: readonly string[]; readonly default: string; readonly description: string }
  | { readonly kind: "boolean"; readonly default: boolean; readonly description: string };

export const CONFIG_FIELDS = {
  cash: { kind: "number", default: 1_000_000, min: 0, max: 1e12, exclusiveMin: true, description: "Initial capital in CNY (at most 1e12)." },
  commission: {
    kind: "number",
    default: 0.0003,
    min: 0,
    max: 0.01,
    description: "Broker commission as a fraction of turnover, charged on buys and sells.",
  },
  min_commission: { kind: "number", default: 5, min: 0, max: 10_000, description: "Minimum commission per fill in CNY (at most 10,000)." },
  stamp_tax: {
    kind: "rate_or_auto",
    default: "auto",
    min: 0,
    max: 0.01,
    description:
      'Stamp duty on sells as a fraction of turnover, or "auto" for the statutory rate on each trade date (0.1 % before 2023-08-28, 0.05 % from then; both sides before 2008-09-19; none on funds).',
  },
  transfer_fee: {
    kind: "rate_or_auto",
    default: "auto",
    min: 0,
    max: 0.01,
    description: 'Transfer fee on both sides as a fraction of turnover, or "auto" for the statutory fee on each trade date (0.001 % from 2022-04-29).',
  },
  slippage: {
    kind: "number",
    default: 0,
    min: 0,
    max: 0.05,
    description: "Slippage as a fraction of the fill price: buys fill that much higher, sells that much lower.",
  },
  execution: {
    kind: "enum",
    values: ["next_open", "next_close"],
    default: "next_open",
    description: "A signal on bar t fills at bar t+1's open (next_open) or at bar t+1's close (next_close).",
  },
  t_plus_one: {
    kind: "boolean",
    default: true,
    description:
      "T+1: shares bought on a trading day cannot be sold until the next trading day. Convertible bonds and SH bond, money-market, cross-border and gold ETFs (511, 513, 518) are T+0 whatever this says.",
  },
  board_lot: {
    kind: "boolean",
    default: true,
    description: "Round buys to board lots (100 shares; STAR at least 200 then 1; Beijing at least 100 then 1). Off: whole shares.",
  },
  price_limit: {
    kind: "boolean",
    default: true,
    description: "No buy fill at the up-limit and no sell fill at the down-limit (main ±10 %, ST ±5 %, ChiNext/STAR ±20 %, Beijing ±30 %).",
  },
  suspension: {
    kind: "boolean",
    default: true,
    description: "No fill on a suspended bar, i.e. a bar whose volume is exactly 0.",
  },
  sizing: {
    kind: "enum",
    values: ["all_in", "fixed_fraction", "fixed_amount"],
    default: "all_in",
    description: "Entry size: all available cash, a fraction of equity (sizing_fraction), or a fixed CNY amount (sizing_amount).",
  },
  sizing_fraction: {
    kind: "number",
    default: 1,
    min: 0,
    max: 1,
    exclusiveMin: true,
    description: "Fraction of equity spent per entry when sizing is fixed_fraction.",
  },
  sizing_amount: {
    kind: "number",
    default: 100_000,
    min: 0,
    max: 1e12,
    exclusiveMin: true,
    description: "CNY spent per entry when sizing is fixed_amount (capped by available cash; at most 1e12).",
  },
  allow_short: {
    kind: "boolean",
    default: false,
    description: "Exit signals open a short position (margin short selling) instead of going flat. Single-symbol runs only.",
  },
  close_at_end: {
    kind: "boolean",
    default: false,
    description: "Close any open position on the last bar (by the execution rule) so it counts as a closed trade.",
  },
  warmup_bars: {
    kind: "number",
    default: 0,
    min: 0,
    max: 100_000,
    integer: true,
    description: "Indicator warm-up: signals on earlier bars are ignored and buy-and-hold is measured from this bar's close (at most 100,000).",
  },
  annual_days: {
    kind: "number",
    default: 242,
    min: 0,
    max: 366,
    exclusiveMin: true,
    description:
      "Trading days per year used to annualise (242 A-share trading days by default): daily bars take it as their bars per year, intraday bars times the most bars a day holds; weekly, monthly, quarterly and yearly bars take 52, 12, 4 and 1 (the period read from the bars' times).",
  },
  risk_free_rate: {
    kind: "number",
    default: 0,
    min: -1,
    max: 1,
    exclusiveMin: true,
    description: "Annual risk-free rate for the Sharpe and Sortino ratios (per bar: rate / bars per year).",
  },
} as const satisfies { readonly [K in keyof BacktestConfig]: FieldSpec };

export const PORTFOLIO_FIELDS = {
  ...CONFIG_FIELDS,
  allocation: {
    kind: "enum",
    values: ["independent", "shared"],
    default: "independent",
    description:
      "independent (easy_tdx's portfolio engine): each stock is its own backtest with weight × cash (cash/N by default) and the total is their sum; shared: one cash account for all stocks, entries sized to weight × equity, with optional rebalancing.",
  },
  rebalance: {
    kind: "enum",
    values: ["none", "periodic"],
    default: "none",
    description: "Rebalance held positions back to their target weights every rebalance_every bars (periodic) or never (none); periodic needs allocation shared.",
  },
  rebalance_every: {
    kind: "number",
    default: 20,
    min: 1,
    max: 100_000,
    integer: true,
    description: "Bars between rebalances when rebalance is periodic (at most 100,000).",
  },
} as const satisfies { readonly [K in keyof PortfolioConfig]: FieldSpec };

/** One problem with the input, shaped like a FastAPI validation error entry. */
export interface ConfigIssue {
  readonly loc: readonly string[];
  readonly type: string;
  readonly msg: string;
  readonly input: unknown;
}

export type ConfigCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: readonly ConfigIssue[] };

function checkField(name: string, spec: FieldSpec, value: unknown): ConfigIssue | undefined {
  const issue = (type: string, msg: string): ConfigIssue => ({ loc: [name], type, msg, input: value });
  switch (spec.kind) {
    case "boolean":
      return typeof value === "boolean" ? undefined : issue("bool_type", "Input should be a valid boolean");
    case "enum":
      // includes compares with ===: a value of another type is none of the strings
      return (spec.values as readonly unknown[]).includes(value) ? undefined : issue("enum", `Input should be ${choiceList(spec.values)}`);
    case "rate_or_auto":
    case "number": {
      if (spec.kind === "rate_or_auto" && value === "auto") return undefined;
      if (!Number.isFinite(value)) return issue("float_type", "Input should be a valid number");
      // Number.isFinite holds only for numbers (it converts nothing, unlike the global isFinite)
      const x = value as number;
      if (spec.integer && !Number.isInteger(x)) return issue("int_type", "Input should be a valid integer");
      const exclusive = spec.exclusiveMin === true;
      if (exclusive ? x <= spec.min : x < spec.min) {
        return issue(exclusive ? "greater_than" : "greater_than_equal", `Input should be ${exclusive ? "greater than" : "greater than or equal to"} ${spec.min}`);
      }
      if (x > spec.max) return issue("less_than_equal", `Input should be less than or equal to ${spec.max}`);
      return undefined;
    }
  }
}

function validateFields<T>(input: unknown, fields: { readonly [name: string]: FieldSpec }): ConfigCheck<T> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, issues: [{ loc: [], type: "dict_type", msg: "Input should be a valid dictionary", input }] };
  }
  const source = input as Record<string, unknown>;
  const value: Record<string, unknown> = {};
  const issues: ConfigIssue[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    const given = source[name];
    if (given === undefined) {
      value[name] = spec.default;
      continue;
    }
    const problem = checkField(name, spec, given);
    if (problem) issues.push(problem);
    else value[name] = given;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: value as T };
}

/** Checks the trading settings of a request (other keys are ignored) and fills in defaults. */
export function validateBacktestConfig(input: unknown): ConfigCheck<BacktestConfig> {
  return validateFields<BacktestConfig>(input, CONFIG_FIELDS);
}

export function validatePortfolioConfig(input: unknown): ConfigCheck<PortfolioConfig> {
  return validateFields<PortfolioConfig>(input, PORTFOLIO_FIELDS);
}

function defaultsOf<T>(fields: { readonly [name: string]: FieldSpec }): T {
  return Object.fromEntries(Object.entries(fields).map(([k, spec]) => [k, spec.default])) as T;
}

export const DEFAULT_CONFIG: BacktestConfig = defaultsOf<BacktestConfig>(CONFIG_FIELDS);
export const DEFAULT_PORTFOLIO_CONFIG: PortfolioConfig = defaultsOf<PortfolioConfig>(PORTFOLIO_FIELDS);
