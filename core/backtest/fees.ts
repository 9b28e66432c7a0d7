/**
 * Statutory trading costs by trade date. Stamp duty and the transfer fee changed
 * several times, and a backtest over ten years crosses those dates, so the rates
 * are looked up per fill. A lookup returns the period over which its rates hold,
 * letting callers reuse them until a fill falls outside it.
 */
import { marketTime } from "../bars/index.ts";
import type { Board, Exchange } from "../market/index.ts";

/** Side of a fill: +1 buy, −1 sell. */
export type Side = 1 | -1;

/**
 * Stamp duty on shares, as a fraction of turnover, by trade date.
 * From the design note: seller-only 0.1 % from 2008-09-19, 0.05 % from 2023-08-28.
 * Earlier both sides paid: 0.1 % from 2008-04-24, 0.3 % from 2007-05-30, 0.1 % from
 * 2005-01-24, 0.2 % before (MoF announcements as commonly reported; not in the
 * design note, so unverified here). Funds pay none.
 */
const STAMP_CHANGES: readonly { readonly from: number; readonly buy: number; readonly sell: number }[] = [
  { from: marketTime(2023, 8, 28), buy: 0, sell: 0.0005 },
  { from: marketTime(2008, 9, 19), buy: 0, sell: 0.001 },
  { from: marketTime(2008, 4, 24), buy: 0.001, sell: 0.001 },
  { from: marketTime(2007, 5, 30), buy: 0.003, sell: 0.003 },
  { from: marketTime(2005, 1, 24), buy: 0.001, sell: 0.001 },
  { from: -Infinity, buy: 0.002, sell: 0.002 },
];

/**
 * Transfer fee (过户费), both sides. From 2022-04-29 0.001 % of turnover on every
 * exchange; from 2015-08-01 0.002 % (Beijing 0.0025 %). Before 2015-08-01 the
 * design note (marked verify) says Shenzhen charged none and Shanghai charged per
 * share; we use 0.6 CNY per 1,000 shares with a 1 CNY minimum for Shanghai
 * (unverified). Funds are not A-shares and pay none.
 */
const TRANSFER_UNIFIED_0_001PCT = marketTime(2022, 4, 29);
const TRANSFER_BY_TURNOVER = marketTime(2015, 8, 1);

/** Statutory rates in force over `[from, until)`. */
export interface StatutoryFees {
  readonly from: number;
  readonly until: number;
  /** Stamp duty as a fraction of turnover, per side. */
  readonly stampBuy: number;
  readonly stampSell: number;
  /** Transfer fee as a fraction of turnover … */
  readonly transferRate: number;
  /** … or per share with a minimum per fill (Shanghai before 2015-08-01). */
  readonly transferPerShare: number;
  readonly transferMin: number;
}

function transferPeriod(exchange: Exchange, time: number) {
  if (time >= TRANSFER_UNIFIED_0_001PCT) return { from: TRANSFER_UNIFIED_0_001PCT, until: Infinity, rate: 0.00001, perShare: 0, min: 0 };
  if (time >= TRANSFER_BY_TURNOVER) {
    return { from: TRANSFER_BY_TURNOVER, until: TRANSFER_UNIFIED_0_001PCT, rate: exchange === "BJ" ? 0.000025 : 0.00002, perShare: 0, min: 0 };
  }
  const sh = exchange === "SH";
  return { from: -Infinity, until: TRANSFER_BY_TURNOVER, rate: 0, perShare: sh ? 0.0006 : 0, min: sh ? 1 : 0 };
}

/**
 * Stamp duty and transfer fee rates for a board and exchange on a trade date.
 * Bonds (`bond`, see instrument-rules.ts) pay neither, as funds.
 */
export function statutoryFees(board: Board, exchange: Exchange, time: number, bond = false): StatutoryFees {
  if (board === "fund" || bond) {
    return { from: -Infinity, until: Infinity, stampBuy: 0, stampSell: 0, transferRate: 0, transferPerShare: 0, transferMin: 0 };
  }
  let until = Infinity;
  let stamp = STAMP_CHANGES[STAMP_CHANGES.length - 1]!;
  for (const row of STAMP_CHANGES) {
    if (time >= row.from) {
      stamp = row;
      break;
    }
    until = row.from;
  }
  const transfer = transferPeriod(exchange, time);
  return {
    from: Math.max(stamp.from, transfer.from),
    until: Math.min(until, transfer.until),
    stampBuy: stamp.buy,
    stampSell: stamp.sell,
    transferRate: transfer.rate,
    transferPerShare: transfer.perShare,
    transferMin: transfer.min,
  };
}
