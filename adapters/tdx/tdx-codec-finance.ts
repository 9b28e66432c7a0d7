/**
 * Finance snapshot, command 0x0010, both directions (design doc 5.10).
 *
 * Request payload: u16 1, u8 market, 6-byte code. Reply body: u16 1, u8 market,
 * 6-byte code, float32 float shares, u16 province, u16 industry, u32 updated
 * YYYYMMDD, u32 IPO YYYYMMDD, then 30 float32 in the order of {@link FIELDS}.
 *
 * Units: the wire holds share counts in 10,000 shares and money in 1,000 yuan.
 * Both recordings confirm it (SZ 000001 2017: total assets 3,006,194,944 → 3.006
 * trillion yuan; SH 600000 2026: 10,081,745,920 → 10.08 trillion; float shares
 * 3,330,583.75 → 33,305,837,500 as easy_tdx asserts). pytdx multiplies money by
 * 10,000, ten times too much. The share-structure fields after total shares follow
 * pytdx's naming and 10,000-share unit; their values look odd for banks (unverified).
 *
 * The 7th float (after H shares) is earnings per share in yuan, not employee
 * shares (职工股) as pytdx, mootdx, tdxpy and quant1x name it. Evidence:
 * - biner/opentdx @ 9fbe71e, opentdx/parser/quotation/company_info.py, class
 *   `Finance` (command 0x10): the same `<HB6sfHHII` + 30 float layout, this slot
 *   named `MeiGuShouYi` (每股收益); a Go client derived from it (file
 *   "Wire format (opentdx)") comments it "每股收益(元)".
 * - The recordings: SZ 000001, report of 2017-04-28 (Q1 2017), holds 0.31 =
 *   (net profit 6.214 bn of the same reply − the 874 m preferred dividend paid in
 *   March, 4.37 % on 20 bn of preference shares) / 17.17 bn shares, Ping An Bank's
 *   published basic EPS for that quarter; SH 600000 (2025 annual, updated
 *   2026-03-31) holds 1.52 against net profit / shares = 1.50. Values served for
 *   other securities (0.89, 1.24, 0.47, −1.25, 35.57, 9.51) include a negative
 *   one, impossible for a share count.
 * So it is kept unscaled (yuan per share). The HTTP edge still serves the key
 * `zhigong_gu` (×10,000 as before, for easy_tdx clients) next to `meigu_shouyi`.
 */
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import { decodeSingleSecurity, encodeSingleSecurity } from "./tdx-single-security.ts";
import type { FinanceInfo, SecurityRef } from "../../core/quotes/index.ts";

const SHARES = 10_000;
const MONEY = 1_000;
const BODY_SIZE = 145;

type FloatField = Exclude<keyof FinanceInfo, "market" | "code" | "floatShares" | "province" | "industry" | "updatedDate" | "ipoDate">;

/** The 30 trailing float32 fields in wire order, with the factor to shares/yuan. */
const FIELDS: readonly (readonly [FloatField, number])[] = [
  ["totalShares", SHARES],
  ["stateShares", SHARES],
  ["promoterShares", SHARES],
  ["legalPersonShares", SHARES],
  ["bShares", SHARES],
  ["hShares", SHARES],
  ["eps", 1],
  ["totalAssets", MONEY],
  ["currentAssets", MONEY],
  ["fixedAssets", MONEY],
  ["intangibleAssets", MONEY],
  ["shareholders", 1],
  ["currentLiabilities", MONEY],
  ["longTermLiabilities", MONEY],
  ["capitalReserve", MONEY],
  ["netAssets", MONEY],
  ["mainRevenue", MONEY],
  ["mainProfit", MONEY],
  ["receivables", MONEY],
  ["operatingProfit", MONEY],
  ["investmentIncome", MONEY],
  ["operatingCashFlow", MONEY],
  ["totalCashFlow", MONEY],
  ["inventory", MONEY],
  ["totalProfit", MONEY],
  ["afterTaxProfit", MONEY],
  ["netProfit", MONEY],
  ["undistributedProfit", MONEY],
  ["netAssetsPerShare", 1],
  ["reserved", 1],
];

export function encodeFinanceRequest(r: SecurityRef): Uint8Array {
  return encodeSingleSecurity(r);
}

export function decodeFinanceRequest(payload: Uint8Array): SecurityRef {
  return decodeSingleSecurity(payload, "0x0010 request");
}

export function decodeFinanceReply(body: Uint8Array): FinanceInfo {
  const r = new ByteReader(body, "0x0010 reply");
  r.skip(2);
  const market = r.u8();
  const code = r.ascii(6);
  const floatShares = r.f32() * SHARES;
  const province = r.u16();
  const industry = r.u16();
  const updatedDate = r.u32();
  const ipoDate = r.u32();
  const values = {} as Record<FloatField, number>;
  for (const [key, factor] of FIELDS) values[key] = r.f32() * factor;
  r.expectEnd();
  return { market, code, floatShares, province, industry, updatedDate, ipoDate, ...values };
}

/** Reply body (the simulator's side); values are rounded to float32 in wire units. */
export function encodeFinanceReply(f: FinanceInfo): Uint8Array {
  const w = new ByteWriter(BODY_SIZE);
  w.u16(1).u8(f.market).ascii(f.code, 6);
  w.f32(f.floatShares / SHARES)
    .u16(f.province)
    .u16(f.industry)
    .u32(f.updatedDate)
    .u32(f.ipoDate);
  for (const [key, factor] of FIELDS) w.f32(f[key] / factor);
  return w.finish();
}
