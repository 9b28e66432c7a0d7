/** Every built-in indicator: each module of this folder exporting one (plugins/discover.ts), in TDX's menu order. */
import { fileURLToPath } from "node:url";
import type { IndicatorPlugin } from "../../ports/plugins.ts";
import { byListingOrder, discoverPlugins } from "../discover.ts";
import { type FormulaIndicatorPlugin, isFormulaIndicator } from "./formula-indicator.ts";

export const indicators: readonly IndicatorPlugin[] = (await discoverPlugins(fileURLToPath(new URL(".", import.meta.url))))
  .filter((p): p is IndicatorPlugin => p.kind === "indicator")
  .sort(byListingOrder);

/** The built-ins defined by TDX formula text (all of them today). */
export const formulaIndicators: readonly FormulaIndicatorPlugin[] = indicators.filter(isFormulaIndicator);
