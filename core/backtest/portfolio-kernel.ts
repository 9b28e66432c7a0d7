/**
 * Multi-symbol portfolio kernel: one cash account shared by several symbols, each
 * with its own signals and a target weight (equal unless given).
 *
 * Same timing and refusal rules as the single-symbol kernel, per symbol on its own
 * bars: a signal at a symbol's bar fills at that symbol's next bar. An entry buys
 * up to weight × equity at the previous step's close, capped by the cash left
 * (so simultaneous entries share the cash); an exit sells the position (under
 * T+1, the shares bought that day wait for the next). On each step, sells are
 * worked before buys so freed cash can be reused. Long only.
 *
 * The single-symbol sizing settings and allow_short do not apply: weights size
 * the entries. With close_at_end, every position is ordered out after the
 * second-to-last step (filled on its symbol's bar of the last step, if any).
 *
 * Rebalancing (`periodic`): after every `rebalance_every`-th step, each held
 * position is brought back towards weight × equity on its next bar — sells of the
 * excess first, then buys of the shortfall, in board lots; a refused rebalance
 * order is not retried.
 *
 * Each symbol also gets a sleeve: weight × initial cash + its realised P&L + its
 * open P&L. Sleeves plus unallocated cash add up to the portfolio's equity, which
 * is what the per-symbol results report.
 */
import type { BarSeries } from "../bars/index.ts";
import { dayIndex, previousDayClose } from "./bar-time.ts";
import type { PortfolioConfig } from "./config.ts";
import { cashAfterSizedFill, executeFill } from "./execute-fill.ts";
import { ExecutionRules, Refusal, type RefusalCode } from "./execution-rules.ts";
import type { Side } from "./fees.ts";
import { signalTarget, type SignalArrays } from "./kernel.ts";
import { roundDownToLot } from "./lots.ts";
import { PositionBook } from "./position-book.ts";
import { securityRules, type SecurityInfo } from "../market/index.ts";
import { unionTimeline } from "./timeline.ts";
import { FillLog, RefusalLog } from "./trade-log.ts";

export interface PortfolioLeg {
  /** Name in the result, e.g. `"SZ:000001"`. */
  readonly key: string;
  readonly bars: BarSeries;
  readonly signals: SignalArrays;
  readonly security: SecurityInfo;
  /** Target weight; give it for every leg or for none (then equal weights). */
  readonly weight?: number;
}

/** One symbol's state at every step of the portfolio timeline. */
export interface LegTrack {
  readonly key: string;
  readonly weight: number;
  readonly rules: ExecutionRules;
  readonly bars: BarSeries;
  readonly shares: Float64Array;
  /** Signed market value of the position at the close. */
  readonly value: Float64Array;
  /** Sleeve equity (see the module note). */
  readonly equity: Float64Array;
  /** Sleeve equity minus position value. */
  readonly cash: Float64Array;
  readonly held: Uint8Array;
}

export interface PortfolioRun {
  readonly length: number;
  readonly time: Float64Array;
  readonly equity: Float64Array;
  readonly cash: Float64Array;
  readonly held: Uint8Array;
  readonly legs: readonly LegTrack[];
  /** Fills and refusals of all legs; `bar` is the timeline step, `leg` the leg's position in `legs`. */
  readonly fills: FillLog;
  readonly refusals: RefusalLog;
}

/** Equal weights when none are given; given weights must be ≥ 0 and sum to at most 1 (1 + 1e-9 allowed for rounding). */
export function resolveWeights(legs: readonly PortfolioLeg[]): Float64Array {
  const given = legs.filter((l) => l.weight !== undefined).length;
  if (given === 0) return new Float64Array(legs.length).fill(1 / legs.length);
  if (given !== legs.length) throw new RangeError("give a weight for every leg or for none");
  const w = Float64Array.from(legs, (l) => l.weight!);
  let sum = 0;
  for (const x of w) {
    if (!(x >= 0)) throw new RangeError(`weight ${x} is not ≥ 0`);
    sum += x;
  }
  if (sum > 1 + 1e-9) throw new RangeError(`weights sum to ${sum} > 1`);
  return w;
}

class LegState {
  readonly book = new PositionBook();
  mark = Number.NaN;
  target = 0;
  rebalanceDue = false;
  realized = 0;

  constructor(
    readonly leg: PortfolioLeg,
    readonly rules: ExecutionRules,
    readonly index: Int32Array,
    readonly weight: number,
    readonly quote: Float64Array,
  ) {}

  /** Previous trading day's close before this leg's bar `j` (price-limit reference). */
  prevClose(j: number): number {
    return previousDayClose(this.leg.bars.time, this.leg.bars.close, j);
  }
}

