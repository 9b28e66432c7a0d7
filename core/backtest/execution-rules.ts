/**
 * Everything that decides whether and how one order fills for one security:
 * refusal reasons, slipped price, fees and affordable size. Built once per run (per
 * leg in a portfolio) so the kernels' hot loops only touch it on bars with an order.
 * Whether an order fits the cash is decided on exact decimals
 * (core/backtest/README.md, "Sizing is exact"); `quote` gives the fees as
 * doubles for the fill and its record.
 */
import type { BacktestConfig } from "./config.ts";
import { add, compare, type Dec, decimalOf, max, mul, ZERO } from "./exact-decimal.ts";
import { statutoryFees, type Side, type StatutoryFees } from "./fees.ts";
import { isBond, tradesTPlusZero } from "./instrument-rules.ts";
import { lotRule, roundDownToLot, type LotRule } from "./lots.ts";
import { atLimitDown, atLimitUp, limitFraction, tickOf, type SecurityRules } from "../market/index.ts";

/** Why an order did not fill on a bar (0 = it may fill). */
export const Refusal = {
  none: 0,
  limit_up: 1,
  limit_down: 2,
  suspended: 3,
  t_plus_one: 4,
  cash: 5,
  no_price: 6,
} as const;
export type RefusalCode = (typeof Refusal)[keyof typeof Refusal];

/**
 * Largest order the engine sizes, in shares (2^50 ≈ 1.1e15, over a thousand times
 * the share count of any listed company). Below it share counts and one-lot steps
 * are exact doubles; past 2^53 a step of 100 shares rounds away and sizing stalled.
 */
export const MAX_ORDER_SHARES = 2 ** 50;

export const REFUSAL_NAMES: readonly string[] = Object.keys(Refusal);

/** A cost this far from the budget (relative) is on its side of it in doubles too: far above their rounding error (~1e-15). */
const CLEAR = 1e-9;

export class ExecutionRules {
  readonly lot: LotRule;
  readonly tPlusOne: boolean;
  private readonly tick: number;
  private readonly bond: boolean;
  private rates: StatutoryFees;
  /** `rates` and the config's rates as exact decimals (see {@link exactFees}). */
  private exactRates: StatutoryFees | undefined;
  private stampBuyDec: Dec = ZERO;
  private stampSellDec: Dec = ZERO;
  private transferDec: Dec = ZERO;
  private transferPerShareDec: Dec = ZERO;
  private transferMinDec: Dec = ZERO;
  private readonly commissionDec: Dec;
  private readonly minCommissionDec: Dec;
  /** Fee parts of the last `quote` call, CNY. */
  commission = 0;
  stamp = 0;
  transfer = 0;

  constructor(
    private readonly config: BacktestConfig,
    readonly security: SecurityRules,
  ) {
    this.lot = lotRule(security.board, config.board_lot);
    this.tPlusOne = config.t_plus_one && !tradesTPlusZero(security);
    this.tick = tickOf(security.board);
    this.bond = isBond(security);
    this.rates = statutoryFees(security.board, security.exchange, 0, this.bond);
    this.commissionDec = decimalOf(config.commission);
    this.minCommissionDec = decimalOf(config.min_commission);
  }

  /**
   * Market-side refusal for an order at `raw` on a bar: no usable price,
   * suspension (volume exactly 0), or the price sitting at the limit against the
   * order. `prevClose` is the previous trading day's close (NaN on the first day).
   */
  refusal(side: Side, raw: number, volume: number, prevClose: number, time: number): RefusalCode {
    if (!(raw > 0)) return Refusal.no_price;
    if (this.config.suspension && volume === 0) return Refusal.suspended;
    if (this.config.price_limit && prevClose > 0) {
      const f = limitFraction(this.security.board, this.security.st, time);
      if (side === 1 ? atLimitUp(raw, prevClose, f, this.tick) : atLimitDown(raw, prevClose, f, this.tick)) {
        return side === 1 ? Refusal.limit_up : Refusal.limit_down;
      }
    }
    return Refusal.none;
  }

  /** Fill price after slippage: against the trader on either side. */
  fillPrice(side: Side, raw: number): number {
    return raw * (1 + side * this.config.slippage);
  }

  /** Statutory rates for `time`, looked up again only when `time` leaves their period. */
  private ratesAt(time: number): StatutoryFees {
    if (!(time >= this.rates.from && time < this.rates.until)) {
      this.rates = statutoryFees(this.security.board, this.security.exchange, time, this.bond);
    }
    return this.rates;
  }

  /** Total fees of a fill in CNY; the parts are left in `commission`, `stamp`, `transfer`. */
  quote(side: Side, shares: number, price: number, time: number): number {
    const cfg = this.config;
    const rates = this.ratesAt(time);
    const value = shares * price;
    this.commission = Math.max(cfg.min_commission, value * cfg.commission);
    this.stamp = value * (cfg.stamp_tax === "auto" ? (side === 1 ? rates.stampBuy : rates.stampSell) : side === -1 ? cfg.stamp_tax : 0);
    this.transfer = cfg.transfer_fee !== "auto" ? value * cfg.transfer_fee : rates.transferPerShare > 0 ? Math.max(rates.transferMin, shares * rates.transferPerShare) : value * rates.transferRate;
    return this.commission + this.stamp + this.transfer;
  }

