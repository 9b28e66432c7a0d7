/**
 * The line items of Sina's three statements as `getFinanceReport2022` lists them
 * for an industrial company (adapters/external/README.md §2): item code, caption, display
 * level (1 headline, 2 sub-item, 3 indented detail), section number, precision.
 * The income statement follows the recorded 603596 payload; balance-sheet and
 * cash-flow items use Sina's field codes as public clients name them. Items the
 * demo model leaves empty are sent as null, as Sina does for lines that do not
 * apply (insurance, real estate).
 */
export type Display = 1 | 2 | 3;
export type TemplateLine = readonly [field: string, title: string, display: Display, group: number, precision?: "f2" | "ps4"];

export const LRB: readonly TemplateLine[] = [
  ["BIZTOTINCO", "营业总收入", 1, 1], ["BIZINCO", "营业收入", 2, 1], ["INTEINCO", "利息收入", 2, 1], ["EARNPREM", "已赚保费", 2, 1],
  ["POUNINCO", "手续费及佣金收入", 2, 1], ["REALSALE", "房地产销售收入", 2, 1], ["OTHERBIZINCO", "其他业务收入", 2, 1], ["BIZTOTCOST", "营业总成本", 1, 2],
  ["BIZCOST", "营业成本", 2, 2], ["POUNEXPE", "手续费及佣金支出", 2, 2], ["REALSALECOST", "房地产销售成本", 2, 2], ["SURRGOLD", "退保金", 2, 2],
  ["COMPNETEXPE", "赔付支出净额", 2, 2], ["CONTRESS", "提取保险合同准备金净额", 2, 2], ["POLIDIVIEXPE", "保单红利支出", 2, 2], ["REINEXPE", "分保费用", 2, 2],
  ["OTHERBIZCOST", "其他业务成本", 2, 2], ["BIZTAX", "营业税金及附加", 2, 2], ["DEVEEXPE", "研发费用", 2, 2], ["SALESEXPE", "销售费用", 2, 2],
  ["MANAEXPE", "管理费用", 2, 2], ["FINEXPE", "财务费用", 2, 2], ["INTEINCOOPCOST", "利息收入", 3, 2], ["INTERESTEXPENSE", "利息费用", 3, 2],
  ["INTEEXPE", "利息支出", 2, 2], ["INVEINCO", "投资收益", 2, 2], ["ASSOINVEPROF", "对联营企业和合营企业的投资收益", 3, 2],
  ["AMORTIZCOSTASSETSSAPI", "以摊余成本计量的金融资产终止确认产生的收益", 3, 2], ["EXCHGGAIN", "汇兑收益", 2, 2], ["NETEXPOHEDINC", "净敞口套期收益", 2, 2],
  ["VALUECHGLOSS", "公允价值变动收益", 2, 2], ["FUTULOSS", "期货损益", 2, 2], ["CUSTINCO", "托管收益", 2, 2], ["SUBSIDYINCOME", "补贴收入", 2, 2],
  ["OTHERINCO", "其他收益", 2, 2], ["ASSEIMPALOSSPROFIT", "资产减值损失", 2, 2], ["CREDITIMPLOSSEPROFIT", "信用减值损失", 2, 2],
  ["OTHERBIZPROF", "其他业务利润", 2, 2], ["ASSETSDISLINCO", "资产处置收益", 2, 2], ["PERPROFIT", "营业利润", 1, 3], ["NONOREVE", "营业外收入", 2, 3],
  ["NONCASSETSDISI", "非流动资产处置利得", 2, 3], ["NONOEXPE", "营业外支出", 2, 3], ["NONCASSETSDISL", "非流动资产处置损失", 2, 3], ["TOTPROFIT", "利润总额", 1, 4],
  ["INCOTAXEXPE", "所得税费用", 2, 4], ["UNREINVELOSS", "未确认投资损失", 2, 4], ["NETPROFIT", "净利润", 1, 5], ["CONOPERNPROFIT", "持续经营净利润", 2, 5],
  ["TEROPERNPROFIT", "终止经营净利润", 2, 5], ["PARENETP", "归属于母公司所有者的净利润", 2, 5], ["MERGEFORMNETPROF", "被合并方在合并前实现净利润", 2, 5],
  ["MINYSHARRIGH", "少数股东损益", 2, 5], ["OTHERCOMPINCO", "其他综合收益", 1, 6], ["PARECOMPINCO", "归属于母公司所有者的其他综合收益", 2, 6],
  ["NCPOTHINCO", "（一）以后不能重分类进损益的其他综合收益", 3, 6], ["CINALIBOFRBP", "重新计量设定受益计划变动额", 3, 6], ["EQUMCPOTHINCO", "权益法下不能转损益的其他综合收益", 3, 6],
  ["OTHEQUINFAVAL", "其他权益工具投资公允价值变动", 3, 6], ["COMPCREDITFAVAL", "企业自身信用风险公允价值变动", 3, 6], ["CPLTOHINCO", "（二）以后将重分类进损益的其他综合收益", 3, 6],
  ["EUQMICOLOTHINCO", "权益法下可转损益的其他综合收益", 3, 6], ["CINAFORSFV", "可供出售金融资产公允价值变动损益", 3, 6], ["OTHDEBTINVFAVAL", "其他债权投资公允价值变动", 3, 6],
  ["FINASSINTOOTHINCO", "金融资产重分类计入其他综合收益的金额", 3, 6], ["OTHDEBTINVCREDIMPR", "其他债权投资信用减值准备", 3, 6],
  ["HTMCCINAFORSFV", "持有至到期投资重分类为可供出售金融资产损益", 3, 6], ["HEDCASHFLOW", "现金流量套期储备", 3, 6], ["EPOCFHGL", "现金流量套期损益的有效部分", 3, 6],
  ["TDIFFFORCUR", "外币财务报表折算差额", 3, 6], ["OTHERCPLTOHINCO", "其他", 3, 6], ["MINYSHARINCO", "归属于少数股东的其他综合收益", 2, 6],
  ["COMPINCOAMT", "综合收益总额", 1, 7], ["PARECOMPINCOAMT", "归属于母公司所有者的综合收益总额", 2, 7], ["MINYSHARINCOAMT", "归属于少数股东的综合收益总额", 2, 7],
  ["BASICEPS", "基本每股收益", 1, 8, "ps4"], ["DILUTEDEPS", "稀释每股收益", 1, 9, "ps4"],
];

