/**
 * A local TDX `vipdoc` directory, decoded: what it holds and every bar category its
 * files allow (adapters/vipdoc/README.md). Both the direct quote source
 * (`QUOTE_SOURCE=vipdoc`) and the simulator's vipdoc data set read through here.
 *
 * - `.day` → DAY and, aggregated, WEEK / MONTH / SEASON / YEAR;
 * - `.lc5` → MIN_5 and, aggregated, MIN_15 / MIN_30 / MIN_60 (MIN_120 is built above
 *   the port from MIN_60); without a `.lc5`, the `.lc1` is aggregated instead;
 * - `.lc1` → MIN_1.
 * Every stored value comes back as stored: u32 volumes (shares for stocks, as the
 * file keeps them for indices) and float32 amounts are never re-encoded, and the
 * aggregates sum those integers in doubles, exact far beyond any real volume (2^53).
 *
 * Indices (design doc 8.1, vipdoc-minute.ts): `.day` volumes are lots already, so
 * quotes take them as they are. Minute files keep amount / 100 in the volume word,
 * no volume: index minute bars and minute lines carry NaN volume (served as null,
 * as the protocol path gives them). The reserved word holds advancing/declining
 * counts at each bar's end, daily and minute alike: a longer intraday bar takes
 * those of its last minute bar (every intraday count is against the previous
 * day's close); weekly and longer bars carry none.
 * Offline files carry no names, ticks, F10 text or ex-rights records: names are the
 * codes, and quotes are built from the last daily bar.
 */
import { readFileSync } from "node:fs";
import { aggregateBars, type Period, marketTimeOf, roundHalfUp, allocSeries, copySeries, type BarSeries, classifySecurity, type Market } from "../../core/bars/index.ts";
import { EMPTY_MINUTES, type IndexBarSeries, type MarketId, type MinuteSeries, type Quote, type SecurityInfo, type SecurityRef } from "../../core/quotes/index.ts";
import { encodeQuoteServerTime } from "../tdx/tdx-codec-quotes.ts";
import { decodeDayFile } from "./vipdoc-day.ts";
import { decodeMinuteFile } from "./vipdoc-minute.ts";
import { indexBreadth, type ReservedWords } from "./vipdoc-records.ts";
import { dayPriceDivisor, type VipdocMarket } from "./vipdoc-price-scale.ts";
import { listVipdoc, type VipdocSecurity } from "./vipdoc-walker.ts";

const FOLDER: Readonly<Record<number, VipdocMarket>> = { 0: "sz", 1: "sh", 2: "bj" };
const MARKET_ID: Readonly<Record<VipdocMarket, MarketId>> = { sz: 0, sh: 1, bj: 2 };
const NAME: Readonly<Record<VipdocMarket, Market>> = { sz: "SZ", sh: "SH", bj: "BJ" };
const DAY_MS = 86_400_000;
/** Decoded files kept in memory (a real tree holds thousands; a scan touches each once). */
const CACHE_FILES = 256;

const EMPTY_BARS: BarSeries = allocSeries(0);

/** A decoded file: its bars and each record's reserved word. */
type FileBars = BarSeries & ReservedWords;

/** How each TDX category number (command 0x052d) is made from the files. */
const CATEGORY: Readonly<Record<number, { readonly file: "day" | "lc5" | "lc1"; readonly period?: Period }>> = {
  0: { file: "lc5" },
  1: { file: "lc5", period: 15 },
  2: { file: "lc5", period: 30 },
  3: { file: "lc5", period: 60 },
  4: { file: "day" },
  5: { file: "day", period: "WEEK" },
  6: { file: "day", period: "MONTH" },
  7: { file: "lc1" },
  8: { file: "lc1" },
  9: { file: "day" },
  10: { file: "day", period: "SEASON" },
  11: { file: "day", period: "YEAR" },
};

/** The index range of the last `count` bars ending `start` bars before the newest. */
function tail(length: number, start: number, count: number): { from: number; to: number } {
  const to = Math.max(0, length - start);
  return { from: Math.max(0, to - count), to };
}

export class VipdocTree {
  readonly #byMarket = new Map<MarketId, VipdocSecurity[]>();
  readonly #files = new Map<string, VipdocSecurity>();
  readonly #cache = new Map<string, FileBars>();

