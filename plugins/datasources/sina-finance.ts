import { SinaFinancialReportSource } from "../../adapters/external/sina/sina-source.ts";
import type { ExternalDataSourcePlugin } from "../../ports/external-data.ts";
import { providerClientOf } from "./provider-client-of.ts";

/** Three-statement reports from Sina Finance's open API (the endpoint named `finsrc` in our paths). */
export const sinaFinancialReports: ExternalDataSourcePlugin<"financial-reports"> = {
  kind: "datasource",
  id: "sina-finance",
  title: "Sina Finance financial statements",
  provides: "financial-reports",
  live: { baseUrl: "https://quotes.sina.cn" },
  demoPrefix: "/sina",
  politeIntervalMs: 300,
  create: (deps) => new SinaFinancialReportSource(providerClientOf("sina", deps)),
};
