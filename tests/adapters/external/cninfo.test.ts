/**
 * cninfo announcements: the records quoted in the research note (no complete
 * recorded answer exists yet; any later recorded under ../shared/fixtures are
 * parsed too) give the documented rows; the adapter runs over real HTTP against
 * the demo cninfo (orgId lookup, the form it posts) and meets each failure mode.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { CninfoOrgIds } from "../../../adapters/external/cninfo/cninfo-org-ids.ts";
import { guessOrgId, parseAnnouncementQuery, parseStockList } from "../../../adapters/external/cninfo/cninfo-parse.ts";
import { CninfoAnnouncementSource } from "../../../adapters/external/cninfo/cninfo-source.ts";
import { ProviderError, ProviderTimeoutError } from "../../../adapters/external/provider-errors.ts";
import { cninfoDemoRoutes } from "../../../apps/provider-replay/demo/cninfo-demo.ts";
import { DemoCompanies } from "../../../apps/provider-replay/demo/demo-companies.ts";
import { type ReplayServer, startReplayServer } from "../../../apps/provider-replay/replay-server.ts";
import { fixture, readFixtureText } from "../../support/fixtures.ts";
import { FakeClock } from "../../support/server.ts";
import { EMPTY_BODY, HTML_PAGE, json, testClient } from "./provider-faults.ts";

const ctx = { code: "600231", orgId: "gssh0600231", siteUrl: "http://www.cninfo.com.cn", fileUrl: "http://static.cninfo.com.cn" };

/** Real records quoted in adapters/external/README.md §1 (as cninfo sends them: most secondary fields null). */
const QUOTED = {
  totalAnnouncement: 2,
  totalRecordNum: 2,
  totalpages: 0,
  hasMore: false,
  classifiedAnnouncements: null,
  categoryList: null,
  announcements: [
    {
      id: null,
      secCode: "600231",
      secName: "凌钢股份",
      orgId: "gssh0600231",
      announcementId: "1205488844",
      announcementTitle: "2018年第三季度报告",
      announcementTime: 1539100800000,
      adjunctUrl: "finalpage/2018-10-10/1205488844.PDF",
      adjunctSize: 849,
      adjunctType: "PDF",
      announcementTypeName: null,
    },
    {
      id: null,
      secCode: "600231",
      secName: "凌钢股份",
      orgId: "gssh0600231",
      announcementId: 1205488845,
      announcementTitle: "<em>2018年</em>第三季度报告正文",
      announcementTime: 1539100800000,
      adjunctUrl: "",
      adjunctSize: null,
      adjunctType: null,
      announcementTypeName: "三季度报告",
    },
  ],
};

test("the quoted real records parse to the documented rows", () => {
  const page = parseAnnouncementQuery(QUOTED, ctx);
  assert.equal(page.total, 2);
  assert.deepEqual(page.rows[0], {
    title: "2018年第三季度报告",
    type: "PDF",
    date: "2018-10-10",
    url: "http://www.cninfo.com.cn/new/disclosure/detail?stockCode=600231&announcementId=1205488844&orgId=gssh0600231&announcementTime=2018-10-10+00%3A00%3A00",
    code: "600231",
    org_id: "gssh0600231",
    announcement_id: "1205488844",
    announcement_time: 1539100800000,
    pdf_url: "http://static.cninfo.com.cn/finalpage/2018-10-10/1205488844.PDF",
  });
  assert.deepEqual([page.rows[1]?.title, page.rows[1]?.type, page.rows[1]?.announcement_id, page.rows[1]?.pdf_url], ["2018年第三季度报告正文", "三季度报告", "1205488845", ""]);
  // 2019-10-22 00:00 +08:00 is 2019-10-21 16:00 UTC: the date is Shanghai's.
  const pingan = parseAnnouncementQuery(
    { announcements: [{ secCode: "000001", announcementId: "1206997843", announcementTime: 1571673600000, adjunctUrl: "finalpage/2019-10-22/1206997843.PDF" }] },
    { ...ctx, code: "000001", orgId: "gssz0000001" },
  );
  assert.equal(pingan.rows[0]?.date, "2019-10-22");
  assert.equal(pingan.rows[0]?.org_id, "gssz0000001");
});

test("no hits (announcements null) is an empty page; other shapes are provider errors", () => {
  assert.deepEqual(parseAnnouncementQuery({ totalAnnouncement: 0, announcements: null }, ctx), { total: 0, rows: [] });
  assert.throws(() => parseAnnouncementQuery({ totalAnnouncement: 3 }, ctx), /without an announcements field/);
  assert.throws(() => parseAnnouncementQuery({ announcements: "x" }, ctx), /not a list/);
  assert.throws(() => parseAnnouncementQuery({ announcements: [{ announcementTitle: "t" }] }, ctx), /without announcementId/);
  assert.throws(() => parseStockList({ list: [] }), /no stockList/);
});