  private constructor(
    readonly root: string,
    list: readonly VipdocSecurity[],
  ) {
    for (const s of list) {
      if (s.market === "ds") continue;
      const id = MARKET_ID[s.market];
      let bucket = this.#byMarket.get(id);
      if (!bucket) this.#byMarket.set(id, (bucket = []));
      bucket.push(s);
      this.#files.set(`${id}:${s.code}`, s);
    }
  }

  static async open(root: string): Promise<VipdocTree> {
    return new VipdocTree(root, await listVipdoc(root));
  }

  /** Whether any file of this security exists. */
  has(ref: SecurityRef): boolean {
    return this.#files.has(`${ref.market}:${ref.code}`);
  }

  #read(ref: SecurityRef, kind: "day" | "lc1" | "lc5"): FileBars | undefined {
    const f = this.#files.get(`${ref.market}:${ref.code}`);
    const path = f?.files[kind];
    if (!f || !path || f.market === "ds") return undefined;
    let s = this.#cache.get(path);
    if (!s) {
      const bytes = new Uint8Array(readFileSync(path));
      s = kind === "day" ? decodeDayFile(bytes, dayPriceDivisor(f.market, f.code)) : decodeMinuteFile(bytes);
      if (this.#cache.size >= CACHE_FILES) this.#cache.clear();
      this.#cache.set(path, s);
    }
    return s;
  }

