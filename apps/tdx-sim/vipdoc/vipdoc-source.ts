/**
 * A local TDX `vipdoc` directory as a simulator source (`QUOTE_SOURCE=vipdoc`):
 * daily bars from `.day`, minute bars from `.lc1`/`.lc5`, everything longer or
 * coarser aggregated from those, and quotes from the last bar. Offline files
 * carry no names, ticks, F10 text or ex-rights records: names are the codes, and
 * the xdxr command answers "unavailable" so `adjust` is reported as ignored.
 */
import { readFileSync } from "node:fs";
import { aggregateBars } from "../../../core/bars/aggregate.ts";
import { marketTimeOf } from "../../../core/bars/market-time.ts";
import { roundHalfUp } from "../../../core/bars/round.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import { classifySecurity, type Market } from "../../../core/bars/security-kind.ts";
import { decodeDayFile, indexBreadth } from "../../../adapters/vipdoc/vipdoc-day.ts";
import { decodeMinuteFile } from "../../../adapters/vipdoc/vipdoc-minute.ts";
import { dayPriceDivisor, type VipdocMarket } from "../../../adapters/vipdoc/vipdoc-price-scale.ts";
import { listVipdoc, type VipdocSecurity } from "../../../adapters/vipdoc/vipdoc-walker.ts";
import { encodeQuoteServerTime } from "../../../adapters/tdx/tdx-codec-quotes.ts";
import type { IndexBarSeries, MinuteSeries, Quote, SecurityInfo, SecurityRef } from "../../../core/quotes/records.ts";
import { EMPTY_MINUTES, emptyTicks, type SimSource } from "../sim-source.ts";

const FOLDER: Record<number, VipdocMarket> = { 0: "sz", 1: "sh", 2: "bj" };
const NAME: Record<VipdocMarket, Market> = { sz: "SZ", sh: "SH", bj: "BJ" };
const EMPTY_BARS: BarSeries = { length: 0, time: new Float64Array(0), open: new Float64Array(0), high: new Float64Array(0), low: new Float64Array(0), close: new Float64Array(0), vol: new Float64Array(0), amount: new Float64Array(0) };

function tail(s: BarSeries, start: number, count: number): BarSeries {
  const to = Math.max(0, s.length - start);
  const from = Math.max(0, to - count);
  const cut = (a: Float64Array) => a.slice(from, to);
  return { length: to - from, time: cut(s.time), open: cut(s.open), high: cut(s.high), low: cut(s.low), close: cut(s.close), vol: cut(s.vol), amount: cut(s.amount) };
}

export class VipdocSource implements SimSource {
  readonly name = "vipdoc";
  readonly #byMarket = new Map<number, VipdocSecurity[]>();
  readonly #files = new Map<string, VipdocSecurity>();
  readonly #cache = new Map<string, BarSeries>();