export const FZB: readonly TemplateLine[] = [
  ["CURFDS", "货币资金", 2, 1], ["SETTRESEDEPO", "结算备付金", 2, 1], ["TRADFINASSET", "交易性金融资产", 2, 1], ["NOTESRECE", "应收票据", 2, 1],
  ["ACCORECE", "应收账款", 2, 1], ["PREP", "预付款项", 2, 1], ["OTHERRECE", "其他应收款", 2, 1], ["DOMETICKSETTLE", "国内票证结算", 2, 1],
  ["INVE", "存货", 2, 1], ["OTHERCURRASSE", "其他流动资产", 2, 1], ["TOTCURRASSET", "流动资产合计", 1, 1],
  ["EQUIINVE", "长期股权投资", 2, 2], ["INVEPROP", "投资性房地产", 2, 2], ["FIXEDASSENET", "固定资产", 2, 2], ["CONSPROG", "在建工程", 2, 2],
  ["INTAASSET", "无形资产", 2, 2], ["DEVEEXPE", "开发支出", 2, 2], ["GOODWILL", "商誉", 2, 2], ["LOGPREPEXPE", "长期待摊费用", 2, 2],
  ["DEFETAXASSET", "递延所得税资产", 2, 2], ["OTHERNONCASSE", "其他非流动资产", 2, 2], ["TOTALNONCASSETS", "非流动资产合计", 1, 2],
  ["TOTASSET", "资产总计", 1, 3],
  ["SHORTTERMBORR", "短期借款", 2, 4], ["NOTESPAYA", "应付票据", 2, 4], ["ACCOPAYA", "应付账款", 2, 4], ["CONTRACTLIAB", "合同负债", 2, 4],
  ["COPEWORKERSAL", "应付职工薪酬", 2, 4], ["TAXESPAYA", "应交税费", 2, 4], ["OTHERPAY", "其他应付款", 2, 4], ["DOMETICKSETTLELIAB", "国内票证结算", 2, 4],
  ["DUENONCLIAB", "一年内到期的非流动负债", 2, 4], ["TOTALCURRLIAB", "流动负债合计", 1, 4],
  ["LONGBORR", "长期借款", 2, 5], ["BDSPAYA", "应付债券", 2, 5], ["LEASELIAB", "租赁负债", 2, 5], ["DEFEINCOTAXLIAB", "递延所得税负债", 2, 5],
  ["TOTALNONCLIAB", "非流动负债合计", 1, 5], ["TOTLIAB", "负债合计", 1, 6],
  ["PAIDINCAPI", "实收资本(或股本)", 2, 7], ["CAPISURP", "资本公积", 2, 7], ["RESE", "盈余公积", 2, 7], ["UNDIPROF", "未分配利润", 2, 7],
  ["PARESHARRIGH", "归属于母公司股东权益合计", 1, 7], ["MINYSHARRIGH", "少数股东权益", 2, 7], ["RIGHAGGR", "所有者权益(或股东权益)合计", 1, 7],
  ["TOTLIABSHAREQUI", "负债和所有者权益(或股东权益)总计", 1, 8],
];

