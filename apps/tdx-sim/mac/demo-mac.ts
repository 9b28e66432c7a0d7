/**
 * What the simulator's mac command set answers from: the demo market seen through
 * its quotes, with the mac fields (N-day changes, limits, turnover, volume ratio)
 * worked out from the generated histories. Capital flow is demo data by a fixed
 * rule — each day's amount split 45 % main / 55 % retail by a buy share that
 * follows the day's move — so that main net (field 0x38), its 3- and 5-day sums
 * and the 0x1218 rows agree with each other as they do on real hosts. Values are
 * computed once per security and market minute.
 */
import { fromYyyymmdd, yyyymmdd, dayStart, TDX_MARKET } from "../../../core/bars/index.ts";
import { limitFraction, roundToTick, tickOf, boardOf } from "../../../core/market/index.ts";
import type { Quote } from "../../../core/quotes/index.ts";
import { quoteFields } from "../../../adapters/tdx/mac/mac-quote-fields.ts";
import type { BoardKind, DemoBoard } from "../demo/boards.ts";
import { DemoMarket } from "../demo/demo-market.ts";
import type { DemoSource } from "../demo/demo-source.ts";
import { type HistoryBar, historyBar } from "../demo/daily.ts";
import { hashSeed, mulberry32 } from "../demo/prng.ts";
import type { DemoSecurity } from "../demo/universe.ts";

export interface DayFlow {
  readonly mainIn: number;
  readonly mainOut: number;
  readonly retailIn: number;
  readonly retailOut: number;
}

export interface MacValues {
  readonly sec: DemoSecurity;
  readonly quote: Quote;
  /** Field name → value, for the fields the simulator fills (the symbol-info reply's four always). */
  readonly fields: Readonly<Record<string, number> & Record<"decimal_point" | "vol_ratio" | "turnover" | "avg_price", number>>;
  readonly changePct: number;
  /** Today's and the last five days' flows, newest first. */
  readonly flows: readonly DayFlow[];
}

const MAIN_SHARE = 0.45;
/** Bars a security's values look back over: 60-day change, year to date, five days of flows. */
const RECENT_BARS = 300;

const isSt = (s: DemoSecurity) => s.st;

export class DemoMacData {
  readonly src: DemoSource;
  readonly market: DemoMarket;
  #minute = -1;
  readonly #values = new Map<DemoSecurity, MacValues | null>();

  constructor(src: DemoSource) {
    this.src = src;
    this.market = src.market;
  }

