import type { FundFlow } from "../../core/market/index.ts";
import type { FundFlowStore } from "../../ports/fund-flow-store.ts";
import type { Database } from "./sqlite-database.ts";

/** One row per (market, code, date): in/out per bucket, as computed from that day's trades. */
export function sqliteFundFlowStore(db: Database): FundFlowStore {
  return {
    async getDays(market, code, dates) {
      const out = new Map<number, FundFlow>();
      if (dates.length === 0) return out;
      const rows = await db
        .selectFrom("fund_flow_day")
        .selectAll()
        .where("market", "=", market)
        .where("code", "=", code)
        .where("date", ">=", Math.min(...dates))
        .where("date", "<=", Math.max(...dates))
        .execute();
      const wanted = new Set(dates);
      for (const r of rows) {
        if (!wanted.has(r.date)) continue;
        out.set(r.date, {
          inflow: [r.super_in, r.large_in, r.medium_in, r.small_in],
          outflow: [r.super_out, r.large_out, r.medium_out, r.small_out],
          trades: r.trades,
        });
      }
      return out;
    },
    async putDay(market, code, date, f, now) {
      const values = {
        super_in: f.inflow[0],
        large_in: f.inflow[1],
        medium_in: f.inflow[2],
        small_in: f.inflow[3],
        super_out: f.outflow[0],
        large_out: f.outflow[1],
        medium_out: f.outflow[2],
        small_out: f.outflow[3],
        trades: f.trades,
        computed_at: now,
      };
      await db
        .insertInto("fund_flow_day")
        .values({ market, code, date, ...values })
        .onConflict((oc) => oc.columns(["market", "code", "date"]).doUpdateSet(values))
        .execute();
    },
  };
}
