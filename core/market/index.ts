/**
 * Market rules and market-wide figures: trading boards and price limits,
 * sessions, breadth, strength, fund flow and leaders.
 *
 * The module's front door: code outside the module imports only this file
 * (README.md "Layout"; tests may import a file directly).
 */
export { CCPM_PRODUCT_CODES, CCPM_PRODUCTS, ccpmProduct, type CcpmProduct, type CcpmProductCode } from "./ccpm-products.ts";
export { CORE_LEADERS, type PoolMember } from "./core-leaders.ts";
export { bucketNet, bucketTrades, FLOW_BUCKETS, type FundFlow, mainNet, totalNet } from "./fund-flow.ts";
export { marketBreadth } from "./market-breadth.ts";
export { atLimitDown, atLimitUp, limitFraction, roundToTick, tickOf } from "./price-limit.ts";
export { barIsFinal, nextWeekdayAt, noCloseSince, parseClockTime, stillComplete } from "./store-freshness.ts";
export {
  type DailyPanel,
  MIN_BARS,
  PANEL_WINDOW,
  rankStrength,
  STRENGTH_PRESET_NAMES,
  strengthFeatures,
  type StrengthPreset,
  strengthWeights,
  type StrengthWeights,
  writeStrengthFeatures,
} from "./strength.ts";
export { type Board, boardOf, type Exchange, exchangeOf, type SecurityInfo, securityRules, type SecurityRules } from "./trading-board.ts";
export { isTradingTime, TRADING_WINDOWS, tradingSession } from "./trading-session.ts";
