/**
 * Sina financial statements: the recorded real payloads (../shared/fixtures)
 * parse to the documented rows; the adapter runs over real HTTP against a replay
 * server serving the recorded payload, and meets each failure mode.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ProviderError, ProviderTimeoutError } from "../../../adapters/external/provider-errors.ts";
import { paperCode, parseFinanceReport } from "../../../adapters/external/sina/sina-parse.ts";
import { SINA_REPORT_PATH, SinaFinancialReportSource } from "../../../adapters/external/sina/sina-source.ts";
import { statementTable } from "../../../core/app/external/statement-table.ts";
import { NotFoundError } from "../../../core/app/app-errors.ts";
import { type ReplayServer, startReplayServer } from "../../../apps/provider-replay/replay-server.ts";
import { readFixtureText, skipUnless } from "../../support/fixtures.ts";
import { EMPTY_BODY, HTML_PAGE, json, testClient } from "./provider-faults.ts";
import { defined } from "../../support/defined.ts";

const LRB = "external/sina/getFinanceReport2022-lrb-sh603596-num10.json";
const HK = "external/sina/getFinanceReport2022-lrb-hk02367-data-null.json";

test("paper codes: 6xxxxx on sh, everything else (SZ, BJ) on sz", () => {
  assert.deepEqual(["600519", "688017", "000001", "300750", "920001", "830800"].map(paperCode), ["sh600519", "sh688017", "sz000001", "sz300750", "sz920001", "sz830800"]);
});

test("the recorded 603596 income statement parses to the documented rows", { skip: skipUnless(LRB) }, () => {
  const periods = parseFinanceReport(JSON.parse(readFixtureText(LRB)), "sh603596", 40);
  assert.equal(periods.length, 10);
  assert.deepEqual(periods.map((p) => p.period).slice(0, 4), ["2025-09-30", "2025-06-30", "2025-03-31", "2024-12-31"]);
  assert.equal(periods.at(-1)!.period, "2023-06-30");
  assert.ok(
    periods.every((p) => p.items.length === 77),
    "periods.every((p) => p.items.length === 77)",
  );

  const { columns, rows } = statementTable(periods.slice(0, 8));
  assert.equal(rows.length, 8);
  assert.equal(columns[0], "报告期");
  assert.deepEqual(columns.slice(1, 5), ["营业总收入", "营业总收入_同比", "营业收入", "营业收入_同比"]);
  assert.equal(new Set(columns).size, columns.length);
  const q3 = defined(rows[0], "the 2025-09-30 row");
  assert.equal(q3.报告期, "2025-09-30");
  assert.equal(q3.营业总收入, 8357282726.53);
  assert.equal(q3.营业总收入_同比, 0.27044);
  assert.equal(q3.归属于母公司所有者的净利润, 891492406.25);
  assert.equal(q3.归属于母公司所有者的净利润_同比, 0.14583);
  assert.equal(q3.基本每股收益, 1.47);
  assert.equal(q3.基本每股收益_同比, 0.14844);
  assert.equal(q3.财务费用, -13613115.66);
  assert.equal(q3.公允价值变动收益_同比, 49.22908);
  // A line that does not apply is null and has no 同比 column.
  assert.equal(q3.已赚保费, null);
  assert.ok(!columns.includes("已赚保费_同比"), '!columns.includes("已赚保费_同比")');
  // 利息收入 occurs twice (an empty revenue line, then under 财务费用): the figure wins.
  assert.equal(q3.利息收入, 40063112.06);
  assert.equal(q3.利息收入_同比, -0.1504);
  // Cross-check the 同比 convention on the recorded figures: value / same period last year − 1.
  const lastYear = rows.find((r) => r.报告期 === "2024-09-30")!;
  assert.equal(Math.round(((q3.营业总收入 as number) / (lastYear.营业总收入 as number) - 1) * 1e5) / 1e5, q3.营业总收入_同比);
  // Every row carries every column (rowsFrame fills the rest with null).
  assert.ok(
    rows.every((r) => Object.keys(r).every((k) => columns.includes(k))),
    "rows.every((r) => Object.keys(r).every((k) => columns.includes(k)))",
  );
});

test("the recorded HK answer (status 0, data null) is an unknown security naming the code, not the provider", { skip: skipUnless(HK) }, () => {
  assert.throws(
    () => parseFinanceReport(JSON.parse(readFixtureText(HK)), "hk02367", 8),
    (e: unknown) => {
      assert.ok(e instanceof NotFoundError, "e instanceof NotFoundError");
      assert.match(e.message, /^Unknown security 02367: /);
      assert.doesNotMatch(e.message, /sina/i);
      return true;
    },
  );
});

test("malformed answers are provider errors", () => {
  assert.throws(() => parseFinanceReport({}, "sh600000", 8), /without a result object/);
  assert.throws(() => parseFinanceReport({ result: { status: { code: 1, msg: "invalid paperCode" } } }, "sh600000", 8), /status 1: invalid paperCode/);
  assert.throws(() => parseFinanceReport({ result: { status: { code: 0 }, data: { report_list: {} } } }, "sh600000", 8), /empty report_list/);
  assert.throws(() => parseFinanceReport({ result: { status: { code: 0 }, data: { report_count: "0" } } }, "sh600000", 8), /without a report_list/);
});

describe("Sina adapter over HTTP", { skip: skipUnless(LRB) }, () => {
  let server: ReplayServer;
  let source: SinaFinancialReportSource;
  before(async () => {
    const recorded = readFixtureText(LRB);
    server = await startReplayServer({
      routes: [{ method: "GET", path: new RegExp(`^${SINA_REPORT_PATH.replace(/\./g, "\\.")}$`), handle: () => ({ headers: { "content-type": "application/json; charset=utf-8" }, body: recorded }) }],
    });
    source = new SinaFinancialReportSource(testClient("sina", server.url));
  });
  after(() => server.close());

  test("asks for the documented parameters and parses the recorded payload", async () => {
    const periods = await source.periods("603596", "lrb", 10);
    assert.equal(periods.length, 10);
    assert.equal(periods[0]?.items[0]?.value, 8357282726.53);
    const q = server.requests.at(-1)!.query;
    assert.deepEqual(Object.fromEntries(q), { paperCode: "sh603596", source: "lrb", type: "0", page: "1", num: "10" });
  });

  test("an HTML page, an empty body, a non-zero status and a stall are provider errors; a timeout is a ProviderTimeoutError; data null is an unknown security", async () => {
    const cases: [object, RegExp][] = [
      [{ reply: HTML_PAGE }, /sina answered with an HTML page \("访问受限"\) instead of JSON/],
      [{ reply: EMPTY_BODY }, /sina answered with an empty body instead of JSON/],
      [{ reply: json({ result: { status: { code: 2, msg: "系统繁忙" } } }) }, /status 2: 系统繁忙/],
      [{ reply: { status: 503, body: "overloaded" }, times: 2 }, /answered HTTP 503/],
    ];
    for (const [fault, message] of cases) {
      server.inject(fault);
      await assert.rejects(source.periods("603596", "lrb", 10), (e: unknown) => e instanceof ProviderError && !(e instanceof ProviderTimeoutError) && message.test(e.message));
    }
    server.inject({ reply: json({ result: { status: { code: 0 }, data: null } }) });
    await assert.rejects(source.periods("603596", "lrb", 10), (e: unknown) => e instanceof NotFoundError && /^Unknown security 603596: /.test(e.message));
    server.inject({ stall: true, times: 2 });
    await assert.rejects(source.periods("603596", "lrb", 10), ProviderTimeoutError);
    assert.equal((await source.periods("603596", "lrb", 3)).length, 3, "healthy again once the faults are used up");
  });
});
