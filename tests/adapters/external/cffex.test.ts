/**
 * CFFEX member rankings: the XML layout → wide rows (checked against the real
 * CSV row quoted in the research note, whose three rankings sit side by side;
 * any XML recorded later under ../shared/fixtures is parsed too), error pages,
 * and the adapter over real HTTP against the demo CFFEX with each failure mode.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { isCffexErrorPage, normaliseMember, parsePositionRankXml } from "../../../adapters/external/cffex/cffex-xml.ts";
import { CffexPositionRankSource } from "../../../adapters/external/cffex/cffex-source.ts";
import { ProviderError, ProviderTimeoutError } from "../../../adapters/external/provider-errors.ts";
import { CFFEX_ERROR_PAGE, cffexDemoRoutes } from "../../../apps/provider-replay/demo/cffex-demo.ts";
import { type ReplayServer, startReplayServer } from "../../../apps/provider-replay/replay-server.ts";
import { fixture, readFixtureText } from "../../support/fixtures.ts";
import { FakeClock } from "../../support/server.ts";
import { HTML_PAGE, testClient } from "./provider-faults.ts";
import { defined } from "../../support/defined.ts";

const node = (contract: string, type: number, rank: number, member: string, volume: number, change: number, tag = (t: string) => t.toLowerCase()) =>
  `<data Value="${type}" Text="${contract}"><${tag("instrumentId")}>${contract}</${tag("instrumentId")}><${tag("tradingDay")}>20260930</${tag("tradingDay")}>` +
  `<${tag("dataTypeId")}>${type}</${tag("dataTypeId")}><rank>${rank}</rank><shortname>${member}</shortname><volume>${volume}</volume>` +
  `<varvolume>${change}</varvolume><partyid>0018</partyid><productid>IF</productid></data>`;

/** The real row quoted in adapters/external/README.md §3 (IF_1.csv of 2026-09-30), as the XML file carries it. */
const QUOTED_CSV_ROW = "20260930,IF2610,1,中信期货(代客),7774,-2296,国泰君安(代客),8546,117,中信期货(代客),6746,247";

