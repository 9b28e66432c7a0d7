/**
 * The demo companies' financial statements: a revenue path per company (listed
 * value over a price-to-sales ratio, growing by a seeded rate each year, split
 * over the quarters) and company-specific ratios for every other line. Flows
 * are year-to-date cumulative, as Chinese reports are; balance-sheet lines are
 * period-end positions. Amounts are whole cents, so every subtotal is exactly
 * the sum of its lines and the balance sheet balances.
 */
import { hashSeed, mulberry32 } from "../../tdx-sim/demo/prng.ts";
import type { DemoSecurity } from "../../tdx-sim/demo/universe.ts";
import { firstReportYear, type ReportKind } from "./report-calendar.ts";

export type Statement = "lrb" | "fzb" | "llb";
/** field → value in cents (EPS: cents per share); null = not applicable. */
export type Lines = Map<string, number | null>;

class CompanyModel {
  constructor(
    private readonly seed: number,
    private readonly s: DemoSecurity,
  ) {}

  /** Uniform in [lo, hi), fixed per key. */
  between(lo: number, hi: number, ...key: (string | number)[]): number {
    return lo + (hi - lo) * mulberry32(hashSeed(this.seed, "fin", this.s.code, ...key))();
  }

  /** A company ratio, drifting a little per year and period. */
  ratio(name: string, lo: number, hi: number, y: number, k: number): number {
    return this.between(lo, hi, name) * (1 + this.between(-0.05, 0.05, name, y)) * (1 + this.between(-0.03, 0.03, name, y, k));
  }

  /** Whether a company has an optional line at all (goodwill, bonds, ...). */
  has(name: string, p: number): boolean {
    return this.between(0, 1, "has", name) < p;
  }

  annualRevenue(y: number): number {
    let r = (this.s.totalShares * this.s.price0) / this.between(1.5, 6, "ps");
    for (let i = this.firstYear + 1; i <= y; i++) r *= 1 + this.between(-0.12, 0.32, "growth", i);
    return r * 100;
  }

  /** Year-to-date share of the annual revenue after quarter k. */
  cumulativeShare(y: number, k: number): number {
    const w = [0.22, 0.25, 0.25, 0.28].map((x, q) => x * (1 + this.between(-0.08, 0.08, "season", y, q)));
    const total = w.reduce((a, b) => a + b, 0);
    return w.slice(0, k).reduce((a, b) => a + b, 0) / total;
  }

  get shares(): number {
    return this.s.totalShares;
  }

  get firstYear(): number {
    return firstReportYear(this.s.listDate);
  }
}

const c = Math.round;
const sum = (...xs: (number | null)[]) => xs.reduce<number>((a, x) => a + (x ?? 0), 0);

function income(m: CompanyModel, y: number, k: number): Lines {
  const rev = c(m.annualRevenue(y) * m.cumulativeShare(y, k));
  const r = (name: string, lo: number, hi: number) => c(rev * m.ratio(name, lo, hi, y, k));
  const cost = r("cogs", 0.55, 0.82);
  const tax = r("biztax", 0.004, 0.012);
  const sales = r("sales", 0.02, 0.1);
  const admin = r("admin", 0.03, 0.08);
  const rd = r("rd", 0.02, 0.08);
  const interestIncome = r("intinc", 0.002, 0.008);
  const interestExpense = r("intexp", 0.001, 0.012);
  const finance = interestExpense - interestIncome + r("fx", -0.002, 0.002);
  const totalCost = cost + tax + sales + admin + rd + finance;
  const invest = r("invest", -0.005, 0.02);
  const assoc = m.has("assoc", 0.5) ? c(invest * 0.3) : null;
  const fairValue = r("fairvalue", -0.004, 0.004);
  const other = r("otherinc", 0.002, 0.015);
  const credit = r("credit", -0.006, 0.001);
  const impair = r("impair", -0.005, 0);
  const disposal = r("disposal", -0.0005, 0.0005);
  const operating = rev - totalCost + other + invest + fairValue + credit + impair + disposal;
  const nonOpIn = r("nonopin", 0, 0.002);
  const nonOpOut = r("nonopout", 0, 0.002);
  const pretax = operating + nonOpIn - nonOpOut;
  const incomeTax = c(Math.max(pretax, 0) * m.ratio("taxrate", 0.12, 0.25, y, k));
  const net = pretax - incomeTax;
  const parent = c(net * m.ratio("parent", 0.9, 0.995, y, 0));
  const oci = r("oci", -0.003, 0.006);
  /** Cents per share. */
  const eps = (cents: number, dilution: number) => c(cents / (m.shares * dilution));
  return new Map<string, number | null>([
    ["BIZTOTINCO", rev],
    ["BIZINCO", rev],
    ["BIZTOTCOST", totalCost],
    ["BIZCOST", cost],
    ["BIZTAX", tax],
    ["DEVEEXPE", rd],
    ["SALESEXPE", sales],
    ["MANAEXPE", admin],
    ["FINEXPE", finance],
    ["INTEINCOOPCOST", interestIncome],
    ["INTERESTEXPENSE", interestExpense],
    ["INVEINCO", invest],
    ["ASSOINVEPROF", assoc],
    ["VALUECHGLOSS", fairValue],
    ["OTHERINCO", other],
    ["ASSEIMPALOSSPROFIT", impair],
    ["CREDITIMPLOSSEPROFIT", credit],
    ["ASSETSDISLINCO", disposal],
    ["PERPROFIT", operating],
    ["NONOREVE", nonOpIn],
    ["NONOEXPE", nonOpOut],
    ["TOTPROFIT", pretax],
    ["INCOTAXEXPE", incomeTax],
    ["NETPROFIT", net],
    ["CONOPERNPROFIT", net],
    ["PARENETP", parent],
    ["MINYSHARRIGH", net - parent],
    ["OTHERCOMPINCO", oci],
    ["PARECOMPINCO", oci],
    ["COMPINCOAMT", net + oci],
    ["PARECOMPINCOAMT", parent + oci],
    ["MINYSHARINCOAMT", net - parent],
    ["BASICEPS", eps(parent, 1)],
    ["DILUTEDEPS", eps(parent, 1.006)],
  ]);
}

