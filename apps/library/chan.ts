/**
 * `tdx-forge/chan`: chan-theory analysis (core/chan): merged bars, fractals,
 * strokes, segments, pivots, buy/sell points and divergences of a bar series,
 * in one call or bar by bar, and the JSON the API answers.
 */
export {
  analyzeChan,
  ChanStream,
  type ChanAnalysis,
  type Level,
  DEFAULT_CHAN_CONFIG,
  type ChanConfig,
  type ChanOptions,
  chanToJson,
  type ChanJson,
  type ChanJsonOptions,
} from "../../core/chan/index.ts";
