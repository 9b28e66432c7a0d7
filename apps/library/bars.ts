/**
 * `tdx-forge/bars`: the columnar bar series every engine reads (core/bars/series.ts:
 * market wall-clock time as UTC milliseconds, Float64Array columns), with the
 * helpers a script needs to build, cut and join one, and the bar categories.
 */
export {
  allocSeries,
  concatSeries,
  sliceSeries,
  type BarField,
  type BarSeries,
  BAR_CATEGORIES,
  BAR_CATEGORY_NAMES,
  type BarCategory,
  adjustBars,
  type AdjustMethod,
  type AdjustMode,
  priceEvents,
  type PriceEvent,
  type XdxrRecord,
} from "../../core/bars/index.ts";
