/**
 * Column names of gpcw report fields. Field n is TDX's FINVALUE(n); the common
 * statement items get English names (meanings per TDX's FINVALUE list as
 * pytdx issue #133 and mootdx publish it: 1 basic EPS, 4 net assets per share,
 * 40 total assets, 96 net profit attributable to the parent, 238 total shares,
 * ...). Every other field keeps pytdx's `col<n>` name, so the full record is
 * always there and clients of pytdx/mootdx find the same keys.
 */
const NAMED: Readonly<Record<number, string>> = {
  1: "eps",
  2: "eps_deducted",
  3: "undistributed_profit_per_share",
  4: "naps",
  5: "capital_reserve_per_share",
  6: "roe",
  7: "operating_cash_flow_per_share",
  8: "monetary_funds",
  11: "accounts_receivable",
  17: "inventory",
  21: "current_assets",
  27: "fixed_assets",
  33: "intangible_assets",
  35: "goodwill",
  39: "non_current_assets",
  40: "total_assets",
  41: "short_term_loans",
  44: "accounts_payable",
  54: "current_liabilities",
  55: "long_term_loans",
  62: "non_current_liabilities",
  63: "total_liabilities",
  64: "paid_in_capital",
  65: "capital_reserve",
  66: "surplus_reserve",
  68: "undistributed_profit",
  69: "minority_interests",
  72: "total_equity",
  74: "operating_revenue",
  75: "operating_cost",
  77: "selling_expenses",
  78: "admin_expenses",
  80: "financial_expenses",
  83: "investment_income",
  86: "operating_profit",
  92: "total_profit",
  93: "income_tax",
  95: "net_profit",
  96: "net_profit_parent",
  97: "minority_profit",
  107: "operating_cash_flow",
  119: "investing_cash_flow",
  128: "financing_cash_flow",
  238: "total_shares",
  239: "float_a_shares",
};

/** The column name of FINVALUE(n). */
export function gpcwFieldName(n: number): string {
  return NAMED[n] ?? `col${n}`;
}

/** FINVALUE number of a named column, for writers that fill fields by name. */
export function gpcwFieldNumber(name: string): number | undefined {
  for (const [n, v] of Object.entries(NAMED)) if (v === name) return Number(n);
  const m = /^col(\d+)$/.exec(name);
  return m ? Number(m[1]) : undefined;
}
