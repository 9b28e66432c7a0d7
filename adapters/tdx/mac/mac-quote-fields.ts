/**
 * The mac fields a standard five-level quote (0x053e) already gives, by mac field
 * name: the derived board source answers with them, and the simulator starts
 * from them. Volumes stay in lots, as the standard quote sends them (the mac
 * hosts' unit for field 0x05 is unverified).
 */
import type { Quote } from "../../../core/quotes/index.ts";

export function quoteFields(q: Quote): Record<string, number> {
  return {
    pre_close: q.preClose,
    open: q.open,
    high: q.high,
    low: q.low,
    close: q.price,
    vol: q.vol,
    amount: q.amount,
    inside_volume: q.sVol,
    outside_volume: q.bVol,
    bid_price: q.bids[0]!,
    ask_price: q.asks[0]!,
    bid_volume: q.bidVols[0]!,
    ask_volume: q.askVols[0]!,
    last_volume: q.curVol,
    speed_pct: q.riseSpeed,
  };
}
