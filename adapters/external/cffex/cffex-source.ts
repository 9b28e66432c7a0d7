/**
 * CFFEX member rankings (成交持仓排名) per product and trading day, from
 * `/sj/ccpm/{YYYYMM}/{DD}/{PRODUCT}.xml` (adapters/external/README.md §3). A day without a
 * file is answered with a redirect to, or the body of, an error page: that means
 * "nothing published", never data. CFFEX is reported to refuse requests without
 * its ranking page as Referer (unverified), so it is always sent.
 */
import type { PositionRankRow, PositionRankSource } from "../../../ports/external-data.ts";
import type { ProviderClient } from "../http/provider-client.ts";
import { describeBody, ProviderError } from "../provider-errors.ts";
import { isCffexErrorPage, parsePositionRankXml } from "./cffex-xml.ts";

export class CffexPositionRankSource implements PositionRankSource {
  constructor(private readonly client: ProviderClient) {}

  async day(product: string, ymd: string): Promise<PositionRankRow[] | undefined> {
    const reply = await this.client.request({
      path: `/sj/ccpm/${ymd.slice(0, 6)}/${ymd.slice(6, 8)}/${product}.xml`,
      headers: { referer: `${this.client.baseUrl}/ccpm/`, accept: "application/xml,text/xml,*/*" },
    });
    if ((reply.status >= 300 && reply.status < 400) || reply.status === 404) return undefined;
    if (reply.status !== 200) throw new ProviderError("cffex", `cffex answered HTTP ${reply.status} with ${describeBody(reply.text)}`);
    if (isCffexErrorPage(reply.text)) return undefined;
    const rows = parsePositionRankXml(reply.text);
    if (rows.length === 0) throw new ProviderError("cffex", `cffex sent a ${product} ranking for ${ymd} without any rows`);
    return rows;
  }
}
