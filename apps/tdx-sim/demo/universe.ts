/**
 * The demo market's securities: the core-leader pool plus generated names on every
 * board (SH main and STAR, SZ main and ChiNext, BJ), a handful of ST names, the
 * main indices and two ETFs. Each carries the parameters of its price process;
 * well-known names start at their real price level (price-levels.ts). The
 * full-size universe (`SIM_UNIVERSE=full`) is in full-universe.ts.
 */
import { type Board, classifySecurity, type Market, type SecurityKind } from "../../../core/bars/index.ts";
import { CORE_LEADERS } from "../../../core/market/index.ts";
import { priceLevel } from "./price-levels.ts";
import { hashSeed, mulberry32, pick } from "./prng.ts";

export interface DemoSecurity {
  readonly market: Market;
  readonly code: string;
  readonly name: string;
  readonly kind: SecurityKind;
  readonly board: Board;
  readonly st: boolean;
  /** First trading day (YYYYMMDD). */
  readonly listDate: number;
  /** Price on the first day of history. */
  readonly price0: number;
  /** Daily volatility of returns. */
  readonly sigma: number;
  /** Sensitivity to the common market factor. */
  readonly beta: number;
  /** Shares outstanding at listing (indices: 0). */
  readonly totalShares: number;
  readonly floatShares: number;
  /** Suspended from this day (YYYYMMDD) on, with no bar since; absent when trading. */
  readonly suspendedFrom?: number;
}

/** Which universe the simulator serves: the few-hundred demo market or a full-size one. */
export type UniverseSize = "demo" | "full";

/** Start of every demo history. */
export const HISTORY_START = 20160104;

const PREFIX = ["华", "中", "东", "海", "金", "新", "天", "长", "恒", "国", "宏", "瑞", "博", "安", "盛", "信", "富", "通", "永", "泰"];
const MIDDLE = ["达", "光", "远", "兴", "科", "鑫", "宇", "丰", "诚", "润", "凯", "晨", "源", "智", "嘉", "锐", "联", "创", "立", "元"];
const SUFFIX = ["科技", "股份", "电子", "医药", "能源", "材料", "智能", "装备", "环保", "食品", "化工", "传媒", "精密", "生物", "电气", "汽车", "通信", "软件", "银行", "证券"];

export const INDICES: readonly [Market, string, string][] = [
  ["SH", "000001", "上证指数"],
  ["SH", "000300", "沪深300"],
  ["SH", "000688", "科创50"],
  ["SZ", "399001", "深证成指"],
  ["SZ", "399006", "创业板指"],
  ["BJ", "899050", "北证50"],
];

export const FUNDS: readonly [Market, string, string][] = [
  ["SH", "510300", "300ETF"],
  ["SZ", "159915", "创业ETF"],
];

// Generated code blocks per board: [market, first code, how many, ST names among them].
const BLOCKS: readonly [Market, number, number, number][] = [
  ["SH", 600100, 40, 2],
  ["SH", 601100, 20, 0],
  ["SH", 603100, 30, 2],
  ["SH", 688100, 30, 1],
  ["SZ", 2100, 40, 2],
  ["SZ", 300100, 40, 2],
  ["SZ", 600, 20, 1],
  ["BJ", 830800, 15, 0],
  ["BJ", 920001, 10, 0],
];

export const code6 = (n: number) => String(n).padStart(6, "0");

/** Optional overrides of a security's drawn parameters. */
export interface SecurityOptions {
  readonly listDate?: number;
  readonly suspendedFrom?: number;
}

