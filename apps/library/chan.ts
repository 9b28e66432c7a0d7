/**
 * `tdx-forge/chan`: chan-theory analysis (core/chan): merged bars, fractals,
 * strokes, segments, pivots, buy/sell points and divergences of a bar series,
 * in one call or bar by bar, and the JSON the API answers. A caller analysing
 * long series one after another can pass a `ChanWorkspace` to `analyzeChan`
 * (its per-bar columns are then reused; an analysis must not be read after the
 * next one in the same workspace begins).
 */
export {
  analyzeChan,
  ChanStream,
  ChanWorkspace,
  type ChanAnalysis,
  type Level,
  DEFAULT_CHAN_CONFIG,
  type ChanConfig,
  type ChanOptions,
  chanToJson,
  type ChanJson,
  type ChanJsonOptions,
} from "../../core/chan/index.ts";
