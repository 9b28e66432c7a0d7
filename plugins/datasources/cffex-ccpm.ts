import { CffexPositionRankSource } from "../../adapters/external/cffex/cffex-source.ts";
import type { ExternalDataSourcePlugin } from "../../ports/external-data.ts";
import { providerClientOf } from "./provider-client-of.ts";

/** Member volume and open-interest rankings from the China Financial Futures Exchange (CFFEX). */
export const cffexPositionRanks: ExternalDataSourcePlugin<"position-ranks"> = {
  kind: "datasource",
  id: "cffex-ccpm",
  title: "CFFEX member position rankings (成交持仓排名)",
  provides: "position-ranks",
  live: { baseUrl: "http://www.cffex.com.cn" },
  demoPrefix: "/cffex",
  politeIntervalMs: 300,
  create: (deps) => new CffexPositionRankSource(providerClientOf("cffex", deps)),
};