/** A security's parameters, drawn from (seed, market, code); the price level from the table when known. */
export function drawSecurity(seed: number, market: Market, code: string, name: string, st: boolean, opts: SecurityOptions = {}): DemoSecurity {
  const key = `${market}${code}`;
  const r = mulberry32(hashSeed(seed, "security", key));
  const { kind, board } = classifySecurity(market, code);
  const index = kind === "index";
  const young = !index && r() < 0.08;
  const listYear = young ? 2024 + Math.floor(r() * 2) : 2000 + Math.floor(r() * 16);
  const listDate = opts.listDate ?? listYear * 10000 + (1 + Math.floor(r() * 12)) * 100 + 1 + Math.floor(r() * 27);
  const shares = (2 + r() * 200) * 1e8;
  const hot = board === "CHINEXT" || board === "STAR" || board === "BSE";
  const drawn = Math.round((3 + r() * r() * 120) * 100) / 100;
  const level = priceLevel(market, code);
  const price0 = level ?? (index ? 1000 : kind === "fund" ? Math.round((0.5 + drawn / 40) * 1000) / 1000 : drawn);
  // The well-known names are large caps: they move about as much as a quiet main-board stock, whatever their board.
  const sigma = (level !== undefined ? 0.016 : hot ? 0.028 : 0.02) + r() * 0.01;
  // Fewer shares where the price is high (a fiftieth of the draw at 1,500 CNY), so market caps and turnover stay believable.
  const total = index ? 0 : Math.round((shares * Math.min(1, 30 / price0)) / 100) * 100;
  return {
    market,
    code,
    name,
    kind,
    board,
    st,
    listDate: index ? 19901219 : Math.max(listDate, 19901219),
    price0,
    sigma: index ? 0.011 : kind === "fund" ? 0.012 : sigma,
    beta: index ? 1 : 0.6 + r() * 0.8,
    totalShares: total,
    floatShares: index ? 0 : Math.round((total * (0.5 + r() * 0.5)) / 100) * 100,
    ...(opts.suspendedFrom ? { suspendedFrom: opts.suspendedFrom } : {}),
  };
}

/** A stable order: market, then code. */
export const byMarketCode = (a: DemoSecurity, b: DemoSecurity) => (a.market === b.market ? a.code.localeCompare(b.code) : a.market.localeCompare(b.market));

/** Collects securities by market + code; the first one added for a key wins. */
export class UniverseBuilder {
  readonly #out = new Map<string, DemoSecurity>();
  constructor(readonly seed: number) {}
  has(market: Market, code: string): boolean {
    return this.#out.has(market + code);
  }
  add(market: Market, code: string, name: string, st = false, opts: SecurityOptions = {}): void {
    if (!this.has(market, code)) this.#out.set(market + code, drawSecurity(this.seed, market, code, name, st, opts));
  }
  /** The named securities every universe has: main indices, ETFs, the core-leader pool and two banks. */
  addNamed(): void {
    for (const [m, c, n] of INDICES) this.add(m, c, n);
    for (const [m, c, n] of FUNDS) this.add(m, c, n);
    for (const l of CORE_LEADERS) this.add(l.market, l.code, l.name);
    // Two famous names that demos and docs use.
    this.add("SZ", "000001", "平安银行");
    this.add("SH", "600000", "浦发银行");
  }
  build(): DemoSecurity[] {
    return [...this.#out.values()].sort(byMarketCode);
  }
}

/** Generated names: 4 Chinese characters (names are 8 GBK bytes on the wire in security list records). */
export function nameDrawer(seed: number): () => string {
  const names = mulberry32(hashSeed(seed, "names"));
  return () => pick(PREFIX, names) + pick(MIDDLE, names) + pick(SUFFIX, names);
}

/** An ST name from a base name, as the exchanges prefix it. */
export const stName = (base: string, star: boolean) => (star ? "*ST" : "ST") + base.slice(0, 2);

/** The demo universe for a seed, in a stable order (market, then code). */
export function demoUniverse(seed: number): DemoSecurity[] {
  const u = new UniverseBuilder(seed);
  u.addNamed();
  const name = nameDrawer(seed);
  for (const [market, first, n, st] of BLOCKS) {
    for (let i = 0; i < n; i++) {
      const base = name();
      const isSt = i < st;
      u.add(market, code6(first + i * 7), isSt ? stName(base, i % 2 === 1) : base, isSt);
    }
  }
  return u.build();
}