function balance(m: CompanyModel, y: number, k: number): Lines {
  const scale = m.annualRevenue(y) * m.between(1.2, 2.5, "assets") * (0.96 + 0.02 * k);
  const a = (name: string, lo: number, hi: number, p = 1) => (m.has(name, p) ? c(scale * m.ratio(name, lo, hi, y, k)) : null);
  const current = [
    a("CURFDS", 0.08, 0.25),
    a("TRADFINASSET", 0.01, 0.06, 0.5),
    a("NOTESRECE", 0.01, 0.05),
    a("ACCORECE", 0.06, 0.2),
    a("PREP", 0.005, 0.02),
    a("OTHERRECE", 0.003, 0.02),
    a("INVE", 0.05, 0.2),
    a("OTHERCURRASSE", 0.005, 0.03),
  ];
  const nonCurrent = [
    a("EQUIINVE", 0.005, 0.05, 0.6),
    a("INVEPROP", 0.002, 0.02, 0.3),
    a("FIXEDASSENET", 0.1, 0.3),
    a("CONSPROG", 0.01, 0.06),
    a("INTAASSET", 0.02, 0.06),
    a("DEVEEXPE", 0.001, 0.01, 0.4),
    a("GOODWILL", 0.005, 0.05, 0.4),
    a("LOGPREPEXPE", 0.001, 0.01),
    a("DEFETAXASSET", 0.003, 0.01),
    a("OTHERNONCASSE", 0.003, 0.02),
  ];
  const totalCurrent = sum(...current);
  const totalNonCurrent = sum(...nonCurrent);
  const assets = totalCurrent + totalNonCurrent;
  const debt = assets * m.ratio("leverage", 0.25, 0.6, y, k);
  const l = (name: string, lo: number, hi: number, p = 1) => (m.has(name, p) ? c(debt * m.ratio(name, lo, hi, y, k)) : null);
  const currentLiab = [
    l("SHORTTERMBORR", 0.1, 0.25),
    l("NOTESPAYA", 0.05, 0.15),
    l("ACCOPAYA", 0.15, 0.3),
    l("CONTRACTLIAB", 0.03, 0.1),
    l("COPEWORKERSAL", 0.02, 0.05),
    l("TAXESPAYA", 0.01, 0.04),
    l("OTHERPAY", 0.02, 0.06),
    l("DUENONCLIAB", 0.02, 0.06),
  ];
  const nonCurrentLiab = [l("LONGBORR", 0.05, 0.2), l("BDSPAYA", 0.05, 0.1, 0.3), l("LEASELIAB", 0.005, 0.02), l("DEFEINCOTAXLIAB", 0.003, 0.01)];
  const liabilities = sum(...currentLiab) + sum(...nonCurrentLiab);
  const equity = assets - liabilities;
  const minority = c(equity * m.ratio("minority", 0.01, 0.05, y, 0));
  const parentEquity = equity - minority;
  const paidIn = c(m.shares * 100);
  const surplus = c(parentEquity * m.ratio("capsurp", 0.15, 0.35, y, 0));
  const reserve = c(parentEquity * m.ratio("reserve", 0.03, 0.1, y, 0));
  const names = (xs: string[], vs: (number | null)[]) => xs.map((n, i) => [n, vs[i]] as [string, number | null]);
  return new Map<string, number | null>([
    ...names(["CURFDS", "TRADFINASSET", "NOTESRECE", "ACCORECE", "PREP", "OTHERRECE", "INVE", "OTHERCURRASSE"], current),
    ["TOTCURRASSET", totalCurrent],
    ...names(["EQUIINVE", "INVEPROP", "FIXEDASSENET", "CONSPROG", "INTAASSET", "DEVEEXPE", "GOODWILL", "LOGPREPEXPE", "DEFETAXASSET", "OTHERNONCASSE"], nonCurrent),
    ["TOTALNONCASSETS", totalNonCurrent],
    ["TOTASSET", assets],
    ...names(["SHORTTERMBORR", "NOTESPAYA", "ACCOPAYA", "CONTRACTLIAB", "COPEWORKERSAL", "TAXESPAYA", "OTHERPAY", "DUENONCLIAB"], currentLiab),
    ["TOTALCURRLIAB", sum(...currentLiab)],
    ...names(["LONGBORR", "BDSPAYA", "LEASELIAB", "DEFEINCOTAXLIAB"], nonCurrentLiab),
    ["TOTALNONCLIAB", sum(...nonCurrentLiab)],
    ["TOTLIAB", liabilities],
    ["PAIDINCAPI", paidIn],
    ["CAPISURP", surplus],
    ["RESE", reserve],
    ["UNDIPROF", parentEquity - paidIn - surplus - reserve],
    ["PARESHARRIGH", parentEquity],
    ["MINYSHARRIGH", minority],
    ["RIGHAGGR", equity],
    ["TOTLIABSHAREQUI", liabilities + equity],
  ]);
}

