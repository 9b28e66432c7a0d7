/**
 * The CFFEX products whose member rankings are collected, with the facts a
 * newcomer needs (adapters/external/README.md §3 "Product metadata"). The first seven
 * fields are the original system's; `tick`, `daily_limit` and `listed` are
 * ours. TL's tick and limit rest on a single secondary source (marked verify in
 * the research note); live values belong to CFFEX's daily `jycs` file.
 */
export const CCPM_PRODUCT_CODES = ["IF", "IH", "IC", "IM", "TS", "TF", "T", "TL"] as const;

export type CcpmProductCode = (typeof CCPM_PRODUCT_CODES)[number];

export interface CcpmProduct {
  readonly code: CcpmProductCode;
  readonly name: string;
  readonly category: "股指期货" | "国债期货";
  readonly underlying: string;
  /** Index code of the underlying; "" for treasury futures. */
  readonly underlying_code: string;
  /** Contract size. */
  readonly unit: string;
  readonly intro: string;
  readonly tick: string;
  readonly daily_limit: string;
  /** First listing day, "YYYY-MM-DD". */
  readonly listed: string;
}

export const CCPM_PRODUCTS: readonly CcpmProduct[] = [
  {
    code: "IF",
    name: "沪深300股指期货",
    category: "股指期货",
    underlying: "沪深300指数：沪深两市市值大、流动性好的300只股票",
    underlying_code: "000300",
    unit: "每点300元",
    intro: "衡量A股大盘走势的主力合约，机构套期保值与多空博弈最集中的品种。",
    tick: "0.2点",
    daily_limit: "上一交易日结算价±10%",
    listed: "2010-04-16",
  },
  {
    code: "IH",
    name: "上证50股指期货",
    category: "股指期货",
    underlying: "上证50指数：上交所规模最大、流动性最好的50只蓝筹股",
    underlying_code: "000016",
    unit: "每点300元",
    intro: "代表超大盘蓝筹（金融、消费龙头居多），反映资金对权重股的态度。",
    tick: "0.2点",
    daily_limit: "上一交易日结算价±10%",
    listed: "2015-04-16",
  },
  {
    code: "IC",
    name: "中证500股指期货",
    category: "股指期货",
    underlying: "中证500指数：沪深300之外市值靠前的500只中盘股",
    underlying_code: "000905",
    unit: "每点200元",
    intro: "代表中盘风格，量化中性策略常用的对冲工具。",
    tick: "0.2点",
    daily_limit: "上一交易日结算价±10%",
    listed: "2015-04-16",
  },
  {
    code: "IM",
    name: "中证1000股指期货",
    category: "股指期货",
    underlying: "中证1000指数：沪深300与中证500之外的1000只小盘股",
    underlying_code: "000852",
    unit: "每点200元",
    intro: "代表小盘风格，小市值行情与量化对冲的主要场所。",
    tick: "0.2点",
    daily_limit: "上一交易日结算价±10%",
    listed: "2022-07-22",
  },
  {
    code: "TS",
    name: "2年期国债期货",
    category: "国债期货",
    underlying: "面值200万元、票面利率3%的名义中短期国债（可交割券剩余期限1.5–2.25年）",
    underlying_code: "",
    unit: "面值200万元，百元净价报价",
    intro: "反映短端利率预期：价格上涨对应市场预期利率下行。",
    tick: "0.005元",
    daily_limit: "上一交易日结算价±0.5%",
    listed: "2018-08-17",
  },
  {
    code: "TF",
    name: "5年期国债期货",
    category: "国债期货",
    underlying: "面值100万元、票面利率3%的名义中期国债（可交割券剩余期限4–5.25年）",
    underlying_code: "",
    unit: "面值100万元，百元净价报价",
    intro: "中期利率工具，债券投资者管理久期的常用合约；中金所首个国债期货。",
    tick: "0.005元",
    daily_limit: "上一交易日结算价±1.2%",
    listed: "2013-09-06",
  },
  {
    code: "T",
    name: "10年期国债期货",
    category: "国债期货",
    underlying: "面值100万元、票面利率3%的名义长期国债（可交割券剩余期限不短于6.5年）",
    underlying_code: "",
    unit: "面值100万元，百元净价报价",
    intro: "长端利率的风向标，国债期货中成交持仓最活跃的品种。",
    tick: "0.005元",
    daily_limit: "上一交易日结算价±2%",
    listed: "2015-03-20",
  },
  {
    code: "TL",
    name: "30年期国债期货",
    category: "国债期货",
    underlying: "面值100万元、票面利率3%的名义超长期国债",
    underlying_code: "",
    unit: "面值100万元，百元净价报价",
    intro: "久期最长、对利率变化最敏感的国债期货。",
    tick: "0.01元",
    daily_limit: "上一交易日结算价±3.5%",
    listed: "2023-04-21",
  },
];

export function ccpmProduct(code: string): CcpmProduct | undefined {
  return CCPM_PRODUCTS.find((p) => p.code === code);
}
