import type { ExternalDataSourcePlugin } from "../../ports/external-data.ts";
import { cffexPositionRanks } from "./cffex-ccpm.ts";
import { cninfoAnnouncements } from "./cninfo.ts";
import { sinaFinancialReports } from "./sina-finance.ts";

/** External data providers, one per capability (market-api.md 4.11). */
export const dataSources: readonly ExternalDataSourcePlugin[] = [cninfoAnnouncements, sinaFinancialReports, cffexPositionRanks];
