/**
 * JSON-ready rows of a result, in easy_tdx's wire shape (`equity_curve`, `trades`,
 * `positions`) so its clients read ours unchanged. Built from the kernels' typed
 * arrays only when a caller asks for rows. Non-finite numbers become null.
 */
import { roundScaled } from "../bars/index.ts";
import { DAY_MS, isoDateTime } from "./bar-time.ts";
import { REFUSAL_NAMES } from "./execution-rules.ts";
import { METRIC_NAMES, type MetricName, type Performance } from "./metric-docs.ts";
import type { EquityTrack } from "./metrics.ts";
import type { FillLog, RefusalLog } from "./trade-log.ts";

export type JsonNumber = number | null;

export function jsonNumber(x: number): JsonNumber {
  return Number.isFinite(x) ? x : null;
}

export type PerformanceJson = Record<MetricName, JsonNumber>;

export function performanceJson(p: Performance): PerformanceJson {
  const out = {} as PerformanceJson;
  for (const name of METRIC_NAMES) out[name] = jsonNumber(p[name]);
  return out;
}

/** One bar of the equity curve; `drawdown` in CNY below the running peak, `drawdown_pct` as a fraction of it. */
export interface EquityRow {
  readonly datetime: string;
  readonly cash: JsonNumber;
  readonly position_value: JsonNumber;
  readonly total: JsonNumber;
  readonly drawdown: JsonNumber;
  readonly drawdown_pct: JsonNumber;
}

/**
 * A per-bar table as columns: `datetime` plus number columns in row order.
 * Rows are built from it only when wanted; the HTTP edge can also write it
 * straight to JSON. Non-finite numbers stand for null. The `datetime` of row t
 * is `isoDateTime(time[t])`, formatted only when written (most of a table's
 * strings would otherwise be its times).
 */
export interface BarTable<F extends string> {
  readonly length: number;
  /** Bar times (at least `length` of them). */
  readonly time: Float64Array;
  readonly fields: readonly F[];
  readonly columns: { readonly [K in F]: Float64Array };
}

export const EQUITY_FIELDS = ["cash", "position_value", "total", "drawdown", "drawdown_pct"] as const;
export type EquityTable = BarTable<(typeof EQUITY_FIELDS)[number]>;

/**
 * Per-bar rows carry money to 1e-6 CNY (fees have five decimals) and fractions
 * to 1e-8: fee arithmetic leaves float noise (226.00680000032298) that no
 * reader wants, and short decimals keep the multi-megabyte JSON of long runs
 * fast to write. Metrics are computed from the unrounded run.
 */
const money = (x: number) => roundScaled(x, 1_000_000);
const fraction = (x: number) => roundScaled(x, 100_000_000);

export function equityTable(track: EquityTrack): EquityTable {
  const n = track.length;
  const c = Object.fromEntries(EQUITY_FIELDS.map((f) => [f, new Float64Array(n)])) as EquityTable["columns"];
  let peak = -Infinity;
  for (let t = 0; t < n; t++) {
    const total = track.equity[t]!;
    if (total > peak) peak = total;
    const drawdown = peak - total;
    c.cash[t] = money(track.cash[t]!);
    c.position_value[t] = money(total - track.cash[t]!);
    c.total[t] = money(total);
    c.drawdown[t] = money(drawdown);
    c.drawdown_pct[t] = peak > 0 ? fraction(drawdown / peak) : 0;
  }
  return { length: n, time: track.time, fields: EQUITY_FIELDS, columns: c };
}

/** The `datetime` texts of a table's rows, to share between tables over the same bars. */
export function tableTimes(table: BarTable<string>): string[] {
  const out: string[] = [];
  for (let t = 0; t < table.length; t++) out.push(isoDateTime(table.time[t]!));
  return out;
}

type TableRow<F extends string> = { readonly datetime: string } & Record<F, JsonNumber>;

/** Row objects of a per-bar table (NaN → null); `datetime` is `tableTimes(table)`, or another table's over the same times. */
export function tableRows<F extends string>(table: BarTable<F>, datetime: readonly string[] = tableTimes(table)): TableRow<F>[] {
  const rows: TableRow<F>[] = [];
  for (let t = 0; t < table.length; t++) {
    const row: Record<string, unknown> = { datetime: datetime[t] };
    for (const f of table.fields) row[f] = jsonNumber(table.columns[f][t]!);
    rows.push(row as TableRow<F>);
  }
  return rows;
}

export function equityRows(track: EquityTrack): EquityRow[] {
  return tableRows(equityTable(track));
}

export type TradeAction = "open_long" | "close_long" | "open_short" | "close_short";

/**
 * One fill, or one refused fill attempt (`rejected: true` with its `reason`).
 * easy_tdx's fields come first: `commission` is the fill's total fees (broker
 * commission + stamp duty + transfer fee, split out in `brokerage`, `stamp_tax`,
 * `transfer_fee`), `pnl` and `cost_basis` are 0 on opening fills. A closing fill
 * also carries its round trip: entry date and average entry price, holding period
 * and return (P&L over entry value).
 */
