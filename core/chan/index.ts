/**
 * Chan theory analysis: fractals, strokes, segments, centres and signals, over
 * one level or several, and their JSON form.
 *
 * The module's front door: code outside the module imports only this file
 * (README.md "Layout"; tests may import a file directly).
 */
export { analyzeChan, type ChanAnalysis, ChanStream, type Level } from "./analyze.ts";
export { lowLevelStructure } from "./multi-level.ts";
export { type ChanConfig, type ChanOptions, DEFAULT_CHAN_CONFIG } from "./options.ts";
export { type ChanJson, type ChanJsonOptions, chanToJson, type PointJson } from "./to-json.ts";
export { parseChanOptions } from "./validate-options.ts";
export { ChanWorkspace } from "./workspace.ts";
