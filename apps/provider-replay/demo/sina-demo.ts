/**
 * Sina's `getFinanceReport2022` in the demo (adapters/external/README.md §2): the demo
 * companies' statements as Sina lays them out — periods newest first, each with
 * its line items as 6-decimal strings (null where a line does not apply) and
 * `item_tongbi`, the change against the same period a year earlier as a
 * fraction rounded half up to 5 places, over the base's absolute value ("" without
 * a base, −1 when the value fell to zero; the rule reproduces every item of the
 * recorded 603596 payload). A period appears once its report is
 * disclosed (the same day as the demo cninfo announcement). Unknown codes get
 * Sina's `data: null`. Non-ASCII text is \u-escaped, as the live service sends it.
 */
import { shanghaiMidnight, shanghaiNow, type DemoCompanies } from "./demo-companies.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { ReplayReply, ReplayRequest, ReplayRoute } from "../replay-server.ts";
import type { DemoSecurity } from "../../tdx-sim/demo/universe.ts";
import { firstReportYear, periodEnd, type ReportKind, reportDay } from "./report-calendar.ts";
import { demoStatement, type Lines, type Statement } from "./sina-model.ts";
import { TEMPLATES } from "./sina-templates.ts";

const DISPLAY = ["", "大类", "小类", "缩进"];
const KIND_NAME = ["", "一季报", "半年报", "三季报", "年报"];

interface Period {
  readonly year: number;
  readonly kind: ReportKind;
  readonly published: number;
}

/** Disclosed periods of a company as of `today`, newest first. */
function periods(seed: number, s: DemoSecurity, today: number): Period[] {
  const out: Period[] = [];
  for (let y = firstReportYear(s.listDate); y <= Math.floor(today / 10000); y++) {
    for (const kind of [1, 2, 3, 4] as const) {
      const published = reportDay(seed, s.code, y, kind);
      if (published <= today) out.push({ year: y, kind, published });
    }
  }
  return out.sort((a, b) => periodEnd(b.year, b.kind) - periodEnd(a.year, a.kind));
}

const money = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(6));

/** Sina's 同比 of a line. */
export function tongbi(now: number | null, before: number | null | undefined): number | "" {
  if (now === null || before === null || before === undefined || before === 0) return "";
  if (now === 0) return -1;
  // Half away from zero on the decimal value (0.140625 → 0.14063), as Sina rounds.
  const ratio = (now - before) / Math.abs(before);
  return (Math.sign(ratio) * Math.round(Number(Math.abs(ratio).toFixed(10)) * 1e5)) / 1e5 || 0;
}

function items(statement: Statement, lines: Lines, lastYear: Lines | undefined) {
  return TEMPLATES[statement].map(([field, title, display, group, precision = "f2"]) => {
    const v = lines.get(field) ?? null;
    return {
      item_field: field,
      item_title: title,
      item_value: money(v),
      item_display_type: display,
      item_display: DISPLAY[display],
      item_precision: precision,
      item_group_no: group,
      item_source: statement,
      item_tongbi: tongbi(v, lastYear?.get(field)),
    };
  });
}

const escapeNonAscii = (json: string) => json.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
const reply = (body: unknown): ReplayReply => ({ headers: { "content-type": "application/json; charset=utf-8" }, body: escapeNonAscii(JSON.stringify(body)) });

function report(companies: DemoCompanies, clock: Clock, req: ReplayRequest): ReplayReply {
  const paper = req.query.get("paperCode") ?? "";
  const statement = req.query.get("source") ?? "";
  const num = Math.max(1, Number(req.query.get("num")) || 1);
  const s = /^(sh|sz)\d{6}$/.test(paper) ? companies.get(paper.slice(2)) : undefined;
  const exchangeOk = s && (paper.startsWith("sh") ? s.market === "SH" : s.market !== "SH");
  if (!s || !exchangeOk || !(statement in TEMPLATES)) return reply({ result: { status: { code: 0 }, data: null } });
  const st = statement as Statement;
  const all = periods(companies.seed, s, shanghaiNow(clock.now()).ymd);
  const shown = all.slice(0, num);
  const first = firstReportYear(s.listDate);
  const list: Record<string, unknown> = {};
  for (const p of shown) {
    const lines = demoStatement(companies.seed, s, st, p.year, p.kind);
    const lastYear = p.year > first ? demoStatement(companies.seed, s, st, p.year - 1, p.kind) : undefined;
    list[String(periodEnd(p.year, p.kind))] = {
      rType: "合并期末",
      rCurrency: "CNY",
      data_source: "定期报告",
      is_audit: p.kind === 4 ? "是" : "未审计",
      publish_date: String(p.published),
      update_time: Math.floor(shanghaiMidnight(p.published) / 1000) + 9 * 3600,
      is_exist_yoy: lastYear !== undefined,
      data: items(st, lines, lastYear),
    };
  }
  return reply({
    result: {
      status: { code: 0 },
      data: {
        report_count: String(all.length),
        report_date: shown.map((p) => ({ date_value: String(periodEnd(p.year, p.kind)), date_description: `${p.year}${KIND_NAME[p.kind]}`, date_type: p.kind })),
        report_list: list,
      },
    },
  });
}

/** Sina's route, relative to the provider's root. */
export function sinaDemoRoutes(companies: DemoCompanies, clock: Clock): ReplayRoute[] {
  return [{ method: "GET", path: /^\/cn\/api\/openapi\.php\/CompanyFinanceService\.getFinanceReport2022$/, handle: (req) => report(companies, clock, req) }];
}