  securities(market: MarketId): readonly SecurityInfo[] {
    return (this.#byMarket.get(market) ?? []).map((s) => ({
      code: s.code,
      volUnit: 100,
      name: s.code,
      decimals: this.decimals({ market, code: s.code }),
      preClose: 0,
      reserved1: 0,
      reserved2: 0,
    }));
  }

  decimals(ref: SecurityRef): number {
    const m = FOLDER[ref.market];
    const k = m ? classifySecurity(NAME[m], ref.code).kind : "stock";
    return k === "fund" || k === "bond" ? 3 : 2;
  }

  isIndex(ref: SecurityRef): boolean {
    const m = FOLDER[ref.market];
    return !!m && classifySecurity(NAME[m], ref.code).kind === "index";
  }

  /** The whole series of a category, oldest first (undefined: no file for it). */
  series(ref: SecurityRef, category: number): BarSeries | undefined {
    const how = CATEGORY[category];
    if (!how) return undefined;
    // Without a 5-minute file, 5-minute and longer intraday bars come from the 1-minute file.
    const base = how.file === "lc5" ? (this.#read(ref, "lc5") ?? this.#aggregated(ref, "lc1", 5)) : this.#read(ref, how.file);
    if (!base || how.period === undefined) return base;
    return aggregateBars(base, how.period);
  }

  #aggregated(ref: SecurityRef, kind: "lc1", period: 5): BarSeries | undefined {
    const s = this.#read(ref, kind);
    return s && aggregateBars(s, period);
  }

  /** `count` bars of a category ending `start` bars before the newest. */
  bars(ref: SecurityRef, category: number, start: number, count: number): BarSeries {
    const s = this.series(ref, category) ?? EMPTY_BARS;
    const { from, to } = tail(s.length, start, count);
    return copySeries(s, from, to);
  }

  /** Index bars: no volume in minute bars, breadth from the files' reserved words (NaN where they keep none). */
  indexBars(ref: SecurityRef, category: number, start: number, count: number): IndexBarSeries {
    const s = this.series(ref, category) ?? EMPTY_BARS;
    const { from, to } = tail(s.length, start, count);
    const bars = copySeries(s, from, to);
    const { up, down } = this.#breadth(ref, category, s);
    if (CATEGORY[category]?.file !== "day") bars.vol.fill(NaN);
    return { ...bars, up: up.slice(from, to), down: down.slice(from, to) };
  }

  /** The counts of every bar of `s` (category `category`): a file's own, or those of each bar's last bar of the file. */
  #breadth(ref: SecurityRef, category: number, s: BarSeries): { up: Float64Array; down: Float64Array } {
    const how = CATEGORY[category];
    const file = how?.file === "day" ? this.#read(ref, "day") : how?.file === "lc5" ? (this.#read(ref, "lc5") ?? this.#read(ref, "lc1")) : this.#read(ref, "lc1");
    if (!how || !file || (how.file === "day" && how.period !== undefined)) return { up: new Float64Array(s.length).fill(NaN), down: new Float64Array(s.length).fill(NaN) };
    const counts = indexBreadth(file, how.file !== "day");
    if (file === s) return counts;
    // an intraday bar ends at or after its last minute bar, and before the next bar's first
    const up = new Float64Array(s.length);
    const down = new Float64Array(s.length);
    for (let k = 0, j = 0; k < s.length; k++) {
      while (j + 1 < file.length && file.time[j + 1]! <= s.time[k]!) j++;
      up[k] = counts.up[j]!;
      down[k] = counts.down[j]!;
    }
    return { up, down };
  }

  /** Quotes from the last daily bar: price levels one tick apart, no order volumes. */
  quote(ref: SecurityRef, now: number): Quote | undefined {
    const d = this.#read(ref, "day");
    const i = (d?.length ?? 0) - 1;
    if (!d || i < 0) return undefined;
    const dec = this.decimals(ref);
    const price = d.close[i]!;
    const level = (k: number, side: number) => roundHalfUp(price + side * (k + 1) * 10 ** -dec, dec);
    const five = [0, 1, 2, 3, 4];
    return {
      market: ref.market,
      code: ref.code,
      active1: 0,
      price,
      preClose: i > 0 ? d.close[i - 1]! : d.open[i]!,
      open: d.open[i]!,
      high: d.high[i]!,
      low: d.low[i]!,
      serverTime: encodeQuoteServerTime((marketTimeOf(now) % DAY_MS) | 0),
      unknownNegPrice: -Math.round(price * 10 ** dec),
      // lots: a stock's file keeps shares, an index's lots
      vol: this.isIndex(ref) ? d.vol[i]! : Math.round(d.vol[i]! / 100),
      curVol: 0,
      amount: d.amount[i]!,
      sVol: 0,
      bVol: 0,
      unknown16: 0,
      unknown17: 0,
      bids: five.map((k) => level(k, -1)),
      asks: five.map((k) => level(k, 1)),
      bidVols: five.map(() => 0),
      askVols: five.map(() => 0),
      unknownStatus: 0,
      unknownTail: [0, 0, 0, 0],
      riseSpeed: 0,
      active2: 0,
    };
  }

  /** Minute-line volumes in lots, as the minute command sends them: none for an index (its files keep amount / 100). */
  #minuteVol(ref: SecurityRef, v: number): number {
    return this.isIndex(ref) ? NaN : Math.round(v / 100);
  }

  /** The last day of the one-minute file as the "today" line. */
  minute(ref: SecurityRef): MinuteSeries {
    const m = this.#read(ref, "lc1");
    if (!m || m.length === 0) return EMPTY_MINUTES;
    const last = Math.floor(m.time[m.length - 1]! / DAY_MS);
    let i = m.length;
    while (i > 0 && Math.floor(m.time[i - 1]! / DAY_MS) === last) i--;
    return { length: m.length - i, price: m.close.slice(i), vol: m.vol.slice(i).map((v) => this.#minuteVol(ref, v)), unknown: new Float64Array(m.length - i) };
  }

  /** One past day's minute line (`date` YYYYMMDD) with the previous minute's close. */
  historyMinute(ref: SecurityRef, date: number): { preClose: number; series: MinuteSeries } {
    const m = this.#read(ref, "lc1");
    if (!m) return { preClose: 0, series: EMPTY_MINUTES };
    const day = Date.UTC(Math.floor(date / 10000), (Math.floor(date / 100) % 100) - 1, date % 100) / DAY_MS;
    const idx: number[] = [];
    for (let i = 0; i < m.length; i++) if (Math.floor(m.time[i]! / DAY_MS) === day) idx.push(i);
    const first = idx[0];
    const pre = first !== undefined && first > 0 ? m.close[first - 1]! : 0;
    return {
      preClose: pre,
      series: { length: idx.length, price: Float64Array.from(idx, (i) => m.close[i]!), vol: Float64Array.from(idx, (i) => this.#minuteVol(ref, m.vol[i]!)), unknown: new Float64Array(idx.length) },
    };
  }
}
