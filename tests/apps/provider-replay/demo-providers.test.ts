/**
 * The demo providers speak the real formats and tell a consistent story: the
 * demo income statement has the layout of the recorded Sina payload, 同比
 * follows Sina's rule, statements add up, reports are disclosed on the day the
 * demo cninfo announces them, CFFEX changes are today's figure minus the
 * previous trading day's, and contracts roll on their last trading days.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parsePositionRankXml } from "../../../adapters/external/cffex/cffex-xml.ts";
import { cffexDemoRoutes } from "../../../apps/provider-replay/demo/cffex-demo.ts";
import { listedContracts } from "../../../apps/provider-replay/demo/cffex-contracts.ts";
import { cninfoDemoRoutes } from "../../../apps/provider-replay/demo/cninfo-demo.ts";
import { DemoCompanies } from "../../../apps/provider-replay/demo/demo-companies.ts";
import { sinaDemoRoutes, tongbi } from "../../../apps/provider-replay/demo/sina-demo.ts";
import { LRB } from "../../../apps/provider-replay/demo/sina-templates.ts";
import type { ReplayRequest, ReplayRoute } from "../../../apps/provider-replay/replay-server.ts";
import { readFixtureText, skipUnless } from "../../support/fixtures.ts";
import { FakeClock } from "../../support/server.ts";

const SEED = 20260101;
const clock = new FakeClock(Date.UTC(2026, 10, 20, 9, 0));
const companies = new DemoCompanies(SEED);
const codes = [...companies.all()].map((s) => s.code);

function ask(routes: ReplayRoute[], method: "GET" | "POST", path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const q = new URLSearchParams(params);
  const req: ReplayRequest = { method, path, query: method === "GET" ? q : new URLSearchParams(), form: method === "POST" ? q : new URLSearchParams(), headers };
  for (const r of routes) {
    const m = r.method === method ? r.path.exec(path) : null;
    if (m) return r.handle(req, m);
  }
  throw new Error(`no route for ${path}`);
}

const sina = sinaDemoRoutes(companies, clock);
const SINA_PATH = "/cn/api/openapi.php/CompanyFinanceService.getFinanceReport2022";
const statement = (code: string, source: string, num: number) => {
  const paperCode = (companies.get(code)!.market === "SH" ? "sh" : "sz") + code;
  return JSON.parse(String(ask(sina, "GET", SINA_PATH, { paperCode, source, type: "0", page: "1", num: String(num) }).body));
};

const FIXTURE = "external/sina/getFinanceReport2022-lrb-sh603596-num10.json";
test("the demo income statement has the recorded payload's layout", { skip: skipUnless(FIXTURE) }, () => {
  const real = JSON.parse(readFixtureText(FIXTURE)).result.data.report_list["20250930"].data;
  const layout = real.map((i: Record<string, unknown>) => [i.item_field, i.item_title, i.item_display_type, i.item_group_no, i.item_precision]);
  assert.deepEqual(
    layout,
    LRB.map(([f, t, d, g, p = "f2"]) => [f, t, d, g, p]),
  );
  const demo = statement("000001", "lrb", 1).result.data.report_list;
  const item = Object.values<any>(demo)[0].data[0];
  assert.deepEqual(Object.keys(item), Object.keys(real[0]));
  assert.match(item.item_value, /^-?\d+\.\d{6}$/);
});

test("the demo's 同比 rule reproduces every item of the recorded payload", { skip: skipUnless(FIXTURE) }, () => {
  const list = JSON.parse(readFixtureText(FIXTURE)).result.data.report_list;
  let checked = 0;
  for (const p of Object.keys(list)) {
    const lastYear = list[String(Number(p) - 10000)];
    if (!lastYear) continue;
    const before = new Map(lastYear.data.map((i: any) => [i.item_field, i.item_value === null ? null : Number(i.item_value)]));
    for (const i of list[p].data) {
      assert.equal(tongbi(i.item_value === null ? null : Number(i.item_value), before.get(i.item_field) as number | null), i.item_tongbi, `${p} ${i.item_field}`);
      checked++;
    }
  }
  assert.equal(checked, 462);
});

test("Sina's 同比 rule at its edges", () => {
  assert.equal(tongbi(-13613115.66, -29061784.95), 0.53158, "a negative base counts by its size");
  assert.equal(tongbi(0, 5), -1);
  assert.equal(tongbi(null, 5), "");
  assert.equal(tongbi(5, 0), "");
  assert.equal(tongbi(5, undefined), "");
});

test("demo statements add up, and 同比 compares with the same period a year earlier", () => {
  fc.assert(
    fc.property(fc.constantFrom(...codes), (code) => {
      const lrb = statement(code, "lrb", 8).result.data;
      const periods = Object.keys(lrb.report_list).sort().reverse();
      assert.equal(lrb.report_date.length, periods.length);
      assert.ok(Number(lrb.report_count) >= periods.length, "Number(lrb.report_count) >= periods.length");
      const v = (p: string, field: string, data = lrb) => {
        const x = data.report_list[p]?.data.find((i: any) => i.item_field === field)?.item_value;
        return x == null ? null : Number(x);
      };
      for (const p of periods) {
        const lastYear = String(Number(p) - 10000);
        const item = lrb.report_list[p].data.find((i: any) => i.item_field === "BIZTOTINCO");
        if (lrb.report_list[lastYear]) assert.equal(item.item_tongbi, tongbi(v(p, "BIZTOTINCO"), v(lastYear, "BIZTOTINCO")));
        const net = v(p, "NETPROFIT")!;
        assert.equal(Math.round((v(p, "TOTPROFIT")! - v(p, "INCOTAXEXPE")!) * 100), Math.round(net * 100));
      }
      const fzb = statement(code, "fzb", 4).result.data;
      for (const p of Object.keys(fzb.report_list)) {
        const b = (f: string) => Math.round(v(p, f, fzb)! * 100);
        assert.equal(b("TOTASSET"), b("TOTLIABSHAREQUI"));
        assert.equal(b("TOTASSET"), b("TOTCURRASSET") + b("TOTALNONCASSETS"));
        assert.equal(b("RIGHAGGR"), b("PARESHARRIGH") + b("MINYSHARRIGH"));
      }
      const llb = statement(code, "llb", 4).result.data;
      for (const p of Object.keys(llb.report_list)) {
        const c = (f: string) => Math.round((v(p, f, llb) ?? 0) * 100);
        assert.equal(c("FINALCASHBALA"), c("INICASHBALA") + c("CASHNETR"));
        assert.equal(c("MANANETR"), c("BIZCASHINFL") - c("BIZCASHOUTF"));
      }
    }),
    { numRuns: 15, seed: 7 },
  );
});

test("a periodic report is disclosed on the day the demo cninfo announces it", () => {
  const cninfo = cninfoDemoRoutes(companies, clock);
  const list = JSON.parse(String(ask(cninfo, "GET", "/new/data/szse_stock.json").body)).stockList;
  const entry = list.find((s: { code: string }) => s.code === "600000");
  const q = JSON.parse(String(ask(cninfo, "POST", "/new/hisAnnouncement/query", { stock: `600000,${entry.orgId}`, pageNum: "1", pageSize: "100", searchkey: "第三季度报告", isHLtitle: "true" }).body));
  const q3 = q.announcements.find((a: any) => a.announcementTitle === "2026年<em>第三季度报告</em>");
  assert.ok(q3, "highlighted search hit");
  const sinaQ3 = statement("600000", "lrb", 1).result.data.report_list["20260930"];
  const day = sinaQ3.publish_date;
  assert.equal(q3.adjunctUrl, `finalpage/${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}/${q3.announcementId}.PDF`);
  const wrongOrg = JSON.parse(String(ask(cninfo, "POST", "/new/hisAnnouncement/query", { stock: "600000,gssh9999999" }).body));
  assert.deepEqual([wrongOrg.totalAnnouncement, wrongOrg.announcements], [0, null]);
});

test("CFFEX changes are today's figure minus the previous trading day's", () => {
  const cffex = cffexDemoRoutes(SEED, clock);
  const day = (ymd: string) => {
    const r = ask(cffex, "GET", `/sj/ccpm/${ymd.slice(0, 6)}/${ymd.slice(6)}/IC.xml`, {}, { referer: "http://x/ccpm/" });
    assert.equal(r.status ?? 200, 200, ymd);
    return parsePositionRankXml(String(r.body));
  };
  const today = day("20261120");
  const before = day("20261119");
  let checked = 0;
  for (const r of today.filter((x) => x.instrument === "IC2612")) {
    const prev = before.find((b) => b.instrument === "IC2612" && b.long_member === r.long_member);
    if (prev) assert.equal(r.long_chg, r.long_pos! - prev.long_pos!), checked++;
  }
  assert.ok(checked > 5, "checked > 5");
  assert.equal(ask(cffex, "GET", "/sj/ccpm/202611/20/IC.xml").body, ask(cffex, "GET", "/error_404.html").body, "no Referer: the error page");
  assert.equal(ask(cffex, "GET", "/sj/ccpm/202611/20/ic.xml", {}, { referer: "http://x/ccpm/" }).status, 302, "lower-case product");
});

test("contracts roll on their last trading days", () => {
  assert.deepEqual(listedContracts("IF", 20261120), ["IF2611", "IF2612", "IF2703", "IF2706"]);
  assert.deepEqual(listedContracts("IF", 20261123), ["IF2612", "IF2701", "IF2703", "IF2706"]);
  assert.deepEqual(listedContracts("IM", 20261218), ["IM2612", "IM2701", "IM2703", "IM2706"]);
  assert.deepEqual(listedContracts("IM", 20261221), ["IM2701", "IM2702", "IM2703", "IM2706"]);
  assert.deepEqual(listedContracts("T", 20261211), ["T2612", "T2703", "T2706"]);
  assert.deepEqual(listedContracts("T", 20261214), ["T2703", "T2706", "T2709"]);
});
