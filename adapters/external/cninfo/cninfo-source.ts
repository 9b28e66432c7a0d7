/**
 * Company announcements from cninfo's `hisAnnouncement/query` (adapters/external/README.md
 * §1): a form POST with the code and its orgId, answered as JSON. The page size
 * is passed through as asked; a public write-up says cninfo caps pages at 30
 * (unverified), in which case a larger `count` yields 30 rows. Attachments
 * are fetched only under the file root the rows' `pdf_url`s are built on.
 */
import type { AnnouncementPage, AnnouncementSource } from "../../../ports/external-data.ts";
import type { ProviderClient } from "../http/provider-client.ts";
import { jsonBody } from "../http/provider-json.ts";
import type { CninfoOrgIds } from "./cninfo-org-ids.ts";
import { parseAnnouncementQuery } from "./cninfo-parse.ts";

export class CninfoAnnouncementSource implements AnnouncementSource {
  constructor(
    private readonly client: ProviderClient,
    private readonly orgIds: CninfoOrgIds,
    /** Root of the PDF files (`http://static.cninfo.com.cn` live). */
    private readonly fileUrl: string,
  ) {}

  async page(code: string, page: number, count: number): Promise<AnnouncementPage> {
    const orgId = await this.orgIds.lookup(code);
    const site = this.client.baseUrl;
    const reply = await this.client.request({
      method: "POST",
      path: "/new/hisAnnouncement/query",
      form: {
        pageNum: String(page),
        pageSize: String(count),
        column: "szse",
        tabName: "fulltext",
        plate: "",
        stock: `${code},${orgId}`,
        searchkey: "",
        secid: "",
        category: "",
        trade: "",
        seDate: "",
        sortName: "",
        sortType: "",
        isHLtitle: "true",
      },
      headers: {
        accept: "application/json, text/javascript, */*; q=0.01",
        "x-requested-with": "XMLHttpRequest",
        referer: `${site}/new/disclosure`,
        origin: site,
      },
    });
    return parseAnnouncementQuery(jsonBody(this.client.provider, reply), { code, orgId, siteUrl: site, fileUrl: this.fileUrl });
  }

  async attachment(url: string): Promise<Uint8Array | undefined> {
    if (!url.startsWith(`${this.fileUrl}/`) || /[?#]|\/\.\.?\//.test(url.slice(this.fileUrl.length))) return undefined;
    return this.client.download(url);
  }
}
