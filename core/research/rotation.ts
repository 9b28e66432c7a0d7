/**
 * Rotation portfolio kernel (design note §4): `slots` equal slots over a
 * universe, re-ranked on every rebalance day (see rotation-calendar.ts) by a
 * per-bar score, highest first.
 *
 * At the close before a rebalance day the members with a bar there and a
 * finite score are ranked. A holding is sold when its rank is worse than
 * `keepRank` (≥ slots; a buffer against churn) or it has a bar but no score; a
 * holding without a bar that day (suspended) keeps its slot. Empty slots are
 * then refilled from the best-ranked members within `keepRank` not yet held.
 * Orders fill on the rebalance day at its open (`next_open`) or close
 * (`next_close`): sells first, so freed cash is reused, then buys, each slot
 * sized at equity of the ranking close / slots (capped by the cash left). A buy
 * that cannot fill (limit-up, suspended, no price, not even one lot) is skipped
 * for the next candidate; a sell that cannot fill (limit-down, suspended, T+1)
 * is retried on each later bar and keeps its slot meanwhile, so holdings never
 * exceed the slots.
 *
 * Per-slot exits: at any close, a holding whose close is at or below its
 * average entry price × (1 − stop_loss), or at or above × (1 + take_profit), is
 * sold at the next bar; its slot is refilled on the next rebalance day. All the
 * A-share rules of the single-symbol engine apply per member (lots, T+1, price
 * limits, fees by trade date, slippage). Long only.
 */
import type { BarSeries } from "../bars/index.ts";
import {
  cashAfterSizedFill,
  dayIndex,
  previousDayClose,
  type BacktestConfig,
  executeFill,
  ExecutionRules,
  Refusal,
  type RefusalCode,
  PositionBook,
  unionTimeline,
  FillLog,
  RefusalLog,
} from "../backtest/index.ts";
import { securityRules, type SecurityInfo } from "../market/index.ts";
import { rebalanceDays, type Refresh } from "./rotation-calendar.ts";

export interface RotationMember {
  readonly key: string;
  readonly bars: BarSeries;
  readonly security: SecurityInfo;
  /** Score on each of the member's bars (higher ranks first); NaN = not ranked. */
  readonly score: Float64Array;
}

export interface RotationOptions {
  readonly slots: number;
  /** Worst rank a holding may have and stay (≥ slots). */
  readonly keepRank: number;
  readonly refresh: Refresh;
  readonly takeProfit: number | null;
  readonly stopLoss: number | null;
}

/** Why an order was placed. */
export const ORDER_REASONS = ["rotation", "rank_exit", "stop_loss", "take_profit", "end"] as const;
export type OrderReason = (typeof ORDER_REASONS)[number];

export interface Rebalance {
  /** The rebalance day (orders fill on it). */
  readonly step: number;
  /** Ranked members at the close before it, best first, with their scores. */
  readonly ranked: readonly { readonly member: number; readonly score: number }[];
  readonly sold: number[];
  readonly bought: number[];
  /** Holdings after the day's fills. */
  holdings: number[];
}

export interface RotationRun {
  readonly length: number;
  readonly time: Float64Array;
  readonly equity: Float64Array;
  readonly cash: Float64Array;
  readonly held: Uint8Array;
  /** Number of holdings at each close. */
  readonly holdingCount: Int32Array;
  readonly fills: FillLog;
  readonly refusals: RefusalLog;
  /** Reason of each fill, by fill index. */
  readonly fillReasons: OrderReason[];
  readonly rebalances: Rebalance[];
  readonly books: readonly PositionBook[];
  readonly rules: readonly ExecutionRules[];
}

interface Member {
  readonly m: RotationMember;
  readonly rules: ExecutionRules;
  readonly index: Int32Array;
  readonly quote: Float64Array;
  readonly book: PositionBook;
  /** Pending sell and its reason, until it fills. */
  sell: OrderReason | null;
  mark: number;
}