  private constructor(readonly root: string, list: readonly VipdocSecurity[]) {
    for (const s of list) {
      if (s.market === "ds") continue;
      const id = s.market === "sz" ? 0 : s.market === "sh" ? 1 : 2;
      (this.#byMarket.get(id) ?? this.#byMarket.set(id, []).get(id)!).push(s);
      this.#files.set(`${id}:${s.code}`, s);
    }
  }

  static async open(root: string): Promise<VipdocSource> {
    return new VipdocSource(root, await listVipdoc(root));
  }

  #read(ref: SecurityRef, kind: "day" | "lc1" | "lc5"): BarSeries | undefined {
    const f = this.#files.get(`${ref.market}:${ref.code}`);
    const path = f?.files[kind];
    if (!f || !path) return undefined;
    let s = this.#cache.get(path);
    if (!s) {
      const bytes = new Uint8Array(readFileSync(path));
      s = kind === "day" ? decodeDayFile(bytes, dayPriceDivisor(f.market as VipdocMarket, f.code)) : decodeMinuteFile(bytes);
      if (this.#cache.size > 256) this.#cache.clear();
      this.#cache.set(path, s);
    }
    return s;
  }

  securities(market: number): readonly SecurityInfo[] {
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

  quote(ref: SecurityRef, now: number): Quote | undefined {
    const d = this.#read(ref, "day");
    const i = (d?.length ?? 0) - 1;
    if (!d || i < 0) return undefined;
    const dec = this.decimals(ref);
    const price = d.close[i];
    const level = (k: number, side: number) => roundHalfUp(price + side * (k + 1) * 10 ** -dec, dec);
    const five = [0, 1, 2, 3, 4];
    return {
      market: ref.market,
      code: ref.code,
      active1: 0,
      price,
      preClose: i > 0 ? d.close[i - 1] : d.open[i],
      open: d.open[i],
      high: d.high[i],
      low: d.low[i],
      serverTime: encodeQuoteServerTime((marketTimeOf(now) % 86_400_000) | 0),
      unknownNegPrice: -Math.round(price * 10 ** dec),
      vol: Math.round(d.vol[i] / 100),
      curVol: 0,
      amount: d.amount[i],
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

  bars(ref: SecurityRef, category: number, start: number, count: number): BarSeries | IndexBarSeries {
    const day = () => this.#read(ref, "day");
    let s: BarSeries | undefined;
    switch (category) {
      case 4:
      case 9:
        s = day();
        if (s && this.isIndex(ref)) return { ...tail(s, start, count), ...sliceBreadth(s, start, count) };
        break;
      case 5:
        s = day() && aggregateBars(day()!, "WEEK");
        break;
      case 6:
        s = day() && aggregateBars(day()!, "MONTH");
        break;
      case 10:
        s = day() && aggregateBars(day()!, "SEASON");
        break;
      case 11:
        s = day() && aggregateBars(day()!, "YEAR");
        break;
      case 7:
      case 8:
        s = this.#read(ref, "lc1");
        break;
      case 0:
        s = this.#read(ref, "lc5") ?? (this.#read(ref, "lc1") && aggregateBars(this.#read(ref, "lc1")!, 5));
        break;
      case 1:
      case 2:
      case 3: {
        const period = category === 1 ? 15 : category === 2 ? 30 : 60;
        const base = this.#read(ref, "lc5") ?? this.#read(ref, "lc1");
        s = base && aggregateBars(base, period);
        break;
      }
    }
    const out = tail(s ?? EMPTY_BARS, start, count);
    // An index reply always has the breadth fields; outside the daily file (or with no file at all) none is known: zeros.
    return this.isIndex(ref) ? { ...out, up: new Float64Array(out.length), down: new Float64Array(out.length) } : out;
  }

  /** The last day of the one-minute file as the "today" line. */
  minute(ref: SecurityRef): MinuteSeries {
    const m = this.#read(ref, "lc1");
    if (!m || m.length === 0) return EMPTY_MINUTES;
    const last = Math.floor(m.time[m.length - 1] / 86_400_000);
    let i = m.length;
    while (i > 0 && Math.floor(m.time[i - 1] / 86_400_000) === last) i--;
    return { length: m.length - i, price: m.close.slice(i), vol: m.vol.slice(i).map((v) => Math.round(v / 100)), unknown: new Float64Array(m.length - i) };
  }

  historyMinute(ref: SecurityRef, date: number) {
    const m = this.#read(ref, "lc1");
    if (!m) return { preClose: 0, series: EMPTY_MINUTES };
    const day = Date.UTC(Math.floor(date / 10000), (Math.floor(date / 100) % 100) - 1, date % 100) / 86_400_000;
    const idx: number[] = [];
    for (let i = 0; i < m.length; i++) if (Math.floor(m.time[i] / 86_400_000) === day) idx.push(i);
    const pre = idx.length && idx[0] > 0 ? m.close[idx[0] - 1] : 0;
    return {
      preClose: pre,
      series: { length: idx.length, price: Float64Array.from(idx, (i) => m.close[i]), vol: Float64Array.from(idx, (i) => Math.round(m.vol[i] / 100)), unknown: new Float64Array(idx.length) },
    };
  }

  ticks() {
    return emptyTicks();
  }

  historyTicks() {
    return { preClose: 0, ticks: emptyTicks() };
  }

  auction() {
    return { length: 0, second: new Float64Array(0), price: new Float64Array(0), matched: new Float64Array(0), unmatched: new Float64Array(0) };
  }

  xdxr(): undefined {
    return undefined;
  }

  finance() {
    return undefined;
  }

  companyCategory() {
    return [];
  }

  companyText() {
    return undefined;
  }

  file() {
    return undefined;
  }
}

function sliceBreadth(s: BarSeries, start: number, count: number): { up: Float64Array; down: Float64Array } {
  const b = indexBreadth(s as Parameters<typeof indexBreadth>[0]);
  const to = Math.max(0, s.length - start);
  const from = Math.max(0, to - count);
  return { up: b.up.slice(from, to), down: b.down.slice(from, to) };
}