export interface TradeRow {
  readonly datetime: string;
  readonly direction: "BUY" | "SELL";
  readonly size: JsonNumber;
  readonly price: JsonNumber;
  readonly commission: JsonNumber;
  readonly slippage: JsonNumber;
  readonly pnl: JsonNumber;
  readonly cost_basis: JsonNumber;
  readonly rejected: boolean;
  readonly reason: string | null;
  readonly action: TradeAction;
  readonly brokerage: JsonNumber;
  readonly stamp_tax: JsonNumber;
  readonly transfer_fee: JsonNumber;
  readonly entry_datetime: string | null;
  readonly entry_price: JsonNumber;
  readonly holding_days: JsonNumber;
  readonly holding_bars: number | null;
  readonly return_pct: JsonNumber;
}

function actionOf(side: number, closing: boolean): TradeAction {
  if (side === 1) return closing ? "close_short" : "open_long";
  return closing ? "close_long" : "open_short";
}

function fillRow(fills: FillLog, i: number, time: Float64Array): TradeRow {
  const side = fills.side[i]!;
  const pnl = fills.pnl[i]!;
  const closing = pnl === pnl;
  const shares = fills.shares[i]!;
  const bar = fills.bar[i]!;
  const entry = fills.entryBar[i]!;
  const basis = fills.basis[i]!;
  return {
    datetime: isoDateTime(time[bar]!),
    direction: side === 1 ? "BUY" : "SELL",
    size: shares,
    price: jsonNumber(fills.price[i]!),
    commission: jsonNumber(fills.fees(i)),
    slippage: jsonNumber(fills.slippage[i]!),
    pnl: closing ? jsonNumber(pnl) : 0,
    cost_basis: closing ? jsonNumber(basis) : 0,
    rejected: false,
    reason: null,
    action: actionOf(side, closing),
    brokerage: jsonNumber(fills.commission[i]!),
    stamp_tax: jsonNumber(fills.stamp[i]!),
    transfer_fee: jsonNumber(fills.transfer[i]!),
    entry_datetime: closing ? isoDateTime(time[entry]!) : null,
    entry_price: closing ? jsonNumber(basis / shares) : null,
    holding_days: closing ? (time[bar]! - time[entry]!) / DAY_MS : null,
    holding_bars: closing ? bar - entry : null,
    return_pct: closing ? jsonNumber(pnl / basis) : null,
  };
}

function refusalRow(refusals: RefusalLog, i: number, time: Float64Array): TradeRow {
  const side = refusals.side[i]!;
  const shares = refusals.shares[i]!;
  return {
    datetime: isoDateTime(time[refusals.bar[i]!]!),
    direction: side === 1 ? "BUY" : "SELL",
    size: jsonNumber(shares),
    price: jsonNumber(refusals.price[i]!),
    commission: 0,
    slippage: 0,
    pnl: 0,
    cost_basis: 0,
    rejected: true,
    reason: REFUSAL_NAMES[refusals.reason[i]!] ?? null,
    action: actionOf(side, shares > 0),
    brokerage: 0,
    stamp_tax: 0,
    transfer_fee: 0,
    entry_datetime: null,
    entry_price: null,
    holding_days: null,
    holding_bars: null,
    return_pct: null,
  };
}

/** Fills and refusals of one leg (all legs with −1) in time order; on one bar, fills first. */
export function tradeRows(time: Float64Array, fills: FillLog, refusals: RefusalLog, leg: number): TradeRow[] {
  const rows: TradeRow[] = [];
  let j = 0;
  for (let i = 0; i < fills.count; i++) {
    if (leg >= 0 && fills.leg[i] !== leg) continue;
    const bar = fills.bar[i]!;
    for (; j < refusals.count && refusals.bar[j]! < bar; j++) {
      if (leg < 0 || refusals.leg[j] === leg) rows.push(refusalRow(refusals, j, time));
    }
    rows.push(fillRow(fills, i, time));
  }
  for (; j < refusals.count; j++) {
    if (leg < 0 || refusals.leg[j] === leg) rows.push(refusalRow(refusals, j, time));
  }
  return rows;
}

/** Position at one bar's close: `avg_price` is the average entry price, `unrealized_pnl` before fees. */
export interface PositionRow {
  readonly datetime: string;
  readonly size: number;
  readonly avg_price: JsonNumber;
  readonly market_value: JsonNumber;
  readonly unrealized_pnl: JsonNumber;
}

export const POSITION_FIELDS = ["size", "avg_price", "market_value", "unrealized_pnl"] as const;
export type PositionTable = BarTable<(typeof POSITION_FIELDS)[number]>;

/** Per-bar positions of one leg; `value[t]` is that leg's signed position value at the close. */
export function positionTable(time: Float64Array, shares: Float64Array, value: Float64Array, length: number, fills: FillLog, leg: number): PositionTable {
  const c = Object.fromEntries(POSITION_FIELDS.map((f) => [f, new Float64Array(length)])) as PositionTable["columns"];
  let avg = 0;
  let i = 0;
  for (let t = 0; t < length; t++) {
    for (; i < fills.count && fills.bar[i]! <= t; i++) {
      if (leg < 0 || fills.leg[i] === leg) avg = fills.avgAfter[i]!;
    }
    const size = shares[t]!;
    c.size[t] = size;
    c.avg_price[t] = money(avg);
    c.market_value[t] = money(value[t]!);
    c.unrealized_pnl[t] = money(value[t]! - size * avg);
  }
  return { length, time, fields: POSITION_FIELDS, columns: c };
}

export function positionRows(time: Float64Array, shares: Float64Array, value: Float64Array, length: number, fills: FillLog, leg: number): PositionRow[] {
  return tableRows(positionTable(time, shares, value, length, fills, leg)) as PositionRow[];
}
