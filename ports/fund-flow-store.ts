/**
 * Daily capital flow already computed from a past day's trades. The past does not
 * change, so each (security, day) is computed once and kept.
 */
import type { FundFlow } from "../core/market/index.ts";

export interface FundFlowStore {
  /** The stored days among `dates` (YYYYMMDD) for one security. */
  getDays(market: number, code: string, dates: readonly number[]): Promise<Map<number, FundFlow>>;
  putDay(market: number, code: string, date: number, flow: FundFlow, now: number): Promise<void>;
}
