/**
 * Columnar bar series and their calendar: the series shape, categories, market
 * time and sessions, aggregation, price adjustment and rounding.
 *
 * The module's front door: code outside the module imports only this file
 * (README.md "Layout"; tests may import a file directly).
 */
export { adjustBars, adjustBasis, type AdjustBasis, type AdjustMethod, type AdjustMode, needsBasis } from "./adjust.ts";
export { aggregateBars, type Period } from "./aggregate.ts";
export { adjustedWindow, type AdjustedRows, adjustRow, type BarPanel, packPanel, type PanelRow, panelRows, panelWindow, type PanelWindow } from "./bar-panel.ts";
export { maxStart } from "./bar-start.ts";
export { type BarTimeMode, barTimes } from "./bar-time.ts";
export { BAR_CATEGORIES, BAR_CATEGORY_NAMES, type BarCategory } from "./categories.ts";
export { deriveBarFields } from "./derived.ts";
export { formatDate, formatDateTime, formatIsoMarket, fromYyyymmdd, marketTime, marketTimeOf, yyyymmdd } from "./market-time.ts";
export { aggregateMin120, MIN120_MAX_BARS } from "./min120.ts";
export { float32Decimal, type PriceEvent, priceEvents } from "./price-events.ts";
export { roundHalfUp, roundScaled } from "./round.ts";
export { barTable, type BarTable, barTimeLabel } from "./rows.ts";
export { type Board, classifySecurity, type Market, priceDecimals, type SecurityKind, TDX_MARKET } from "./security-kind.ts";
export { allocSeries, type Bar, barAt, type BarField, type BarSeries, concatSeries, copySeries, sliceSeries } from "./series.ts";
export { DAY_MS, dayStart, MINUTE_MS, minuteOfDay, tradingMinute, wallMinuteOfStart } from "./session-clock.ts";
export type { XdxrRecord } from "./xdxr.ts";