test("orgIds: the official list, else the old pattern", () => {
  assert.deepEqual(Object.fromEntries(parseStockList({ stockList: [{ code: "601318", orgId: "9900002221" }, { code: 1 }] })), { "601318": "9900002221" });
  assert.deepEqual(["600519", "000001", "300750", "830799", "920001", "430047"].map(guessOrgId), ["gssh0600519", "gssz0000001", "gssz0300750", "gsbj0830799", "gsbj0920001", "gsbj0430047"]);
});

const RECORDED_DIR = "external/cninfo";
const recorded = fixture(RECORDED_DIR) ? readdirSync(fixture(RECORDED_DIR)!).filter((f) => f.endsWith(".json")) : [];
test("recorded cninfo answers parse", { skip: recorded.length ? false : `no recorded cninfo answer under ../shared/fixtures/${RECORDED_DIR} (SOURCES.md lists it as missing)` }, () => {
  for (const f of recorded) {
    const page = parseAnnouncementQuery(JSON.parse(readFixtureText(`${RECORDED_DIR}/${f}`)), ctx);
    assert.ok(
      page.rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.date) && r.announcement_id !== ""),
      f,
    );
  }
});

describe("cninfo adapter over HTTP (demo cninfo)", () => {
  const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
  const companies = new DemoCompanies(20260101);
  let server: ReplayServer;
  let source: CninfoAnnouncementSource;
  before(async () => {
    server = await startReplayServer({ routes: cninfoDemoRoutes(companies, clock) });
    const client = testClient("cninfo", server.url);
    source = new CninfoAnnouncementSource(client, new CninfoOrgIds(client), "http://files.test");
  });
  after(() => server.close());

  test("looks the orgId up once, posts the documented form, pages newest first", async () => {
    const first = await source.page("000001", 1, 5);
    const second = await source.page("000001", 2, 5);
    assert.equal(first.rows.length, 5);
    assert.ok(first.total > 100, "first.total > 100");
    assert.equal(second.total, first.total);
    const all = [...first.rows, ...second.rows];
    assert.ok(
      all.every((r, i) => i === 0 || r.announcement_time <= all[i - 1]!.announcement_time),
      "all.every((r, i) => i === 0 || r.announcement_time <= all[i - 1]!.announcement_time)",
    );
    assert.equal(new Set(all.map((r) => r.announcement_id)).size, 10);
    assert.ok(
      all.every((r) => r.code === "000001" && r.org_id === "gssz0000001" && r.pdf_url.startsWith("http://files.test/finalpage/")),
      'all.every((r) => r.code === "000001" && r.org_id === "gssz0000001" && r.pdf_url.startsWith("http://files.test/finalpage/"))',
    );
    assert.equal(server.requests.filter((r) => r.path === "/new/data/szse_stock.json").length, 1);
    const post = server.requests.at(-1)!;
    assert.equal(post.method, "POST");
    assert.deepEqual(
      { stock: post.form.get("stock"), pageNum: post.form.get("pageNum"), pageSize: post.form.get("pageSize"), tabName: post.form.get("tabName"), column: post.form.get("column") },
      { stock: "000001,gssz0000001", pageNum: "2", pageSize: "5", tabName: "fulltext", column: "szse" },
    );
    assert.equal(post.headers.referer, `${server.url}/new/disclosure`);
    assert.equal(post.headers["x-requested-with"], "XMLHttpRequest");
  });

  test("an unknown code has no announcements", async () => {
    assert.deepEqual(await source.page("999999", 1, 30), { total: 0, rows: [] });
  });

  test("each failure mode of the query is a provider error; a stall a timeout", async () => {
    const cases: [object, RegExp][] = [
      [{ reply: HTML_PAGE }, /cninfo answered with an HTML page \("访问受限"\) instead of JSON/],
      [{ reply: EMPTY_BODY }, /cninfo answered with an empty body instead of JSON/],
      [{ reply: json({ totalAnnouncement: 1 }) }, /without an announcements field/],
      [{ reply: { status: 500, body: "" }, times: 2 }, /answered HTTP 500 with an empty body/],
    ];
    for (const [fault, message] of cases) {
      server.inject({ path: "/new/hisAnnouncement", ...fault });
      await assert.rejects(source.page("600000", 1, 10), (e: unknown) => e instanceof ProviderError && !(e instanceof ProviderTimeoutError) && message.test(e.message));
    }
    server.inject({ path: "/new/hisAnnouncement", stall: true, times: 2 });
    await assert.rejects(source.page("600000", 1, 10), ProviderTimeoutError);
  });

  test("when the orgId list fails the guessed orgId is used, and the list is retried only later", async () => {
    const client = testClient("cninfo", server.url);
    const fresh = new CninfoAnnouncementSource(client, new CninfoOrgIds(client), "http://files.test");
    server.inject({ path: "/new/data/", reply: HTML_PAGE });
    const page = await fresh.page("600000", 1, 3);
    assert.equal(server.requests.at(-1)!.form.get("stock"), "600000,gssh0600000");
    assert.equal(page.rows.length, 3, "the guess is right for long-listed companies");
    const lists = server.requests.filter((r) => r.path === "/new/data/szse_stock.json").length;
    await fresh.page("600000", 2, 3);
    assert.equal(server.requests.filter((r) => r.path === "/new/data/szse_stock.json").length, lists);
  });
});
