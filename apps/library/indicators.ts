/**
 * `tdx-forge/indicators`: the built-in technical indicators (plugins/indicators,
 * TDX's definitions) and {@link computeIndicator}, which fills in a plugin's
 * default parameters as the API does.
 */
import type { BarSeries } from "../../core/bars/index.ts";
import { indicators } from "../../plugins/indicators/index.ts";
import type { IndicatorPlugin } from "../../ports/plugins.ts";

export { indicators };
export type { IndicatorParam, IndicatorPlugin } from "../../ports/plugins.ts";

/** The output columns of indicator `id` (`MACD`, `KDJ`, ...) on `bars`; parameters not given take their defaults. */
export function computeIndicator(id: string, bars: BarSeries, params: Readonly<Record<string, number>> = {}): Record<string, Float64Array> {
  const plugin: IndicatorPlugin | undefined = indicators.find((p) => p.id === id.toUpperCase());
  if (!plugin) throw new RangeError(`unknown indicator ${id} (known: ${indicators.map((p) => p.id).join(", ")})`);
  return plugin.compute(bars, { ...Object.fromEntries(plugin.params.map((p) => [p.name, p.default])), ...params });
}
