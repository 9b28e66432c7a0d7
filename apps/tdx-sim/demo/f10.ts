/**
 * Generated F10 (company information) text for the demo market: one GBK file per
 * security with the usual sections, and the directory that points into it by
 * byte offset, as TDX servers publish it.
 */
import { encodeGbk } from "../../../adapters/tdx/tdx-gbk.ts";
import type { CompanyInfoEntry } from "../../../core/quotes/index.ts";
import { hashSeed, mulberry32, pick } from "./prng.ts";
import type { DemoSecurity } from "./universe.ts";

const SECTIONS = ["最新提示", "公司概况", "财务分析", "股东研究", "股本结构", "资本运作", "分红融资", "经营分析"];

const PHRASES = [
  "公司主营业务稳健发展，核心产品市场占有率持续提升。",
  "报告期内营业收入同比增长，毛利率保持行业领先水平。",
  "公司持续加大研发投入，新产品陆续进入量产阶段。",
  "前十大股东持股比例保持稳定，机构投资者增持明显。",
  "董事会审议通过利润分配预案，拟向全体股东派发现金红利。",
  "公司积极拓展海外市场，国际业务收入占比逐年提高。",
  "经营活动产生的现金流量净额保持充裕，资产负债结构合理。",
  "本数据由演示行情生成，仅用于离线演示与测试。",
];

function sectionText(seed: number, s: DemoSecurity, title: string): string {
  const r = mulberry32(hashSeed(seed, "f10", s.market, s.code, title));
  const lines = [`【${title}】`, `证券代码：${s.code}    证券简称：${s.name}`];
  const n = 3 + Math.floor(r() * 5);
  for (let i = 0; i < n; i++) lines.push(pick(PHRASES, r));
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/** The whole F10 file of a security. */
export function companyText(seed: number, s: DemoSecurity): string {
  return SECTIONS.map((t) => sectionText(seed, s, t)).join("");
}

/** The F10 directory: one entry per section, offsets in GBK bytes. */
export function companyFiles(seed: number, s: DemoSecurity): CompanyInfoEntry[] {
  let start = 0;
  return SECTIONS.map((title) => {
    const length = encodeGbk(sectionText(seed, s, title)).length;
    const e = { title, filename: `${s.code}.txt`, start, length };
    start += length;
    return e;
  });
}
