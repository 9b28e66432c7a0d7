/** External data providers, one per capability (adapters/http/README.md 4.11): each module of this folder exporting one. */
import { fileURLToPath } from "node:url";
import type { ExternalDataSourcePlugin } from "../../ports/external-data.ts";
import { byListingOrder, discoverPlugins } from "../discover.ts";

export const dataSources: readonly ExternalDataSourcePlugin[] = (await discoverPlugins(fileURLToPath(new URL(".", import.meta.url))))
  .filter((p): p is ExternalDataSourcePlugin => p.kind === "datasource")
  .sort(byListingOrder);
