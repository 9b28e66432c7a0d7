/**
 * CFFEX's member rankings in the demo (adapters/external/README.md §3): a `positionRank`
 * XML file per product and trading day with every listed contract × three
 * rankings (volume, long and short open interest) × top 20 members. A member's
 * figure is a function of member, contract and day, so the change column is
 * exactly today's figure minus the previous trading day's. Like the real site,
 * a day without a file (not a trading day, before about 16:15, before the
 * product existed) is a redirect to an HTML error page, and so is a request
 * without the ranking page as Referer or with a lower-case product.
 */
import { fromYyyymmdd, yyyymmdd, DAY_MS } from "../../../core/bars/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import { ccpmProduct } from "../../../core/market/index.ts";
import { isTradingDay } from "../../tdx-sim/demo/calendar.ts";
import { hashSeed, mulberry32 } from "../../tdx-sim/demo/prng.ts";
import type { ReplayReply, ReplayRequest, ReplayRoute } from "../replay-server.ts";
import { listedContracts } from "./cffex-contracts.ts";
import { shanghaiNow } from "./demo-companies.ts";

/** Published about 16:15 Shanghai after each close. */
const PUBLISH_MINUTE = 16 * 60 + 15;

/** [party id, short name]: futures companies; client business carries (代客), some in full-width brackets as CFFEX mixes them. */
const MEMBERS: readonly (readonly [string, string])[] = [
  ["0018", "中信期货(代客)"],
  ["0001", "国泰君安(代客)"],
  ["0016", "华泰期货(代客)"],
  ["0133", "海通期货(代客)"],
  ["0002", "银河期货(代客)"],
  ["0125", "东证期货(代客)"],
  ["0011", "申银万国(代客)"],
  ["0156", "招商期货(代客)"],
  ["0003", "广发期货（代客）"],
  ["0102", "永安期货(代客)"],
  ["0006", "中金财富期货(代客)"],
  ["0027", "光大期货(代客)"],
  ["0037", "国投安信(代客)"],
  ["0110", "南华期货(代客)"],
  ["0066", "方正中期(代客)"],
  ["0099", "瑞达期货（代客）"],
  ["0088", "平安期货(代客)"],
  ["0078", "兴证期货(代客)"],
  ["0065", "宏源期货(代客)"],
  ["0108", "五矿期货(代客)"],
  ["0129", "建信期货(代客)"],
  ["0049", "浙商期货(代客)"],
  ["0033", "一德期货(代客)"],
  ["0103", "格林大华(代客)"],
  ["0131", "中粮期货(代客)"],
  ["0168", "国信期货(代客)"],
  ["0050", "东海期货(代客)"],
  ["0135", "长江期货(代客)"],
  ["0120", "信达期货(代客)"],
  ["0030", "混沌天成(代客)"],
  ["0055", "中信建投(代客)"],
  ["0060", "宝城期货(代客)"],
];

/** Typical daily volume of a product's front contract, lots. */
const FRONT_VOLUME: Record<string, number> = { IF: 60000, IH: 25000, IC: 50000, IM: 70000, TS: 25000, TF: 45000, T: 70000, TL: 60000 };
/** Share of the product's activity per listed contract, nearest first. */
const CONTRACT_SHARE = [1, 0.22, 0.3, 0.06];

function previousTradingDay(ymd: number): number {
  let t = fromYyyymmdd(ymd) - DAY_MS;
  while (!isTradingDay(yyyymmdd(t))) t -= DAY_MS;
  return yyyymmdd(t);
}

/** A member's figure in one ranking of one contract on one day; 0 when the contract did not trade. */
function figure(seed: number, member: number, contract: string, kind: number, ymd: number, listed: readonly string[]): number {
  const share = CONTRACT_SHARE[listed.indexOf(contract)];
  if (share === undefined) return 0; // not listed that day (index -1)
  const product = contract.replace(/\d+$/, "");
  const front = FRONT_VOLUME[product];
  if (front === undefined) throw new Error(`CFFEX demo: no front-month volume for ${product}`);
  const weight = mulberry32(hashSeed(seed, "ccpm-weight", member, product, kind))();
  const today = mulberry32(hashSeed(seed, "ccpm-day", member, contract, kind, ymd))();
  const scale = kind === 0 ? 1 : 1.6;
  const base = front * share * scale;
  return Math.round(base * 0.12 * weight ** 2.5 * (0.85 + 0.3 * today));
}