export function runRotation(members: readonly RotationMember[], config: BacktestConfig, o: RotationOptions): RotationRun {
  if (members.length === 0) throw new RangeError("a rotation needs at least one member");
  if (!(o.slots >= 1) || o.keepRank < o.slots) throw new RangeError("need slots ≥ 1 and keepRank ≥ slots");
  const { time, index } = unionTimeline(members.map((m) => m.bars.time));
  const T = time.length;
  const ms: Member[] = members.map((m, s) => ({
    m,
    rules: new ExecutionRules(config, securityRules(m.security)),
    index: index[s]!,
    quote: config.execution === "next_close" ? m.bars.close : m.bars.open,
    book: new PositionBook(),
    sell: null,
    mark: Number.NaN,
  }));
  const rebalanceDay = rebalanceDays(time, o.refresh);
  const equity = new Float64Array(T);
  const cashOut = new Float64Array(T);
  const held = new Uint8Array(T);
  const holdingCount = new Int32Array(T);
  const fills = new FillLog(4 * members.length + 16);
  const refusals = new RefusalLog(members.length + 16);
  const fillReasons: OrderReason[] = [];
  const rebalances: Rebalance[] = [];
  let cash = config.cash;
  let pendingBuys: number[] = [];
  let current: Rebalance | undefined;
  let slotBudget = 0;

  /** Members holding shares, ascending: the per-bar passes visit these, not the whole universe (a market-wide rotation has thousands of members). */
  let live: number[] = [];
  const holding = (s: number) => ms[s]!.book.shares > 0;
  const fill = (k: number, s: number, side: 1 | -1, shares: number, raw: number, now: number, day: number, reason: OrderReason) => {
    cash += executeFill(ms[s]!.rules, ms[s]!.book, fills, k, s, side, shares, raw, now, day);
    fillReasons.push(reason);
  };
  const refusalAt = (x: Member, j: number, side: 1 | -1, raw: number, now: number): RefusalCode =>
    x.rules.refusal(side, raw, x.m.bars.vol[j]!, previousDayClose(x.m.bars.time, x.m.bars.close, j), now);

  for (let k = 0; k < T; k++) {
    const now = time[k]!;
    const day = dayIndex(now);

    // Sells queued at earlier closes: retried until they fill.
    const start = live;
    start.forEach((s) => {
      const x = ms[s]!;
      const j = x.index[k]!;
      if (x.sell === null || j < 0 || x.book.shares <= 0) return;
      const raw = x.quote[j]!;
      let why = refusalAt(x, j, -1, raw, now);
      const sellable = x.book.sellable(day, x.rules.tPlusOne);
      if (why === Refusal.none && sellable === 0) why = Refusal.t_plus_one;
      if (why !== Refusal.none) {
        refusals.push(k, s, -1, why, x.book.shares, raw);
        return;
      }
      fill(k, s, -1, sellable, raw, now, day, x.sell);
      if (current?.step === k) current.sold.push(s);
      if (x.book.shares === 0) x.sell = null;
    });

    // Refills on the rebalance day: candidates in rank order while a slot is free.
    let free = o.slots - start.filter(holding).length;
    const bought: number[] = [];
    for (const s of pendingBuys) {
      if (free <= 0) break;
      const x = ms[s]!;
      const j = x.index[k]!;
      if (j < 0 || x.book.shares > 0) continue;
      const raw = x.quote[j]!;
      const why = refusalAt(x, j, 1, raw, now);
      if (why !== Refusal.none) {
        refusals.push(k, s, 1, why, Number.NaN, raw);
        continue;
      }
      const quantity = x.rules.affordable(Math.min(slotBudget, cash), 1, x.rules.fillPrice(1, raw), now);
      if (quantity === 0) {
        refusals.push(k, s, 1, Refusal.cash, 0, raw);
        continue;
      }
      fill(k, s, 1, quantity, raw, now, day, "rotation");
      cash = cashAfterSizedFill(cash);
      current!.bought.push(s);
      bought.push(s);
      free--;
      // its mark: the latest close it has had, as if every bar had been visited
      for (let i = j; i >= 0; i--) {
        const c = x.m.bars.close[i]!;
        if (c === c) {
          x.mark = c;
          break;
        }
      }
    }
    pendingBuys = [];
    const touched = bought.length ? [...new Set([...start, ...bought])].sort((a, b) => a - b) : start;
    live = touched.filter(holding);
    if (current?.step === k) current.holdings = live.slice();

    // Mark to market at the close.
    let positions = 0;
    let count = 0;
    let anyHeld = 0;
    for (const s of touched) {
      const x = ms[s]!;
      const j = x.index[k]!;
      if (j >= 0) {
        const c = x.m.bars.close[j]!;
        if (c === c) x.mark = c;
      }
      const b = x.book;
      if (b.shares > 0) {
        positions += b.shares * x.mark;
        count++;
      }
      if (b.shares > 0 || b.lastExitBar === k) anyHeld = 1;
    }
    equity[k] = cash + positions;
    cashOut[k] = cash;
    held[k] = anyHeld;
    holdingCount[k] = count;

    // Per-slot exits at the close.
    for (const s of live) {
      const x = ms[s]!;
      const j = x.index[k]!;
      if (j < 0 || x.book.shares <= 0 || x.sell !== null) continue;
      const c = x.m.bars.close[j]!;
      const avg = x.book.avgPrice;
      if (o.stopLoss !== null && c <= avg * (1 - o.stopLoss)) x.sell = "stop_loss";
      else if (o.takeProfit !== null && c >= avg * (1 + o.takeProfit)) x.sell = "take_profit";
    }

    // Ranking for tomorrow's rebalance, and the end-of-run close-out.
    if (k + 1 < T && rebalanceDay[k + 1] === 1) {
      const ranked = ms
        .flatMap((x, s) => {
          const j = x.index[k]!;
          const v = j >= 0 ? x.m.score[j]! : Number.NaN;
          return Number.isFinite(v) ? [{ member: s, score: v }] : [];
        })
        .sort((a, b) => b.score - a.score || a.member - b.member);
      const rank = new Map(ranked.map((r, i) => [r.member, i + 1]));
      live.forEach((s) => {
        const x = ms[s]!;
        if (x.book.shares <= 0 || x.sell !== null || x.index[k]! < 0) return;
        const r = rank.get(s);
        if (r === undefined || r > o.keepRank) x.sell = "rank_exit";
      });
      pendingBuys = ranked
        .slice(0, o.keepRank)
        .map((r) => r.member)
        .filter((s) => ms[s]!.book.shares <= 0);
      slotBudget = equity[k]! / o.slots;
      current = { step: k + 1, ranked: ranked.slice(0, o.keepRank), sold: [], bought: [], holdings: [] };
      rebalances.push(current);
    }
    if (config.close_at_end && k === T - 2) {
      pendingBuys = [];
      for (const s of live) ms[s]!.sell = "end";
    }
  }

  return {
    length: T,
    time,
    equity,
    cash: cashOut,
    held,
    holdingCount,
    fills,
    refusals,
    fillReasons,
    rebalances,
    books: ms.map((x) => x.book),
    rules: ms.map((x) => x.rules),
  };
}

/** The built-in score: close / close `period` bars earlier − 1 (NaN on the first `period` bars). */
export function momentumScore(bars: BarSeries, period: number): Float64Array {
  const out = new Float64Array(bars.length).fill(Number.NaN);
  for (let j = period; j < bars.length; j++) out[j] = bars.close[j]! / bars.close[j - period]! - 1;
  return out;
}