  /**
   * Total fees of a fill as an exact decimal: the same formula as {@link quote}
   * on the decimals of price, shares and rates (commission with its minimum,
   * stamp duty, transfer fee), without binary rounding.
   */
  exactFees(side: Side, shares: number, price: Dec, time: number): Dec {
    const cfg = this.config;
    const rates = this.ratesAt(time);
    if (this.exactRates !== rates) {
      this.exactRates = rates;
      this.stampBuyDec = decimalOf(cfg.stamp_tax === "auto" ? rates.stampBuy : 0);
      this.stampSellDec = decimalOf(cfg.stamp_tax === "auto" ? rates.stampSell : cfg.stamp_tax);
      this.transferDec = decimalOf(cfg.transfer_fee === "auto" ? rates.transferRate : cfg.transfer_fee);
      this.transferPerShareDec = decimalOf(rates.transferPerShare);
      this.transferMinDec = decimalOf(rates.transferMin);
    }
    const q = decimalOf(shares);
    const value = mul(q, price);
    const commission = max(this.minCommissionDec, mul(value, this.commissionDec));
    const stamp = mul(value, side === 1 ? this.stampBuyDec : this.stampSellDec);
    const transfer = cfg.transfer_fee === "auto" && rates.transferPerShare > 0 ? max(this.transferMinDec, mul(q, this.transferPerShareDec)) : mul(value, this.transferDec);
    return add(add(commission, stamp), transfer);
  }

  /**
   * Most shares (lot-rounded, at most {@link MAX_ORDER_SHARES}) whose value plus
   * fees fits in `budget` at `price`, decided exactly on their decimals: a
   * double estimate first, then a search over lot multiples with the exact test.
   */
  affordable(budget: number, side: Side, price: number, time: number): number {
    if (!(budget > 0) || !(price > 0)) return 0;
    // Per-share fees from a large quote (minimums negligible); the loop absorbs the minimums.
    const perShare = this.quote(side, 1e6, price, time) / 1e6;
    let q = roundDownToLot(Math.min(budget / (price + perShare), MAX_ORDER_SHARES), this.lot);
    let over = 0;
    while (q > 0) {
      over = q * price + this.quote(side, q, price, time) - budget;
      if (over <= 0) break;
      // Below 2^53 one lot step is an exact decrement, so q strictly falls and the loop ends.
      const next = roundDownToLot(q - Math.max(this.lot.step, Math.ceil(over / price)), this.lot);
      q = next < q ? next : 0;
    }
    // Doubles decide where the cost is clear of the budget by far more than their rounding (a few units in the
    // last place of each term): q fits and the next lot does not. Only a budget within that of a lot's cost takes
    // the exact search, so the decision is the exact one either way at the cost of one more quote.
    const margin = budget * CLEAR;
    const next = q >= this.lot.min ? q + this.lot.step : this.lot.min;
    const fitsClearly = q === 0 || over <= -margin;
    if (fitsClearly && (next > MAX_ORDER_SHARES || next * price + this.quote(side, next, price, time) > budget + margin)) return q;
    return this.exactLargestFit(q, decimalOf(budget), side, decimalOf(price), time);
  }

  /**
   * The largest lot (as lot index i: min + i·step shares) whose exact cost fits
   * `budget`, searched from the estimate `q`: gallop away from it, then bisect.
   * Cost rises with the share count, so the fitting lots are a prefix.
   */
  private exactLargestFit(q: number, budget: Dec, side: Side, price: Dec, time: number): number {
    const { min, step } = this.lot;
    const last = Math.floor((MAX_ORDER_SHARES - min) / step);
    if (last < 0) return 0;
    const fits = (i: number) => {
      const shares = min + i * step;
      return compare(add(mul(decimalOf(shares), price), this.exactFees(side, shares, price, time)), budget) <= 0;
    };
    const start = q >= min ? Math.min(Math.floor((q - min) / step), last) : 0;
    // lo: a lot index that fits (−1: none), hi: one that does not (last + 1: past the cap).
    let lo: number;
    let hi: number;
    if (fits(start)) {
      lo = start;
      let k = 1;
      while (lo + k <= last && fits(lo + k)) {
        lo += k;
        k *= 2;
      }
      hi = Math.min(lo + k, last + 1);
    } else {
      hi = start;
      let k = 1;
      lo = start - k;
      while (lo >= 0 && !fits(lo)) {
        hi = lo;
        k *= 2;
        lo = start - k;
      }
      if (lo < 0) lo = -1;
    }
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    return lo < 0 ? 0 : min + lo * step;
  }
}