function rankingXml(seed: number, product: string, ymd: number): string {
  const listed = listedContracts(product, ymd);
  const before = previousTradingDay(ymd);
  const listedBefore = listedContracts(product, before);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', "<positionRank>"];
  for (const contract of listed) {
    for (const kind of [0, 1, 2]) {
      const ranked = MEMBERS.map((m, member) => ({ m, now: figure(seed, member, contract, kind, ymd, listed), previous: figure(seed, member, contract, kind, before, listedBefore) }))
        .sort((a, b) => b.now - a.now || a.m[0].localeCompare(b.m[0]))
        .slice(0, 20);
      ranked.forEach((r, i) => {
        out.push(
          `<data Value="${kind}" Text="${contract}">`,
          `<instrumentid>${contract}</instrumentid>`,
          `<tradingday>${ymd}</tradingday>`,
          `<datatypeid>${kind}</datatypeid>`,
          `<rank>${i + 1}</rank>`,
          `<shortname>${r.m[1]}</shortname>`,
          `<volume>${r.now}</volume>`,
          `<varvolume>${r.now - r.previous}</varvolume>`,
          `<partyid>${r.m[0]}</partyid>`,
          `<productid>${product}</productid>`,
          "</data>",
        );
      });
    }
  }
  out.push("</positionRank>");
  return out.join("\n");
}

/** CFFEX's error page (about 2 KB of HTML; older clients look for `gray_404`). */
export const CFFEX_ERROR_PAGE = `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>中国金融期货交易所</title>
<style>body{font-family:"Microsoft YaHei",sans-serif;background:#f5f5f5}.gray_404{margin:120px auto;width:560px;padding:40px;background:#fff;color:#666;text-align:center}
.gray_404 h2{font-size:28px;color:#999}.gray_404 p{line-height:1.8}.gray_404 a{color:#b5262d}</style></head>
<body><div class="gray_404"><h2>404</h2><p>对不起，您访问的页面不存在或已被删除。</p><p>Sorry, the page you requested does not exist.</p>
<p><a href="/">返回首页</a></p></div></body></html>
`;

const missing: ReplayReply = { status: 302, headers: { location: "/error_404.html", "content-type": "text/html" }, body: "" };

function ranking(seed: number, clock: Clock, req: ReplayRequest, m: RegExpExecArray): ReplayReply {
  // The route's pattern has all three groups.
  const [, yyyymm = "", dd = "", product = ""] = m;
  const ymd = Number(yyyymm + dd);
  const meta = ccpmProduct(product);
  const { ymd: today, minute } = shanghaiNow(clock.now());
  const referer = String(req.headers.referer ?? "");
  if (!referer.includes("/ccpm")) return { headers: { "content-type": "text/html; charset=utf-8" }, body: CFFEX_ERROR_PAGE };
  if (!meta || !isTradingDay(ymd) || ymd > today || (ymd === today && minute < PUBLISH_MINUTE) || ymd < Number(meta.listed.replace(/-/g, ""))) return missing;
  return { headers: { "content-type": "text/xml; charset=utf-8" }, body: rankingXml(seed, product, ymd) };
}

/** CFFEX's routes, relative to the provider's root. */
export function cffexDemoRoutes(seed: number, clock: Clock): ReplayRoute[] {
  return [
    { method: "GET", path: /^\/sj\/ccpm\/(\d{6})\/(\d{2})\/([A-Za-z]+)\.xml$/, handle: (req, m) => ranking(seed, clock, req, m) },
    { method: "GET", path: /^\/error_404\.html$/, handle: () => ({ headers: { "content-type": "text/html; charset=utf-8" }, body: CFFEX_ERROR_PAGE }) },
  ];
}
