/**
 * A mac symbol-info snapshot built from a standard quote at market time `now`:
 * the simulator's mac server and the derived board source (used when the mac
 * hosts are away) fill it the same way; what a quote does not carry comes from
 * the caller.
 */
import { yyyymmdd } from "../bars/index.ts";
import type { MacSymbolInfo } from "./mac-records.ts";
import type { Quote } from "./records.ts";

export function symbolInfoFromQuote(q: Quote, name: string, now: number, extra: Pick<MacSymbolInfo, "decimals" | "volRatio" | "turnover" | "avgPrice">): MacSymbolInfo {
  const t = new Date(now);
  return {
    market: q.market,
    code: q.code,
    name,
    date: yyyymmdd(now),
    time: t.getUTCHours() * 10000 + t.getUTCMinutes() * 100 + t.getUTCSeconds(),
    activity: q.active1,
    preClose: q.preClose,
    open: q.open,
    high: q.high,
    low: q.low,
    close: q.price,
    momentum: q.riseSpeed,
    vol: q.vol,
    amount: q.amount,
    insideVolume: q.sVol,
    outsideVolume: q.bVol,
    ...extra,
  };
}
