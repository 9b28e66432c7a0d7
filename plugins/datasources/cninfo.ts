import { CninfoOrgIds } from "../../adapters/external/cninfo/cninfo-org-ids.ts";
import { CninfoAnnouncementSource } from "../../adapters/external/cninfo/cninfo-source.ts";
import type { ExternalDataSourcePlugin } from "../../ports/external-data.ts";
import { providerClientOf } from "./provider-client-of.ts";

/** Company announcements from cninfo (巨潮资讯), the CSRC-designated disclosure site. */
export const cninfoAnnouncements: ExternalDataSourcePlugin<"announcements"> = {
  kind: "datasource",
  id: "cninfo",
  title: "cninfo announcements (巨潮资讯)",
  provides: "announcements",
  live: { baseUrl: "http://www.cninfo.com.cn", fileBaseUrl: "http://static.cninfo.com.cn" },
  demoPrefix: "/cninfo",
  politeIntervalMs: 500,
  create(deps) {
    const client = providerClientOf("cninfo", deps);
    return new CninfoAnnouncementSource(client, new CninfoOrgIds(client, deps.log), deps.fileBaseUrl);
  },
};
