/**
 * The demo market's professional financial archives, as TDX's financial-file host
 * serves them: `tdxfin/gpcw.txt` (name, MD5, size per archive) and one
 * `tdxfin/gpcwYYYYMMDD.zip` per reporting quarter in the real layout (see
 * adapters/tdx/files/gpcw-dat.ts). Figures are year-to-date, as Chinese quarterly
 * reports are, drawn per company from a stable seeded profile and scaled by its
 * listing share count and price (so an archive needs no price history). A quarter is published 30 days
 * after it closes; the last eight published quarters are listed.
 */
import { createHash } from "node:crypto";
import { fromYyyymmdd, yyyymmdd, TDX_MARKET } from "../../../core/bars/index.ts";
import { gpcwFieldNumber } from "../../../adapters/tdx/files/gpcw-fields.ts";
import { encodeGpcwList, type GpcwReport, zipGpcw } from "../../../adapters/tdx/files/gpcw-dat.ts";
import type { DemoMarket } from "./demo-market.ts";
import { hashSeed, mulberry32 } from "./prng.ts";
import type { DemoSecurity } from "./universe.ts";

/** FINVALUE fields per record; real archives have grown to about this many. */
export const GPCW_FIELDS = 580;
const QUARTERS_LISTED = 8;
const PUBLISH_LAG_DAYS = 30;
const QUARTER_ENDS = [331, 630, 930, 1231];

/** The last published quarter ends before `today` (YYYYMMDD), oldest first. */
export function publishedQuarters(today: number): number[] {
  const cutoff = yyyymmdd(fromYyyymmdd(today) - PUBLISH_LAG_DAYS * 86_400_000);
  const out: number[] = [];
  for (let y = Math.floor(cutoff / 10000); out.length < QUARTERS_LISTED; y--) {
    for (const end of QUARTER_ENDS.toReversed()) {
      const d = y * 10000 + end;
      if (d <= cutoff && out.length < QUARTERS_LISTED) out.push(d);
    }
  }
  return out.reverse();
}

const indexOf = new Map<string, number>();
/** Zero-based position of a named field (FINVALUE number − 1). */
function fieldIndex(name: string): number {
  let i = indexOf.get(name);
  if (i === undefined) indexOf.set(name, (i = gpcwFieldNumber(name)! - 1));
  return i;
}

function record(market: DemoMarket, s: DemoSecurity, date: number): Float64Array {
  // The listing-day price and share count: an archive must not need the whole market's price history.
  const price = s.price0;
  const total = s.totalShares;
  const float = s.floatShares;
  const r = mulberry32(hashSeed(market.seed, "gpcw", s.market, s.code));
  const equity = total * price * (0.2 + r() * 0.5);
  const assets = equity * (1.5 + r() * 4);
  const margin = r() * 0.2 - 0.03;
  // Year-to-date share of the annual figures, with a little noise per quarter.
  const ytd = (Math.floor((date % 10000) / 300) / 4) * (0.9 + mulberry32(hashSeed(market.seed, "gpcw", s.code, date))() * 0.2);
  const revenue = assets * (0.1 + r() * 0.6) * ytd;
  const net = revenue * margin;
  const values: Record<string, number> = {
    eps: net / total,
    eps_deducted: (net * 0.95) / total,
    undistributed_profit_per_share: (equity * 0.25) / total,
    naps: equity / total,
    capital_reserve_per_share: (equity * 0.3) / total,
    roe: (net / equity) * 100,
    operating_cash_flow_per_share: (net * 1.1) / total,
    monetary_funds: assets * 0.12,
    accounts_receivable: assets * 0.1,
    inventory: assets * 0.08,
    current_assets: assets * 0.45,
    fixed_assets: assets * 0.3,
    intangible_assets: assets * 0.05,
    non_current_assets: assets * 0.55,
    total_assets: assets,
    current_liabilities: (assets - equity) * 0.6,
    non_current_liabilities: (assets - equity) * 0.4,
    total_liabilities: assets - equity,
    paid_in_capital: total,
    total_equity: equity,
    operating_revenue: revenue,
    operating_cost: revenue * (0.75 - margin),
    operating_profit: net * 1.2,
    total_profit: net * 1.25,
    income_tax: net * 0.25,
    net_profit: net,
    net_profit_parent: net * 0.97,
    operating_cash_flow: net * 1.1,
    total_shares: total,
    float_a_shares: float,
  };
  const out = new Float64Array(GPCW_FIELDS);
  for (const [name, v] of Object.entries(values)) out[fieldIndex(name)] = v;
  return out;
}

/** The archive of one quarter: every stock listed by then. */
export function gpcwReport(market: DemoMarket, date: number): GpcwReport {
  const records = market.universe.filter((s) => s.kind === "stock" && s.listDate <= date).map((s) => ({ code: s.code, marketByte: TDX_MARKET[s.market], values: record(market, s, date) }));
  return { reportDate: date, fieldCount: GPCW_FIELDS, records };
}

/** `tdxfin/...` files for the market as of a day; archives are built once each. */
export class DemoReportFiles {
  readonly #market: DemoMarket;
  readonly #zips = new Map<number, Uint8Array>();

  constructor(market: DemoMarket) {
    this.#market = market;
  }

  #zip(date: number): Uint8Array {
    let z = this.#zips.get(date);
    if (!z) this.#zips.set(date, (z = zipGpcw(`gpcw${date}`, gpcwReport(this.#market, date))));
    return z;
  }

  /** `name` as the client asks for it (`tdxfin/gpcw.txt`, `tdxfin/gpcwYYYYMMDD.zip`). */
  file(name: string, today: number): Uint8Array | undefined {
    const quarters = publishedQuarters(today);
    if (name === "tdxfin/gpcw.txt") {
      return encodeGpcwList(
        quarters.map((d) => {
          const z = this.#zip(d);
          return { filename: `gpcw${d}.zip`, hash: createHash("md5").update(z).digest("hex"), filesize: z.length };
        }),
      );
    }
    const m = /^tdxfin\/gpcw(\d{8})\.zip$/.exec(name);
    return m && quarters.includes(Number(m[1])) ? this.#zip(Number(m[1])) : undefined;
  }
}