  /** The mac view of a security at market time `now`, or undefined when it has no bar yet. */
  values(s: DemoSecurity, now: number): MacValues | undefined {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.#minute) {
      this.#minute = minute;
      this.#values.clear();
    }
    let v = this.#values.get(s);
    if (v === undefined) this.#values.set(s, (v = this.#compute(s, now) ?? null));
    return v ?? undefined;
  }

  #compute(s: DemoSecurity, now: number): MacValues | undefined {
    const quote = this.src.quote({ market: TDX_MARKET[s.market], code: s.code }, now);
    if (!quote) return undefined;
    const h = this.market.tailAt(s, now, RECENT_BARS);
    const c = h.bars.close;
    const n = c.length - 1;
    // A quote means a bar: quote() reads the same history.
    const today = historyBar(h, n);
    const ago = (k: number) => (n - k >= 0 ? (today.close / c[n - k]! - 1) * 100 : 0);
    const year = Math.floor(today.day / 10000);
    let base = n;
    while (base >= 0 && h.days[base]! >= year * 10000) base--;
    const lot = this.market.lotSize(s);
    let prevVol = 0;
    for (let k = 1; k <= 5 && n - k >= 0; k++) prevVol += h.bars.vol[n - k]! / lot / 5;
    let float = s.floatShares;
    let total = s.totalShares;
    for (const x of h.xdxr) if (x.category === 2) [float, total] = [x.c3 * 1e4, x.c4 * 1e4];
    const board = boardOf(s.code, s.market);
    const frac = s.kind === "stock" ? limitFraction(board, isSt(s), today.time) : NaN;
    const tick = tickOf(board);
    const flows: DayFlow[] = [];
    for (let k = 0; k < 6 && n - k >= 0; k++) flows.push(this.#flow(s, historyBar(h, n - k)));
    const net = (days: number) => flows.slice(0, days).reduce((a, f) => a + f.mainIn - f.mainOut, 0);
    const changePct = quote.preClose > 0 ? (quote.price / quote.preClose - 1) * 100 : 0;
    const fields: MacValues["fields"] = {
      ...quoteFields(quote),
      vol_ratio: prevVol > 0 ? quote.vol / prevVol : 0,
      total_shares: total / 1e4,
      float_shares: float / 1e4,
      server_update_date: yyyymmdd(dayStart(now)),
      turnover: float > 0 ? ((quote.vol * 100) / float) * 100 : 0,
      decimal_point: this.market.decimals(s),
      buy_price_limit: Number.isFinite(frac) ? roundToTick(quote.preClose * (1 + frac), tick) : 0,
      sell_price_limit: Number.isFinite(frac) ? roundToTick(quote.preClose * (1 - frac), tick) : 0,
      lot_size: lot,
      avg_price: quote.vol > 0 ? quote.amount / (quote.vol * lot) : quote.price,
      flag_kcb: s.board === "STAR" ? 1 : 0,
      flag_bj: s.board === "BSE" ? 1 : 0,
      main_net_amount: net(1),
      main_net_amount_copy: net(1),
      change_20d_pct: ago(20),
      ytd_pct: base >= 0 ? (today.close / c[base]! - 1) * 100 : 0,
      prev_change_pct: n >= 2 ? (c[n - 1]! / c[n - 2]! - 1) * 100 : 0,
      change_3d_pct: ago(3),
      change_60d_pct: ago(60),
      change_5d_pct: ago(5),
      change_10d_pct: ago(10),
      main_net_3d_amount: net(3),
      main_net_5d_amount: net(5),
      prev_amount: n >= 1 ? h.bars.amount[n - 1]! : 0,
    };
    return { sec: s, quote, fields, changePct, flows };
  }

  /** A day's demo capital flow: the buy share follows the day's move, with a little seeded noise. */
  #flow(s: DemoSecurity, { day, open, close, amount }: HistoryBar): DayFlow {
    const noise = mulberry32(hashSeed(this.market.seed, "mac-flow", s.code, day))() - 0.5;
    const b = Math.min(0.95, Math.max(0.05, 0.5 + 5 * (close / open - 1) + noise * 0.1));
    return { mainIn: MAIN_SHARE * amount * b, mainOut: MAIN_SHARE * amount * (1 - b), retailIn: (1 - MAIN_SHARE) * amount * (1 - b), retailOut: (1 - MAIN_SHARE) * amount * b };
  }

  /** Boards of a mac kind (ALL = every kind with a board index). */
  boards(kind: BoardKind | "ALL"): DemoBoard[] {
    return this.market.boards.filter((b) => b.kind !== "ZS" && (kind === "ALL" || b.kind === kind));
  }

  /** The member that rose most today, the board's leader. */
  leader(b: DemoBoard, now: number): MacValues | undefined {
    let best: MacValues | undefined;
    for (const m of b.members) {
      const v = this.values(m, now);
      if (v && (!best || v.changePct > best.changePct)) best = v;
    }
    return best;
  }

  /** The last session day before `day` (YYYYMMDD). */
  previousSessionDay(s: DemoSecurity, day: number): number {
    const h = this.market.history(s, yyyymmdd(fromYyyymmdd(day) - 86_400_000));
    return h.days[h.days.length - 1] ?? day;
  }

  /** Whether `now` falls on a trading day after the open (for live-only data such as the monitor). */
  static live(now: number): boolean {
    const s = DemoMarket.session(now);
    return s.tradingDay && s.minutesDone > 0;
  }
}
