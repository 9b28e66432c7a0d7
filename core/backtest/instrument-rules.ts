/**
 * Bonds are not shares (core/backtest/README.md, "Bonds and T+0"). From the
 * design note on A-share execution rules: stamp duty is "Not charged on
 * ETFs/bonds", the transfer fee is one of "SH, SZ and BJ A-shares", and
 * "bond, gold, cross-border and money-market ETFs and convertible bonds are
 * T+0". A code tells a bond and a convertible bond apart (core/bars/security-kind.ts);
 * it does not tell an ETF's category, so every fund stays T+1 here.
 */
import { classifySecurity } from "../bars/index.ts";
import type { SecurityRules } from "../market/index.ts";

/** Exchange-traded bond of any sort (convertible, treasury, corporate): no stamp duty, no transfer fee. */
export function isBond(security: SecurityRules): boolean {
  return classifySecurity(security.exchange, security.code).kind === "bond";
}

/** Sellable on the day it is bought: convertible bonds (the only T+0 class a code identifies). */
export function tradesTPlusZero(security: SecurityRules): boolean {
  return classifySecurity(security.exchange, security.code).board === "CONVERTIBLE";
}
