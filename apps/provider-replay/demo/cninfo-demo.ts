/**
 * cninfo in the demo: `szse_stock.json` (code → orgId) and
 * `hisAnnouncement/query` answers in cninfo's JSON format (adapters/external/README.md §1)
 * for the demo companies, built from a deterministic disclosure history:
 * periodic reports with their board resolutions, shareholder meetings,
 * dividends and everyday notices. A query with a wrong orgId finds nothing, as
 * on the real site. PDFs and detail pages are served too, so links work offline.
 */
import { formatDate, fromYyyymmdd, yyyymmdd, DAY_MS } from "../../../core/bars/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import { hashSeed, mulberry32, pick } from "../../tdx-sim/demo/prng.ts";
import type { DemoSecurity } from "../../tdx-sim/demo/universe.ts";
import type { ReplayReply, ReplayRequest, ReplayRoute } from "../replay-server.ts";
import { type DemoCompanies, shanghaiMidnight, shanghaiNow } from "./demo-companies.ts";
import { tinyPdf } from "./demo-pdf.ts";
import { firstReportYear, type ReportKind, reportDay, tradingDayOnOrAfter } from "./report-calendar.ts";

interface Disclosure {
  readonly ymd: number;
  readonly title: string;
  readonly category: string;
  readonly typeCode: string;
  readonly sizeKB: number;
}

const CN_NUM = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
const EVERYDAY = [
  ["关于股东股份质押的公告", "category_gqbd_szsh"],
  ["关于获得政府补助的公告", "category_rcjy_szsh"],
  ["关于使用闲置自有资金进行现金管理的进展公告", "category_rcjy_szsh"],
  ["关于召开业绩说明会的公告", "category_rcjy_szsh"],
  ["关于回购股份的进展公告", "category_gqbd_szsh"],
  ["关于为子公司提供担保的进展公告", "category_rcjy_szsh"],
  ["关于签订日常经营重大合同的公告", "category_rcjy_szsh"],
  ["关于董事、高级管理人员减持股份的预披露公告", "category_gqbd_szsh"],
  ["关于变更注册资本并修订《公司章程》的公告", "category_gszl_szsh"],
  ["关于会计政策变更的公告", "category_gszl_szsh"],
] as const;

const REPORT_NAMES: Record<ReportKind, [string, string, string]> = {
  1: ["第一季度报告", "category_yjdbg_szsh", "01030701"],
  2: ["半年度报告", "category_bndbg_szsh", "01030501"],
  3: ["第三季度报告", "category_sjdbg_szsh", "01030801"],
  4: ["年度报告", "category_ndbg_szsh", "01030101"],
};

const plusDays = (ymd: number, n: number) => tradingDayOnOrAfter(yyyymmdd(fromYyyymmdd(ymd) + n * DAY_MS));

/** cninfo's orgId of a demo company: the old `gs<exchange>0<code>` shape, plain digits for newer listings. */
export function demoOrgId(seed: number, s: DemoSecurity): string {
  if (s.listDate >= 20200101) return `99000${String(hashSeed(seed, "org", s.code) % 100000).padStart(5, "0")}`;
  return `${s.market === "SH" ? "gssh0" : s.market === "SZ" ? "gssz0" : "gfbj0"}${s.code}`;
}

