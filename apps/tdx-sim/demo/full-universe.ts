/**
 * The full-size universe (`SIM_UNIVERSE=full`): about as many securities as the
 * real A-share market lists (late 2025: ~1,700 SH main board, ~590 STAR, ~1,500 SZ
 * main board, ~1,380 ChiNext, ~270 BJ), plus the main indices and ~120 ETFs, so
 * market-wide jobs and the paged security list are exercised at real size
 * offline. Codes are spread over each board's real code ranges; listing dates
 * follow code order within a range, as the exchanges allocate codes (600xxx in the
 * 1990s, 301xxx since 2020, 920xxx since 2024); about 3 % are ST and 0.5 % are
 * suspended for good. Only metadata is built here: histories stay lazy (DemoMarket).
 */
import type { Market } from "../../../core/bars/index.ts";
import { hashSeed, mulberry32 } from "./prng.ts";
import { code6, type DemoSecurity, nameDrawer, stName, UniverseBuilder } from "./universe.ts";

// [market, first code, last code, how many, first listing year, last listing year]
const RANGES: readonly [Market, number, number, number, number, number][] = [
  ["SH", 600000, 600999, 820, 1990, 2005],
  ["SH", 601000, 601999, 240, 2006, 2016],
  ["SH", 603000, 603999, 480, 2011, 2020],
  ["SH", 605000, 605599, 150, 2020, 2023],
  ["SH", 688000, 688799, 590, 2019, 2025],
  ["SZ", 1, 999, 440, 1991, 2001],
  ["SZ", 1200, 1399, 40, 2021, 2025],
  ["SZ", 2001, 2999, 940, 2004, 2016],
  ["SZ", 3000, 3099, 40, 2021, 2025],
  ["SZ", 300001, 300999, 940, 2009, 2020],
  ["SZ", 301000, 301599, 440, 2020, 2025],
  ["BJ", 830000, 839999, 150, 2015, 2022],
  ["BJ", 870000, 873999, 80, 2016, 2022],
  ["BJ", 920000, 920199, 40, 2024, 2025],
];

/** Indices beyond the six every universe has. */
const MORE_INDICES: readonly [Market, string, string][] = [
  ["SH", "000010", "上证180"],
  ["SH", "000016", "上证50"],
  ["SH", "000852", "中证1000"],
  ["SH", "000903", "中证100"],
  ["SH", "000905", "中证500"],
  ["SZ", "399005", "中小100"],
  ["SZ", "399330", "深证100"],
  ["SZ", "399673", "创业板50"],
];

/** Named ETFs beyond the two every universe has. */
const MORE_FUNDS: readonly [Market, string, string][] = [
  ["SH", "510050", "50ETF"],
  ["SH", "510500", "500ETF"],
  ["SH", "588000", "科创ETF"],
  ["SZ", "159919", "300ETF"],
];

// Generated ETFs: [market, first code, how many].
const FUND_RANGES: readonly [Market, number, number][] = [
  ["SH", 512000, 60],
  ["SZ", 159800, 60],
];

const ymd = (year: number, r: () => number) => year * 10000 + (1 + Math.floor(r() * 12)) * 100 + 1 + Math.floor(r() * 28);

/** The full-size universe for a seed, in a stable order (market, then code). */
export function fullUniverse(seed: number): DemoSecurity[] {
  const u = new UniverseBuilder(seed);
  u.addNamed();
  for (const [m, c, n] of [...MORE_INDICES, ...MORE_FUNDS]) u.add(m, c, n);
  const draw = nameDrawer(seed);
  const used = new Set<string>();
  const unique = (make: () => string) => {
    let name = make();
    for (let k = 0; used.has(name) && k < 50; k++) name = make();
    used.add(name);
    return name;
  };
  const r = mulberry32(hashSeed(seed, "full-universe"));
  for (const [market, first, last, count, fromYear, toYear] of RANGES) {
    const span = last - first + 1;
    for (let i = 0; i < count; i++) {
      const code = code6(first + Math.floor((i * span) / count));
      const year = fromYear + Math.floor(((toYear - fromYear + 1) * i) / count);
      const st = r() < 0.03;
      const suspended = r() < 0.005;
      const base = unique(draw);
      const opts = { listDate: ymd(year, r), ...(suspended ? { suspendedFrom: ymd(2024 + Math.floor(r() * 2), r) } : {}) };
      u.add(market, code, st ? stName(base, r() < 0.5) : base, st, opts);
    }
  }
  for (const [market, first, count] of FUND_RANGES) {
    for (let i = 0; i < count; i++)
      u.add(
        market,
        code6(first + i),
        unique(() => `${draw().slice(0, 2)}ETF`),
      );
  }
  return u.build();
}
