/**
 * cninfo (巨潮资讯) payloads → announcement rows (adapters/external/README.md §1). The
 * provider sends `announcementTime` as UTC epoch ms; the disclosure date is that
 * instant in Shanghai. Titles may carry `<em>` highlights (`isHLtitle`), which
 * are stripped.
 */
import { formatDate, formatIsoMarket, marketTimeOf } from "../../../core/bars/index.ts";
import type { AnnouncementPage, AnnouncementRow } from "../../../ports/external-data.ts";
import { ProviderError } from "../provider-errors.ts";
import { isRecord } from "../http/provider-json.ts";

const PROVIDER = "cninfo";

/** `szse_stock.json` → code → orgId. */
export function parseStockList(json: unknown): Map<string, string> {
  const list = isRecord(json) ? json.stockList : undefined;
  if (!Array.isArray(list)) throw new ProviderError(PROVIDER, "cninfo stock list has no stockList array");
  const out = new Map<string, string>();
  for (const s of list) {
    if (isRecord(s) && typeof s.code === "string" && typeof s.orgId === "string") out.set(s.code, s.orgId);
  }
  return out;
}

/**
 * The orgId used when the official list does not name a code. cninfo's ids are
 * not uniformly `gs<exchange>0<code>` (newer listings have plain numbers), so
 * this is only a fallback; it holds for long-listed companies.
 */
export function guessOrgId(code: string): string {
  if (/^(4|8|92)/.test(code)) return `gsbj0${code}`;
  if (code.startsWith("6")) return `gssh0${code}`;
  return `gssz0${code}`;
}

export interface AnnouncementContext {
  /** The requested six-digit code. */
  readonly code: string;
  /** The orgId the query used. */
  readonly orgId: string;
  /** Root of cninfo's pages (detail page links). */
  readonly siteUrl: string;
  /** Root of cninfo's static files (PDF links). */
  readonly fileUrl: string;
}

const stripHighlight = (s: string) => s.replace(/<\/?em>/gi, "").trim();

/** The human page akshare links to: the date-time parameter is `YYYY-MM-DD HH:MM:SS` in Shanghai. */
function detailUrl(ctx: AnnouncementContext, code: string, id: string, orgId: string, ms: number): string {
  const at = formatIsoMarket(marketTimeOf(ms)).slice(0, 19).replace("T", " ");
  const q = new URLSearchParams({ stockCode: code, announcementId: id, orgId, announcementTime: at });
  return `${ctx.siteUrl}/new/disclosure/detail?${q}`;
}

function row(item: unknown, ctx: AnnouncementContext): AnnouncementRow {
  if (!isRecord(item)) throw new ProviderError(PROVIDER, "cninfo sent an announcement that is not an object");
  const id = item.announcementId;
  const ms = item.announcementTime;
  if ((typeof id !== "string" && typeof id !== "number") || typeof ms !== "number" || !Number.isFinite(ms)) {
    throw new ProviderError(PROVIDER, `cninfo sent an announcement without announcementId/announcementTime: ${JSON.stringify(item).slice(0, 120)}`);
  }
  const code = typeof item.secCode === "string" && item.secCode ? item.secCode : ctx.code;
  const orgId = typeof item.orgId === "string" && item.orgId ? item.orgId : ctx.orgId;
  const typeName = [item.announcementTypeName, item.adjunctType].find((v) => typeof v === "string" && v !== "") as string | undefined;
  const adjunct = typeof item.adjunctUrl === "string" ? item.adjunctUrl.replace(/^\/+/, "") : "";
  return {
    title: stripHighlight(typeof item.announcementTitle === "string" ? item.announcementTitle : ""),
    type: typeName ?? "",
    date: formatDate(marketTimeOf(ms)),
    url: detailUrl(ctx, code, String(id), orgId, ms),
    code,
    org_id: orgId,
    announcement_id: String(id),
    announcement_time: ms,
    pdf_url: adjunct ? `${ctx.fileUrl}/${adjunct}` : "",
  };
}

/** A `hisAnnouncement/query` answer; `announcements: null` is a page without hits. */
export function parseAnnouncementQuery(json: unknown, ctx: AnnouncementContext): AnnouncementPage {
  if (!isRecord(json) || !("announcements" in json)) {
    throw new ProviderError(PROVIDER, "cninfo answered without an announcements field (format changed or request refused)");
  }
  const list = json.announcements;
  if (list !== null && !Array.isArray(list)) throw new ProviderError(PROVIDER, "cninfo's announcements field is not a list");
  const rows = (list ?? []).map((item) => row(item, ctx));
  const total = typeof json.totalAnnouncement === "number" ? json.totalAnnouncement : rows.length;
  return { total, rows };
}