export const LLB: readonly TemplateLine[] = [
  ["LABORGETCASH", "销售商品、提供劳务收到的现金", 2, 1], ["TAXREFD", "收到的税费返还", 2, 1], ["RECEOTHERBIZCASH", "收到其他与经营活动有关的现金", 2, 1],
  ["BIZCASHINFL", "经营活动现金流入小计", 1, 1], ["LABOPAYC", "购买商品、接受劳务支付的现金", 2, 1], ["PAYWORKCASH", "支付给职工以及为职工支付的现金", 2, 1],
  ["PAYTAX", "支付的各项税费", 2, 1], ["PAYACTICASH", "支付其他与经营活动有关的现金", 2, 1], ["BIZCASHOUTF", "经营活动现金流出小计", 1, 1],
  ["MANANETR", "经营活动产生的现金流量净额", 1, 1],
  ["WITHINVGETCASH", "收回投资收到的现金", 2, 2], ["INVERETUGETCASH", "取得投资收益收到的现金", 2, 2],
  ["FIXEDASSETNETC", "处置固定资产、无形资产和其他长期资产收回的现金净额", 2, 2], ["INVCASHINFL", "投资活动现金流入小计", 1, 2],
  ["ACQUASSETCASH", "购建固定资产、无形资产和其他长期资产支付的现金", 2, 2], ["INVPAYC", "投资支付的现金", 2, 2], ["INVCASHOUTF", "投资活动现金流出小计", 1, 2],
  ["INVNETCASHFLOW", "投资活动产生的现金流量净额", 1, 2],
  ["INVRECECASH", "吸收投资收到的现金", 2, 3], ["RECEFROMLOAN", "取得借款收到的现金", 2, 3], ["FINCASHINFL", "筹资活动现金流入小计", 1, 3],
  ["DEBTPAYCASH", "偿还债务支付的现金", 2, 3], ["DIVIPROFPAYCASH", "分配股利、利润或偿付利息支付的现金", 2, 3], ["FINCASHOUTF", "筹资活动现金流出小计", 1, 3],
  ["FINNETCFLOW", "筹资活动产生的现金流量净额", 1, 3],
  ["CHGEXCHGCHGS", "汇率变动对现金及现金等价物的影响", 1, 4], ["CASHNETR", "现金及现金等价物净增加额", 1, 4],
  ["INICASHBALA", "期初现金及现金等价物余额", 2, 4], ["FINALCASHBALA", "期末现金及现金等价物余额", 1, 4],
];

export const TEMPLATES = { lrb: LRB, fzb: FZB, llb: LLB } as const;
