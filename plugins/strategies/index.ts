/** Every built-in strategy: each module of this folder exporting one (plugins/discover.ts), in listing order. */
import type { StrategyPlugin } from "../../ports/plugins.ts";
import { byListingOrder, discoverPlugins } from "../discover.ts";
import { fileURLToPath } from "node:url";

export const strategies: readonly StrategyPlugin<any>[] = (await discoverPlugins(fileURLToPath(new URL(".", import.meta.url))))
  .filter((p): p is StrategyPlugin<any> => p.kind === "strategy")
  .sort(byListingOrder);