export function runPortfolio(legs: readonly PortfolioLeg[], config: PortfolioConfig): PortfolioRun {
  if (legs.length === 0) throw new RangeError("a portfolio needs at least one leg");
  const weights = resolveWeights(legs);
  const { time, index } = unionTimeline(legs.map((l) => l.bars.time));
  const T = time.length;
  const states = legs.map(
    (leg, s) => new LegState(leg, new ExecutionRules(config, securityRules(leg.security)), index[s]!, weights[s]!, config.execution === "next_close" ? leg.bars.close : leg.bars.open),
  );
  const tracks: LegTrack[] = states.map((st) => ({
    key: st.leg.key,
    weight: st.weight,
    rules: st.rules,
    bars: st.leg.bars,
    shares: new Float64Array(T),
    value: new Float64Array(T),
    equity: new Float64Array(T),
    cash: new Float64Array(T),
    held: new Uint8Array(T),
  }));
  const equity = new Float64Array(T);
  const cashOut = new Float64Array(T);
  const heldOut = new Uint8Array(T);
  // no size hint from the legs: the logs grow by doubling, and orders are rare
  const fills = new FillLog(64);
  const refusals = new RefusalLog(16);
  let cash = config.cash;
  let equityBefore = config.cash;

  const fill = (k: number, s: number, st: LegState, side: Side, shares: number, raw: number, now: number, day: number) => {
    cash += executeFill(st.rules, st.book, fills, k, s, side, shares, raw, now, day);
    const pnl = fills.pnl[fills.count - 1]!;
    if (pnl === pnl) st.realized += pnl;
  };

  for (let k = 0; k < T; k++) {
    const now = time[k]!;
    const day = dayIndex(now);
    // Sells: exits (retried until filled), then rebalancing excess.
    for (let s = 0; s < states.length; s++) {
      const st = states[s]!;
      const j = st.index[k]!;
      const held = st.book.shares;
      if (j < 0 || held <= 0) continue;
      const raw = st.quote[j]!;
      const exiting = st.target === 0;
      let quantity = held;
      if (!exiting) {
        if (!st.rebalanceDue) continue;
        const excess = held - (st.weight * equityBefore) / raw;
        if (!(excess > 0)) continue;
        const lot = roundDownToLot(excess, st.rules.lot);
        if (lot === 0) continue;
        quantity = Math.min(held, lot);
      }
      let why: RefusalCode = st.rules.refusal(-1, raw, st.leg.bars.vol[j]!, st.prevClose(j), now);
      const sellable = st.book.sellable(day, st.rules.tPlusOne);
      if (why === Refusal.none && sellable === 0) why = Refusal.t_plus_one;
      if (why !== Refusal.none) {
        refusals.push(k, s, -1, why, quantity, raw);
        continue;
      }
      fill(k, s, st, -1, Math.min(quantity, sellable), raw, now, day);
    }

    // Buys: entries (dropped when refused), then rebalancing shortfall.
    for (let s = 0; s < states.length; s++) {
      const st = states[s]!;
      const j = st.index[k]!;
      if (j < 0) continue;
      const rebalance = st.rebalanceDue;
      st.rebalanceDue = false;
      const held = st.book.shares;
      const entering = st.target === 1 && held === 0;
      if (!entering && !(rebalance && st.target === 1 && held > 0)) continue;
      const raw = st.quote[j]!;
      const want = st.weight * equityBefore - held * raw;
      if (!entering && !(want > 0)) continue;
      const why = st.rules.refusal(1, raw, st.leg.bars.vol[j]!, st.prevClose(j), now);
      if (why !== Refusal.none) {
        refusals.push(k, s, 1, why, Number.NaN, raw);
        if (entering) st.target = 0;
        continue;
      }
      const quantity = st.rules.affordable(Math.min(want, cash), 1, st.rules.fillPrice(1, raw), now);
      if (quantity === 0) {
        if (entering) {
          refusals.push(k, s, 1, Refusal.cash, 0, raw);
          st.target = 0;
        }
        continue;
      }
      fill(k, s, st, 1, quantity, raw, now, day);
      cash = cashAfterSizedFill(cash);
    }

    // Mark to market at the close.
    let positions = 0;
    let anyHeld = 0;
    for (let s = 0; s < states.length; s++) {
      const st = states[s]!;
      const tr = tracks[s]!;
      const j = st.index[k]!;
      if (j >= 0) {
        const c = st.leg.bars.close[j]!;
        if (c === c) st.mark = c;
      }
      const b = st.book;
      const value = b.shares === 0 ? 0 : b.shares * st.mark;
      const sleeve = st.weight * config.cash + st.realized + value - b.avgPrice * b.shares - b.entryFees;
      positions += value;
      tr.shares[k] = b.shares;
      tr.value[k] = value;
      tr.equity[k] = sleeve;
      tr.cash[k] = sleeve - value;
      const h = b.shares !== 0 || b.lastExitBar === k ? 1 : 0;
      tr.held[k] = h;
      anyHeld |= h;
    }
    equity[k] = cash + positions;
    cashOut[k] = cash;
    heldOut[k] = anyHeld;
    equityBefore = equity[k]!;

    // Signals at the close, then the end-of-run close-out and the rebalance clock.
    for (const st of states) {
      const j = st.index[k]!;
      if (j < config.warmup_bars) continue;
      st.target = signalTarget(st.target, st.leg.signals.entries[j]! > 0, st.leg.signals.exits[j]! > 0, 0);
    }
    if (config.close_at_end && k === T - 2) for (const st of states) st.target = 0;
    if (config.rebalance === "periodic" && (k + 1) % config.rebalance_every === 0) {
      for (const st of states) st.rebalanceDue = true;
    }
  }

  return { length: T, time, equity, cash: cashOut, held: heldOut, legs: tracks, fills, refusals };
}
