/**
 * `tdx-forge/bars`: the columnar bar series every engine reads (core/bars/series.ts:
 * market wall-clock time as UTC milliseconds, Float64Array columns), with the
 * helpers a script needs to build, cut and join one, and the bar categories.
 */
export { allocSeries, concatSeries, sliceSeries, type BarField, type BarSeries } from "../../core/bars/series.ts";
export { BAR_CATEGORIES, BAR_CATEGORY_NAMES, type BarCategory } from "../../core/bars/categories.ts";
export { adjustBars, type AdjustMethod, type AdjustMode } from "../../core/bars/adjust.ts";
export { priceEvents, type PriceEvent } from "../../core/bars/price-events.ts";
export type { XdxrRecord } from "../../core/bars/xdxr.ts";
