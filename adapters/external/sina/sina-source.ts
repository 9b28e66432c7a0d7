/**
 * Three-statement reports from Sina's `CompanyFinanceService.getFinanceReport2022`
 * (adapters/external/README.md §2): `source` lrb/fzb/llb, `type=0` (all period kinds),
 * newest `num` periods.
 */
import type { FinancialReportSource, StatementPeriod, StatementType } from "../../../ports/external-data.ts";
import type { ProviderClient } from "../http/provider-client.ts";
import { jsonBody } from "../http/provider-json.ts";
import { paperCode, parseFinanceReport } from "./sina-parse.ts";

export const SINA_REPORT_PATH = "/cn/api/openapi.php/CompanyFinanceService.getFinanceReport2022";

export class SinaFinancialReportSource implements FinancialReportSource {
  constructor(private readonly client: ProviderClient) {}

  async periods(code: string, type: StatementType, num: number): Promise<StatementPeriod[]> {
    const paper = paperCode(code);
    const reply = await this.client.request({
      path: SINA_REPORT_PATH,
      query: { paperCode: paper, source: type, type: "0", page: "1", num: String(num) },
      headers: { accept: "application/json" },
    });
    return parseFinanceReport(jsonBody(this.client.provider, reply), paper, num);
  }
}
