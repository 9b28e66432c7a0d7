/**
 * Capital flow from trade prints (adapters/tdx/mac/README.md 5.1, the original
 * system's same-day rule): each trade's amount = price × volume (lots × 100 shares)
 * puts it in a bucket by strict thresholds — super-large above 1,000,000 yuan,
 * large above 200,000, medium above 40,000, small otherwise. Buyer-initiated trades
 * (direction 0) are inflow, seller-initiated (1) outflow; neutral and auction prints
 * (any other code) are dropped. Main force = super-large + large.
 *
 * TDX's trade prints aggregate several seconds of matches, so this approximates
 * order-size flow and will not match TDX's own or other vendors' main-force figures.
 */

export const SUPER_LARGE_ABOVE = 1_000_000;
export const LARGE_ABOVE = 200_000;
export const MEDIUM_ABOVE = 40_000;
const SHARES_PER_LOT = 100;

export const FLOW_BUCKETS = ["super", "large", "medium", "small"] as const;
export type FlowBucket = (typeof FLOW_BUCKETS)[number];

/** Yuan in and out per bucket (index as FLOW_BUCKETS). */
export interface FundFlow {
  readonly inflow: readonly [number, number, number, number];
  readonly outflow: readonly [number, number, number, number];
  /** Buy- and sell-initiated prints counted. */
  readonly trades: number;
}

/** Bucket index of a trade amount in yuan. */
export function bucketOf(amount: number): 0 | 1 | 2 | 3 {
  return amount > SUPER_LARGE_ABOVE ? 0 : amount > LARGE_ABOVE ? 1 : amount > MEDIUM_ABOVE ? 2 : 3;
}

/** Buckets `n` prints given as columns: price (yuan), volume (lots), direction code. */
export function bucketTrades(price: ArrayLike<number>, volLots: ArrayLike<number>, direction: ArrayLike<number>, n = price.length): FundFlow {
  const inflow: [number, number, number, number] = [0, 0, 0, 0];
  const outflow: [number, number, number, number] = [0, 0, 0, 0];
  let trades = 0;
  for (let i = 0; i < n; i++) {
    const d = direction[i];
    if (d !== 0 && d !== 1) continue;
    const amount = price[i]! * volLots[i]! * SHARES_PER_LOT;
    (d === 0 ? inflow : outflow)[bucketOf(amount)] += amount;
    trades++;
  }
  return { inflow, outflow, trades };
}

/** Net inflow of one bucket. */
export const bucketNet = (f: FundFlow, b: 0 | 1 | 2 | 3): number => f.inflow[b] - f.outflow[b];

/** Super-large plus large, in minus out. */
export const mainNet = (f: FundFlow): number => bucketNet(f, 0) + bucketNet(f, 1);

/** All buckets, in minus out. */
export const totalNet = (f: FundFlow): number => mainNet(f) + bucketNet(f, 2) + bucketNet(f, 3);