/** Every disclosure of a company up to `today`, oldest first. */
function disclosures(seed: number, s: DemoSecurity, today: number): Disclosure[] {
  const out: Disclosure[] = [];
  const add = (ymd: number, title: string, category: string, typeCode: string, sizeKB: number) => {
    if (ymd >= s.listDate && ymd <= today) out.push({ ymd, title, category, typeCode, sizeKB });
  };
  const lastYear = Math.floor(today / 10000);
  let board = 0;
  for (let y = firstReportYear(s.listDate); y <= lastYear; y++) {
    const r = mulberry32(hashSeed(seed, "disclosures", s.code, y));
    for (const kind of [1, 2, 3, 4] as const) {
      const day = reportDay(seed, s.code, y, kind);
      const [name, category, typeCode] = REPORT_NAMES[kind];
      const big = kind === 4 ? 2500 : kind === 2 ? 1200 : 300;
      add(day, `${y}年${name}`, category, `01010503||${typeCode}`, Math.round(big * (0.6 + r())));
      if (kind === 2 || kind === 4) add(day, `${y}年${name}摘要`, category, `01010503||${typeCode}`, Math.round(60 + r() * 120));
      const [session, meeting] = [1 + Math.floor(board / 8), 1 + (board++ % 8)];
      add(day, `第${CN_NUM[Math.min(session, 10)]}届董事会第${CN_NUM[meeting]}次会议决议公告`, "category_dshgg_szsh", "01010503||010112", Math.round(80 + r() * 200));
      if (kind === 2 || kind === 4) add(day, "监事会决议公告", "category_jshgg_szsh", "01010503||010113", Math.round(60 + r() * 100));
      if (kind === 4) {
        add(day, `关于${y}年度利润分配预案的公告`, "category_qyfpxzcs_szsh", "01010503||010301", Math.round(90 + r() * 80));
        const notice = plusDays(day, 10 + Math.floor(r() * 10));
        add(notice, `关于召开${y}年年度股东大会的通知`, "category_gddh_szsh", "01010503||010114", Math.round(120 + r() * 200));
        const meetingDay = plusDays(notice, 20);
        add(meetingDay, `${y}年年度股东大会决议公告`, "category_gddh_szsh", "01010503||010114", Math.round(90 + r() * 150));
        add(meetingDay, `${y}年年度股东大会的法律意见书`, "category_gddh_szsh", "01010503||010114", Math.round(150 + r() * 150));
        if (r() < 0.8) add(plusDays(meetingDay, 25 + Math.floor(r() * 20)), `${y}年年度权益分派实施公告`, "category_qyfpxzcs_szsh", "01010503||010301", Math.round(100 + r() * 80));
      }
    }
    const everyday = 4 + Math.floor(r() * 5);
    for (let i = 0; i < everyday; i++) {
      const [title, category] = pick(EVERYDAY, r);
      add(tradingDayOnOrAfter(yyyymmdd(fromYyyymmdd(y * 10000 + 101) + Math.floor(r() * 360) * DAY_MS)), title, category, "01010503||010199", Math.round(70 + r() * 300));
    }
  }
  return out.sort((a, b) => a.ymd - b.ymd);
}

/** cninfo's `pageColumn` board codes (SHZB main board, SHKCP STAR, SZCY ChiNext, ...). */
const BOARD_COLUMN: Partial<Record<DemoSecurity["board"], string>> = { STAR: "SHKCP", CHINEXT: "SZCY", BSE: "BJZB" };

/** The JSON record cninfo sends for one announcement. */
function record(s: DemoSecurity, orgId: string, d: Disclosure, id: number, title: string) {
  const date = formatDate(fromYyyymmdd(d.ymd));
  return {
    id: null,
    secCode: s.code,
    secName: s.name,
    orgId,
    announcementId: String(id),
    announcementTitle: title,
    announcementTime: shanghaiMidnight(d.ymd),
    adjunctUrl: `finalpage/${date}/${id}.PDF`,
    adjunctSize: d.sizeKB,
    adjunctType: "PDF",
    storageTime: null,
    columnId: "09020202||250101||251302",
    pageColumn: BOARD_COLUMN[s.board] ?? `${s.market}ZB`,
    announcementType: d.typeCode,
    associateAnnouncement: null,
    important: null,
    batchNum: null,
    announcementContent: "",
    orgName: null,
    tileSecName: s.name,
    shortTitle: null,
    announcementTypeName: null,
    secNameOther: null,
    announcementTypeStatus: null,
  };
}