test("the three rankings of a contract and rank sit side by side, as in CFFEX's CSV", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><positionRank>${node("IF2610", 0, 1, "中信期货(代客)", 7774, -2296)}${node("IF2610", 1, 1, "国泰君安（代客）", 8546, 117)}${node("IF2610", 2, 1, "中信期货(代客)", 6746, 247)}</positionRank>`;
  const row = defined(parsePositionRankXml(xml)[0], "the IF2610 rank-1 row");
  const csv = QUOTED_CSV_ROW.split(",");
  assert.deepEqual(
    [
      row.trading_day,
      row.instrument,
      String(row.rank),
      row.vol_member,
      String(row.vol),
      String(row.vol_chg),
      row.long_member,
      String(row.long_pos),
      String(row.long_chg),
      row.short_member,
      String(row.short_pos),
      String(row.short_chg),
    ],
    csv,
  );
  assert.equal(row.product, "IF");
});

test("camelCase tags, entities, missing cells and contract order", () => {
  const camel = (t: string) => t;
  const xml = `<positionRank>${node("IF2612", 1, 2, "A&amp;B", 10, 1, camel)}${node("IF2611", 0, 1, "中信期货 (代客)", 5, -1)}${node("IF2612", 0, 1, "C", 20, 0)}<data><instrumentid>IF2612</instrumentid><datatypeid>7</datatypeid><rank>1</rank></data></positionRank>`;
  const rows = parsePositionRankXml(xml);
  assert.deepEqual(
    rows.map((r) => [r.instrument, r.rank]),
    [
      ["IF2611", 1],
      ["IF2612", 1],
      ["IF2612", 2],
    ],
  );
  assert.equal(rows[0]?.vol_member, "中信期货(代客)");
  assert.deepEqual([rows[1]?.vol_member, rows[1]?.long_member, rows[1]?.long_pos], ["C", null, null]);
  assert.deepEqual([rows[2]?.vol, rows[2]?.long_member, rows[2]?.long_pos, rows[2]?.long_chg], [null, "A&B", 10, 1]);
  assert.throws(() => parsePositionRankXml("<html><body>no</body></html>"), /not a positionRank file/);
  assert.deepEqual(parsePositionRankXml("<positionRank></positionRank>"), []);
});

test("members are normalised; error pages are recognised by content", () => {
  assert.equal(normaliseMember(" 广发期货（代客） "), "广发期货(代客)");
  assert.ok(isCffexErrorPage(CFFEX_ERROR_PAGE), "isCffexErrorPage(CFFEX_ERROR_PAGE)");
  assert.ok(isCffexErrorPage('<div class="gray_404">'), "isCffexErrorPage('<div class=\"gray_404\">')");
  assert.ok(!isCffexErrorPage('<?xml version="1.0"?><positionRank></positionRank>'), "!isCffexErrorPage('<?xml version=\"1.0\"?><positionRank></positionRank>')");
});

const RECORDED_DIR = "external/cffex";
const recorded = fixture(RECORDED_DIR) ? readdirSync(fixture(RECORDED_DIR)!).filter((f) => f.endsWith(".xml")) : [];
test("recorded CFFEX files parse", { skip: recorded.length ? false : `no recorded CFFEX ranking under ../shared/fixtures/${RECORDED_DIR} (SOURCES.md lists it as missing)` }, () => {
  for (const f of recorded) {
    const rows = parsePositionRankXml(readFixtureText(`${RECORDED_DIR}/${f}`));
    assert.ok(rows.length > 0 && rows.every((r) => r.rank >= 1 && /^\d{8}$/.test(r.trading_day)), f);
  }
});

describe("CFFEX adapter over HTTP (demo CFFEX)", () => {
  // Friday 2026-11-20 17:00 Shanghai: that day's ranking is out.
  const clock = new FakeClock(Date.UTC(2026, 10, 20, 9, 0));
  let server: ReplayServer;
  let source: CffexPositionRankSource;
  before(async () => {
    server = await startReplayServer({ routes: cffexDemoRoutes(20260101, clock) });
    source = new CffexPositionRankSource(testClient("cffex", server.url));
  });
  after(() => server.close());

  test("a trading day's ranking: every listed contract, 20 ranks × 3 rankings, sent with the Referer", async () => {
    const rows = (await source.day("IF", "20261120"))!;
    assert.deepEqual([...new Set(rows.map((r) => r.instrument))], ["IF2611", "IF2612", "IF2703", "IF2706"]);
    assert.equal(rows.length, 80);
    assert.ok(
      rows.every((r) => r.trading_day === "20261120" && r.product === "IF" && r.vol_member && r.long_member && r.short_member),
      'rows.every((r) => r.trading_day === "20261120" && r.product === "IF" && r.vol_member && r.long_member && r.short_member)',
    );
    const front = rows.filter((r) => r.instrument === "IF2612");
    assert.ok(
      front.every((r, i) => i === 0 || (r.vol! <= front[i - 1]!.vol! && r.long_pos! <= front[i - 1]!.long_pos!)),
      "front.every((r, i) => i === 0 || (r.vol! <= front[i - 1]!.vol! && r.long_pos! <= front[i - 1]!.long_pos!))",
    );
    const req = server.requests.at(-1)!;
    assert.equal(req.path, "/sj/ccpm/202611/20/IF.xml");
    assert.equal(req.headers.referer, `${server.url}/ccpm/`);
  });

  test("weekends, future days and unpublished days are 'nothing published', not errors", async () => {
    assert.equal(await source.day("IF", "20261121"), undefined);
    assert.equal(await source.day("T", "20261123"), undefined);
    assert.equal(await source.day("IM", "20220701"), undefined, "before IM was listed");
    server.inject({ reply: { headers: { "content-type": "text/html" }, body: CFFEX_ERROR_PAGE } });
    assert.equal(await source.day("IF", "20261119"), undefined, "an error page with status 200");
  });

  test("failure modes: HTML that is no error page, an empty file, 5xx, a stall", async () => {
    server.inject({ reply: HTML_PAGE });
    assert.equal(await source.day("IF", "20261119"), undefined, "any HTML page means no file");
    server.inject({ reply: { headers: { "content-type": "text/xml" }, body: "<positionRank></positionRank>" } });
    await assert.rejects(source.day("IF", "20261119"), /ranking for 20261119 without any rows/);
    server.inject({ reply: { headers: { "content-type": "text/plain" }, body: "garbage" } });
    await assert.rejects(source.day("IF", "20261119"), /not a positionRank file/);
    server.inject({ reply: { status: 503, body: "" }, times: 2 });
    await assert.rejects(source.day("IF", "20261119"), (e: unknown) => e instanceof ProviderError && /HTTP 503/.test(e.message));
    server.inject({ stall: true, times: 2 });
    await assert.rejects(source.day("IF", "20261119"), ProviderTimeoutError);
  });
});
