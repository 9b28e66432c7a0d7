/**
 * Bonds are not shares (core/backtest/README.md, "Bonds and T+0"). From the
 * design note on A-share execution rules: stamp duty is "Not charged on
 * ETFs/bonds", the transfer fee is one of "SH, SZ and BJ A-shares", and
 * "bond, gold, cross-border and money-market ETFs and convertible bonds are
 * T+0". A code tells a bond and a convertible bond apart (core/bars/security-kind.ts).
 * On the SH exchange it tells an ETF's category too: the exchange gives bond
 * and money-market ETFs codes from 511, cross-border ETFs from 513 and gold
 * ETFs from 518 (e.g. 511010, 511880, 513100, 518880), and equity ETFs other
 * segments (510, 512, 515, 588 …). SZ gives every ETF a 159 code, so there a
 * fund stays T+1 (switch `t_plus_one` off for a T+0 one).
 */
import { classifySecurity } from "../bars/index.ts";
import type { SecurityRules } from "../market/index.ts";

/** Exchange-traded bond of any sort (convertible, treasury, corporate): no stamp duty, no transfer fee. */
export function isBond(security: SecurityRules): boolean {
  return classifySecurity(security.exchange, security.code).kind === "bond";
}

/** SH fund code segments of the T+0 ETF categories: bond and money-market (511), cross-border (513), gold (518). */
const SH_T0_ETF = /^51[138]\d{3}$/;

/** Sellable on the day it is bought: convertible bonds, and the SH ETFs whose segment says T+0. */
export function tradesTPlusZero(security: SecurityRules): boolean {
  const c = classifySecurity(security.exchange, security.code);
  return c.board === "CONVERTIBLE" || (c.board === "FUND" && security.exchange === "SH" && SH_T0_ETF.test(security.code));
}