/** Each disclosure with its id: ids grow with the date, as cninfo's do; several disclosures of one day get consecutive ids. */
function withIds(seed: number, code: string, list: readonly Disclosure[]): { d: Disclosure; id: number }[] {
  const base = hashSeed(seed, "ids", code) % 3000;
  const day0 = fromYyyymmdd(20160101);
  let prev = -1;
  let k = 0;
  return list.map((d) => {
    k = d.ymd === prev ? k + 1 : 0;
    prev = d.ymd;
    return { d, id: 1_200_000_000 + Math.round((fromYyyymmdd(d.ymd) - day0) / DAY_MS) * 4000 + base + k };
  });
}

const json = (body: unknown): ReplayReply => ({ headers: { "content-type": "application/json;charset=UTF-8" }, body: JSON.stringify(body) });

function query(companies: DemoCompanies, clock: Clock, req: ReplayRequest): ReplayReply {
  const [code = "", orgId = ""] = (req.form.get("stock") ?? "").split(",");
  const pageNum = Math.max(1, Number(req.form.get("pageNum")) || 1);
  const pageSize = Math.max(1, Number(req.form.get("pageSize")) || 30);
  const s = companies.get(code);
  const empty = { classifiedAnnouncements: null, totalSecurities: 0, totalAnnouncement: 0, totalRecordNum: 0, announcements: null, categoryList: null, hasMore: false, totalpages: 0 };
  if (!s || demoOrgId(companies.seed, s) !== orgId) return json(empty);
  const all = disclosures(companies.seed, s, shanghaiNow(clock.now()).ymd);
  const key = req.form.get("searchkey") ?? "";
  const categories = (req.form.get("category") ?? "").split(";").filter(Boolean);
  const [from, to] = (req.form.get("seDate") ?? "").split("~").map((x) => Number(x.replace(/-/g, "")) || 0);
  const highlight = req.form.get("isHLtitle") === "true";
  const hits = withIds(companies.seed, s.code, all)
    .filter(({ d }) => (!key || d.title.includes(key)) && (!categories.length || categories.includes(d.category)) && (!from || d.ymd >= from) && (!to || d.ymd <= to))
    .reverse();
  const page = hits.slice((pageNum - 1) * pageSize, pageNum * pageSize);
  const title = (t: string) => (key && highlight ? t.split(key).join(`<em>${key}</em>`) : t);
  return json({
    ...empty,
    totalAnnouncement: hits.length,
    totalRecordNum: hits.length,
    announcements: page.length ? page.map(({ d, id }) => record(s, orgId, d, id, title(d.title))) : null,
    hasMore: pageNum * pageSize < hits.length,
    totalpages: Math.ceil(hits.length / pageSize),
  });
}

/** cninfo's routes, relative to the provider's root. */
export function cninfoDemoRoutes(companies: DemoCompanies, clock: Clock): ReplayRoute[] {
  return [
    {
      method: "GET",
      path: /^\/new\/data\/szse_stock\.json$/,
      handle: () =>
        json({
          stockList: [...companies.all()].map((s) => ({ orgId: demoOrgId(companies.seed, s), category: "A股", code: s.code, pinyin: "", zwjc: s.name })),
        }),
    },
    { method: "POST", path: /^\/new\/hisAnnouncement\/query$/, handle: (req) => query(companies, clock, req) },
    {
      method: "GET",
      path: /^\/new\/disclosure\/detail$/,
      handle: (req) => {
        const id = (req.query.get("announcementId") ?? "").replace(/\D/g, "");
        const date = (req.query.get("announcementTime") ?? "").slice(0, 10).replace(/[^\d-]/g, "");
        return {
          headers: { "content-type": "text/html; charset=utf-8" },
          body: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>公告详情 ${id}</title></head><body><p>演示公告 ${id}</p><a href="../../static/finalpage/${date}/${id}.PDF">PDF</a></body></html>`,
        };
      },
    },
    {
      method: "GET",
      path: /^\/static\/finalpage\/(\d{4}-\d{2}-\d{2})\/(\d+)\.PDF$/,
      handle: (_, m) => ({
        headers: { "content-type": "application/pdf" },
        body: tinyPdf(["Demo announcement (generated offline)", `announcementId ${m[2]}`, `date ${m[1]}`]),
      }),
    },
  ];
}