function cashFlow(m: CompanyModel, y: number, k: number): Lines {
  const rev = m.annualRevenue(y) * m.cumulativeShare(y, k);
  const r = (name: string, lo: number, hi: number, p = 1) => (m.has(name, p) ? c(rev * m.ratio(name, lo, hi, y, k)) : null);
  const opIn = [r("LABORGETCASH", 1.0, 1.15), r("TAXREFD", 0.001, 0.01, 0.5), r("RECEOTHERBIZCASH", 0.005, 0.02)];
  const opOut = [r("LABOPAYC", 0.5, 0.8), r("PAYWORKCASH", 0.06, 0.12), r("PAYTAX", 0.02, 0.05), r("PAYACTICASH", 0.02, 0.05)];
  const invIn = [r("WITHINVGETCASH", 0, 0.1), r("INVERETUGETCASH", 0, 0.01), r("FIXEDASSETNETC", 0, 0.002)];
  const invOut = [r("ACQUASSETCASH", 0.03, 0.12), r("INVPAYC", 0, 0.1)];
  const finIn = [r("INVRECECASH", 0.01, 0.05, 0.2), r("RECEFROMLOAN", 0.05, 0.2)];
  const finOut = [r("DEBTPAYCASH", 0.05, 0.2), c(rev * m.ratio("DIVIPROFPAYCASH", 0.01, 0.05, y, k) * (k >= 2 ? 1 : 0.2))];
  const fx = r("CHGEXCHGCHGS", -0.001, 0.001) ?? 0;
  const [op, inv, fin] = [sum(...opIn) - sum(...opOut), sum(...invIn) - sum(...invOut), sum(...finIn) - sum(...finOut)];
  const opening = c((balance(m, y > m.firstYear ? y - 1 : y, 4).get("CURFDS") ?? 0) * 0.95);
  const names = (xs: string[], vs: (number | null)[]) => xs.map((n, i) => [n, vs[i]] as [string, number | null]);
  return new Map<string, number | null>([
    ...names(["LABORGETCASH", "TAXREFD", "RECEOTHERBIZCASH"], opIn),
    ["BIZCASHINFL", sum(...opIn)],
    ...names(["LABOPAYC", "PAYWORKCASH", "PAYTAX", "PAYACTICASH"], opOut),
    ["BIZCASHOUTF", sum(...opOut)],
    ["MANANETR", op],
    ...names(["WITHINVGETCASH", "INVERETUGETCASH", "FIXEDASSETNETC"], invIn),
    ["INVCASHINFL", sum(...invIn)],
    ...names(["ACQUASSETCASH", "INVPAYC"], invOut),
    ["INVCASHOUTF", sum(...invOut)],
    ["INVNETCASHFLOW", inv],
    ...names(["INVRECECASH", "RECEFROMLOAN"], finIn),
    ["FINCASHINFL", sum(...finIn)],
    ...names(["DEBTPAYCASH", "DIVIPROFPAYCASH"], finOut),
    ["FINCASHOUTF", sum(...finOut)],
    ["FINNETCFLOW", fin],
    ["CHGEXCHGCHGS", fx],
    ["CASHNETR", op + inv + fin + fx],
    ["INICASHBALA", opening],
    ["FINALCASHBALA", opening + op + inv + fin + fx],
  ]);
}

const BUILD = { lrb: income, fzb: balance, llb: cashFlow };

/** The lines of one statement of a demo company for fiscal year `y`, report `kind`. */
export function demoStatement(seed: number, s: DemoSecurity, statement: Statement, y: number, kind: ReportKind): Lines {
  return BUILD[statement](new CompanyModel(seed, s), y, kind);
}
