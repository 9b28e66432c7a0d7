/**
 * Price divisors of vipdoc `.day` files, whose prices are scaled integers (design
 * doc 8.1). pytdx's table (÷100 stocks and indices, ÷1000 funds, bonds, SH
 * B-shares) is wrong for convertible bonds: the real sh110075.day stores 110.23 as
 * 1,102,300, i.e. ÷10000, and re-tdx states convertible bonds use that scale in
 * general; so SH 11xxxx and SZ 12xxxx (convertibles) get ÷10000, other bonds keep
 * pytdx's ÷1000 (unverified). Because the table is a guess for anything but stocks
 * and indices, {@link inferPriceDivisor} checks one file against a known price.
 */

/** Market folders of a vipdoc tree that hold A-share-market files. */
export type VipdocMarket = "sh" | "sz" | "bj";

const CANDIDATES = [100, 1000, 10000];

/** Divisor from the stored integer to yuan, guessed from market and code. */
export function dayPriceDivisor(market: VipdocMarket, code: string): number {
  const p2 = code.slice(0, 2);
  if (market === "sh") {
    if (p2 === "11") return 10000;
    if (p2 === "90" || code[0] === "5") return 1000;
    if (p2 === "01" || p2 === "02" || p2 === "20" || code[0] === "1") return 1000;
    return 100;
  }
  if (market === "sz") {
    if (p2 === "12") return 10000;
    if (p2 === "15" || p2 === "16" || p2 === "10" || p2 === "11" || p2 === "13" || p2 === "14") return 1000;
    return 100;
  }
  return 100;
}

/**
 * The divisor (100, 1000 or 10000) that turns a stored close into the price a
 * reference source gives for the same day (a quote or a protocol bar).
 */
export function inferPriceDivisor(storedClose: number, referencePrice: number): number {
  let best = CANDIDATES[0]!;
  let bestErr = Infinity;
  for (const d of CANDIDATES) {
    const err = Math.abs(Math.log(storedClose / d / referencePrice));
    if (err < bestErr) {
      bestErr = err;
      best = d;
    }
  }
  return best;
}
